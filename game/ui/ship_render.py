"""What a player must see on a ship to know where one can climb: masts and their tops (the rigging
zones, a rope net over a light deck-plan outline), shrouds (rope ladders from the rail up to the
top, with a climb arrow), ladders (rails and rungs) and hatches (a grating with a down arrow).
Drawn in inches from the map's zones and links, once per zoom step: ``MapRenderer.ground`` bakes
this layer into its cached surface, so it costs nothing a frame."""

from __future__ import annotations

import math

import pygame

ROPE = (236, 222, 180)
ROPE_DARK = (70, 52, 30)
MAST = (120, 80, 44)
WOOD = (196, 150, 90)
GRATE = (40, 28, 18)
ARROW = (255, 236, 150)


def _pts(points, ppi):
    return [(round(x * ppi), round(y * ppi)) for x, y in points]


def _net(size: tuple[int, int], ppi: int) -> pygame.Surface:
    """A rope net: diagonal lines both ways, half an inch apart."""
    w, h = size
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    step = max(4, ppi // 2)
    for k in range(-h, w + h, step):
        pygame.draw.line(s, (*ROPE, 120), (k, 0), (k + h, h), 1)
        pygame.draw.line(s, (*ROPE, 120), (k + h, 0), (k, h), 1)
    return s


def _arrow(s, tip, direction, size, colour=ARROW):
    dx, dy = direction
    n = math.hypot(dx, dy) or 1.0
    dx, dy = dx / n, dy / n
    px, py = -dy, dx
    base = (tip[0] - dx * size, tip[1] - dy * size)
    pts = [
        tip,
        (base[0] + px * size * 0.6, base[1] + py * size * 0.6),
        (base[0] - px * size * 0.6, base[1] - py * size * 0.6),
    ]
    pygame.draw.polygon(s, (20, 16, 10), pts)
    pygame.draw.polygon(s, colour, [(tip[0] - dx, tip[1] - dy), pts[1], pts[2]])


def _ladder(s, a, b, width, colour, rung_colour, rungs_every):
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    if n < 1:
        return
    ux, uy = dx / n, dy / n
    px, py = -uy * width / 2, ux * width / 2
    lw = max(1, int(width // 6))
    for sgn in (1, -1):
        pygame.draw.line(s, colour, (a[0] + sgn * px, a[1] + sgn * py), (b[0] + sgn * px, b[1] + sgn * py), lw)
    k = max(1, int(n // max(3, rungs_every)))
    for i in range(k + 1):
        t = i / k
        cx, cy = a[0] + dx * t, a[1] + dy * t
        pygame.draw.line(s, rung_colour, (cx + px, cy + py), (cx - px, cy - py), max(1, lw))


def draw_features(s: pygame.Surface, tmap, ppi: int) -> None:
    """Masts, tops, shrouds, ladders and hatches of ``tmap`` onto ``s`` (the map at ``ppi``)."""
    tops = [z for z in tmap.zones if z.rigging or z.level == "rigging"]
    mast_of: dict[str, tuple[int, int]] = {}
    for z in tops:
        p = _pts(z.points, ppi)
        if len(p) < 3:
            continue
        r = pygame.Rect(p[0], (0, 0)).unionall([pygame.Rect(q, (1, 1)) for q in p[1:]])
        mask = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - r.x, y - r.y) for x, y in p])
        net = _net(r.size, ppi)
        net.fill((*ROPE, 34), special_flags=pygame.BLEND_RGBA_MAX)  # a faint light wash: the top stands out
        net.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)  # the net inside the top only
        s.blit(net, r.topleft)
        pygame.draw.polygon(s, (*ROPE, 200), p, max(1, ppi // 14))
        c = (sum(x for x, _ in p) // len(p), sum(y for _, y in p) // len(p))
        long_x = r.w >= r.h  # the yard runs along the top's long side
        yard = (
            ((r.left + ppi // 4, c[1]), (r.right - ppi // 4, c[1]))
            if long_x
            else ((c[0], r.top + ppi // 4), (c[0], r.bottom - ppi // 4))
        )
        pygame.draw.line(s, ROPE_DARK, yard[0], yard[1], max(2, ppi // 6))
        pygame.draw.circle(s, (30, 20, 12), c, max(3, int(ppi * 0.4)))
        pygame.draw.circle(s, MAST, c, max(2, int(ppi * 0.32)))
        pygame.draw.circle(s, (160, 112, 64), c, max(1, int(ppi * 0.14)))
        mast_of[z.name.rsplit("_", 1)[0]] = c
    for lk in tmap.links:
        a, b = _pts([lk.a, lk.b], ppi)
        if lk.kind == "shroud":
            # a rope ladder from the rail toward the mast, and a climb arrow at its foot
            key = lk.name.rsplit("_", 1)[0]
            top = mast_of.get(key)
            end = b
            if top is not None and math.dist(a, top) > math.dist(a, b):
                end = (int(a[0] + (top[0] - a[0]) * 0.8), int(a[1] + (top[1] - a[1]) * 0.8))
            _ladder(s, a, end, max(4, ppi * 0.45), ROPE, ROPE, max(3, ppi // 4))
            _arrow(
                s,
                (a[0] + (end[0] - a[0]) * 0.35, a[1] + (end[1] - a[1]) * 0.35),
                (end[0] - a[0], end[1] - a[1]),
                max(4, ppi // 3),
            )
        elif lk.kind == "hatch":
            k = max(4, int(ppi * 0.55))
            box = pygame.Rect(0, 0, 2 * k, 2 * k)
            box.center = a
            pygame.draw.rect(s, GRATE, box)
            for i in range(1, 4):
                pygame.draw.line(s, WOOD, (box.x + box.w * i // 4, box.y), (box.x + box.w * i // 4, box.bottom), 1)
                pygame.draw.line(s, WOOD, (box.x, box.y + box.h * i // 4), (box.right, box.y + box.h * i // 4), 1)
            pygame.draw.rect(s, WOOD, box, max(1, ppi // 12))
            _arrow(s, (a[0], a[1] + k * 0.7), (0, 1), max(4, ppi // 3))
        else:  # a ladder or plank between two points (decks of different heights)
            if math.dist(a, b) < 2:
                continue
            _ladder(s, a, b, max(4, ppi * 0.6), WOOD, (120, 84, 44), max(3, ppi // 4))
