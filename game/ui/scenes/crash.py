"""After a crash inside a running game: say so in one line, offer to save what can be saved (the
record: decisions so far, which replay to the same state), and go back to the menu."""

from __future__ import annotations

import time

import pygame
import pygame_gui

from game.schema.text import one_line

from ..widgets import button, label
from .base import Scene


def write_crash_log(exc: BaseException, match=None) -> str:
    """Write a crash report to a new file in the user's log folder: the traceback, the versions, the
    game's scenario, seed and record (saved beside it, to replay up to the crash) and the log's
    last lines. Its path, or "" if it cannot."""
    import logging
    import traceback

    from game.logfile import tail, versions
    from game.paths import log_dir

    logging.getLogger("game.crash").error("the game hit %s: %s", type(exc).__name__, exc, exc_info=exc)
    try:
        stem = f"crash-{time.strftime('%Y%m%d-%H%M%S')}-{id(exc) & 0xFFFF:04x}"
        path = log_dir() / f"{stem}.log"
        parts = ["".join(traceback.format_exception(type(exc), exc, exc.__traceback__))]
        parts.append("\n".join(f"{k}: {v}" for k, v in versions(with_sdl=True).items()))
        if match is not None:
            parts.append(_game_part(match, log_dir() / f"{stem}-record.json"))
        parts.append("The log's last lines:\n" + "\n".join(tail(200)))
        path.write_text("\n\n".join(parts) + "\n", encoding="utf-8")
        return str(path)
    except OSError:
        return ""


def _game_part(match, record_path) -> str:
    """The crashed game as a report states it: scenario, preset, seed, decisions, and its record."""
    sc = match.scenario
    lines = [
        f"scenario: {sc.id} ({sc.path or 'built in code'})",
        f"preset: {getattr(match, 'preset_name', '?')}",
        f"seed: {getattr(match, 'seed', '?')}",
        f"decisions: {len(getattr(match, 'decisions', []))}",
    ]
    try:
        from game.match import save

        save(match, record_path)
        from shlex import quote

        scen = f" --scenario {quote(str(sc.path))}" if sc.path else ""
        lines.append(f"record: {record_path} (replay: boarders replay {quote(str(record_path))}{scen})")
    except Exception as e:  # noqa: BLE001 - the state that crashed may not even make a record
        lines.append(f"record: could not be written ({type(e).__name__}: {e})")
    return "\n".join(lines)


class CrashScene(Scene):
    """Shown instead of closing the window when a scene raises."""

    def __init__(self, app, exc: BaseException, log_path: str = "", match=None):
        super().__init__(app)
        self.message = one_line(f"The game hit an error and stopped: {type(exc).__name__}: {exc}", 200)
        self.log_path = log_path
        self.match = match
        self.saved = ""
        self.save_btn: pygame_gui.elements.UIButton | None = None

    def build(self) -> None:
        m = self.manager
        w, h = self.size
        label(m, (30, 40, w - 60, 50), "Something went wrong", object_id="#title")
        label(m, (30, 110, w - 60, 26), self.message, object_id="#error")
        where = (
            "The details are in this file: send it with your report (it holds the game so far)"
            if self.log_path
            else "The details could not be written to a log file."
        )
        label(m, (30, 140, w - 60, 22), where, object_id="#small")
        label(m, (30, 162, w - 60, 22), self.log_path, object_id="#small")
        self.info = label(m, (30, 194, w - 60, 24), self.saved, object_id="#small")
        y = 240
        if self.match is not None:
            self.save_btn = button(m, (30, y, 260, 44), "Save the game so far")
        self.menu_btn = button(m, (300 if self.match is not None else 30, y, 200, 44), "Back to the menu")

    def save(self) -> None:
        from game.match import SaveError, save
        from game.paths import saves_dir

        try:
            path = saves_dir() / f"{self.match.scenario.id}-rescued-{time.strftime('%Y%m%d-%H%M%S')}.json"
            save(self.match, path)
            self.saved = f"Saved to {path}: Load game resumes it."
        except (SaveError, OSError, ValueError) as e:
            self.saved = one_line(f"Could not save: {e}", 200)
        except Exception as e:  # noqa: BLE001 - the state that crashed may not even make a record
            self.saved = one_line(f"Could not save: {type(e).__name__}: {e}", 200)
        self.info.set_text(self.saved)

    def handle(self, event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.save_btn:
                self.save()
            elif event.ui_element is self.menu_btn:
                self.app.to_menu()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.to_menu()
