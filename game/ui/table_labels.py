"""The words drawn on the table beside figures (a hovered figure's name, a tap's target and its
chance): sized for the window, and placed so that no two of one frame overprint each other."""

from __future__ import annotations

import pygame

from . import fonts

#: the labels' text size at 1280×800 (fonts.scaled grows it with the window)
SIZE = 15


def label_size(window: tuple[int, int]) -> int:
    return fonts.scaled(SIZE, window)


class TableLabels:
    """The rects of the labels drawn on the table this frame, inside ``bounds`` (the map)."""

    def __init__(self, bounds: pygame.Rect):
        self.bounds = pygame.Rect(bounds)
        self.taken: list[pygame.Rect] = []

    def place(self, size: tuple[int, int], midbottom: tuple[int, int]) -> pygame.Rect:
        """Where a label of ``size`` goes: centred above ``midbottom``, inside the map, moved up past
        any label already there (down below it when the map's top is in the way)."""
        r = pygame.Rect((0, 0), size)
        r.midbottom = midbottom
        r.clamp_ip(self.bounds)
        up = True
        for _ in range(2 * len(self.taken) + 2):
            hit = r.collidelist(self.taken)
            if hit < 0:
                break
            other = self.taken[hit]
            if up and other.top - 1 - r.h >= self.bounds.top:
                r.bottom = other.top - 1
            else:
                up = False  # no room above: go down, past each in the way
                r.top = other.bottom + 1
        self.taken.append(r)
        return r

    def blit(self, dst: pygame.Surface, label: pygame.Surface, midbottom: tuple[int, int]) -> pygame.Rect:
        r = self.place(label.get_size(), midbottom)
        dst.blit(label, r)
        return r
