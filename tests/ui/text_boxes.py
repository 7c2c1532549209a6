"""What the screenshot tests check on a screen: every widget inside its container and the window,
a button's or label's words whole inside it, and hand-drawn text inside the box drawn for it."""

from __future__ import annotations

import pygame
import pygame_gui


class Recording(pygame.Surface):
    """A screen that remembers the rect of each blit (what was drawn where)."""

    def __init__(self, size):
        super().__init__(size)
        self.rects: list[pygame.Rect] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        r = super().blit(source, dest, area, special_flags)
        w, h = source.get_size() if area is None else pygame.Rect(area).size
        self.rects.append(pygame.Rect(dest[0], dest[1], w, h))
        return r


def _text_width(el) -> int:
    font = getattr(el, "font", None)
    text = getattr(el, "text", "") or ""
    if font is None or not text:
        return 0
    return font.size(text)[0]


def widget_faults(app) -> list[str]:
    """Every shown widget that leaves its container or the window, or whose one line of words is
    wider than itself (a cut label); empty when all fit. A row of a scrolling list may run past the
    list's foot (it scrolls there), never past its sides."""
    screen = app.screen.get_rect()
    out = []
    for el in app.manager.get_sprite_group().sprites():
        if not el.visible or not el.alive() or isinstance(el, pygame_gui.elements.UITooltip):
            continue
        name = f"{type(el).__name__} {getattr(el, 'text', '')!r}"
        box = el.ui_container.get_rect() if el.ui_container is not None else screen
        if _scrolls(el):
            box = pygame.Rect(box.x, el.rect.y, box.w, el.rect.h)
        if not screen.contains(el.rect) and not _scrolls(el):
            out.append(f"{name} {el.rect} leaves the window")
        elif not box.contains(el.rect):
            out.append(f"{name} {el.rect} leaves its container {box}")
        if isinstance(el, pygame_gui.elements.UIButton | pygame_gui.elements.UILabel):
            if _text_width(el) > el.rect.w - 4:
                out.append(f"{name} is cut: {_text_width(el)} px of words in {el.rect.w} px")
    return out


def _scrolls(el) -> bool:
    """Whether ``el`` sits in a scrolling list or container (its rows scroll up and down)."""
    c = el.ui_container
    for _ in range(8):
        if c is None:
            return False
        holder = getattr(c, "parent_element", None)
        if isinstance(holder, pygame_gui.elements.UISelectionList | pygame_gui.elements.UIScrollingContainer):
            return True
        nxt = getattr(c, "ui_container", None)
        c = nxt if nxt is not c else None
    return False


def blit_faults(rects: list[pygame.Rect], boxes: dict[str, pygame.Rect]) -> list[str]:
    """Each blit that starts inside one of ``boxes`` must end inside it too."""
    out = []
    for r in rects:
        for name, box in boxes.items():
            if box.collidepoint(r.topleft) and not box.contains(r):
                out.append(f"{r} starts in the {name} {box} and leaves it")
    return out
