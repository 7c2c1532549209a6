"""The battle's question panel: the prompt, the listed options (numbered for keys 1–9) and Auto."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import pygame
import pygame_gui

from game.rules.flow import Answer

from .. import fonts
from ..previews import choice_odds, option_chance
from ..reform_mode import offers_reform
from ..spot_pick import free_kinds, has_point, listed_options, option_label
from ..theme import scene_metrics
from ..widgets import button
from .battle_host import BattleHost

if TYPE_CHECKING:
    from game.rules.decisions import Decision

#: lines of prompt the question panel always has room for (the AI games' prompts, with the click
#: hint, take up to this many at 1280×720: tests/ui/test_layout.py)
PROMPT_LINES = 8


def question_html(p, st, who: str, hint: str = "") -> str:
    """The question box's text: whose question, the prompt and its rule, the odds it turns on, and
    how to answer on the table (``hint``)."""
    side = st.side(p.side).name
    text = p.prompt[len(side) + 1 :].lstrip() if p.prompt.startswith(side + ":") else p.prompt  # said once
    prompt = f"<b>{side}</b> ({who}): {text}"
    if p.rule:
        prompt += f" <font color='#8c8c96'>{p.rule}</font>"
    odds = choice_odds(p)
    if odds:
        prompt += f"<br><font color='#e8c86a'>{odds}</font>"
    if hint:
        prompt += f"<br><font color='#a0d8a0'>{hint}</font>"
    return fonts.safe(prompt)


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
        um = scene_metrics(self)
        st = self.match.state
        y = r.y + 8
        # the turn is in the objective bar ("Turn 3/15"): the question starts at the top
        if p is None:
            text = "The match is over." if self.match.over else ""
            self.option_widgets.append(pygame_gui.elements.UITextBox(text, pygame.Rect(r.x + 8, y, r.w - 16, -1), m))
            return
        asks = p.side in self.humans and not self.viewer and self.may_see(p.side)
        who = self.who_words(p.side)
        prompt = fonts.safe_html(question_html(p, st, who, self.point_hint() if p.side in self.humans else ""))
        # the whole prompt, no scroll bar; only a prompt longer than ask_need allowed for
        # gives way to the option list's six rows
        room = r.bottom - y - (self.list_need() + um.button_h + 14 if asks else 8)
        box = pygame_gui.elements.UITextBox(prompt, pygame.Rect(r.x + 8, y, r.w - 16, -1), m, object_id="#small")
        if box.rect.h > room:
            box.kill()
            box = pygame_gui.elements.UITextBox(prompt, pygame.Rect(r.x + 8, y, r.w - 16, room), m, object_id="#small")
        self.option_widgets.append(box)
        self.prompt_box = box
        y += box.rect.h + 4
        if not asks:
            return
        choices: list[tuple[str, Decision | tuple[str, str]]] = []
        for text, d in listed_options(p, st):
            choices.append(
                (fonts.safe(text + option_chance(self.match, p, d)), d)
            )  # the exact chance, this side's view
        for kind in self.point_kinds():
            choices.append((f"{kind.capitalize().replace('_', ' ')}: click on the table…", ("point", kind)))
        if offers_reform(p):
            choices.append(("Re-form: place the pieces yourself…", ("reform", "")))
        items: list[str | tuple[str, str]] = []
        for row, choice in option_rows(choices, r.w - 16 - LIST_CHROME, um.button):
            self.option_map[row] = choice
            items.append(row)
        auto = (
            fonts.wrap(fonts.safe(f"Auto: {option_label(p.default, st)}"), r.w - 16 - 24, um.button)
            if p.default
            else []
        )
        auto_h = um.button_h + um.row * max(0, len(auto) - 1)
        bottom = r.bottom - auto_h - 10
        lst = pygame_gui.elements.UISelectionList(
            pygame.Rect(r.x + 8, y, r.w - 16, max(um.row * 2, bottom - y)), items, m
        )
        self.option_widgets.append(lst)
        self.options_list = lst
        if auto:
            rect = pygame.Rect(r.x + 8, r.bottom - auto_h - 6, r.w - 16, auto_h)
            self.auto_button = button(
                m,
                rect,
                auto[0] if len(auto) == 1 else "",
                object_id="#default_option",
                tool_tip="The stated default policy (GEN-CHOICE-1)",
            )
            self.option_widgets.append(self.auto_button)
            # a button's text is one line: a longer default is laid over it a line at a time (the
            # labels take no clicks, so a click anywhere on it still presses the button)
            top = rect.centery - len(auto) * um.row // 2
            for i, line in enumerate(auto if len(auto) > 1 else []):
                lab = pygame_gui.elements.UILabel(
                    pygame.Rect(rect.x + 2, top + i * um.row, rect.w - 4, um.row), line, m
                )
                self.option_widgets.append(lab)

    def who_words(self, side: str) -> str:
        """Who answers this side's questions, in the question panel: "you" or the AI's level."""
        return "you" if side in self.humans else f"AI ({self.ai_levels.get(side, self.ai_level)})"

    def list_need(self) -> int:
        """The option list's least height: six rows and a half, and its border."""
        return int(scene_metrics(self).row * 6.5) + 6

    def ask_need(self, width: int, height: int = 720) -> int:
        """The question panel's least height in a window ``height`` high: a prompt of PROMPT_LINES
        lines (the longest the AI games ask fit), the option list's six rows and Auto. Below 720 px
        (down to 800×560) the prompt keeps five lines, so the log keeps a few lines too."""
        um = scene_metrics(self)
        box = (PROMPT_LINES if height >= 720 else 5) * fonts.font(um.small).get_linesize() + 14
        return 8 + box + 4 + self.list_need() + um.button_h + 14

    def point_kinds(self) -> list[str]:
        return point_kinds(self.match.pending)

    def point_hint(self) -> str:
        return point_hint(self.match.pending, self.match.ruleset)


