#!/usr/bin/env python3
"""Render a Tiled map to a PNG: its tile layers, with zones, obstacles, links and deployment drawn
on top from the TacticalMap (what the table actually plays on).

    tools/render_map.py maps/boarding_action.tmx out/boarding_action.png [--scale PX_PER_INCH] [--plain]
"""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import pygame  # noqa: E402
import pytmx  # noqa: E402

from game.table import load_map  # noqa: E402

ZONE_COLOURS = {"impassable": (60, 160, 255), "tough": (60, 200, 60)}


def draw_tiles(path: str, surf: pygame.Surface, scale: float) -> None:
    tm = pytmx.TiledMap(path, load_images=False, allow_duplicate_names=True)
    sheets = {}
    for ts in tm.tilesets:
        src = ts.source
        img = None
        if not src.endswith(".tsx"):  # pytmx replaces a .tsx source with its image's
            img = os.path.join(os.path.dirname(path), src)
        else:
            import xml.etree.ElementTree as ET

            tsx = os.path.join(os.path.dirname(path), ts.source)
            el = ET.parse(tsx).getroot().find("image")
            src = el.get("source") if el is not None else None
            if src is None:
                raise SystemExit(f"{tsx}: the tileset has no image")
            img = os.path.join(os.path.dirname(tsx), src)
        sheets[ts.firstgid] = (pygame.image.load(img), ts)
    inch = float((tm.properties or {}).get("inch", tm.tilewidth))
    k = scale / inch
    tw, th = int(round(tm.tilewidth * k)), int(round(tm.tileheight * k))
    cache = {}
    for layer in tm.visible_layers:
        if not isinstance(layer, pytmx.TiledTileLayer):
            continue
        for x, y, g in layer:
            if not g:
                continue
            real = tm.tiledgidmap.get(g, g) & 0x0FFFFFFF
            first = max(f for f in sheets if f <= real)
            sheet, ts = sheets[first]
            if real not in cache:
                i = real - first
                cols = max(1, sheet.get_width() // ts.tilewidth)
                r = pygame.Rect((i % cols) * ts.tilewidth, (i // cols) * ts.tileheight, ts.tilewidth, ts.tileheight)
                cache[real] = pygame.transform.scale(sheet.subsurface(r), (tw, th))
            surf.blit(cache[real], (x * tw, y * th))


def draw_figures(path: str, over: pygame.Surface, scale: float, font) -> None:
    """The roster of the scenario beside the map (NAME.toml), if any, as coloured bases."""
    import tomllib

    toml = os.path.splitext(path)[0] + ".toml"
    if not os.path.exists(toml):
        return
    with open(toml, "rb") as fh:
        sc = tomllib.load(fh)
    colours = {s["id"]: pygame.Color(s.get("colour", "#ffffff")) for s in sc.get("sides", [])}
    for f in sc.get("figures", []):
        if "x" not in f:
            continue
        c = colours.get(f["side"], pygame.Color("white"))
        p = (f["x"] * scale, f["y"] * scale)
        pygame.draw.circle(over, c, p, f.get("base", 1.0) / 2 * scale)
        pygame.draw.circle(over, (0, 0, 0), p, f.get("base", 1.0) / 2 * scale, 2)
        if f.get("rank") in ("captain", "officer"):
            pygame.draw.circle(over, (255, 215, 0), p, 4)


def render(path: str, out: str, scale: float = 32.0, plain: bool = False) -> None:
    pygame.init()
    tmap = load_map(path)
    W, H = int(tmap.width * scale), int(tmap.height * scale)
    surf = pygame.Surface((W, H))
    surf.fill((0, 0, 0))
    draw_tiles(path, surf, scale)
    if not plain:
        font = pygame.font.Font(None, max(12, int(scale * 0.5)))
        over = pygame.Surface((W, H), pygame.SRCALPHA)

        def P(p):
            return (p[0] * scale, p[1] * scale)

        for z in tmap.zones:
            if z.terrain == "impassable" and z.water:
                col = (60, 160, 255, 60)
            elif z.level == "hold":
                col = (255, 140, 0, 255)
            elif z.level == "rigging":
                col = (255, 255, 255, 255)
            elif z.terrain == "tough":
                col = (60, 230, 60, 255)
            elif z.advantageous:
                col = (255, 60, 200, 255)
            else:
                col = (240, 240, 120, 200)
            pygame.draw.polygon(over, col, [P(p) for p in z.points], 2)
        for o in tmap.obstacles:
            col = (230, 40, 40, 255) if o.kind == "single" else (255, 90, 20, 255)
            if o.shape == "circle":
                pygame.draw.circle(over, col, P(o.points[0]), o.radius * scale, 2)
            elif o.shape == "polyline":
                pygame.draw.lines(over, col, False, [P(p) for p in o.points], max(2, int(2 * o.radius * scale)))
            else:
                pygame.draw.polygon(over, col, [P(p) for p in o.points], 2)
        for lk in tmap.links:
            pygame.draw.line(over, (255, 230, 0, 255), P(lk.a), P(lk.b), 3)
            pygame.draw.circle(over, (255, 230, 0, 255), P(lk.a), 4)
            pygame.draw.circle(over, (0, 0, 0, 255), P(lk.b), 3)
        for d in tmap.deployments:
            pygame.draw.polygon(over, (40, 255, 90, 255), [P(p) for p in d.points], 3)
            lab = font.render(d.side, True, (40, 255, 90))
            over.blit(lab, P(d.points[0]))
        for z in tmap.zones:
            if z.name and not (z.water and z.terrain == "impassable"):
                xs = [p[0] for p in z.points]
                ys = [p[1] for p in z.points]
                over.blit(font.render(z.name, True, (255, 255, 255)), P((min(xs) + 0.2, min(ys) + 0.2)))
        draw_figures(path, over, scale, font)
        surf.blit(over, (0, 0))
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    pygame.image.save(surf, out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("map")
    ap.add_argument("out")
    ap.add_argument("--scale", type=float, default=32.0, help="pixels per inch in the PNG")
    ap.add_argument("--plain", action="store_true", help="tiles only, no overlay")
    a = ap.parse_args(argv)
    render(a.map, a.out, a.scale, a.plain)
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
