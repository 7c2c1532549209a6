"""pygame_gui set-up: a themed manager, and small helpers to lay out buttons and labels."""

from __future__ import annotations

import pygame
import pygame_gui

from .theme import build_manager, fit_label


def make_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    """A manager themed for this window size (theme.py: widget fonts scale with the window)."""
    return build_manager(size)


def forget_dirty_rects(manager: pygame_gui.UIManager) -> None:
    """Drop the dirty rects pygame_gui 0.6.14 collects for every killed element and never reads.

    ``LayeredGUIGroup.remove_internal`` appends two rects to ``lostsprites`` per removed element, but
    its ``draw`` (unlike pygame's ``LayeredUpdates.draw``) never empties the list. Scene changes and
    rebuilt option lists added ~2,400 rects per cycle of the screen fuzz, never freed (found with
    tracemalloc; pyscroll has the same bug). The app redraws whole frames and never reads them.
    """
    lost = getattr(manager.ui_group, "lostsprites", None)
    if lost:
        lost.clear()


def button(manager, rect, text, *, object_id=None, tool_tip=None, container=None) -> pygame_gui.elements.UIButton:
    return pygame_gui.elements.UIButton(
        pygame.Rect(rect), text, manager, container=container, object_id=object_id, tool_tip_text=tool_tip
    )


def label(manager, rect, text, *, object_id=None, container=None) -> pygame_gui.elements.UILabel:
    rect = fit_label(manager, pygame.Rect(rect), text, object_id)  # fonts grow with the window (theme.py)
    return pygame_gui.elements.UILabel(rect, text, manager, container=container, object_id=object_id)


def column(x: int, y: int, w: int, h: int, gap: int = 8):
    """Yield stacked rects down a column."""
    while True:
        yield pygame.Rect(x, y, w, h)
        y += h + gap
