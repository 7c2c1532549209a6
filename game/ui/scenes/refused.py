"""The screen a refused file opens on: the scenario the command line named cannot be played, and
this says which file, where and why in its one line, instead of playing anything else."""

from __future__ import annotations

import html

import pygame
import pygame_gui

from game.schema.text import one_line

from ..theme import ui_metrics
from ..widgets import button, label
from .base import Scene


class RefusedScene(Scene):
    """``line`` is the refusal (``FILE: place: fault``), shown whole: wrapped, never elided."""

    def __init__(self, app, line: str):
        super().__init__(app)
        self.line = one_line(line)

    def build(self) -> None:
        m = self.manager
        w, h = self.size
        p = ui_metrics(m).px
        label(m, (p(30), p(40), w - p(60), p(50)), "This scenario cannot be played", object_id="#title")
        self.text = pygame_gui.elements.UITextBox(
            f"<font color='#ff8c82'>{html.escape(self.line)}</font>",
            pygame.Rect(p(30), p(110), w - p(60), p(120)),
            m,
        )
        label(
            m,
            (p(30), p(240), w - p(60), p(26)),
            "Correct the file and open it again, or choose a scenario from the menu.",
            object_id="#small",
        )
        self.menu_btn = button(m, (p(30), p(290), p(220), p(44)), "Back to the menu")
        self.quit_btn = button(m, (p(260), p(290), p(140), p(44)), "Quit")

    def handle(self, event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.menu_btn:
                self.app.to_menu()
            elif event.ui_element is self.quit_btn:
                self.app.running = False
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.to_menu()
