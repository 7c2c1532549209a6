#!/usr/bin/env python3
"""Draw the game's icon with pygame (headless) and write it in the sizes desktops ask for.

    tools/make_icon.py      # writes assets/icon.png and packaging/linux/icons/hicolor/NxN/apps/APP_ID.png

Crossed cutlasses over a ship's wheel on a night-sea tile. Drawn once at 1024 px and halved step by
step to each size (a single large smoothscale aliases the thin blades). assets/icon.png is the
window's own icon (game/ui/scenes/app.py sets it); the hicolor tree goes into the Linux bundle beside the
.desktop file. Same code, same bytes.
"""

from __future__ import annotations

import math
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from game.ui.scenes.app import APP_ID  # noqa: E402

#: the sizes of the freedesktop hicolor theme a launcher or menu asks for
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
#: the window's icon: large enough for a task switcher, small enough to load at once
WINDOW_ICON_SIZE = 128
BIG = 1024

SEA_TOP, SEA_BOTTOM = (18, 32, 58), (22, 84, 104)
WOOD, WOOD_DARK = (150, 96, 48), (92, 56, 26)
STEEL, STEEL_EDGE = (226, 232, 238), (120, 132, 146)
GOLD, GOLD_DARK = (236, 184, 64), (150, 104, 24)
FOAM = (200, 230, 236)


def _rounded_mask(size: int, radius: int) -> pygame.Surface:
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    return mask


def _sea(surf: pygame.Surface) -> None:
    n = surf.get_height()
    for y in range(n):
        t = y / (n - 1)
        colour = [round(a + (b - a) * t) for a, b in zip(SEA_TOP, SEA_BOTTOM)]
        pygame.draw.line(surf, colour, (0, y), (n - 1, y))
    for row, amp in ((0.80, 18), (0.90, 14)):
        y0 = n * row
        points = [(x, y0 + amp * math.sin(x / n * 6 * math.pi)) for x in range(0, n + 1, 8)]
        pygame.draw.lines(surf, FOAM, False, points, 14)


def _wheel(surf: pygame.Surface, c: tuple[float, float], r: float) -> None:
    for k in range(8):  # the spokes with their handles past the rim
        a = k * math.pi / 4 + math.pi / 8
        end = (c[0] + math.cos(a) * r * 1.28, c[1] + math.sin(a) * r * 1.28)
        pygame.draw.line(surf, WOOD_DARK, c, end, 46)
        pygame.draw.circle(surf, WOOD_DARK, end, 34)
        pygame.draw.line(surf, WOOD, c, end, 30)
        pygame.draw.circle(surf, WOOD, end, 24)
    pygame.draw.circle(surf, WOOD_DARK, c, r + 26, 74)
    pygame.draw.circle(surf, WOOD, c, r + 16, 48)
    pygame.draw.circle(surf, WOOD_DARK, c, 70)
    pygame.draw.circle(surf, GOLD, c, 50)


def _cutlass(surf: pygame.Surface, grip: tuple[float, float], angle: float, length: float) -> None:
    """A curved blade from the guard at `grip` along `angle` (radians), hilt behind it."""
    ux, uy = math.cos(angle), math.sin(angle)
    nx, ny = -uy, ux  # the side the blade curves toward
    spine, edge = [], []
    steps = 24
    for i in range(steps + 1):
        t = i / steps
        bow = 0.10 * length * math.sin(t * math.pi * 0.85)  # the cutlass's curve
        width = 64 * (1 - 0.55 * t) if i < steps else 4
        px, py = grip[0] + ux * length * t + nx * bow, grip[1] + uy * length * t + ny * bow
        spine.append((px - nx * width * 0.35, py - ny * width * 0.35))
        edge.append((px + nx * width * 0.65, py + ny * width * 0.65))
    blade = spine + edge[::-1]
    pygame.draw.polygon(surf, STEEL, blade)
    pygame.draw.polygon(surf, STEEL_EDGE, blade, 8)
    # the guard (a bar across) and the grip with its pommel
    g0 = (grip[0] + nx * 80, grip[1] + ny * 80)
    g1 = (grip[0] - nx * 80, grip[1] - ny * 80)
    pygame.draw.line(surf, GOLD_DARK, g0, g1, 40)
    pygame.draw.line(surf, GOLD, g0, g1, 24)
    hilt_end = (grip[0] - ux * 150, grip[1] - uy * 150)
    pygame.draw.line(surf, WOOD_DARK, grip, hilt_end, 46)
    pygame.draw.line(surf, WOOD, grip, hilt_end, 28)
    pygame.draw.circle(surf, GOLD_DARK, hilt_end, 40)
    pygame.draw.circle(surf, GOLD, hilt_end, 28)


def draw_icon() -> pygame.Surface:
    """The icon at BIG × BIG pixels, transparent outside its rounded tile."""
    n = BIG
    art = pygame.Surface((n, n))  # opaque while it is drawn: blending onto alpha rounds below 255
    _sea(art)
    _wheel(art, (n / 2, n * 0.47), n * 0.25)
    # two blades crossing above the wheel's hub, guards low on either side
    _cutlass(art, (n * 0.24, n * 0.76), -math.pi / 4, n * 0.70)
    blade = pygame.Surface((n, n), pygame.SRCALPHA)
    _cutlass(blade, (n * 0.24, n * 0.76), -math.pi / 4, n * 0.70)
    art.blit(pygame.transform.flip(blade, True, False), (0, 0))
    tile = _rounded_mask(n, round(n * 0.18))
    tile.blit(art, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    rim = pygame.Surface((n, n), pygame.SRCALPHA)
    pygame.draw.rect(rim, (*GOLD_DARK, 255), rim.get_rect(), 20, border_radius=round(n * 0.18))
    tile.blit(rim, (0, 0))
    return tile


def scaled(icon: pygame.Surface, size: int) -> pygame.Surface:
    """`icon` at size × size, halved step by step so that thin strokes stay smooth."""
    out = icon
    while out.get_width() >= size * 2:
        w = out.get_width() // 2
        out = pygame.transform.smoothscale(out, (w, w))
    if out.get_width() != size:
        out = pygame.transform.smoothscale(out, (size, size))
    return out


def icon_paths(root: str = ROOT) -> dict[int, str]:
    """Where each size of the bundle's icon goes, by size."""
    return {
        s: os.path.join(root, "packaging", "linux", "icons", "hicolor", f"{s}x{s}", "apps", f"{APP_ID}.png")
        for s in SIZES
    }


def main() -> int:
    pygame.init()
    icon = draw_icon()
    for size, path in icon_paths().items():
        os.makedirs(os.path.dirname(path), exist_ok=True)
        pygame.image.save(scaled(icon, size), path)
        print(os.path.relpath(path, ROOT))
    window = os.path.join(ROOT, "assets", "icon.png")
    pygame.image.save(scaled(icon, WINDOW_ICON_SIZE), window)
    print(os.path.relpath(window, ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
