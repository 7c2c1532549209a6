""" "Play on from here": who plays each side of the new game (a person or the computer at a level),
then Start. A panel over the replay; its buttons are read through ``press``."""

from __future__ import annotations

import pygame
import pygame_gui

from .. import fonts
from ..theme import ui_metrics
from ..widgets import button

#: what a side's button cycles through, in order
PLAYERS = ("human", "easy", "normal", "hard")


def sides_for(match) -> list[tuple[str, str]]:
    """(side id, side name) of a match, in order."""
    return [(s.id, s.name) for s in match.state.sides]


def branch_battle(app, match, players: dict[str, str], moment: str):
    """The battle of a branched match: ``players`` gives each side "human" or an AI level (two
    people: hot-seat; one: solo; none: the computer against itself)."""
    from .battle import BattleScene

    humans = [s for s, who in players.items() if who == "human"]
    title = (match.branch or {}).get("title", "")
    return BattleScene(
        app,
        match,
        mode="hotseat" if len(humans) > 1 else "solo" if humans else "demo",
        human=humans[0] if humans else None,
        ai_levels={s: who for s, who in players.items() if who != "human"},
        notice=f"A new game from {moment.lower()} of {title}, with fresh dice.",
    )


def player_words(who: str) -> str:
    return "a person" if who == "human" else f"the computer ({who})"


class BranchPanel:
    def __init__(
        self,
        manager,
        size,
        sides: list[tuple[str, str]],
        moment: str,
        agree: bool = False,
        players: dict[str, str] | None = None,
    ):
        """``moment``: the moment in words ("Turn 3, the pirates to play"); ``agree``: a hot-seat
        game's own past, which both players must agree to play on from; ``players``: who played
        each side so far (one of PLAYERS; "normal" where not given)."""
        um = ui_metrics(manager)
        w, h = size
        pad = um.px(14)
        width = min(w - 2 * pad, max(um.px(520), um.text_w("Start: both of us agree", um.px(40)) * 2 + 3 * pad))
        row_w = width - 2 * pad
        text = f"A new game from this moment ({moment}), with fresh dice. Who plays each side?"
        if agree:
            text += " Both players must agree: the game you are playing stays saved as it is."
        lines = fonts.wrap(text, row_w - 8, um.button)
        line_h = fonts.font(um.button).get_linesize()
        bh = um.button_h + um.px(6)
        height = pad + line_h * len(lines) + 8 + pad + (bh + pad) * (len(sides) + 1) + pad
        r = pygame.Rect(0, 0, width, height)
        r.center = (w // 2, h // 2)
        r.clamp_ip(pygame.Rect(0, 0, w, h))
        self.rect = r
        self.panel = pygame_gui.elements.UIPanel(r, starting_height=5, manager=manager)
        for i, line in enumerate(lines):
            pygame_gui.elements.UILabel(
                pygame.Rect(pad, pad + i * line_h, row_w, line_h + 4), line, manager, container=self.panel
            )
        y = pad + line_h * len(lines) + 8 + pad
        self.names = dict(sides)
        given = players or {}
        self.players = {sid: given[sid] if given.get(sid) in PLAYERS else "normal" for sid, _ in sides}
        self.side_buttons: dict = {}
        for sid, _name in sides:
            b = button(
                manager, (pad, y, row_w, bh), self.side_text(sid), container=self.panel, tool_tip="Click to change"
            )
            self.side_buttons[b] = sid
            y += bh + pad
        half = (row_w - pad) // 2
        self.start = button(
            manager, (pad, y, half, bh), "Start: both of us agree" if agree else "Start", container=self.panel
        )
        self.cancel = button(manager, (pad + half + pad, y, half, bh), "Cancel", container=self.panel)

    def side_text(self, sid: str) -> str:
        return f"{self.names[sid]}: {player_words(self.players[sid])}"

    def button_of(self, sid: str):
        """The button that changes who plays ``sid`` (tests press it)."""
        return next(b for b, s in self.side_buttons.items() if s == sid)

    def press(self, element) -> str | None:
        """ "start", "cancel", "side" (a side's player changed) or None (not this panel's)."""
        if element is self.start:
            return "start"
        if element is self.cancel:
            return "cancel"
        sid = self.side_buttons.get(element)
        if sid is None:
            return None
        self.players[sid] = PLAYERS[(PLAYERS.index(self.players[sid]) + 1) % len(PLAYERS)]
        element.set_text(self.side_text(sid))
        return "side"

    def close(self) -> None:
        self.panel.kill()
