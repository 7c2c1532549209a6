"""Load game: the saves folder's records, newest first; resume one or watch it as a replay."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from ..paths import saves_dir
from ..save_words import SaveEntry
from ..widgets import button, label
from .base import Scene


def resume(app, rec, notice: str = "") -> str:
    """Resume a saved record as it was played: mode, human side(s), AI levels and seeds, standing
    orders from its ``meta`` (``session.restore``); a record without them resumes hot-seat with a
    one-line notice. Returns why it cannot, in a player's words (the technical line goes to the
    log), or "" when the battle is open."""
    from game.match import SaveError, load_match

    from ..record_notes import saved_bookmarks
    from ..save_words import log, refusal_words
    from ..session import restore
    from .battle import BattleScene

    path = Path(rec.source) if rec.source else None
    try:
        match = load_match(rec, app.scenario_dirs())
        kw, said = restore(rec.meta, [s.id for s in match.state.sides], match.seed)
        scene = BattleScene(app, match, notice=" ".join(t for t in (notice, said) if t), **kw)
        scene.bookmarks = saved_bookmarks(rec.meta, len(rec.decisions))  # set in its past (Past, H)
    except (SaveError, ValueError) as e:
        return refusal_words(e, path)
    except Exception:  # noqa: BLE001 - an untrusted save must not close the window
        log.exception("cannot resume %s", rec.source or "a save")
        return "This save could not be resumed: the game hit a fault (the details are in the log)."
    app.reset_to(scene)
    return ""


class LoadScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.error = ""
        self.choice: str | None = None

    def entries(self):
        """The saves folder's saves, newest first, each as the player knows it (save_words.py)."""
        from ..save_words import list_saves

        try:
            d = saves_dir()
            from game.match.record import sweep_temp_files

            sweep_temp_files(d)  # what a killed save left behind (older than a minute)
        except OSError:
            return []
        return list_saves(d, self.app.scenarios())

    def build(self) -> None:
        m = self.manager
        w, h = self.size
        from ..theme import ui_metrics

        px = ui_metrics(m).px  # laid out for 1280×800, grown with the theme's fonts
        label(m, (30, px(12), w - 60, px(50)), "Load game", object_id="#title")
        label(m, (30, px(60), w - 60, px(22)), f"Saves folder: {saves_dir(create=False)}", object_id="#small")
        self.rows: dict[str, SaveEntry] = {}
        for e in self.entries():
            text = e.text
            n = 2
            while text in self.rows:  # two saves alike to the minute: both listed
                text, n = f"{e.text} ({n})", n + 1
            self.rows[text] = e
        names: list[str | tuple[str, str]] = list(self.rows)
        self.list = pygame_gui.elements.UISelectionList(pygame.Rect(30, px(90), w - 60, h - px(200)), names, m)
        # an empty list box alone reads as a broken screen: say why it is empty and how to fill it
        hint = self.error or ("" if names else "No saves yet: press Ctrl+S during a battle to save it here.")
        self.err = label(m, (30, h - px(104), w - 60, px(24)), hint, object_id="#error")
        y, bh = h - px(70), px(44)
        self.resume = button(m, (px(30), y, px(160), bh), "Resume")
        self.watch = button(m, (px(200), y, px(180), bh), "Watch replay")
        self.back = button(m, (px(390), y, px(140), bh), "Back")

    def load(self):
        from game.match import SaveError, load_record

        from ..save_words import refusal_words

        if not self.choice or self.choice not in self.rows:
            self.err.set_text("Choose a save first.")
            return None
        entry = self.rows[self.choice]
        try:
            return load_record(entry.path)
        except SaveError as e:
            self.show_error(refusal_words(e, entry.path))
            return None

    def show_error(self, text: str) -> None:
        """One line under the list; the scene stays."""
        from game.schema.text import one_line

        self.error = one_line(text)
        self.err.set_text(self.error)

    def handle(self, event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            self.choice = event.text
            entry = self.rows.get(event.text)
            self.show_error(entry.problem if entry is not None else "")
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.back:
                self.app.pop()
            elif el is self.resume:
                rec = self.load()
                if rec is not None:
                    err = resume(self.app, rec)
                    if err:
                        self.show_error(err)
            elif el is self.watch:
                rec = self.load()
                if rec is not None:
                    from game.match import SaveError

                    from ..save_words import log, refusal_words
                    from .replay import ReplayScene

                    try:
                        self.app.push(ReplayScene(self.app, rec))
                    except (SaveError, ValueError) as e:
                        self.show_error(refusal_words(e, Path(rec.source) if rec.source else None))
                    except Exception:  # noqa: BLE001 - an untrusted save must not close the window
                        log.exception("cannot replay %s", rec.source)
                        self.show_error(
                            "This save cannot be replayed: the game hit a fault (the details are in the log)."
                        )
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