C = TypeVar("C")

#: a selection list's width that its rows' text cannot use: the scroll bar, borders and padding
LIST_CHROME = 20 + 4 + 6 + 8
INDENT = "    "


def option_rows(choices: list[tuple[str, C]], width: int, size: int) -> list[tuple[str, C]]:
    """The option list's rows: each choice wrapped at ``width`` pixels (a list row holds one line),
    its later lines indented; every row answers with its choice. Two rows never read the same
    (the list reports the row's text), so a repeated line gets trailing spaces, which do not show."""
    out: list[tuple[str, C]] = []
    seen: set[str] = set()
    for text, choice in choices:
        first, *rest = fonts.wrap(text, width, size)
        if rest:  # the later lines are indented: they wrap the narrower
            rest = fonts.wrap(" ".join(rest), width - fonts.font(size).size(INDENT)[0], size)
        for i, line in enumerate([first, *rest]):
            row = line if i == 0 else INDENT + line
            while row in seen:
                row += " "
            seen.add(row)
            out.append((row, choice))
    return out


def point_kinds(p) -> list[str]:
    """The kinds of option of question ``p`` answered by a spot on the table."""
    if p is None:
        return []
    kinds = [d.kind for d in p.options if has_point(d) and d.target is None]
    return list(dict.fromkeys(kinds + free_kinds(p)))


def point_hint(p, ruleset=None) -> str:
    """How to answer question ``p`` (of a match played by ``ruleset``): on the table, or for an
    activation whose options are not figures, from the list ('' when the list says it all)."""
    kinds = point_kinds(p)
    if not kinds:
        if p is not None and p.answer is Answer.FIGURE:
            return "Click a figure with a white ring to activate it."
        if p is not None and p.kind == "activate" and ruleset is not None:
            return f"Choose the {ruleset.activates} to activate from the list below."
        if p is not None and p.answer is Answer.ITEMS:
            return "Click a tapper (gold ring), then its targets; click the tapper again or Enter to strike."
        return ""
    return (
        f"Hover the table for the route and its cost; click a spot to {kinds[0].replace('_', ' ')} there; "
        f"C picks another way to reach it (climb, hatch, crossing)."
    )
