"""Posting a player's clicks and keys to the app, and finding where to click in pygame_gui's text."""

from __future__ import annotations

import pygame


def frames(app, n: int = 2) -> None:
    for _ in range(n):
        app.step(pygame.event.get(), 0.016)


def click(app, pos, n: int = 2) -> None:
    """A left click at ``pos``: the pointer moves there, presses and lets go, as a player's would."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    frames(app, n)


def press(app, widget) -> None:
    click(app, widget.rect.center)


def key(app, k) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    frames(app)


def link_spot(app, box, href: str):
    """Screen point of the link ``href`` in text box ``box``, scrolled into view; None if absent."""
    for _ in range(2):
        bx, by = box._calculate_hyperlinks_offsets()
        for c in box.link_hover_chunks:
            if c.href == href:
                spot = (bx + c.x + c.size[0] // 2, by + c.y + c.size[1] // 2)
                if box.rect.collidepoint(spot):
                    return spot
                if box.scroll_bar is None:
                    return None
                layout_h = box.text_box_layout.layout_rect.height
                box.scroll_bar.set_scroll_from_start_percentage(max(0.0, min(1.0, c.y / layout_h)))
                frames(app, 3)
                break
        else:
            return None
    return None
