"""Drawing the table: tile layers pre-rendered once, then one cached scaled surface per zoom step.

Why a cached surface per zoom step (measured in ``tools/bench.py`` section ``frame``): blitting
the visible part of one big pre-scaled surface costs one clipped blit a frame; drawing every tile
each frame costs one blit per visible tile (~1,500 at 1920×1080 on a 32 px/inch map) and scaling
the visible region each frame costs a smoothscale of the whole viewport.

Tiled maps are loaded with ``pytmx.util_pygame.load_pygame`` here only (the rules load the same
file image-less). "open:WxH" maps get a parchment ground with a one-inch grid.

Memory: a 48×32-inch map is 24 MB a step at 64 px/inch, so the ground cache is bounded by bytes
(``budget``) as well as by steps (``keep``); the zones overlay is baked into the ground and not
kept beside it (it was: up to three more full-map alpha surfaces, found by the screen fuzz).
"""

from __future__ import annotations

import random
from collections import OrderedDict

import pygame

from .camera import Camera

PARCHMENT = (214, 196, 152)
GRID = (176, 156, 112)
GRID_MAJOR = (150, 128, 88)
EDGE_COLOUR = (60, 45, 30)
TERRAIN_COLOURS = {"tough": (120, 140, 70, 90), "impassable": (40, 40, 60, 140)}
COVER_COLOURS = {"soft": (90, 150, 60), "hard": (110, 90, 70)}
LEVEL_COLOURS = {"hold": (30, 20, 15), "rigging": (230, 230, 240)}


def _shared_tiles(filename: str, colorkey, **_kw):
    """A pytmx image loader whose tiles are views into the one decoded picture. pytmx's own
    (``pygame_image_loader``) converts a copy of every tile, holding a tileset's pixels twice: the
    map guard's image budget (maps/README.md) counts each picture once, so this loader keeps it so."""
    from pytmx.util_pygame import handle_transformation

    image = pygame.image.load(filename)
    if colorkey:
        image.set_colorkey(pygame.Color(f"#{colorkey}"))

    def load_image(rect=None, flags=None):
        tile = image.subsurface(rect) if rect else image
        return handle_transformation(tile, flags) if flags else tile

    return load_image


def load_tiles(path: str) -> pygame.Surface | None:
    """The tile, image and tile-object layers of a Tiled map flattened at its own pixel size."""
    import pytmx

    from game.table.loader import tiled_map

    try:
        # the map guard's tree (tilesets, templates resolved), never a file pytmx parses unchecked
        tmx = tiled_map(path, image_loader=_shared_tiles)
    except Exception:  # noqa: BLE001 - MapError, or an image pygame cannot load; the table reports the map
        return None
    tw, th = tmx.tilewidth, tmx.tileheight
    surf = pygame.Surface((max(1, tmx.width * tw), max(1, tmx.height * th)), pygame.SRCALPHA)
    if tmx.background_color:
        surf.fill(pygame.Color(tmx.background_color))
    for layer in tmx.visible_layers:
        # each layer's offset is its own plus its groups' (the map guard adds them up)
        ox, oy = int(getattr(layer, "offsetx", 0) or 0), int(getattr(layer, "offsety", 0) or 0)
        if isinstance(layer, pytmx.TiledTileLayer):
            for x, y, image in layer.tiles():
                if image is not None:
                    surf.blit(image, (ox + x * tw, oy + y * th + th - image.get_height()))
        elif isinstance(layer, pytmx.TiledImageLayer) and layer.image is not None:
            surf.blit(layer.image, (ox, oy))
        elif isinstance(layer, pytmx.TiledObjectGroup):
            for obj in layer:
                img = getattr(obj, "image", None)
                if img is not None:
                    if (obj.width, obj.height) != img.get_size() and obj.width and obj.height:
                        img = pygame.transform.smoothscale(img, (int(obj.width), int(obj.height)))
                    surf.blit(img, (obj.x, obj.y))
    tmx.images.clear()  # the decoded pictures go now, not whenever the garbage collector meets pytmx's cycles
    return surf  # not converted: a copy of the whole picture, while each zoom step is converted once


