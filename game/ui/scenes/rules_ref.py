"""Rules reference: the project's short explanation of each system, with rule IDs, and the keys."""
from __future__ import annotations

import pygame
import pygame_gui

from ..rules_text import as_html
from ..widgets import button, label
from .base import Scene

KEYS = ("<b>Keys</b><br>Click a figure: activate or select · click the table: move · right-click/Esc: cancel<br>"
        "Wheel / + -: zoom · drag, arrows, WASD, screen edge: pan · Home: fit<br>"
        "M: tape · L: line of sight · T: zones · Ctrl+Z: undo · Ctrl+S: save · F11: full screen · F1: rules<br>"
        "Demo: Space pause · N step · 1–4 speed 1×–8×<br><br>")


class RulesScene(Scene):
    def build(self) -> None:
        m = self.manager
        w, h = self.size
        label(m, (30, 12, w - 60, 50), "Rules reference", object_id="#title")
        pygame_gui.elements.UITextBox(KEYS + as_html(), pygame.Rect(30, 70, w - 60, h - 140), m)
        self.back = button(m, (30, h - 60, 160, 44), "Back")

    def handle(self, event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.app.pop()
