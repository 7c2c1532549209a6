"""pygame_gui set-up: the theme, and small helpers to lay out buttons and labels."""

from __future__ import annotations

import pygame
import pygame_gui

THEME = {
    "defaults": {
        "colours": {
            "normal_bg": "#2b2d35",
            "hovered_bg": "#3d4150",
            "disabled_bg": "#22242a",
            "selected_bg": "#6a5326",
            "active_bg": "#6a5326",
            "dark_bg": "#17181d",
            "normal_text": "#e8e2d0",
            "hovered_text": "#ffffff",
            "selected_text": "#ffffff",
            "disabled_text": "#7a7a7a",
            "normal_border": "#5b5542",
            "hovered_border": "#c9a24a",
            "selected_border": "#e0b857",
            "active_border": "#e0b857",
            "link_text": "#e0b857",
            "link_hover": "#ffe08a",
            "text_cursor": "#ffffff",
        },
        "font": {"name": "noto_sans", "size": "15"},
    },
    "label": {"colours": {"dark_bg": "#00000000", "normal_text": "#e8e2d0"}},
    "#title": {"font": {"name": "noto_sans", "size": "34", "bold": "1"}, "colours": {"normal_text": "#e0b857"}},
    "#heading": {"font": {"name": "noto_sans", "size": "20", "bold": "1"}, "colours": {"normal_text": "#e0b857"}},
    "#small": {"font": {"name": "noto_sans", "size": "13"}},
    "#default_option": {"colours": {"normal_bg": "#4a3c1c", "normal_border": "#e0b857"}},
    "#error": {"colours": {"normal_text": "#ff9c8c"}},
    "text_box": {"colours": {"dark_bg": "#1b1c22"}, "font": {"name": "noto_sans", "size": "15"}},
    "selection_list": {"colours": {"dark_bg": "#1b1c22"}},
}


def make_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    """A manager themed for this window size (theme.py: widget fonts scale with the window)."""
    from .theme import build_manager

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
    from .theme import fit_label

    rect = fit_label(manager, pygame.Rect(rect), text, object_id)  # fonts grow with the window (theme.py)
    return pygame_gui.elements.UILabel(rect, text, manager, container=container, object_id=object_id)


def column(x: int, y: int, w: int, h: int, gap: int = 8):
    """Yield stacked rects down a column."""
    while True:
        yield pygame.Rect(x, y, w, h)
        y += h + gap
