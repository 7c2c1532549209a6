"""Results: who won and why, casualties per side, who did what, and a way to watch the replay."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

import pygame
import pygame_gui

from .. import fonts
from ..widgets import button, label
from .base import Scene
from .handover import _esc


def summarise(match) -> tuple[str, dict[str, list[str]], list[str]]:
    st = match.state
    winner = st.side(st.winner).name if st.winner else "nobody"
    head = f"{winner} wins" if st.winner else "A draw"
    casualties: dict[str, list[str]] = defaultdict(list)
    for f in st.figures.values():
        status = getattr(f.status, "value", f.status)
        if status != "unwounded" or f.wounds:
            casualties[f.side].append(
                f"{f.name}: {status.replace('_', ' ')}" + (f", {f.wounds} wound(s)" if f.wounds else "")
            )
    acts: dict[str, Counter] = defaultdict(Counter)
    for ev in match.log:
        name = type(ev).__name__
        for fid in ev.figures():
            if fid in st.figures:
                acts[fid][name] += 1
    did = []
    words = {"Moved": "moves", "DiceRolled": "rolls", "StatusChanged": "status changes", "Note": "notes"}
    for fid, c in sorted(acts.items(), key=lambda kv: -sum(kv[1].values())):
        f = st.figures[fid]
        did.append(
            f"{f.name} ({st.side(f.side).name}): " + ", ".join(f"{n} {words.get(k, k)}" for k, n in c.most_common())
        )
    return head, casualties, did


class ResultsScene(Scene):
    def __init__(self, app, match, meta: dict | None = None):
        super().__init__(app)
        self.match = match
        self.meta = meta or {}  # who played (session.make_meta): Play again keeps it

    def build(self) -> None:
        m = self.manager
        w, h = self.size
        head, cas, did = summarise(self.match)
        from ..theme import ui_metrics

        p = ui_metrics(m).px  # laid out for 1280×800, grown with the theme's fonts (issue 18)
        label(m, (0, p(24), w, p(50)), head[:90], object_id="#title")
        label(
            m,
            (0, p(74), w, p(22)),
            f"{self.match.state.end_reason} · {self.match.scenario.title} · turn {self.match.state.turn} · "
            f"{len(self.match.decisions)} decisions · seed {self.match.seed}",
            object_id="#small",
        )
        st = self.match.state
        html = ""
        for s in st.sides:
            alive = len(st.in_play(s.id))
            html += f"<b>{_esc(s.name)}</b> — {alive} in play<br>"
            for line in cas.get(s.id, []) or ["no casualties"]:
                html += f"&nbsp;&nbsp;{_esc(line)}<br>"
            html += "<br>"
        cw = (w - 90) // 2
        top = p(140)
        label(m, (30, p(106), cw, p(30)), "Casualties", object_id="#heading")
        pygame_gui.elements.UITextBox(html, pygame.Rect(30, top, cw, h - top - p(90)), m)
        label(m, (60 + cw, p(106), cw, p(30)), "Who did what", object_id="#heading")
        pygame_gui.elements.UITextBox(
            "<br>".join(_esc(fonts.safe(x)) for x in did) or "nothing",
            pygame.Rect(60 + cw, top, cw, h - top - p(90)),
            m,
        )
        y, bh = h - p(70), p(44)
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

    def handle(self, event, consumed: bool) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.app.pop()
            return
        el = event.ui_element
        if el is self.replay_btn:
            from game.match import record_of

            from .replay import ReplayScene

            self.app.push(ReplayScene(self.app, record_of(self.match)))
        elif el is self.save_btn:
            import time

            from game.match import SaveError, save
            from game.schema.text import one_line

            from ..paths import saves_dir

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
        elif el is self.again_btn:
            self.play_again()
        elif el is not None and el is self.harder_btn:
            self.play_again(harder=True)
        elif el is self.back_btn:
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
