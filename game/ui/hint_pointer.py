"""Where a hint points: the thing on screen it speaks of (a figure, a button, the option list, the
dice panel), found from the battle as it stands, and the pointer drawn from the hint's panel to it.

A hint names what it points at by a word ("ready", "actor", "charge", "end_turn", "options",
"dice"), never by a place on the screen: the place is looked up each frame, so the pointer follows
the camera and the window's size.
"""

from __future__ import annotations

import math

import pygame

from game.rules.flow import Answer

#: the pointer's colour: the hint panel's gold, bright enough over sea and deck alike
COLOUR = (255, 214, 90)


def _figure_rect(battle, fid: str | None) -> pygame.Rect | None:
    f = battle.match.state.figures.get(fid or "")
    if f is None or not f.in_play:
        return None
    x, y = battle.positions().get(f.id, (f.x, f.y))
    sx, sy = battle.camera.to_screen(x, y)
    r = max(10, int(battle.camera.ppi * f.radius) + 6)
    rect = pygame.Rect(sx - r, sy - r, 2 * r, 2 * r)
    return rect if battle.map_rect.colliderect(rect) else None


def target_rect(battle, what: str) -> pygame.Rect | None:
    """The screen rect of what a hint speaks of, or None when it is not on screen now."""
    p = battle.match.pending
    if what == "ready" and p is not None and p.answer is Answer.FIGURE:
        ready = [d.figure for d in p.options if d.figure]
        leaders = [f for f in ready if f in battle.match.state.figures and battle.match.state.figures[f].is_leader]
        for fid in leaders + ready:  # a leader first: it never fails its roll
            rect = _figure_rect(battle, fid)
            if rect is not None:
                return rect
        return None
    if what == "actor":
        return _figure_rect(battle, battle.acting_figure())
    if what == "charge" and p is not None:
        target = next((d.target for d in p.options if d.kind == "charge"), None)
        return _figure_rect(battle, target)
    if what == "end_turn":
        b = getattr(battle, "buttons", {}).get("end_turn")
        return pygame.Rect(b.rect) if b is not None and b.visible else None
    if what == "options":
        lst = getattr(battle, "options_list", None)
        return pygame.Rect(lst.rect) if lst is not None and lst.alive() else None
    if what == "dice":
        return pygame.Rect(battle.dice_panel.rect)
    return None


def draw_pointer(surf: pygame.Surface, start: pygame.Rect, target: pygame.Rect, t: float) -> None:
    """A line from the hint's panel to ``target`` and a pulsing outline round it (the outline as
    well as the colour, so the pointer reads without telling colours apart)."""
    tx, ty = target.center
    # from the panel's edge nearest the target
    sx = min(max(tx, start.left), start.right)
    sy = min(max(ty, start.top), start.bottom)
    if start.collidepoint(tx, ty):
        return
    grow = int(3 + 2 * math.sin(t * 4.0))
    ring = target.inflate(2 * grow, 2 * grow)
    # the line stops at the ring's edge
    dx, dy = tx - sx, ty - sy
    d = math.hypot(dx, dy) or 1.0
    half = max(ring.w, ring.h) / 2
    ex, ey = tx - dx / d * half, ty - dy / d * half
    pygame.draw.line(surf, (20, 20, 20), (sx, sy), (ex, ey), 5)
    pygame.draw.line(surf, COLOUR, (sx, sy), (ex, ey), 3)
    head = 10
    ang = math.atan2(ey - sy, ex - sx)
    for side in (-0.5, 0.5):
        hx, hy = ex - head * math.cos(ang + side), ey - head * math.sin(ang + side)
        pygame.draw.line(surf, COLOUR, (ex, ey), (hx, hy), 3)
    if target.w == target.h:
        pygame.draw.circle(surf, COLOUR, ring.center, ring.w // 2, 3)
    else:
        pygame.draw.rect(surf, COLOUR, ring, 3, border_radius=4)
