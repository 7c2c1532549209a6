"""Hot-seat hand-over: a blackout between player-turns, with what happened since that player looked."""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui.log_words import format_event

from .. import fonts
from ..log_panel import split_rule
from ..widgets import button, label
from .base import Scene


class HandoverScene(Scene):
    def __init__(self, app, match, side: str, events, first: bool = False):
        super().__init__(app)
        self.side = match.state.side(side)
        self.first = first
        self.orders: dict[str, str] | None = None  # the side's standing orders, set by the battle
        self.lines = [fonts.safe(split_rule(format_event(e, match.state), e.rule)) + f"  [{e.rule}]" for e in events]
        from ..first_hints import HINTS, take

        self.hint = HINTS["handover"] if first and take(app, "handover") else ""
        """The first hand-over a player meets says what hot-seat is (first_hints.py)."""

    def build(self) -> None:
        m = self.manager
        w, h = self.size
        from ..theme import ui_metrics

        p = ui_metrics(m).px  # laid out for 1280×800, grown with the theme's fonts
        label(m, (0, p(40), w, p(50)), f"Pass the screen to {self.side.name}", object_id="#title")
        sub = "Everyone else, look away." if self.first else "Since you last looked:"
        label(m, (0, p(92), w, p(24)), sub, object_id="#small")
        bw = min(p(900), w - 80)
        x = (w - bw) // 2
        if not self.first:
            html = "<br>".join(_esc(line) for line in self.lines[-200:]) or "nothing happened"
            pygame_gui.elements.UITextBox(html, pygame.Rect(x, p(124), bw, h - p(230)), m)
        elif self.hint:
            hw = min(p(640), w - 80)
            pygame_gui.elements.UITextBox(_esc(self.hint), pygame.Rect((w - hw) // 2, p(150), hw, p(130)), m)
        self.go = button(m, ((w - p(360)) // 2, h - p(90), p(360), p(50)), f"I am {self.side.name} — show the table")
        orders = getattr(self, "orders", None)
        if orders:  # the side's standing orders, changed with O on its own turn (session.py)
            from ..session import ORDER_NAMES

            text = " · ".join(f"{ORDER_NAMES[k]}: {'auto' if v == 'auto' else 'ask me'}" for k, v in orders.items())
            label(
                m, (0, h - p(128), w, p(24)), f"Standing orders — {text} (O in battle changes them)", object_id="#small"
            )

    def handle(self, event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.go:
            self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE) and not consumed:
            self.app.pop()

    def draw(self, surf) -> None:
        surf.fill((0, 0, 0))
        w, h = self.size
        c = tuple(self.side.colour)
        pygame.draw.rect(surf, c, (0, 0, w, 8))
        pygame.draw.rect(surf, c, (0, h - 8, w, 8))
        hint = fonts.text("Enter or Space continues", fonts.scaled(13, (w, h)), (120, 120, 130))
        surf.blit(hint, hint.get_rect(midbottom=(w // 2, h - 14)))


def _esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
