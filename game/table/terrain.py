"""The static half of the table, built once per map and shared by every clone of a Table.

A pymunk Space holding only static shapes, each tagged with what it is:

* obstacles (GEO-OBS-1) on their level;
* walls: the map edge on every level (off-map is blocked), the edges of impassable zones, and on
  levels other than the deck the outline of the zones that make that level (the hold exists only
  inside hold zones, the rigging only inside rigging zones).

Levels are pymunk collision filters (one category bit per level), so figures on different levels
never collide or touch (GEO-BTB-1).

The swept-circle queries against one shape (``sweep_alpha``, ``swept_hits``) are in ``shape_sweep``.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict

import pymunk

from game.rules.tabletop import ObstacleInfo, ZoneFlags

from .geometry import (
    Point,
    bbox,
    is_convex,
    point_in_polygon,
    segment_inside_intervals,
    signed_area,
    triangulate,
    union_length,
)
from .shape_sweep import sweep_alpha as sweep_alpha
from .shape_sweep import swept_hits as swept_hits
from .tactical_map import DECK, Obstacle, TacticalMap, Zone
from .zone_index import ZoneGrid

#: GEO-SWEEP-1 / GEO-BTB-1 tolerances, inches.
PENETRATION = 0.01
CONTACT = 0.02
#: Part of the GEO-SWEEP-1 tolerance reserved for rounding positions to 1/1000 in.
ROUNDING = 0.001
_BASE_LEVELS = ("hold", "deck", "rigging")
_TERRAIN_RANK = {"open": 0, "tough": 1, "impassable": 2}
_COVER_RANK = {None: 0, "soft": 1, "hard": 2}
#: the flags of a point no zone holds (ZoneFlags is frozen, so one instance serves every caller)
_NO_FLAGS = ZoneFlags()
#: Maps with this few static shapes (the open table: its four edges) get a per-level clear box.
_FEW_SHAPES = 12
#: a box holding any map: the whole of a level's shapes in one bb query
_EVERYWHERE = pymunk.BB(-1e9, -1e9, 1e9, 1e9)


#: content-keyed: map -> its static answers, shared by every Terrain of that map's content (a
#: simulate worker or a window loads one map game after game; an answer depends only on the
#: map's static shapes and the sweep)
_SHARED: OrderedDict = OrderedDict()
MAPS_KEPT = 4


def shared_memo(tmap) -> dict:
    """The static sweeps' memo of a map's content (``Terrain.sweeps``)."""
    got = _SHARED.get(tmap)
    if got is None:
        got = _SHARED[tmap] = {}
        while len(_SHARED) > MAPS_KEPT:
            _SHARED.popitem(last=False)
    return got


def best_cover(a: str | None, b: str | None) -> str | None:
    return a if _COVER_RANK[a] >= _COVER_RANK[b] else b


class Terrain:
    """Static shapes, zone look-ups and the path grids of one TacticalMap (read-only once built)."""

    def __init__(self, tmap: TacticalMap):
        self.map = tmap
        names = list(_BASE_LEVELS) + [lv for lv in tmap.levels() if lv not in _BASE_LEVELS]
        self.bits: dict[str, int] = {lv: 1 << i for i, lv in enumerate(names)}
        self.all_bits = 0xFFFFFFFF
        self.filters = {lv: pymunk.ShapeFilter(categories=b, mask=b) for lv, b in self.bits.items()}
        self.space = pymunk.Space()
        self.obstacles: dict[str, Obstacle] = {o.id: o for o in tmap.obstacles}
        #: levels holding an obstacle: elsewhere a sweep can only meet bases and walls
        self.obstacle_levels: frozenset[str] = frozenset(o.level for o in tmap.obstacles)
        self.info: dict[str, ObstacleInfo] = {
            o.id: ObstacleInfo(
                id=o.id, kind=o.kind, cover=o.cover, standable=o.standable, blocks_los=o.blocks_los, height=o.height
            )
            for o in tmap.obstacles
        }
        self.shapes_of: dict[str, list[pymunk.Shape]] = {}
        by_level: dict[str, list[tuple[tuple[float, float, float, float], Zone]]] = {}
        for z in tmap.zones:
            by_level.setdefault(z.on_level, []).append((bbox(z.points), z))

        def grid(entries) -> ZoneGrid[Zone]:
            return ZoneGrid(entries, tmap.width, tmap.height)

        #: per level, the (bbox, zone) of every zone in map order, found by a grid (zone_index)
        self._zones = {lv: grid(zs) for lv, zs in by_level.items()}
        #: per level, the (bbox, zone) of impassable and of tough zones only (walkable, tough_length)
        self._impassable = {
            lv: grid((bb, z) for bb, z in zs if z.terrain == "impassable") for lv, zs in by_level.items()
        }
        self._tough = {lv: grid((bb, z) for bb, z in zs if z.terrain == "tough") for lv, zs in by_level.items()}
        #: levels holding tough ground (elsewhere tough_length is 0.0)
        self.tough_levels = frozenset(lv for lv, zs in self._tough.items() if zs)
        self.areas: dict[str, list[Zone]] = {
            lv: [z for _, z in zs if z.terrain != "impassable"] for lv, zs in by_level.items() if lv != DECK
        }
        self._areas = {
            lv: grid((bb, z) for bb, z in zs if z.terrain != "impassable") for lv, zs in by_level.items() if lv != DECK
        }
        #: levels where every on-map point is walkable: the deck when it has no impassable zone
        self._open_levels = frozenset() if self._impassable.get(DECK) else frozenset((DECK,))
        self.grids: dict = {}
        self.plans: OrderedDict = OrderedDict()
        """pathing.plan's answers, by everything the search reads (see pathing.PLANS_KEPT)."""
        self.sweeps: dict = shared_memo(tmap)
        """sweeps.static_entering's answers, by (level, a, b, radius), shared by map content (see
        shared_memo)."""
        # One Space shared by every clone, and so by the window's AI thread and the frame loop:
        # Chipmunk's space queries count a lock on the space (cpSpaceLock, not atomic) with the GIL
        # released, so two at once could corrupt it. Queries on the static space go through this.
        self._lock = threading.Lock()
        self._build()
        #: the ids the static shapes are tagged with (obstacles, "edge", zones): a sweep ignoring
        #: none of them may be answered by the distance field alone (sweeps.static_blocks)
        self.static_ids = frozenset(s.tag[1] for s in self.space.shapes)
        self._few = len(self.space.shapes) <= _FEW_SHAPES
        self.few_by_level: dict[str, list] = {}
        #: per level in few_by_level, the (L, B, R, T) of ``_clear_box``
        self.few_box: dict[str, tuple[float, float, float, float]] = {}

    # -- building ---------------------------------------------------------------------------------
    def filter(self, level: str) -> pymunk.ShapeFilter:
        """Collision filter of a level; a level the map never mentions gets its own bit on first use."""
        f = self.filters.get(level)
        if f is None:
            if len(self.bits) >= 32:
                raise ValueError(f"too many levels (at {level!r})")
            b = 1 << len(self.bits)
            self.bits[level] = b
            f = self.filters[level] = pymunk.ShapeFilter(categories=b, mask=b)
        return f

    def _add(self, shape: pymunk.Shape, tag: tuple[str, str], bits: int) -> None:
        shape.filter = pymunk.ShapeFilter(categories=bits, mask=bits)
        shape.tag = tag
        self.space.add(shape)

    def _build(self) -> None:
        body = self.space.static_body
        for o in self.map.obstacles:
            bits = self.bits[o.level]
            shapes: list[pymunk.Shape] = []
            if o.shape == "circle":
                shapes.append(pymunk.Circle(body, o.radius, o.points[0]))
            elif o.shape == "polyline":
                for a, b in zip(o.points, o.points[1:]):
                    shapes.append(pymunk.Segment(body, a, b, o.radius))
            elif is_convex(o.points):
                shapes.append(pymunk.Poly(body, o.points))
            else:
                shapes.extend(pymunk.Poly(body, t) for t in triangulate(o.points))
            for s in shapes:
                self._add(s, ("obstacle", o.id), bits)
            self.shapes_of[o.id] = shapes
        w, h = self.map.width, self.map.height
        corners = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
        for i in range(4):
            self._add(pymunk.Segment(body, corners[i], corners[(i + 1) % 4], 0.0), ("wall", "edge"), self.all_bits)
        for lv, zs in self._zones.items():
            walls = [z for _, z in zs if z.terrain == "impassable"]
            if lv != DECK:
                walls += self.areas[lv]
            for z in walls:
                self._zone_walls(z, lv)

    def _zone_walls(self, z: Zone, level: str) -> None:
        """Edges of an impassable zone (or of a level's area), minus edges shared with a neighbour of
        the same kind (so adjacent sea pieces or rigging zones join up)."""
        pts = z.points
        ccw = signed_area(pts) > 0
        body = self.space.static_body
        impass = z.terrain == "impassable"
        for i in range(len(pts)):
            a, b = pts[i], pts[(i + 1) % len(pts)]
            ex, ey = b[0] - a[0], b[1] - a[1]
            ln = math.hypot(ex, ey)
            if ln < 1e-9:
                continue
            nx, ny = (ey / ln, -ex / ln) if ccw else (-ey / ln, ex / ln)
            mx, my = (a[0] + b[0]) / 2 + nx * 0.05, (a[1] + b[1]) / 2 + ny * 0.05
            if impass:
                if self.impassable_at(mx, my, level) or not (0 < mx < self.map.width and 0 < my < self.map.height):
                    continue
            elif self.in_area(mx, my, level):
                continue
            self._add(pymunk.Segment(body, a, b, 0.0), ("wall", z.id), self.bits[level])

    def few_on_level(self, level: str) -> list | None:
        """On a map of few static shapes, the (l, b, r, t, shape) of those on that level (pymunk's
        bb query of the whole map); None on a larger map. Also kept in ``few_by_level``, with the
        level's ``few_box``, once asked."""
        if not self._few:
            return None
        got = self.few_by_level.get(level)
        if got is None:
            got = []
            for sh in self.bb_query(_EVERYWHERE, self.filter(level)):
                bb = sh.bb
                got.append((bb.left, bb.bottom, bb.right, bb.top, sh))
            self.few_box[level] = self._clear_box(got)
            self.few_by_level[level] = got
        return got

    def inside_clear_box(self, level: str, l: float, b: float, r: float, t: float) -> bool:  # noqa: E741
        """The box (l, b, r, t) meets no static shape on the level by the level's clear box (only
        maps of few shapes have one): a bb query there would find nothing."""
        if not self._few:
            return False
        if level not in self.few_box:
            self.few_on_level(level)
        cl, cb, cr, ct = self.few_box[level]
        return l > cl and b > cb and r < cr and t < ct

    def _clear_box(self, few: list) -> tuple[float, float, float, float]:
        """(L, B, R, T) such that a box with l > L, b > B, r < R and t < T meets none of these shapes
        under ``bb_shapes``'s test: each shape's box lies wholly left of L, below B, right of R or
        above T (the open table's four edges). A shape across the map's centre both ways leaves
        no such box: then no box passes."""
        cx, cy = self.map.width / 2, self.map.height / 2
        left = low = -math.inf
        right = high = math.inf
        for sl, sb, sr, st, _ in few:
            if sr < cx:
                left = max(left, sr)
            elif sl > cx:
                right = min(right, sl)
            elif st < cy:
                low = max(low, st)
            elif sb > cy:
                high = min(high, sb)
            else:
                return (math.inf, math.inf, -math.inf, -math.inf)
        return (left, low, right, high)

    def bb_shapes(self, l: float, b: float, r: float, t: float, flt: pymunk.ShapeFilter) -> list[pymunk.Shape]:  # noqa: E741
        """Static shapes whose bounding box meets (l, b, r, t) under the filter (``Space.bb_query``)."""
        return self.bb_query(pymunk.BB(l, b, r, t), flt)

    def bb_query(self, bb: pymunk.BB, flt: pymunk.ShapeFilter) -> list[pymunk.Shape]:
        """``self.space.bb_query``, one thread at a time."""
        with self._lock:
            return self.space.bb_query(bb, flt)

    def point_query(self, p, max_distance: float, flt: pymunk.ShapeFilter) -> list[pymunk.PointQueryInfo]:
        """``self.space.point_query``, one thread at a time."""
        with self._lock:
            return self.space.point_query(p, max_distance, flt)

    def point_query_nearest(self, p, max_distance: float, flt: pymunk.ShapeFilter) -> pymunk.PointQueryInfo | None:
        """``self.space.point_query_nearest``, one thread at a time."""
        with self._lock:
            return self.space.point_query_nearest(p, max_distance, flt)

    def point_hits(self, p, max_distance: float, flt: pymunk.ShapeFilter) -> list[pymunk.Shape]:
        """Shapes nearer than ``max_distance`` to p under the filter (``Space.point_query``)."""
        return [q.shape for q in self.point_query(p, max_distance, flt)]

    def swept_hits(self, a, b, radius: float, flt: pymunk.ShapeFilter) -> list:
        """``swept_hits(self.space, a, b, radius, flt)``, one thread at a time."""
        with self._lock:
            return swept_hits(self.space, a, b, radius, flt)

    # -- zones ----------------------------------------------------------------------------------
    def zones_at_level(self, level: str) -> list[Zone]:
        return [z for _, z in self._zones.get(level, ())]

    def zones_at(self, x: float, y: float, level: str | None = None) -> list[Zone]:
        zs = self._zones.get(level or DECK)
        if zs is None:
            return []
        out = []
        for (x0, y0, x1, y1), z in zs.entries if zs.few else zs.at(x, y):
            if x0 <= x <= x1 and y0 <= y <= y1 and point_in_polygon(x, y, z.points):
                out.append(z)
        return out

    def flags_at(self, x: float, y: float, level: str | None = None) -> ZoneFlags:
        """GEO-ZONE-1: flags merged over every zone holding the point on that level: worst terrain,
        best cover, any boolean, first ship and level, greatest height."""
        zs = self.zones_at(x, y, level)
        if not zs:
            return _NO_FLAGS
        terrain, cover, ship, lvl, height = "open", None, None, None, 0.0
        cq = adv = rig = water = struct = False
        for z in zs:
            if _TERRAIN_RANK[z.terrain] > _TERRAIN_RANK[terrain]:
                terrain = z.terrain
            cover = best_cover(cover, z.cover)
            cq |= z.close_quarters
            adv |= z.advantageous
            rig |= z.rigging
            water |= z.water
            struct |= z.structure
            ship = ship or z.ship
            lvl = lvl or z.level
            height = max(height, z.height)
        return ZoneFlags(
            terrain=terrain,
            cover=cover,
            close_quarters=cq,
            advantageous=adv,
            rigging=rig,
            water=water,
            structure=struct,
            ship=ship,
            level=lvl,
            height=height,
        )

    def impassable_at(self, x: float, y: float, level: str) -> bool:
        return _inside_any(self._impassable.get(level or DECK), x, y)

    def in_area(self, x: float, y: float, level: str) -> bool:
        """The level exists at this point (always on the deck; elsewhere inside one of its zones)."""
        if level == DECK:
            return True
        return _inside_any(self._areas.get(level), x, y)

    def walkable(self, x: float, y: float, level: str, radius: float = 0.0) -> bool:
        """A centre may stand here: base on the map, level present, ground not impassable."""
        m = radius - PENETRATION if radius > PENETRATION else 0.0
        if not (m <= x <= self.map.width - m and m <= y <= self.map.height - m):
            return False
        if level in self._open_levels:  # in_area is True and impassable_at False everywhere there
            return True
        return self.in_area(x, y, level) and not self.impassable_at(x, y, level)

    def tough_length(self, a: Point, b: Point, level: str) -> float:
        """Inches of segment ab inside tough zones on that level (RNG-MOVE-1)."""
        tough = self._tough.get(level)
        if not tough:
            return 0.0
        x0, x1 = min(a[0], b[0]), max(a[0], b[0])
        y0, y1 = min(a[1], b[1]), max(a[1], b[1])
        iv: list[tuple[float, float]] = []
        ax, ay = a
        dx, dy = b[0] - ax, b[1] - ay
        eps = 1e-9 * (abs(dx) + abs(dy) + 1.0)
        for (zx0, zy0, zx1, zy1), z in tough.meeting(x0, y0, x1, y1):
            if zx0 <= x1 and x0 <= zx1 and zy0 <= y1 and y0 <= zy1:
                # the segment's line passes beside the zone's box (every corner on one side): no
                # interval, which segment_inside_intervals would find only after testing each edge
                s0 = dx * (zy0 - ay) - dy * (zx0 - ax)
                s1 = dx * (zy0 - ay) - dy * (zx1 - ax)
                s2 = dx * (zy1 - ay) - dy * (zx0 - ax)
                s3 = dx * (zy1 - ay) - dy * (zx1 - ax)
                if (s0 > eps and s1 > eps and s2 > eps and s3 > eps) or (
                    s0 < -eps and s1 < -eps and s2 < -eps and s3 < -eps
                ):
                    continue
                iv.extend(segment_inside_intervals(a, b, z.points))
        return union_length(iv) * math.hypot(b[0] - a[0], b[1] - a[1]) if iv else 0.0

    def water_within(self, x: float, y: float, distance: float) -> bool:
        """A water zone (any level) lies within ``distance`` of the point (PYR-RIG-2)."""
        from .geometry import dist_point_polygon

        for zs in self._zones.values():
            for (x0, y0, x1, y1), z in zs.meeting(x - distance, y - distance, x + distance, y + distance):
                if z.water and x0 - distance <= x <= x1 + distance and y0 - distance <= y <= y1 + distance:
                    if dist_point_polygon(x, y, z.points) <= distance:
                        return True
        return False

    # -- static clearance -----------------------------------------------------------------------
    def static_clear(self, x: float, y: float, radius: float, level: str, ignore: frozenset = frozenset()) -> bool:
        """No static shape overlaps a base here by more than PENETRATION, and it may stand here."""
        return self.walkable(x, y, level, radius) and self.static_free(x, y, radius, level, ignore)

    def static_free(self, x: float, y: float, radius: float, level: str, ignore: frozenset = frozenset()) -> bool:
        """The part of ``static_clear`` after ``walkable``: no static shape overlaps the base by more
        than PENETRATION (a pymunk point query)."""
        md = radius - PENETRATION
        rr = md if md > 0.0 else 0.0
        if self.inside_clear_box(level, x - rr, y - rr, x + rr, y + rr):
            return True
        for q in self.point_query((x, y), md, self.filter(level)):
            if q.shape.tag[1] not in ignore:
                return False
        return True


def _inside_any(zs, x: float, y: float) -> bool:
    """(x, y) lies inside one of the zones of ``zs`` (a zone index, or None for none): the index's
    boxes first, then each candidate's polygon."""
    if zs is None:
        return False
    for (x0, y0, x1, y1), z in zs.entries if zs.few else zs.at(x, y):
        if x0 <= x <= x1 and y0 <= y <= y1 and point_in_polygon(x, y, z.points):
            return True
    return False
