"""Rules reference (F1): a player-facing entry for every rule the log cites, the chance cards and the
duel terms, with a search box that filters as one types; and the keys."""
from __future__ import annotations

import pygame
import pygame_gui

from ..rules_text import as_html
from ..widgets import button, label
from .base import Scene

KEYS = ("<b>Keys</b><br>Click a figure: activate or select · right-click a figure: its card · click the table: move · "
        "right-click/Esc: cancel<br>"
        "Wheel / + -: zoom · drag, arrows, WASD, screen edge: pan · Home: fit<br>"
        "M: tape · L: line of sight · T: zones · Ctrl+Z: undo · Ctrl+S: save · F11: full screen · F1: rules<br>"
        "Demo: Space pause · N step · 1–4 speed 1×–8×<br><br>")


class RulesScene(Scene):
    query = ""

    def build(self) -> None:
        m = self.manager
        w, h = self.size
        label(m, (30, 12, min(420, w - 60), 50), "Rules reference", object_id="#title")
        sw = max(180, min(420, w - 500))
        label(m, (w - 30 - sw - 70, 24, 66, 30), "Search")
        self.search = pygame_gui.elements.UITextEntryLine(pygame.Rect(w - 30 - sw, 22, sw, 34), m)
        self.search.set_text(self.query)
        self.box = None
        self._show()
        self.back = button(m, (30, h - 60, 160, 44), "Back")

    def _show(self) -> None:
        w, h = self.size
        if self.box is not None:
            self.box.kill()
        body = as_html(self.query)
        if not self.query:
            body = KEYS + body
        self.box = pygame_gui.elements.UITextBox(body, pygame.Rect(30, 70, w - 60, h - 140), self.manager)

    def handle(self, event, consumed: bool) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.search:
            self.query = self.search.get_text()
            self._show()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1) and not consumed:
            self.app.pop()
