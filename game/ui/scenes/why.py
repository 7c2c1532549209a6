""" "Why?": a roll's arithmetic over the battle it was clicked in (game/ui/why_words.py). Any click
outside the panel, Esc or Close returns to the battle; "Rules reference" opens F1 at the roll's rule."""

from __future__ import annotations

import pygame
import pygame_gui

from ..widgets import button, label
from .base import Scene


class WhyScene(Scene):
    def __init__(self, app, battle, event):
        super().__init__(app)
        self.battle = battle
        self.event = event
        self.panel = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        from ..theme import ui_metrics
        from ..why_words import why_html

        m = self.manager
        w, h = self.size
        p = ui_metrics(m).px
        pw, ph = min(w - p(60), p(900)), min(h - p(60), p(640))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        label(m, (self.panel.x, self.panel.y + p(8), pw, p(36)), "Why did it come out so?", object_id="#heading")
        box = pygame.Rect(self.panel.x + p(12), self.panel.y + p(50), pw - p(24), ph - p(120))
        self.text = pygame_gui.elements.UITextBox(why_html(self.event, self.battle.match), box, m)
        y = self.panel.bottom - p(58)
        self.close_btn = button(m, (self.panel.right - p(152), y, p(140), p(44)), "Close")
        self.rules_btn = button(m, (self.panel.x + p(12), y, p(220), p(44)), "Rules reference")

    def handle(self, event, consumed: bool) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.app.pop()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.panel.collidepoint(event.pos):
            self.app.pop()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.close_btn:
                self.app.pop()
            elif event.ui_element is self.rules_btn:
                from .rules_ref import RulesScene

                self.app.replace(RulesScene(self.app, query=self.event.rule))

    def draw(self, surf) -> None:
        self.battle.draw(surf)  # the battle stays in view, dimmed, under the panel
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surf.blit(shade, (0, 0))
        pygame.draw.rect(surf, (30, 32, 42), self.panel, border_radius=8)
        pygame.draw.rect(surf, (200, 170, 90), self.panel, 2, border_radius=8)
