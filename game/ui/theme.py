"""The pygame_gui theme for one window size : fonts scale with the window.

pygame_gui reads font sizes from its theme, so a fixed theme keeps widget text at one size whatever
the window. Here the theme's sizes come from the same scale as our own drawn text
(``fonts.ui_scale``), never below the sizes the game was laid out for at 1280×800, and the few
heights the scenes lay widgets out with (a button, a list row, the battle's top bar) come from
the font, not from fixed pixels. ``App.resized`` builds a new manager when the metrics change.
"""

from __future__ import annotations

import copy
import warnings
from dataclasses import dataclass
from functools import cache
from typing import Any

import pygame
import pygame_gui

from . import fonts

#: font sizes (px) at 1280×800, by role; the theme scales them all by one factor
BASE = {"body": 15, "button": 14, "small": 13, "heading": 20, "title": 34}

#: the colours and base fonts of every widget; ``theme_for`` sizes them for a window
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


@dataclass(frozen=True)
class Metrics:
    """Sizes for one window: font sizes by role and the heights derived from them."""

    scale: float
    body: int
    button: int
    small: int
    heading: int
    title: int
    row: int
    """Height of one row of a selection list (one line of button text)."""
    button_h: int
    """Height of a one-line button."""
    top: int
    """Height of the battle's top bar of buttons."""

    def px(self, n: float) -> int:
        """A layout length given at 1280×800, for this window."""
        return int(round(n * self.scale))

    def text_w(self, text: str, pad: int = 20) -> int:
        """Width of a button that shows ``text`` whole."""
        return fonts.font(self.button).size(fonts.safe(text))[0] + pad


def widget_scale(window: tuple[int, int]) -> float:
    """The scale of widget text: ``fonts.ui_scale`` but never below 1 (widgets were laid out for
    1280×800, and smaller text than that is hard to read)."""
    return max(1.0, fonts.ui_scale(window))


@cache
def metrics(window: tuple[int, int]) -> Metrics:
    s = widget_scale(window)
    size = {k: max(v, int(round(v * s))) for k, v in BASE.items()}
    line = fonts.font(size["button"]).get_linesize()
    row = max(20, line)
    button_h = max(30, line + 10)
    return Metrics(scale=s, row=row, button_h=button_h, top=button_h + 10, **size)


def theme_for(window: tuple[int, int]) -> dict:
    """The theme dictionary for this window: ``THEME``'s colours, sizes from ``metrics``."""
    m = metrics(tuple(window))
    t = copy.deepcopy(THEME)

    def font(n: int, bold: bool = False) -> dict:
        f = {"name": "noto_sans", "size": str(n)}
        if bold:
            f["bold"] = "1"
        return f

    t["defaults"]["font"] = font(m.body)
    # pygame_gui gives every element without a font of its own its default font (14 px), whatever
    # "defaults" says: each kind is named here (the text box's body text was 15 px, the rest 14)
    for element in ("button", "label", "drop_down_menu", "selection_list", "text_entry_line", "tool_tip", "panel"):
        t.setdefault(element, {})["font"] = font(m.button)
    t["text_box"]["font"] = font(m.body)
    t["selection_list"]["misc"] = {"list_item_height": str(m.row)}  # a row holds one line of its font
    # a list's rows read from the left edge (centred, a long option and a short one start apart)
    t["@selection_list_item"] = {"misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "6"}}
    t["#title"]["font"] = font(m.title, True)
    t["#heading"]["font"] = font(m.heading, True)
    t["#small"]["font"] = font(m.small)
    return t


def build_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    """A UIManager themed for a window of ``size``."""
    m = metrics(tuple(size))
    manager = pygame_gui.UIManager(size, theme_for(size), enable_live_theme_updates=False)
    with warnings.catch_warnings():  # bold at these sizes is used by <b> in text boxes
        warnings.simplefilter("ignore")
        manager.preload_fonts(
            [
                {"name": "noto_sans", "point_size": n, "style": "bold"}
                for n in sorted({m.small, m.body, m.button, m.px(18)})
            ]
        )
    manager.ui_metrics = m  # type: ignore[attr-defined]  # which sizes this manager was themed for
    return manager


def scene_metrics(scene: Any) -> Metrics:
    """The metrics of the manager a scene (or one of its mixins) builds its widgets with."""
    return ui_metrics(scene.manager)


def ui_metrics(manager) -> Metrics:
    """The metrics a manager was themed for (1280×800's for a manager made elsewhere)."""
    return getattr(manager, "ui_metrics", None) or metrics((1280, 800))


#: a label's theme role by its object id: (Metrics field, bold)
LABEL_ROLES = {"#title": ("title", True), "#heading": ("heading", True), "#small": ("small", False)}


def fit_label(manager, rect: pygame.Rect, text: str, object_id=None) -> pygame.Rect:
    """``rect`` grown about its centre to hold ``text`` at the manager's font for ``object_id``: screens
    laid out in fixed pixels at 1280×800 keep their text whole when the fonts grow."""
    m = ui_metrics(manager)
    if m.scale <= 1.0:
        return rect
    field, bold = LABEL_ROLES.get(object_id if isinstance(object_id, str) else "", ("button", False))
    f = fonts.font(getattr(m, field), bold)
    w, h = f.size(fonts.safe(text))
    grown = rect.inflate(max(0, w + 8 - rect.w), max(0, f.get_linesize() + 2 - rect.h))
    grown.top = max(0, grown.top) if rect.top >= 0 else grown.top
    grown.left = max(0, grown.left) if rect.left >= 0 else grown.left
    return grown
