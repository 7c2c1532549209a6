"""The battle's question panel: the prompt, the listed options (numbered for keys 1–9) and Auto."""

from __future__ import annotations

import pygame
import pygame_gui

from .. import fonts
from ..previews import choice_odds
from ..spot_pick import free_kinds, has_point, listed_options, option_label
from ..widgets import button, label
from .battle_host import BattleHost


class OptionsPanel(BattleHost):
    """Mixin of BattleScene: builds the question panel from ``match.pending``.

    ``may_see(side)`` (BattleScene) says whether the person at the screen may see that side's
    options: in hot-seat only after that side's hand-over, so a hand of cards never shows early."""

    def rebuild_options(self) -> None:
        for wdg in self.option_widgets:
            wdg.kill()
        self.option_widgets = []
        self.option_map = {}
        self.close_context_menu()
        p = self.match.pending
        self._shown_pending = p
        end = self.buttons.get("end_turn") if hasattr(self, "buttons") else None
        if end is not None:  # lit only when the person at the screen may end the player-turn now
            can = (
                p is not None
                and p.kind == "activate"
                and self.is_human_turn()
                and self.may_see(p.side)
                and any(d.kind == "pass" for d in p.options)
            )
            end.enable() if can else end.disable()
        r = self.ask_rect
        m = self.manager
        st = self.match.state
        y = r.y + 8
        turn = f"Turn {st.turn}"
        self.option_widgets.append(label(m, (r.x + 8, y, r.w - 16, 28), turn, object_id="#heading"))
        y += 30
        if p is None:
            text = "The match is over." if self.match.over else ""
            self.option_widgets.append(pygame_gui.elements.UITextBox(text, pygame.Rect(r.x + 8, y, r.w - 16, 60), m))
            return
        side = st.side(p.side).name
        who = "you" if p.side in self.humans else f"AI ({self.ai_levels.get(p.side, self.ai_level)})"
        prompt = f"<b>{side}</b> ({who}): {p.prompt}"
        if p.rule:
            prompt += f" <font color='#8c8c96'>{p.rule}</font>"
        odds = choice_odds(p)
        if odds:
            prompt += f"<br><font color='#e8c86a'>{odds}</font>"
        hint = self.point_hint()
        if hint and p.side in self.humans:
            prompt += f"<br><font color='#a0d8a0'>{hint}</font>"
        box_h = 72 if r.h < 340 else 96  # the list below keeps at least six rows at 1280×720
        prompt = fonts.safe(prompt)
        self.option_widgets.append(
            pygame_gui.elements.UITextBox(prompt, pygame.Rect(r.x + 8, y, r.w - 16, box_h), m, object_id="#small")
        )
        y += box_h + 4
        if p.side not in self.humans or self.viewer or not self.may_see(p.side):
            return
        items: list[str | tuple[str, str]] = []
        for text, d in listed_options(p, st):
            self.option_map[text] = d
            items.append(text)
        for kind in self.point_kinds():
            text = f"{kind.capitalize().replace('_', ' ')}: click on the table…"
            self.option_map[text] = ("point", kind)
            items.append(text)
        bottom = r.bottom - 40
        lst = pygame_gui.elements.UISelectionList(pygame.Rect(r.x + 8, y, r.w - 16, max(40, bottom - y)), items, m)
        self.option_widgets.append(lst)
        self.options_list = lst
        if p.default is not None:
            self.auto_button = button(
                m,
                (r.x + 8, r.bottom - 36, r.w - 16, 30),
                f"Auto: {option_label(p.default, st)}",
                object_id="#default_option",
                tool_tip="The stated default policy (GEN-CHOICE-1)",
            )
            self.option_widgets.append(self.auto_button)

    def point_kinds(self) -> list[str]:
        p = self.match.pending
        if p is None:
            return []
        kinds = [d.kind for d in p.options if has_point(d) and d.target is None]
        return list(dict.fromkeys(kinds + free_kinds(p)))

    def point_hint(self) -> str:
        kinds = self.point_kinds()
        if not kinds:
            p = self.match.pending
            if p is not None and p.kind == "activate":
                return "Click a figure with a white ring to activate it."
            if p is not None and p.kind == "tap":
                return "Click a tapper (gold ring), then its targets; click the tapper again or Enter to strike."
            return ""
        return (
            f"Hover the table: the route, its cost and what is left show at once; click the spot to "
            f"{kinds[0].replace('_', ' ')} there; C cycles when several options reach it (climb, hatch, crossing)."
        )
