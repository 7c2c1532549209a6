"""Main menu: pick a scenario (title, blurb, map thumbnail), a mode, side, AI level, preset, seed.

The list holds the shipped scenarios, then each of the player's scenario packs under its own
heading (game/scenario/packs.py); a pack that cannot be played shows a row that gives its reason.
The packs the check cache does not know are checked after the first frame, one per frame.
"""

from __future__ import annotations

from functools import cache

import pygame
import pygame_gui

from .. import fonts
from ..widgets import button, label
from .base import Scene
from .menu_rows import list_rows, open_folder

MODES = {"Hot-seat (two players)": "hotseat", "Solo against the AI": "solo", "Demo (AI against AI)": "demo"}
LEVELS = ["easy", "normal", "hard"]  # "random" (the baseline) stays on the command line: --ai random
LEVEL_TEXT = {
    "easy": "Easy: sensible, often a random safe choice",
    "normal": "Normal: weighs the exact odds of each option",
    "hard": "Hard: plans each move against the enemy's best reply",
}


@cache
def preset_title(name: str) -> str:
    """A preset's name for players (``Ruleset.title``); the name itself for an add-on that cannot load."""
    from game.rules.presets import UnknownPreset, get_ruleset

    try:
        return get_ruleset(name).title or name
    except UnknownPreset:
        return name


