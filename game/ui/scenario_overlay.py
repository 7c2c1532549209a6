"""What the scenario rules put on the table, drawn from what the ruleset lets a side observe
(``Ruleset.observe``): the spreading fire (SCN-FIRE-1), the night (option ``night``) and the
sleepers of the watch below (SCN-ALARM-1)."""

from __future__ import annotations

import math

import pygame

from . import fonts

FIRE_DECK = (255, 110, 20)
FIRE_HOLD = (200, 60, 10)


def draw_fire(surf: pygame.Surface, cam, cells, *, hold_open: bool, t: float = 0.0) -> None:
    """Burning cells ((level, x, y, size) in inches, ``Observation.fire``) as flickering translucent
    squares; cells in the hold only while it is open."""
    if not cells:
        return
    ppi = cam.ppi
    size = max(1, int(round(cells[0][3] * ppi)))
    tile = pygame.Surface((size, size), pygame.SRCALPHA)
    for level, x, y, _ in cells:
        if level != "deck" and not hold_open:
            continue
        # a slow flicker, different per cell, so the fire reads as fire and not as a zone outline
        a = 95 + int(45 * (0.5 + 0.5 * math.sin(t * 5.0 + x * 1.7 + y * 2.3)))
        colour = FIRE_DECK if level == "deck" else FIRE_HOLD
        tile.fill((*colour, a))
        pygame.draw.rect(tile, (255, 200, 60, min(255, a + 60)), tile.get_rect(), max(1, ppi // 16))
        surf.blit(tile, cam.to_screen(x, y))


def draw_night(surf: pygame.Surface, rect: pygame.Rect, state) -> None:
    """Scenario option ``night``: the table under a dark blue veil (sight is cut short by the rules,
    ``sight_limit``; this only says so)."""
    if not state.options.get("night"):
        return
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    veil.fill((8, 12, 40, 140))
    surf.blit(veil, rect.topleft)


def draw_sleepers(surf: pygame.Surface, cam, state, sleepers, *, hold_open: bool) -> None:
    """A "z" over each sleeping figure (``Observation.sleepers``) until the alarm (only where its
    level is drawn)."""
    if not sleepers:
        return
    label = fonts.outlined("z", max(10, cam.ppi // 2), (200, 220, 255))
    for fid in sleepers:
        f = state.figures.get(fid)
        if f is None or not f.in_play or (f.level == "hold" and not hold_open):
            continue
        sx, sy = cam.to_screen(f.x + f.radius * 0.6, f.y - f.radius * 1.1)
        surf.blit(label, label.get_rect(center=(sx, sy)))
