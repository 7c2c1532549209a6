#!/usr/bin/env python3
"""Draw the game's tileset deterministically with pygame (headless) and write the Tiled tileset.

    tools/make_tileset.py            # writes assets/tiles/boarders.png, maps/tiles/boarders.png, maps/boarders.tsx

One 8×4 sheet of 32-pixel tiles (1 tile = 1 inch at the maps' 32 px per inch). The copy under
maps/tiles/ is what maps/boarders.tsx references: a map and everything it names stay inside maps/
(the loader refuses references escaping a map's folder). Same code, same bytes.
"""

from __future__ import annotations

import math
import os
import random
import shutil
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
T = 32
COLS, ROWS = 8, 4
#: Tile names in sheet order; local tile id = index (gid = index + firstgid).
TILES = [
    "water",
    "water2",
    "planks",
    "planks_dark",
    "hull",
    "rail",
    "sand",
    "grass",
    "grass2",
    "wood_floor",
    "cobbles",
    "wall",
    "dirt",
    "pier",
    "foliage",
    "rocks",
    "barrel",
    "crate",
    "cannon_up",
    "cannon_down",
    "hatch",
    "mast",
    "rigging",
    "fence_h",
    "fence_v",
    "log",
    "table",
    "bush",
    "shore",
    "hold_floor",
    "door",
    "ladder",
]
TILE = {name: i for i, name in enumerate(TILES)}


def _noise(s: pygame.Surface, rng: random.Random, base, spread: int, n: int = 90) -> None:
    for _ in range(n):
        x, y = rng.randrange(T), rng.randrange(T)
        d = rng.randint(-spread, spread)
        c = tuple(max(0, min(255, v + d)) for v in base)
        s.set_at((x, y), c)


def _planks(s, rng, base, vertical=False):
    s.fill(base)
    _noise(s, rng, base, 14)
    dark = tuple(max(0, v - 45) for v in base)
    for k in range(0, T, 8):
        if vertical:
            pygame.draw.line(s, dark, (k, 0), (k, T - 1))
            j = rng.randrange(4, T - 4)
            pygame.draw.line(s, dark, (k, j), (k + 7, j))
        else:
            pygame.draw.line(s, dark, (0, k), (T - 1, k))
            j = rng.randrange(4, T - 4)
            pygame.draw.line(s, dark, (j, k), (j, k + 7))
    for _ in range(3):
        pygame.draw.circle(s, dark, (rng.randrange(2, T - 2), rng.randrange(2, T - 2)), 1)


def _water(s, rng, phase):
    s.fill((28, 84, 130))
    _noise(s, rng, (28, 84, 130), 10, 120)
    for k in range(4):
        y = 4 + k * 8 + phase
        pts = [(x, y + 2 * math.sin((x + phase * 5 + k * 7) / 5)) for x in range(0, T + 1, 2)]
        pygame.draw.lines(s, (70, 135, 180), False, pts, 1)


def _grass(s, rng, base):
    s.fill(base)
    _noise(s, rng, base, 18, 160)
    for _ in range(10):
        x, y = rng.randrange(T), rng.randrange(4, T)
        pygame.draw.line(s, tuple(max(0, v - 30) for v in base), (x, y), (x + rng.randint(-2, 2), y - 4))