class MenuScene(Scene):
    def __init__(self, app, preselect: str | None = None, error: str | None = None):
        super().__init__(app)
        every = app.scenarios()
        self.lesson = next((s for s in every if s.tutorial), None)
        """"Learn to play": a guided first battle, offered by its own button and not in the list."""
        shipped = [s for s in every if not s.tutorial]
        self.packs = list(app.packs(shipped)) if hasattr(app, "packs") else []
        self.shipped = len(shipped)
        self.scenarios = shipped + [sc for pack in self.packs for sc in pack.scenarios]
        self.rows: list[tuple[str, str, object]] = []
        """The list's rows: (text, kind, what): a "scenario" (its index), a "pack" heading or a
        "problem" row (the pack)."""
        self.index = 0
        self.preselect = preselect
        if preselect:
            for i, s in enumerate(self.scenarios):
                if s.id == preselect or s.path == preselect:
                    self.index = i
        from ..session import load_last_game

        last = load_last_game()  # the last game's mode, side and level come back
        self.mode = last.get("mode", "hotseat")
        self.level = last.get("level", "normal")
        self.side_index = 0
        if self.scenarios and last.get("side"):
            ids = [sd.id for sd in self.scenarios[self.index].sides]
            self.side_index = ids.index(last["side"]) if last["side"] in ids else 0
        self.preset: str | None = None
        self.error = error
        problems = getattr(app, "scenario_problems", [])
        if not error and problems:  # a bad scenario file is named, and hides none of the others
            more = f" (and {len(problems) - 1} more; see `python -m game scenarios`)" if len(problems) > 1 else ""
            self.error = f"Skipped a scenario file: {problems[0][:600]}{more}"  # the line elides to fit
        bad = next((pk for pk in self.packs if pk.problems), None)
        if not self.error and bad is not None:
            self.error = self.pack_line(bad)
        self._thumbs: dict[str, pygame.Surface | None] = {}
        self.thumb_rect = pygame.Rect(0, 0, 0, 0)

    @property
    def scenario(self):
        return self.scenarios[self.index] if self.scenarios else None

    def show_error(self, text: str) -> None:
        """``text`` on the error line; a line too long for it loses characters from its middle (a
        long path's folders) for "…", keeping the start and the fault at its end."""
        font = getattr(self.err_label, "font", None)
        room = self.err_label.rect.w - 12
        n, k = len(text), 0
        while (
            font is not None
            and k < n // 2
            and font.size(text[: n // 2 - k] + ("…" if k else "") + text[n // 2 + k :])[0] > room
        ):
            k += 1
        self.err_label.set_text(text[: n // 2 - k] + "…" + text[n // 2 + k :] if k else text)

    def build(self) -> None:
        from game.rules.presets import preset_names

        m = self.manager
        w, h = self.size
        from ..theme import ui_metrics

        p = ui_metrics(m).px  # lengths laid out for 1280×800, grown with the theme's fonts
        label(m, (p(30), p(20), p(600), p(50)), "Boarders Away!", object_id="#title")
        label(m, (p(32), p(66), p(600), p(22)), "Tabletop skirmish rules, played on screen", object_id="#small")
        lw = max(p(230), int(w * 0.26))
        label(m, (p(30), p(100), lw, p(30)), "Scenarios", object_id="#heading")
        self.rows = self.list_rows()
        titles: list[str | tuple[str, str]] = [text for text, _, _ in self.rows] or ["(no scenarios found in maps/)"]
        self.titles = titles
        chosen = next((t for t, kind, i in self.rows if kind == "scenario" and i == self.index), None)
        self.list = pygame_gui.elements.UISelectionList(
            pygame.Rect(p(30), p(130), lw, h - p(230)),
            titles,
            m,
            default_selection=chosen if self.scenarios else None,
        )
        cw_game = p(270)  # the Game column's width
        rx = w - cw_game - p(30)
        cx = p(30) + lw + p(24)
        cw = max(p(140), rx - p(24) - cx)  # up to the Game column, never under it
        self.thumb_rect = pygame.Rect(cx, p(130), cw, int(min(h * 0.45, cw * 0.66)))
        s = self.scenario
        blurb = (
            ""
            if s is None
            else (
                f"<b>{s.title}</b><br>{s.blurb}<br><br>Ruleset <b>{preset_title(s.preset)}</b> · "
                f"{', '.join(sd.name for sd in s.sides)} · {len(s.figures)} figures · "
                f"{s.turn_limit} turns"
            )
        )
        self.blurb = pygame_gui.elements.UITextBox(
            blurb,
            pygame.Rect(cx, self.thumb_rect.bottom + p(10), cw, max(p(80), h - self.thumb_rect.bottom - p(110))),
            m,
        )
        y = p(100)
        field, gap, small = p(32), p(20), p(20)

        def dropdown(items, current, title):
            nonlocal y
            label(m, (rx, y, cw_game, small), title, object_id="#small")
            dd = pygame_gui.elements.UIDropDownMenu(items, current, pygame.Rect(rx, y + gap, cw_game, field), m)
            y += p(60)
            return dd

        label(m, (rx, y, cw_game, p(30)), "Game", object_id="#heading")
        y += p(32)
        inv = {v: k for k, v in MODES.items()}
        self.mode_dd = dropdown(list(MODES), inv[self.mode], "Mode")
        sides = [sd.name for sd in s.sides] if s else ["-"]
        self.side_index = min(self.side_index, len(sides) - 1)
        self.side_dd = dropdown(sides, sides[self.side_index], "Your side (solo)")
        if self.level not in LEVELS:
            self.level = "normal"
        self.level_dd = dropdown(LEVELS, self.level, "AI difficulty")
        self.level_text = label(
            m, (rx - p(24), y - p(6), cw_game + p(48), p(20)), LEVEL_TEXT[self.level], object_id="#small"
        )
        y += p(18)
        # each ruleset by its title for players; the preset name stays the option's value
        names = list(preset_names())
        cur = self.preset or (s.preset if s else names[0])
        if cur not in names:
            names.append(cur)
        presets = [(preset_title(n), n) for n in names]
        self.preset_dd = dropdown(presets, presets[names.index(cur)], "Ruleset preset")
        label(m, (rx, y, cw_game, small), "Seed (empty = random)", object_id="#small")
        self.seed_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(rx, y + gap, cw_game, field), m)
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        y += p(66)
        self.start_btn = button(m, (rx, y, cw_game, p(44)), "Start battle")
        self.learn_btn = None
        if self.lesson is not None:  # a newcomer's first stop, above the map
            bw = max(p(170), ui_metrics(m).text_w("Learn to play", p(30)))
            self.learn_btn = button(
                m,
                (cx, p(92), bw, p(32)),
                "Learn to play",
                object_id="#default_option",
                tool_tip="A short first battle with hints that follow what you do",
            )
            room = cw - bw - p(10)
            note_font = fonts.font(ui_metrics(m).small)
            # the longest wording that fits beside the button (a narrow window gets the short one)
            said = next(
                (
                    s
                    for s in ("New here? Start with a short guided battle.", "New here? Start here.")
                    if note_font.size(s)[0] + p(12) <= room
                ),
                "",
            )
            if said:
                label(m, (cx + bw + p(6), p(97), note_font.size(said)[0] + p(12), p(22)), said, object_id="#small")
        # the whole width under the lists: a bad file's line names its path, place and fault
        self.err_label = label(m, (p(30), h - p(98), w - p(50), p(28)), "", object_id="#error")
        self.show_error(self.error or "")
        by, bh = h - p(64), p(40)
        step = p(160)  # each bottom button's slot: its width and a gap
        self.howto_btn = button(m, (p(30), by, p(150), bh), "How to play")
        self.load_btn = button(m, (p(30) + step, by, p(150), bh), "Load game")
        self.rules_btn = button(m, (p(30) + 2 * step, by, p(150), bh), "Rules reference")
        self.settings_btn = button(m, (p(30) + 3 * step, by, p(130), bh), "Settings")
        self.folder_btn = button(
            m,
            (p(30) + 3 * step + p(140), by, p(210), bh),
            "Open scenarios folder",
            tool_tip="Your own scenario packs go here, each in a folder of its own",
        )
        self.quit_btn = button(m, (p(30) + 3 * step + p(360), by, p(100), bh), "Quit")
        from ..session import latest_autosave

        self.continue_path = latest_autosave()
        self.continue_btn = None
        if self.continue_path is not None:
            from ..save_words import read_entry, titles_and_sides

            newest = read_entry(self.continue_path, *titles_and_sides(self.scenarios))
            self.continue_btn = button(
                m,
                (rx, y + p(50), cw_game, p(36)),
                "Continue last game",
                tool_tip=f"Resume the latest autosave: {newest.text if newest.record else 'the newest one that opens'}",
            )

    def list_rows(self) -> list[tuple[str, str, object]]:
        """The list's rows (``menu_rows.list_rows``) for this menu's scenarios and packs."""
        return list_rows(self.scenarios, self.shipped, self.packs)

    @staticmethod
    def pack_line(pack) -> str:
        from game.scenario.packs import pack_problem

        return f"Scenario pack {pack.name}: {pack_problem(pack)}"

    def update(self, dt: float) -> None:
        """Read, then check, one pack a frame after the first (so many never delay the first)."""
        k = next((n for n, pack in enumerate(self.packs) if not (pack.read and pack.checked)), None)
        if k is None or not hasattr(self.app, "read_pack") or not getattr(self.app, "frame", 1):
            return
        before = self.packs[k]
        after = self.app.read_pack(before) if not before.read else self.app.check_pack(before, self.packs)
        self.packs[k] = after
        current = self.scenario
        self.scenarios = self.scenarios[: self.shipped] + [sc for pack in self.packs for sc in pack.scenarios]
        self.index = next((n for n, sc in enumerate(self.scenarios) if sc is current), 0)
        if self.preselect and self.index == 0:  # a pack's scenario named on the command line
            self.index = next((n for n, sc in enumerate(self.scenarios) if sc.id == self.preselect), 0)
        if after.problems and not before.problems and not self.error:
            self.error = self.pack_line(after)
            self.show_error(self.error)
        if self.scenario is not current:
            self.app._rebuild()  # the blurb, sides and thumbnail are another scenario's
        elif (after.scenarios, after.problems) != (before.scenarios, before.problems):
            self.refresh_list()

    def refresh_list(self) -> None:
        """The list's rows again (a pack read or checked), the picked scenario still picked; the
        rest of the menu stays as it is."""
        self.rows = self.list_rows()
        self.titles = [text for text, _, _ in self.rows]
        chosen = next((t for t, kind, i in self.rows if kind == "scenario" and i == self.index), None)
        self.list.set_item_list(list(self.titles))
        for item in self.list.item_list:
            if item["text"] == chosen:
                item["selected"] = True
                if item["button_element"] is not None:
                    item["button_element"].select()

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
            row = next((r for r in self.rows if r[0] == event.text), None)
            if row is not None and row[1] == "scenario":
                self.index = int(row[2])  # type: ignore[call-overload]
                self.preselect = None
                self.preset = None
                self.side_index = 0
            elif row is not None:  # a pack's heading or its reason row: the reason, else where it is
                pack = row[2]
                self.error = self.pack_line(pack) if pack.problems else f"Scenario pack {pack.name}: {pack.folder}"  # type: ignore[attr-defined]
            self.app._rebuild()  # a heading or a reason row leaves the scenario picked as it was
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.mode_dd:
                self.mode = MODES.get(event.text, "hotseat")
            elif event.ui_element is self.level_dd:
                self.level = event.text if event.text in LEVELS else "normal"
                self.level_text.set_text(LEVEL_TEXT[self.level])
            elif event.ui_element is self.preset_dd:
                self.preset = getattr(event, "selected_option_id", None) or event.text
            elif event.ui_element is self.side_dd and self.scenario:
                names = [sd.name for sd in self.scenario.sides]
                if event.text in names:
                    self.side_index = names.index(event.text)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.start_btn:
                self.start()
            elif el is not None and el is self.learn_btn:
                self.learn()
            elif el is self.howto_btn:
                from .how_to_play import HowToPlayScene

                self.app.push(HowToPlayScene(self.app))
            elif el is self.load_btn:
                from .load import LoadScene

                self.app.push(LoadScene(self.app))
            elif el is self.rules_btn:
                from .rules_ref import RulesScene

                self.app.push(RulesScene(self.app))
            elif el is self.settings_btn:
                from .settings import SettingsScene

                self.app.push(SettingsScene(self.app))
            elif el is self.folder_btn:
                from game.paths import scenarios_dir

                self.error = open_folder(scenarios_dir())
                self.show_error(self.error)
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
            self.show_error(self.error)

    def learn(self) -> None:
        """Learn to play: the lesson, solo as the boarders against the easy AI."""
        s = self.lesson
        if s is None:
            return
        human = next((sd.id for sd in s.sides if sd.boarder), s.sides[0].id)
        try:
            self.app.start_battle(s, mode="solo", seed=1, human=human, ai="easy")
        except Exception as e:  # noqa: BLE001 - shown in the menu rather than closing the window
            self.error = f"Cannot start the lesson: {e}"
            self.show_error(self.error)

    def continue_last(self) -> bool:
        """Continue: the newest autosave that opens, resumed as it was played (mode, sides, AI
        levels); the game says when it passed over a damaged one."""
        from game.match import SaveError, load_record

        from ..save_words import refusal_words
        from ..session import autosaves
        from .load import resume

        first_err = ""
        skipped = 0
        for path in autosaves():
            try:
                rec = load_record(path)
            except SaveError as e:
                err = refusal_words(e, path)
            else:
                said = (
                    ""
                    if not skipped
                    else (
                        "The newest autosave could not be opened: this is the one before it."
                        if skipped == 1
                        else f"The {skipped} newest autosaves could not be opened: this is the one before them."
                    )
                )
                err = resume(self.app, rec, notice=said)
                if not err:
                    return True
            first_err = first_err or err
            skipped += 1
        self.error = f"Cannot continue: {first_err}" if first_err else "Cannot continue: there is no autosave."
        self.show_error(self.error)
        return False

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
            msg = fonts.text("no map preview", fonts.scaled(15, surf.get_size()), (140, 140, 150))
            surf.blit(msg, msg.get_rect(center=r.center))
        pygame.draw.rect(surf, (90, 80, 60), r, 1)
