#!/usr/bin/env python3
"""Writes the top-down figure art, one PNG per role, to assets/figures/ (and a contact sheet,
docs/figures.png, of every role on a base in two side colours and in each status).

    python tools/make_figure_art.py
The pictures are drawn by game/ui/figure_art.py (pygame primitives), so the game can also draw a
missing one itself; this tool keeps the committed PNGs in step with that code.
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> int:
    import pygame

    from game.ui import fonts
    from game.ui.figure_art import ROLES, draw_role, figure_sprite

    pygame.init()
    out = os.path.join(ROOT, "assets", "figures")
    os.makedirs(out, exist_ok=True)
    for role in ROLES:
        pygame.image.save(draw_role(role), os.path.join(out, f"{role}.png"))
    # contact sheet: each role at 28 px and 64 px, two sides, and the statuses
    cell, d = 96, 64
    statuses = ("unwounded", "wounded", "captive", "disarmed")
    sheet = pygame.Surface((cell * (len(statuses) + 2), cell * len(ROLES)))
    sheet.fill((150, 120, 80))
    for i, role in enumerate(ROLES):
        y = i * cell
        sheet.blit(fonts.text(role.replace("_", " "), 12, (20, 20, 20)), (4, y + 2))
        sheet.blit(figure_sprite(role, (40, 60, 140), "square", 28), (8, y + 40))
        sheet.blit(figure_sprite(role, (200, 40, 40), "circle", 28), (48, y + 40))
        for j, st in enumerate(statuses):
            sheet.blit(figure_sprite(role, (40, 60, 140), "square", d, st), (cell * (j + 2), y + 16))
    pygame.image.save(sheet, os.path.join(ROOT, "docs", "figures.png"))
    print(f"{len(ROLES)} roles written to {out}; contact sheet docs/figures.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
