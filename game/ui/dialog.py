"""A modal question over a scene: a panel with the question, wrapped to fit, and a row of buttons.

While one is open the battle waits (the AI does not answer, the demo does not move on): a question
put to the person at the screen must not be overtaken by the game behind it.
"""

from __future__ import annotations

import pygame
import pygame_gui

from . import fonts
from .theme import ui_metrics
from .widgets import button


class Dialog:
    """``text`` and one button per ``(key, label)`` in ``choices``, centred in a window of ``size``;
    ``key_of(element)`` is the chosen key (or None for an element of another widget)."""

    def __init__(self, manager, size: tuple[int, int], text: str, choices: list[tuple[str, str]], *, tag: str = ""):
        um = ui_metrics(manager)
        w, h = size
        pad = um.px(14)
        f = fonts.font(um.button)
        widths = [um.text_w(t, um.px(28)) for _, t in choices]
        width = max(um.px(460), sum(widths) + pad * (len(choices) + 1))
        width = min(width, w - 2 * pad)
        # the buttons share the panel's width; a row too narrow for them stacks them instead
        row_w = width - 2 * pad
        stacked = sum(widths) + pad * (len(choices) - 1) > row_w
        lines = fonts.wrap(text, row_w - 8, um.button)
        line_h = f.get_linesize()
        text_h = line_h * len(lines) + 8
        bh = um.button_h + um.px(6)
        buttons_h = (bh + pad) * len(choices) - pad if stacked else bh
        r = pygame.Rect(0, 0, width, pad + text_h + pad + buttons_h + pad + 6)
        r.center = (w // 2, h // 2)
        r.clamp_ip(pygame.Rect(0, 0, w, h))
        self.tag = tag
        self.text = text
        self.lines = lines
        self.panel = pygame_gui.elements.UIPanel(r, starting_height=5, manager=manager)
        for i, line in enumerate(lines):
            pygame_gui.elements.UILabel(
                pygame.Rect(pad, pad + i * line_h, row_w, line_h + 4), line, manager, container=self.panel
            )
        self.buttons: dict = {}
        y = pad + text_h + pad
        if stacked:
            for key, t in choices:
                self.buttons[button(manager, (pad, y, row_w, bh), t, container=self.panel)] = key
                y += bh + pad
        else:
            # each button its label's width, the room left shared out
            extra = (row_w - pad * (len(choices) - 1) - sum(widths)) // len(choices)
            x = pad
            for (key, t), bw in zip(choices, widths, strict=True):
                self.buttons[button(manager, (x, y, bw + extra, bh), t, container=self.panel)] = key
                x += bw + extra + pad
        self.rect = r

    def key_of(self, element) -> str | None:
        return self.buttons.get(element)

    def key_for(self, key: str):
        """The button of a key (tests press it)."""
        return next(b for b, k in self.buttons.items() if k == key)

    def close(self) -> None:
        self.panel.kill()
