"""Main menu: pick a scenario (title, blurb, map thumbnail), a mode, side, AI level, preset, seed."""

from __future__ import annotations

import pygame
import pygame_gui

from .. import fonts
from ..widgets import button, label
from .base import Scene

MODES = {"Hot-seat (two players)": "hotseat", "Solo against the AI": "solo", "Demo (AI against AI)": "demo"}
LEVELS = ["easy", "normal", "hard"]  # "random" (the baseline) stays on the command line: --ai random
LEVEL_TEXT = {
    "easy": "Easy: sensible, often a random safe choice",
    "normal": "Normal: weighs the exact odds of each option",
    "hard": "Hard: exact odds and a look at the dice ahead",
}


class MenuScene(Scene):
    def __init__(self, app, preselect: str | None = None, error: str | None = None):
        super().__init__(app)
        self.scenarios = app.scenarios()
        self.index = 0
        if preselect:
            for i, s in enumerate(self.scenarios):
                if s.id == preselect or s.path == preselect:
                    self.index = i
        from ..session import load_last_game

        last = load_last_game()  # the last game's mode, side and level come back (issue 17 item 4)
        self.mode = last.get("mode", "hotseat")
        self.level = last.get("level", "normal")
        self.side_index = 0
        if self.scenarios and last.get("side"):
            ids = [sd.id for sd in self.scenarios[self.index].sides]
            self.side_index = ids.index(last["side"]) if last["side"] in ids else 0
        self.preset: str | None = None
        self.error = error
        problems = getattr(app, "scenario_problems", [])
        if not error and problems:  # a bad scenario file is named, and hides none of the others (issue 20)
            more = f" (and {len(problems) - 1} more; see `python -m game scenarios`)" if len(problems) > 1 else ""
            self.error = f"Skipped a scenario file: {problems[0][:150]}{more}"
        self._thumbs: dict[str, pygame.Surface | None] = {}
        self.thumb_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def scenario(self):
        return self.scenarios[self.index] if self.scenarios else None

    def build(self) -> None:
        from game.rules.presets import PRESETS

        m = self.manager
        w, h = self.size
        label(m, (30, 20, 600, 50), "Boarders Away!", object_id="#title")
        label(m, (32, 66, 600, 22), "Tabletop skirmish rules, played on screen", object_id="#small")
        lw = max(230, int(w * 0.26))
        label(m, (30, 100, lw, 30), "Scenarios", object_id="#heading")
        titles: list[str | tuple[str, str]] = [f"{s.title}" for s in self.scenarios]
        titles = titles or ["(no scenarios found in maps/)"]
        self.titles = titles
        self.list = pygame_gui.elements.UISelectionList(
            pygame.Rect(30, 130, lw, h - 230),
            titles,
            m,
            default_selection=titles[self.index] if self.scenarios else None,
        )
        cx = 30 + lw + 24
        cw = max(140, w - 300 - 24 - cx)  # up to the Game column (rx = w - 300), never under it (issue 18)
        self.thumb_rect = pygame.Rect(cx, 130, cw, int(min(h * 0.45, cw * 0.66)))
        s = self.scenario
        blurb = (
            ""
            if s is None
            else (
                f"<b>{s.title}</b><br>{s.blurb}<br><br>Preset <b>{s.preset}</b> · "
                f"{', '.join(sd.name for sd in s.sides)} · {len(s.figures)} figures · "
                f"{s.turn_limit} turns"
            )
        )
        self.blurb = pygame_gui.elements.UITextBox(
            blurb, pygame.Rect(cx, self.thumb_rect.bottom + 10, cw, max(80, h - self.thumb_rect.bottom - 110)), m
        )
        rx = w - 300
        y = 100
        label(m, (rx, y, 270, 30), "Game", object_id="#heading")
        y += 32
        label(m, (rx, y, 270, 20), "Mode", object_id="#small")
        inv = {v: k for k, v in MODES.items()}
        self.mode_dd = pygame_gui.elements.UIDropDownMenu(
            list(MODES), inv[self.mode], pygame.Rect(rx, y + 20, 270, 32), m
        )
        y += 60
        sides = [sd.name for sd in s.sides] if s else ["-"]
        self.side_index = min(self.side_index, len(sides) - 1)
        label(m, (rx, y, 270, 20), "Your side (solo)", object_id="#small")
        self.side_dd = pygame_gui.elements.UIDropDownMenu(
            sides, sides[self.side_index], pygame.Rect(rx, y + 20, 270, 32), m
        )
        y += 60
        label(m, (rx, y, 270, 20), "AI difficulty", object_id="#small")
        if self.level not in LEVELS:
            self.level = "normal"
        self.level_dd = pygame_gui.elements.UIDropDownMenu([*LEVELS], self.level, pygame.Rect(rx, y + 20, 270, 32), m)
        self.level_text = label(m, (rx - 30, y + 54, 300, 18), LEVEL_TEXT[self.level], object_id="#small")
        y += 78
        presets: list[str | tuple[str, str]] = list(PRESETS)
        cur = self.preset or (s.preset if s else presets[0])
        if cur not in presets:
            presets.append(cur)
        label(m, (rx, y, 270, 20), "Ruleset preset", object_id="#small")
        self.preset_dd = pygame_gui.elements.UIDropDownMenu(presets, cur, pygame.Rect(rx, y + 20, 270, 32), m)
        y += 60
        label(m, (rx, y, 270, 20), "Seed (empty = random)", object_id="#small")
        self.seed_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(rx, y + 20, 270, 32), m)
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        y += 66
        self.start_btn = button(m, (rx, y, 270, 44), "Start battle")
        self.err_label = label(m, (cx, h - 96, w - cx - 20, 24), self.error or "", object_id="#error")
        by = h - 64
        self.load_btn = button(m, (30, by, 150, 40), "Load game")
        self.rules_btn = button(m, (190, by, 150, 40), "Rules reference")
        self.settings_btn = button(m, (350, by, 130, 40), "Settings")
        self.quit_btn = button(m, (490, by, 100, 40), "Quit")
        from ..session import latest_autosave

        self.continue_path = latest_autosave()
        self.continue_btn = None
        if self.continue_path is not None:
            self.continue_btn = button(
                m,
                (rx, y + 50, 270, 36),
                "Continue last game",
                tool_tip=f"Resume the latest autosave ({self.continue_path.name})",
            )

    def thumb(self):
        s = self.scenario
        if s is None:
            return None
        key = f"{s.id}:{self.thumb_rect.size}"
        if key not in self._thumbs:
            self._thumbs[key] = None
            try:
                from game.match.setup import tactical_map_for

                from ..map_render import thumbnail

                tm = tactical_map_for(s)
                self._thumbs[key] = thumbnail(tm, self.thumb_rect.size)
            except Exception:  # noqa: BLE001 - a map that cannot load shows no preview (the error shows on start)
                self._thumbs[key] = None
        return self._thumbs[key]

    def handle(self, event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            if event.text in self.titles and self.scenarios:
                self.index = self.titles.index(event.text)
                self.preset = None
                self.side_index = 0
                self.app._rebuild()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.mode_dd:
                self.mode = MODES.get(event.text, "hotseat")
            elif event.ui_element is self.level_dd:
                self.level = event.text if event.text in LEVELS else "normal"
                self.level_text.set_text(LEVEL_TEXT[self.level])
            elif event.ui_element is self.preset_dd:
                self.preset = event.text
            elif event.ui_element is self.side_dd and self.scenario:
                names = [sd.name for sd in self.scenario.sides]
                if event.text in names:
                    self.side_index = names.index(event.text)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.start_btn:
                self.start()
            elif el is self.load_btn:
                from .load import LoadScene

                self.app.push(LoadScene(self.app))
            elif el is self.rules_btn:
                from .rules_ref import RulesScene

                self.app.push(RulesScene(self.app))
            elif el is self.settings_btn:
                from .settings import SettingsScene

                self.app.push(SettingsScene(self.app))
            elif el is self.quit_btn:
                self.app.running = False
            elif el is not None and el is self.continue_btn:
                self.continue_last()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and not consumed:
            self.start()

    def start(self) -> None:
        s = self.scenario
        if s is None:
            return
        text = self.seed_entry.get_text().strip()
        seed = int(text) if text.isdigit() else None
        human = s.sides[self.side_index].id if s.sides else None
        from ..session import save_last_game

        save_last_game(self.mode, human, self.level)
        try:
            self.app.start_battle(s, mode=self.mode, seed=seed, preset=self.preset, human=human, ai=self.level)
        except Exception as e:  # noqa: BLE001 - shown in the menu rather than closing the window
            self.error = f"Cannot start {s.title}: {e}"
            self.err_label.set_text(self.error[:160])

    def continue_last(self) -> bool:
        """Continue: the latest autosave, resumed as it was played (mode, sides, AI levels)."""
        from game.match import SaveError, load_record

        from .load import resume

        try:
            err = resume(self.app, load_record(self.continue_path))
        except (SaveError, OSError) as e:
            err = str(e)
        if err:
            self.error = f"Cannot continue: {err}"
            self.err_label.set_text(self.error[:160])
            return False
        return True

    def draw(self, surf) -> None:
        surf.fill((20, 22, 28))
        r = self.thumb_rect
        pygame.draw.rect(surf, (12, 12, 16), r)
        t = self.thumb()
        if t is not None:
            k = min(r.w / t.get_width(), r.h / t.get_height())
            img = (
                pygame.transform.smoothscale(t, (max(1, int(t.get_width() * k)), max(1, int(t.get_height() * k))))
                if abs(k - 1) > 0.01
                else t
            )
            self._thumbs[f"{self.scenario.id}:{r.size}"] = img
            surf.blit(img, img.get_rect(center=r.center))
        else:
            msg = fonts.text("no map preview", 15, (140, 140, 150))
            surf.blit(msg, msg.get_rect(center=r.center))
        pygame.draw.rect(surf, (90, 80, 60), r, 1)
