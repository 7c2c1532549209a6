"""Dice faces as cached sprites: pips for d6, the number on a shaded die for anything else."""

from __future__ import annotations

from functools import lru_cache

import pygame
import pygame.gfxdraw

from . import fonts

PIPS = {
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
}


@lru_cache(maxsize=512)
def die_face(
    die: int,
    face: int,
    size: int,
    tint: tuple[int, int, int] = (245, 240, 228),
    ink: tuple[int, int, int] = (25, 20, 20),
) -> pygame.Surface:
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(s, tint, (0, 0, size, size), border_radius=max(2, size // 5))
    pygame.draw.rect(s, (60, 50, 40), (0, 0, size, size), 1, border_radius=max(2, size // 5))
    if die == 6 and face in PIPS:
        pr = max(1, size // 10)
        for gx, gy in PIPS[face]:
            cx = int(size * (0.25 + 0.25 * gx))
            cy = int(size * (0.25 + 0.25 * gy))
            pygame.gfxdraw.filled_circle(s, cx, cy, pr, ink)
            pygame.gfxdraw.aacircle(s, cx, cy, pr, ink)
    else:
        t = fonts.text(str(face), max(8, int(size * 0.55)), ink, True)
        s.blit(t, t.get_rect(center=(size // 2, size // 2)))
    return s