def parchment(w: int, h: int, seed: int = 7) -> pygame.Surface:
    """A plain ground: parchment with faint blotches (deterministic)."""
    s = pygame.Surface((max(1, w), max(1, h)))
    s.fill(PARCHMENT)
    rng = random.Random(seed)
    blot = pygame.Surface((64, 64), pygame.SRCALPHA)
    for _ in range(max(4, (w * h) // 9000)):
        blot.fill((0, 0, 0, 0))
        c = rng.choice(((190, 170, 120, 40), (230, 215, 175, 50), (175, 160, 110, 30)))
        pygame.draw.ellipse(blot, c, (rng.randint(0, 20), rng.randint(0, 20), rng.randint(24, 44), rng.randint(24, 44)))
        s.blit(blot, (rng.randint(-32, w), rng.randint(-32, h)))
    return s


#: bytes of pre-scaled ground a renderer keeps beyond the step on screen
GROUND_BUDGET = 48 * 2**20


class MapRenderer:
    """Draws one TacticalMap; keeps at most ``keep`` zoom steps of pre-scaled ground in memory, and
    older steps only while they all fit in ``budget`` bytes (the newest one is always kept)."""

    def __init__(self, tmap, keep: int = 3, budget: int = GROUND_BUDGET):
        self.tmap = tmap
        self.keep = keep
        self.budget = budget
        self.source = getattr(tmap, "source", "") or ""
        self.tiles: pygame.Surface | None = load_tiles(self.source) if self.source.endswith(".tmx") else None
        self._cache: OrderedDict[tuple[int, bool], pygame.Surface] = OrderedDict()
        self.show_overlay = self.tiles is None
        self.show_grid = self.tiles is None
        self._hold_cut: dict[int, pygame.Surface] = {}

    # -- caches ------------------------------------------------------------------------------------
    def ground(self, ppi: int) -> pygame.Surface:
        """The ground at a zoom step, with the zones overlay baked in when it is shown (one opaque blit)."""
        key = (ppi, self.show_overlay)
        s = self._cache.get(key)
        if s is not None:
            self._cache.move_to_end(key)
            return s
        w, h = int(round(self.tmap.width * ppi)), int(round(self.tmap.height * ppi))
        # room first: the steps kept and the one being built (three of its size while it is made)
        # stay within the budget together, so the window's peak does not add them up
        while self._cache and (len(self._cache) >= self.keep or self.cached_bytes() + 4 * w * h > self.budget):
            self._cache.popitem(last=False)
        if self.tiles is not None:
            s = (
                pygame.transform.smoothscale(self.tiles, (w, h))
                if ppi < self.tmap.inch
                else pygame.transform.scale(self.tiles, (w, h))
            )
            if s.get_flags() & pygame.SRCALPHA:
                base = parchment(w, h)
                base.blit(s, (0, 0))
                s = base
        else:
            s = parchment(w, h)
        if self.show_grid:
            self._draw_grid(s, ppi)
        if self.tiles is not None and not self.show_overlay:  # masts, tops, shrouds, ladders, hatches
            from .ship_render import draw_features

            draw_features(s, self.tmap, ppi)
        if self.show_overlay:
            s.blit(self.overlay(ppi), (0, 0))
        pygame.draw.rect(s, EDGE_COLOUR, s.get_rect(), max(1, ppi // 12))
        if pygame.display.get_surface() is not None:
            s = s.convert()
        self._cache[key] = s
        while len(self._cache) > 1 and (len(self._cache) > self.keep or self.cached_bytes() > self.budget):
            self._cache.popitem(last=False)
        return s

    def cached_bytes(self) -> int:
        """Pixel bytes held by the ground cache."""
        return sum(g.get_bytesize() * g.get_width() * g.get_height() for g in self._cache.values())

    def invalidate(self) -> None:
        self._cache.clear()

    def _draw_grid(self, s: pygame.Surface, ppi: int) -> None:
        w, h = s.get_size()
        for i in range(1, int(self.tmap.width) + 1):
            x = int(round(i * ppi))
            pygame.draw.line(s, GRID_MAJOR if i % 6 == 0 else GRID, (x, 0), (x, h), 1)
        for j in range(1, int(self.tmap.height) + 1):
            y = int(round(j * ppi))
            pygame.draw.line(s, GRID_MAJOR if j % 6 == 0 else GRID, (0, y), (w, y), 1)

    def overlay(self, ppi: int) -> pygame.Surface:
        """Zones, obstacles, links and deployment zones drawn in inches (the tactical view); not
        cached: ``ground`` bakes it in and caches the result."""
        tm = self.tmap
        w, h = int(round(tm.width * ppi)), int(round(tm.height * ppi))
        s = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)

        def pts(points):
            return [(int(round(x * ppi)), int(round(y * ppi))) for x, y in points]

        for d in tm.deployments:
            p = pts(d.points)
            if len(p) >= 3:
                pygame.draw.polygon(s, (255, 255, 255, 28), p)
                pygame.draw.polygon(s, (255, 255, 255, 90), p, 1)
        for z in tm.zones:
            p = pts(z.points)
            if len(p) < 3:
                continue
            fill = TERRAIN_COLOURS.get(z.terrain)
            if z.water:
                fill = (40, 90, 150, 70)
            if fill:
                pygame.draw.polygon(s, fill, p)
            if z.cover:
                pygame.draw.polygon(s, (*COVER_COLOURS[z.cover], 160), p, 2)
            elif z.level in LEVEL_COLOURS:
                pygame.draw.polygon(s, (*LEVEL_COLOURS[z.level], 110), p, 2)
        for o in tm.obstacles:
            col = (*COVER_COLOURS.get(o.cover, (80, 70, 60)), 200)
            if o.shape == "circle":
                (x, y), r = o.points[0], o.radius
                pygame.draw.circle(s, col, (int(x * ppi), int(y * ppi)), max(1, int(r * ppi)))
            elif o.shape == "polyline":
                p = pts(o.points)
                if len(p) >= 2:
                    pygame.draw.lines(s, col, False, p, max(2, int(o.radius * 2 * ppi)))
            else:
                p = pts(o.points)
                if len(p) >= 3:
                    pygame.draw.polygon(s, col, p)
        for lk in tm.links:
            a, b = pts([lk.a, lk.b])
            pygame.draw.line(s, (240, 220, 120, 220), a, b, max(2, ppi // 8))
            for q in (a, b):
                pygame.draw.circle(s, (240, 220, 120, 220), q, max(2, ppi // 6))
        return s

    def hold_cut(self, ppi: int) -> pygame.Surface | None:
        """The hold, cut away: the deck above it drawn as a dark see-through pit."""
        holds = [z for z in self.tmap.zones if z.level == "hold"]
        if not holds:
            return None
        s = self._hold_cut.get(ppi)
        if s is None:
            w, h = int(round(self.tmap.width * ppi)), int(round(self.tmap.height * ppi))
            s = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
            for z in holds:
                p = [(int(round(x * ppi)), int(round(y * ppi))) for x, y in z.points]
                if len(p) >= 3:
                    pygame.draw.polygon(s, (25, 16, 10, 190), p)
                    pygame.draw.polygon(s, (120, 90, 60, 255), p, max(2, ppi // 8))
            self._hold_cut = {ppi: s}
        return s

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self, dst: pygame.Surface, cam: Camera, *, hold_open: bool = False) -> None:
        old = dst.get_clip()
        dst.set_clip(cam.viewport)
        origin = cam.to_screen(0, 0)
        ground = self.ground(cam.ppi)
        g = ground.get_rect(topleft=origin)
        if not g.contains(cam.viewport):  # fill only the margins the table leaves
            v = cam.viewport
            for r in (
                pygame.Rect(v.x, v.y, v.w, max(0, g.top - v.y)),
                pygame.Rect(v.x, g.bottom, v.w, max(0, v.bottom - g.bottom)),
                pygame.Rect(v.x, v.y, max(0, g.left - v.x), v.h),
                pygame.Rect(g.right, v.y, max(0, v.right - g.right), v.h),
            ):
                if r.w > 0 and r.h > 0:
                    dst.fill((28, 34, 44), r)
        dst.blit(ground, origin)
        if hold_open:
            cut = self.hold_cut(cam.ppi)
            if cut is not None:
                dst.blit(cut, origin)
        dst.set_clip(old)


def thumbnail(tmap, size: tuple[int, int]) -> pygame.Surface:
    """A small picture of a map for the menu."""
    r = MapRenderer(tmap, keep=1)
    ppi = max(1, int(min(size[0] / max(1.0, tmap.width), size[1] / max(1.0, tmap.height))))
    r.show_overlay = True
    return r.ground(ppi)


def tmap_of(table):
    """The TacticalMap of a table (``table.map``; ``table.tmap`` in older builds)."""
    tm = getattr(table, "tmap", None)
    return tm if tm is not None else table.map
