"""Results: who won and why, casualties per side, who did what, and a way to watch the replay."""

from __future__ import annotations

import threading
from collections import Counter, defaultdict
from typing import Any

import pygame
import pygame_gui

from .. import fonts
from ..widgets import button, label
from .base import Scene
from .handover import _esc

#: what each kind of event counts as on the results page, singular and plural; other events are not counted
DEEDS = {
    "Moved": ("move", "moves"),
    "ShotResolved": ("shot", "shots"),
    "TapDeclared": ("tap", "taps"),
    "MeleeRoundStarted": ("mêlée round", "mêlée rounds"),
    "MeleeStarted": ("mêlée", "mêlées"),
    "AttackResolved": ("attack", "attacks"),
    "CombatRolled": ("combat roll", "combat rolls"),
    "DuelWon": ("duel", "duels"),
    "DiceRolled": ("roll of the dice", "rolls of the dice"),
}
#: the report's pages: (key, tab words)
PAGES = (("battle", "The battle"), ("strength", "Strength"), ("figures", "Each figure"), ("luck", "Luck"))
#: a figure's state in a player's words
STATUS_WORDS = {"knocked_down": "knocked down", "out_of_action": "out of action", "captive": "taken prisoner"}


def counted(n: int, one: str, many: str | None = None) -> str:
    """ "1 wound", "2 wounds"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def headline(match) -> str:
    """ "Flint's boarders win", or "A draw" (a side is a company: they win)."""
    st = match.state
    return f"{st.side(st.winner).name} win" if st.winner else "A draw"


def summarise(match) -> tuple[str, dict[str, list[str]], list[str]]:
    st = match.state
    head = headline(match)
    casualties: dict[str, list[str]] = defaultdict(list)
    for f in st.figures.values():
        status = getattr(f.status, "value", f.status)
        if status != "unwounded" or f.wounds:
            said = [STATUS_WORDS.get(status, status.replace("_", " "))] if status != "wounded" or not f.wounds else []
            if f.wounds:
                said.append(counted(f.wounds, "wound"))
            casualties[f.side].append(f"{f.name}: {', '.join(said)}")
    acts: dict[str, Counter] = defaultdict(Counter)
    for ev in match.log:
        name = type(ev).__name__
        if name not in DEEDS:
            continue
        for fid in ev.figures():
            if fid in st.figures:
                acts[fid][name] += 1
    did = []
    for fid, c in sorted(acts.items(), key=lambda kv: -sum(kv[1].values())):
        f = st.figures[fid]
        did.append(
            f"{f.name} ({st.side(f.side).name}): " + ", ".join(counted(n, *DEEDS[k]) for k, n in c.most_common())
        )
    return head, casualties, did


class ResultsScene(Scene):
    def __init__(self, app, match, meta: dict | None = None, *, then=None, seconds: float = 8.0):
        super().__init__(app)
        self.match = match
        self.meta = meta or {}  # who played (session.make_meta): Play again keeps it
        self.then = then
        """The demo's next game: called when the countdown ends, or sooner on a key or a click."""
        self.left = seconds
        self.turning: str | None = None
        self.page = "battle"
        """Which page of the report is shown: battle, strength, figures or luck."""
        self.report = None
        """The after-action report (game/report/after_action.py), read on a thread: a long battle
        replays for most of a second."""
        self.chart = None
        self._reading: threading.Thread | None = None
        self._start_reading()

    def _start_reading(self) -> None:
        from game.match import record_of

        rec = record_of(self.match)
        dirs = self.app.scenario_dirs() if hasattr(self.app, "scenario_dirs") else ()
        box: dict = {}

        def read() -> None:
            from game.report.after_action import build

            try:
                box["report"] = build(rec, dirs)
            except Exception as e:  # noqa: BLE001 - the page says it could not, the game goes on
                import logging

                logging.getLogger("boarders").warning("after-action report: %s: %s", type(e).__name__, e)
                box["error"] = "The battle could not be read again for its report."

        self._box = box
        self._reading = threading.Thread(target=read, name="after-action", daemon=True)
        self._reading.start()

    def wait_for_report(self, timeout: float = 30.0):
        """The report once read (tests and the screenshot tool wait for it)."""
        if self._reading is not None:
            self._reading.join(timeout)
        self._take_report()
        return self.report

    def build(self) -> None:
        m = self.manager
        w, h = self.size
        head, cas, did = summarise(self.match)
        from ..theme import ui_metrics

        p = ui_metrics(m).px  # laid out for 1280×800, grown with the theme's fonts
        label(m, (0, p(24), w, p(50)), head[:90], object_id="#title")
        self.page_btns = {}
        self.what_if_btn = None
        self.moments_box = None
        self.chart = None
        label(
            m,
            (0, p(74), w, p(22)),
            f"{self.match.state.end_reason} · {self.match.scenario.title} · turn {self.match.state.turn} · "
            f"{len(self.match.decisions)} decisions · seed {self.match.seed}",
            object_id="#small",
        )
        tx = p(30)
        for key, words in PAGES:
            b = button(m, (tx, p(100), p(150), p(34)), words)
            if key == self.page:
                b.disable()
            self.page_btns[key] = b
            tx += p(158)
        top, bottom = p(142), h - p(112)
        if self.page != "battle":
            self.build_report_page(m, pygame.Rect(p(30), top, w - p(60), bottom - top), p)
        else:
            self.build_battle_page(m, head, cas, did, top, bottom, p)
        self.build_buttons(m, p)

    def build_battle_page(self, m, head, cas, did, top0, bottom, p) -> None:
        w, h = self.size
        st = self.match.state
        if self.turning is None:
            from game.ai.concede import turning_point

            self.turning = turning_point(self.match.log, st.figures, {s.id: s.name for s in st.sides}) or ""
        from ..theme import ui_metrics

        shift = 0  # the turning point's lines push the columns down
        if self.turning:
            small = ui_metrics(m).small
            for line in fonts.wrap(f"Turning point — {self.turning}", w - p(80), small)[:3]:
                label(m, (p(40), top0 + shift, w - p(80), p(20)), line, object_id="#small")
                shift += fonts.font(small).get_linesize()
        html = ""
        for s in st.sides:
            alive = len(st.in_play(s.id))
            html += f"<b>{_esc(s.name)}</b> — {alive} in play<br>"
            for line in cas.get(s.id, []) or ["no casualties"]:
                html += f"&nbsp;&nbsp;{_esc(line)}<br>"
            html += "<br>"
        cw = (w - 90) // 2
        top = top0 + p(40) + shift
        label(m, (30, top0 + p(6) + shift, cw, p(30)), "Casualties", object_id="#heading")
        pygame_gui.elements.UITextBox(html, pygame.Rect(30, top, cw, bottom - top), m)
        label(m, (60 + cw, top0 + p(6) + shift, cw, p(30)), "Who did what", object_id="#heading")
        pygame_gui.elements.UITextBox(
            "<br>".join(_esc(fonts.safe(x)) for x in did) or "nothing",
            pygame.Rect(60 + cw, top, cw, bottom - top),
            m,
        )

    def build_buttons(self, m, p) -> None:
        w, h = self.size
        y, bh = h - p(70), p(44)
        self.next_btn = None
        self.countdown = None
        if self.then is not None:
            self.next_btn = button(m, (p(30), y, p(180), bh), "Next battle now")
            self.replay_btn = button(m, (p(220), y, p(180), bh), "Watch the replay")
            self.save_btn = self.again_btn = self.back_btn = None
            self.harder_btn = None
            self.menu_btn = button(m, (p(410), y, p(140), bh), "Main menu")
            self.countdown = label(m, (p(30), y - p(30), w - p(60), p(24)), self.countdown_text(), object_id="#small")
            self.msg = self.countdown
            return
        self.replay_btn = button(m, (p(30), y, p(180), bh), "Watch the replay")
        self.save_btn = button(m, (p(220), y, p(160), bh), "Save record")
        solo_ai = bool((self.meta.get("ai") or {}) and self.meta.get("mode") == "solo")
        self.again_btn = button(m, (p(390), y, p(200), bh), "Play again, same level" if solo_ai else "Play again")
        x = p(600)
        self.harder_btn = None
        if solo_ai:
            self.harder_btn = button(m, (x, y, p(170), bh), "One level harder")
            x += p(180)
        self.back_btn = button(m, (x, y, p(170), bh), "Back to the table")
        self.menu_btn = button(m, (x + p(180), y, p(140), bh), "Main menu")
        self.msg = label(m, (p(30), y - p(30), w - p(60), p(24)), "", object_id="#small")

    def build_report_page(self, m, area: pygame.Rect, p) -> None:
        from .. import report_words as words
        from ..theme import ui_metrics

        rep = self.report
        if rep is None:
            text = self._box.get("error") or "Reading the battle again…"
            label(m, (area.x, area.y + p(10), area.w, p(24)), text, object_id="#small")
            return
        small = ui_metrics(m).small
        if self.page == "strength":
            from ..strength_chart import StrengthChart

            ch = max(p(160), int(area.h * 0.55))
            self.chart = StrengthChart(rep, pygame.Rect(area.x, area.y, area.w, ch), small)
            html = words.moments_html(rep)
            self.moments_box = pygame_gui.elements.UITextBox(
                html, pygame.Rect(area.x, area.y + ch + p(8), area.w - p(230), area.h - ch - p(8)), m
            )
            self.what_if_btn = button(
                m,
                (area.right - p(220), area.y + ch + p(8), p(220), p(44)),
                "What happens next?",
                tool_tip="Play the battle on many times by the AI from the marked moment (or the start) and count who wins",
            )
        elif self.page == "figures":
            pygame_gui.elements.UITextBox(words.figures_html(rep), area, m)
        elif self.page == "luck":
            self.luck_area = pygame.Rect(area.x, area.y, area.w, min(area.h // 2, p(40) * (len(rep.sides) + 1)))
            box = pygame.Rect(area.x, self.luck_area.bottom + p(8), area.w, area.bottom - self.luck_area.bottom - p(8))
            pygame_gui.elements.UITextBox(words.luck_html(rep), box, m)

    def _take_report(self) -> None:
        if self.report is None and ("report" in self._box or "error" in self._box):
            self.report = self._box.get("report")
            if self.page != "battle" and self.app.top is self:
                self.app._rebuild()

    def show_page(self, key: str) -> None:
        self.page = key
        self.app._rebuild()

    def open_replay(self, at: int | None = None) -> None:
        """The replay of this battle, at the state after decision ``at`` (the start if None)."""
        from game.match import record_of

        from .replay import open_replay

        open_replay(self.app, record_of(self.match), at=0 if at is None else at + 1)

    def open_what_if(self) -> None:
        from game.match import record_of

        from .what_if import WhatIfScene

        rep = self.report
        chosen = self.chosen_moment
        at = rep.moments[chosen].decision if rep is not None and chosen is not None and rep.moments else 0
        self.app.push(WhatIfScene(self.app, record_of(self.match), at, asking=None))

    chosen_moment: int | None = None
    """The decisive moment a "What happens next?" starts from (the first when none is picked)."""

    def countdown_text(self) -> str:
        return f"The next battle starts in {max(0, int(self.left + 0.99))} s: any key or click starts it now."

    def update(self, dt: float) -> None:
        if self.report is None:
            self._take_report()
        if self.then is None:
            return
        before = int(self.left + 0.99)
        self.left -= dt
        if self.left <= 0:
            self.go_on()
        elif self.countdown is not None and int(self.left + 0.99) != before:
            self.countdown.set_text(self.countdown_text())

    def go_on(self) -> None:
        then, self.then = self.then, None
        if then is not None:
            then()

    def handle(self, event, consumed: bool) -> None:
        if self.then is not None:  # the demo's results: a key or a click on the page goes on
            if event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE:
                self.go_on()
                return
            if event.type == pygame.MOUSEBUTTONUP and not consumed:
                self.go_on()
                return
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and self.report is not None:
            kind, _, n = str(getattr(event, "link_target", "")).partition(":")
            if n.isdigit() and int(n) < len(self.report.moments):
                if kind == "replay":
                    self.open_replay(self.report.moments[int(n)].decision)
                elif kind == "whatif":
                    self.chosen_moment = int(n)
                    self.open_what_if()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.chart is not None and not consumed:
            i = self.chart.mark_at(event.pos)
            if i is not None and self.report is not None:
                self.open_replay(self.report.moments[i].decision)
                return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                if self.then is not None:
                    self.app.to_menu()
                else:
                    self.app.pop()
            return
        el = event.ui_element
        for key, b in self.page_btns.items():
            if el is b:
                self.show_page(key)
                return
        if el is not None and el is self.what_if_btn:
            self.open_what_if()
            return
        if el is not None and el is self.next_btn:
            self.go_on()
        elif el is self.replay_btn:
            self.open_replay()
        elif el is not None and el is self.save_btn:
            import time

            from game.match import SaveError, save
            from game.paths import saves_dir
            from game.schema.text import one_line

            try:  # the folder too: making it fails on a read-only data folder
                p = saves_dir() / f"{self.match.scenario.id}-{time.strftime('%Y%m%d-%H%M%S')}-final.json"
                save(self.match, p)
                self.msg.set_text(one_line(f"Saved to {p}", 200))
            except OSError as e:
                self.msg.set_text(
                    one_line(f"Could not save to {e.filename or 'the saves folder'}: {e.strerror or e}", 200)
                )
            except (SaveError, ValueError) as e:
                self.msg.set_text(one_line(f"Could not save: {e}", 200))
        elif el is not None and el is self.again_btn:
            self.play_again()
        elif el is not None and el is self.harder_btn:
            self.play_again(harder=True)
        elif el is not None and el is self.back_btn:
            self.app.pop()
        elif el is self.menu_btn:
            self.app.to_menu()

    def play_again(self, harder: bool = False):
        """The same scenario, mode, human side(s) and AI levels (one level harder if asked), seed + 1."""
        from ..session import AI_LEVELS, restore

        sides = [s.id for s in self.match.state.sides]
        kw: dict[str, Any] = {"mode": "hotseat"}
        if self.meta:
            kw, _ = restore(self.meta, sides, self.match.seed + 1)
        kw.pop("ai_seeds", None)  # a new game: new seeds from the new match seed
        if harder and kw.get("ai_levels"):
            up = {"easy": "normal", "normal": "hard", "hard": "hard", "random": "easy"}
            kw["ai_levels"] = {s: up.get(lv, lv) for s, lv in kw["ai_levels"].items()}
        levels = list((kw.get("ai_levels") or {}).values())
        ai = levels[0] if levels and levels[0] in AI_LEVELS else "normal"
        return self.app.start_battle(
            self.match.scenario, seed=self.match.seed + 1, preset=self.match.preset_name, ai=ai, **kw
        )

    def draw(self, surf) -> None:
        surf.fill((18, 18, 24))
        if self.page == "strength" and self.chart is not None:
            self.chart.draw(surf)
        elif self.page == "luck" and self.report is not None and hasattr(self, "luck_area"):
            from ..luck_bars import draw_luck

            draw_luck(surf, self.report, self.luck_area)