def draw_tile(name: str, rng: random.Random) -> pygame.Surface:
    s = pygame.Surface((T, T), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    if name in ("water", "water2"):
        _water(s, rng, 0 if name == "water" else 4)
    elif name == "planks":
        _planks(s, rng, (176, 132, 82))
    elif name == "planks_dark":
        _planks(s, rng, (140, 98, 58))
    elif name == "hold_floor":
        _planks(s, rng, (92, 66, 42))
    elif name == "pier":
        _planks(s, rng, (150, 120, 88), vertical=True)
    elif name == "wood_floor":
        _planks(s, rng, (160, 112, 70), vertical=True)
    elif name == "hull":
        s.fill((86, 54, 30))
        _noise(s, rng, (86, 54, 30), 12)
        for y in (6, 14, 22, 30):
            pygame.draw.line(s, (60, 36, 20), (0, y), (T - 1, y), 2)
    elif name == "rail":
        _planks(s, rng, (176, 132, 82))
        pygame.draw.rect(s, (98, 62, 34), (0, 12, T, 8))
        pygame.draw.line(s, (140, 98, 58), (0, 13), (T - 1, 13))
    elif name == "sand":
        s.fill((214, 196, 140))
        _noise(s, rng, (214, 196, 140), 20, 200)
    elif name == "grass":
        _grass(s, rng, (86, 140, 60))
    elif name == "grass2":
        _grass(s, rng, (98, 150, 66))
        for _ in range(3):
            pygame.draw.circle(s, (230, 220, 120), (rng.randrange(3, T - 3), rng.randrange(3, T - 3)), 1)
    elif name == "dirt":
        s.fill((126, 98, 66))
        _noise(s, rng, (126, 98, 66), 22, 200)
    elif name == "cobbles":
        s.fill((110, 106, 100))
        for row in range(4):
            off = 4 if row % 2 else 0
            for col in range(-1, 4):
                r = pygame.Rect(col * 8 + off + 1, row * 8 + 1, 7, 7)
                c = 130 + rng.randint(-18, 18)
                pygame.draw.rect(s, (c, c - 4, c - 10), r, border_radius=2)
    elif name == "wall":
        s.fill((96, 90, 84))
        for row in range(4):
            off = 8 if row % 2 else 0
            for col in range(-1, 3):
                r = pygame.Rect(col * 16 + off + 1, row * 8 + 1, 15, 7)
                c = 150 + rng.randint(-14, 14)
                pygame.draw.rect(s, (c, c - 8, c - 16), r)
    elif name == "foliage":
        for _ in range(14):
            g = rng.randint(60, 110)
            pygame.draw.circle(
                s, (30, g, 34, 235), (rng.randrange(2, T - 2), rng.randrange(2, T - 2)), rng.randint(5, 9)
            )
        for _ in range(6):
            pygame.draw.circle(s, (70, 140, 70, 200), (rng.randrange(4, T - 4), rng.randrange(4, T - 4)), 2)
    elif name == "bush":
        for _ in range(7):
            pygame.draw.circle(
                s,
                (44, rng.randint(96, 130), 44, 240),
                (16 + rng.randint(-6, 6), 16 + rng.randint(-6, 6)),
                rng.randint(4, 7),
            )
    elif name == "rocks":
        for _ in range(4):
            cx, cy, rr = rng.randrange(8, 24), rng.randrange(8, 24), rng.randint(5, 9)
            pts = [
                (cx + rr * math.cos(a) * rng.uniform(0.7, 1.1), cy + rr * math.sin(a) * rng.uniform(0.7, 1.1))
                for a in [k * math.pi / 4 for k in range(8)]
            ]
            c = rng.randint(110, 150)
            pygame.draw.polygon(s, (c, c, c + 6), pts)
            pygame.draw.polygon(s, (70, 70, 76), pts, 1)
    elif name == "barrel":
        pygame.draw.circle(s, (112, 70, 36), (16, 16), 13)
        pygame.draw.circle(s, (60, 60, 64), (16, 16), 13, 2)
        pygame.draw.circle(s, (60, 60, 64), (16, 16), 8, 1)
        pygame.draw.circle(s, (140, 92, 50), (16, 16), 5)
    elif name == "crate":
        pygame.draw.rect(s, (160, 116, 62), (2, 2, 28, 28))
        pygame.draw.rect(s, (96, 64, 32), (2, 2, 28, 28), 2)
        pygame.draw.line(s, (96, 64, 32), (3, 3), (29, 29), 2)
        pygame.draw.line(s, (96, 64, 32), (29, 3), (3, 29), 2)
    elif name in ("cannon_up", "cannon_down"):
        car = pygame.Rect(7, 14, 18, 14) if name == "cannon_up" else pygame.Rect(7, 4, 18, 14)
        pygame.draw.rect(s, (96, 60, 30), car)
        barrel = pygame.Rect(12, 1, 8, 24) if name == "cannon_up" else pygame.Rect(12, 7, 8, 24)
        pygame.draw.rect(s, (40, 40, 44), barrel, border_radius=3)
        pygame.draw.rect(s, (90, 90, 96), barrel, 1, border_radius=3)
    elif name == "hatch":
        pygame.draw.rect(s, (90, 62, 36), (2, 2, 28, 28))
        for k in range(5, 29, 5):
            pygame.draw.line(s, (40, 28, 16), (k, 4), (k, 27), 2)
            pygame.draw.line(s, (40, 28, 16), (4, k), (27, k), 2)
    elif name == "mast":
        pygame.draw.circle(s, (70, 44, 22), (16, 16), 14)
        pygame.draw.circle(s, (120, 84, 48), (16, 16), 11)
        pygame.draw.circle(s, (70, 44, 22), (16, 16), 4)
    elif name == "rigging":
        for k in range(0, T + 1, 8):
            pygame.draw.line(s, (60, 44, 30, 200), (k, 0), (k, T - 1), 1)
            pygame.draw.line(s, (60, 44, 30, 200), (0, k), (T - 1, k), 1)
        pygame.draw.line(s, (230, 226, 210, 140), (0, 16), (T - 1, 16), 3)
    elif name == "fence_h":
        pygame.draw.rect(s, (120, 86, 50), (0, 13, T, 3))
        pygame.draw.rect(s, (120, 86, 50), (0, 19, T, 3))
        for x in (4, 20):
            pygame.draw.rect(s, (84, 58, 32), (x, 10, 4, 14))
    elif name == "fence_v":
        pygame.draw.rect(s, (120, 86, 50), (13, 0, 3, T))
        pygame.draw.rect(s, (120, 86, 50), (19, 0, 3, T))
        for y in (4, 20):
            pygame.draw.rect(s, (84, 58, 32), (10, y, 14, 4))
    elif name == "log":
        pygame.draw.rect(s, (104, 72, 40), (0, 8, T, 16))
        pygame.draw.line(s, (70, 46, 24), (0, 12), (T - 1, 12))
        pygame.draw.line(s, (70, 46, 24), (0, 19), (T - 1, 19))
    elif name == "table":
        pygame.draw.rect(s, (128, 82, 44), (3, 5, 26, 22), border_radius=3)
        pygame.draw.rect(s, (84, 52, 26), (3, 5, 26, 22), 2, border_radius=3)
        pygame.draw.circle(s, (220, 220, 200), (11, 13), 3)
        pygame.draw.circle(s, (150, 40, 40), (21, 19), 2)
    elif name == "shore":
        s.fill((214, 196, 140))
        _noise(s, rng, (214, 196, 140), 20, 120)
        pygame.draw.polygon(s, (28, 84, 130), [(0, 20), (8, 17), (16, 21), (24, 18), (32, 20), (32, 32), (0, 32)])
        pygame.draw.lines(s, (235, 240, 245), False, [(0, 20), (8, 17), (16, 21), (24, 18), (31, 20)], 2)
    elif name == "door":
        pygame.draw.rect(s, (120, 76, 40), (2, 2, 28, 28))
        pygame.draw.rect(s, (70, 44, 22), (2, 2, 28, 28), 2)
        pygame.draw.circle(s, (200, 180, 90), (24, 16), 2)
    elif name == "ladder":
        pygame.draw.line(s, (110, 74, 40), (8, 0), (8, T - 1), 3)
        pygame.draw.line(s, (110, 74, 40), (24, 0), (24, T - 1), 3)
        for y in range(3, T, 7):
            pygame.draw.line(s, (140, 98, 58), (8, y), (24, y), 2)
    return s


def build_sheet() -> pygame.Surface:
    sheet = pygame.Surface((COLS * T, ROWS * T), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    for i, name in enumerate(TILES):
        rng = random.Random(f"boarders-tile-{name}")
        sheet.blit(draw_tile(name, rng), ((i % COLS) * T, (i // COLS) * T))
    return sheet


def tsx_text(image: str = "tiles/boarders.png") -> str:
    tiles = "\n".join(f' <tile id="{i}" type="{n}"/>' for i, n in enumerate(TILES))
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<tileset version="1.10" tiledversion="1.10.2" name="boarders" tilewidth="{T}" tileheight="{T}" '
        f'tilecount="{len(TILES)}" columns="{COLS}">\n'
        f' <image source="{image}" width="{COLS * T}" height="{ROWS * T}"/>\n{tiles}\n</tileset>\n'
    )


def main(argv: list[str] | None = None) -> int:
    pygame.init()
    sheet = build_sheet()
    out_assets = os.path.join(ROOT, "assets", "tiles", "boarders.png")
    out_maps = os.path.join(ROOT, "maps", "tiles", "boarders.png")
    for p in (out_assets, out_maps):
        os.makedirs(os.path.dirname(p), exist_ok=True)
    pygame.image.save(sheet, out_assets)
    shutil.copyfile(out_assets, out_maps)
    with open(os.path.join(ROOT, "maps", "boarders.tsx"), "w", encoding="utf-8") as fh:
        fh.write(tsx_text())
    print(
        f"wrote {os.path.relpath(out_assets, ROOT)}, {os.path.relpath(out_maps, ROOT)}, maps/boarders.tsx "
        f"({len(TILES)} tiles)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
