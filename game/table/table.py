"""The tabletop: bases over a shared static Terrain; implements the rules' ``Tabletop`` protocol
(game/rules/tabletop.py). Inches throughout; positions leave rounded to 1/1000 inch (GEO-SWEEP-1).

Each base is a pymunk circle on a kinematic body in the table's own ``space`` (levels are collision
filters, GEO-BTB-1); ``place`` and ``remove`` are the one place it changes. The static terrain has
its own Space, shared by every clone. Contact, clearance, pushback, surrounded and fall landings
are pymunk queries against the two (see ``_blocked``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pymunk

from game.rules.implements import implements
from game.rules.tabletop import Landing, ObstacleInfo, PathPlan, Sight, ZoneFlags

from . import pathing
from .geometry import convex_hull, round_in, strictly_inside_convex
from .sectors import Sectors
from .sweeps import Sweep, static_entering, sweep_of, sweep_radius
from .tactical_map import DECK, TacticalMap
from .terrain import CONTACT, PENETRATION, Terrain, best_cover

#: RNG-COVER-1: an obstacle gives cover if the LoS crosses it within this of the target's base.
COVER_REACH = 1.0
#: PYR-RIG-2: water this close lets the owner drop a faller into the sea.
SEA_REACH = 2.0
#: A centre this close to (or inside) a standable obstacle stands on it (PYR-ENG-4).
STAND_TOLERANCE = 0.05
#: (cos, sin) of the GEO-ESC-1 headings 0, 5, … 355 degrees
_HEADINGS_5 = tuple((math.cos(math.radians(5 * k)), math.sin(math.radians(5 * k))) for k in range(72))


class _Base:
    """One base: its pymunk circle (on a kinematic body, once the table's space is built) and the
    same numbers as Python floats, read by rules, path plans and memo keys without a cffi call."""

    __slots__ = ("fid", "radius", "level", "x", "y", "l", "b", "r", "t", "body", "shape", "unseen")

    def __init__(self, fid: str, radius: float, level: str, x: float, y: float):
        self.fid, self.radius, self.level = fid, radius, level
        self.body: pymunk.Body | None = None
        self.shape: pymunk.Circle | None = None
        #: the level's filter with this base's own group: a query with it never meets this base
        self.unseen: pymunk.ShapeFilter | None = None
        self.move(x, y)

    def move(self, x: float, y: float) -> None:
        # l, b, r, t: the circle's bounding box, as pymunk caches it (cpBBNewForCircle)
        self.x, self.y = x, y
        r = self.radius
        self.l, self.b, self.r, self.t = x - r, y - r, x + r, y + r
        if self.body is not None:
            self.body.position = (x, y)
            space = self.body.space
            if space is not None:  # the shape's cached position and bb follow the body only on reindex
                space.reindex_shapes_for_body(self.body)


class Table:
    """A map with bases on it. ``Table(tmap)``; ``clone()`` shares the static terrain."""

    def __init__(self, tmap: TacticalMap, *, _terrain: Terrain | None = None):
        self.map = tmap
        self._t = _terrain if _terrain is not None else Terrain(tmap)
        self._bases: dict[str, _Base] = {}
        self._by_level: dict[str, dict[str, _Base]] = {}
        self._space: pymunk.Space | None = None
        self._groups = 0

    # -- keeping the table in step -----------------------------------------------------------
    def place(self, fid: str, x: float, y: float, radius: float, level: str) -> None:
        """Put (or move) a base on the table (centre rounded to 1/1000 in); its circle in ``space``
        moves with it."""
        x, y = round_in(x), round_in(y)
        if not (radius > 0 and math.isfinite(radius) and math.isfinite(x) and math.isfinite(y)):
            raise ValueError(f"bad base for {fid}: ({x}, {y}) r={radius}")
        old = self._bases.get(fid)
        if old is not None and old.radius == radius and old.level == level:
            old.move(x, y)
            return
        if old is not None:
            self.remove(fid)
        self._t.filter(level)  # a level the map never named gets its collision bit now, as before
        b = self._bases[fid] = _Base(fid, float(radius), level, x, y)
        self._by_level.setdefault(level, {})[fid] = b
        if self._space is not None:
            self._add_shape(self._space, b)

    def remove(self, fid: str) -> None:
        b = self._bases.pop(fid, None)
        if b is not None:
            del self._by_level[b.level][fid]
            if self._space is not None and b.body is not None and b.shape is not None:
                self._space.remove(b.body, b.shape)
            b.body = b.shape = None

    @property
    def space(self) -> pymunk.Space:
        """The pymunk Space of the bases: one circle per base on a kinematic body, tagged ("base",
        id), its filter the level's (figures on different levels never touch). Built on first use,
        so a clone that is never asked a question (a look-ahead's set-up) costs no shapes."""
        sp = self._space
        if sp is None:
            sp = self._space = pymunk.Space()
            for b in self._bases.values():
                self._add_shape(sp, b)
        return sp

    def _add_shape(self, space: pymunk.Space, b: _Base) -> None:
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        body.position = (b.x, b.y)
        shape = pymunk.Circle(body, b.radius)
        # each base its own collision group (never 0, the terrain's): a sweep that ignores its
        # mover leaves the mover out inside Chipmunk (each shape a query finds costs a Python
        # callback, more than the query)
        lf = self._t.filter(b.level)
        self._groups += 1
        shape.filter = pymunk.ShapeFilter(group=self._groups, categories=lf.categories, mask=lf.mask)
        b.unseen = shape.filter
        shape.tag = ("base", b.fid)
        space.add(body, shape)
        b.body, b.shape = body, shape  # the shape holds its body weakly: the base keeps both

    def position(self, fid: str) -> tuple[float, float]:
        b = self._base(fid)
        return (b.x, b.y)

    def level_of(self, fid: str) -> str:
        return self._base(fid).level

    def radius_of(self, fid: str) -> float:
        return self._base(fid).radius

    def figures(self) -> list[str]:
        return sorted(self._bases)

    def __contains__(self, fid: str) -> bool:
        return fid in self._bases

    def clone(self) -> Table:
        """An independent copy with the same bases; the static terrain (and its path grids) is
        shared, and the copy builds its own space of bases when first asked."""
        t = Table(self.map, _terrain=self._t)
        t._bases = {fid: _Base(fid, b.radius, b.level, b.x, b.y) for fid, b in self._bases.items()}
        for fid, b in t._bases.items():
            t._by_level.setdefault(b.level, {})[fid] = b
        return t

    @property
    def width(self) -> float:
        return self.map.width

    @property
    def height(self) -> float:
        return self.map.height

    @property
    def terrain(self) -> Terrain:
        return self._t

    def _base(self, fid: str) -> _Base:
        try:
            return self._bases[fid]
        except KeyError:
            raise KeyError(f"no base {fid!r} on the table") from None

    def _pos(self, fid: str) -> tuple[float, float]:
        b = self._base(fid)
        return (b.x, b.y)

    # -- contact and distance (GEO-BTB-1, GEO-DIST-1) ---------------------------------------------
    @implements("GEO-BTB-1")
    def contacts(self, fid: str) -> list[str]:
        """GEO-BTB-1: bases on the same level whose centres are ≤ r1 + r2 + 0.02 in apart, sorted
        (a pymunk point query: a circle's distance is centre distance − its radius)."""
        b = self._base(fid)
        self._shape_of(b)
        # b.unseen: Chipmunk leaves fid's own base out
        hits = self.space.point_query((b.x, b.y), b.radius + CONTACT + 1e-9, b.unseen or self._t.filter(b.level))
        out = [q.shape.tag[1] for q in hits]
        out.sort()
        return out

    @implements("GEO-DIST-1")
    def edge_distance(self, a: str, b: str) -> float:
        """GEO-DIST-1: centre distance − r1 − r2 (min 0); inf on different levels."""
        ba, bb = self._base(a), self._base(b)
        if ba.level != bb.level:
            return math.inf
        return self._planar_gap(ba, bb)

    @staticmethod
    def _planar_gap(ba: _Base, bb: _Base) -> float:
        return round_in(max(0.0, math.hypot(ba.x - bb.x, ba.y - bb.y) - ba.radius - bb.radius))

    def within(self, fid: str, distance: float) -> list[str]:
        """Bases on any level whose planar edge distance to fid is ≤ distance, sorted."""
        b = self._base(fid)
        return sorted(o.fid for o in self._bases.values() if o is not b and self._planar_gap(b, o) <= distance + 1e-9)

    def _shape_of(self, b: _Base) -> pymunk.Circle:
        if b.shape is None:
            _ = self.space  # builds the space, and with it every base's shape
        assert b.shape is not None
        return b.shape

    # -- sweeps (GEO-SWEEP-1, GEO-ESC-1, GEO-SUR-1) ------------------------------------------------
    def _blocking(
        self,
        level: str,
        a: tuple[float, float],
        dx: float,
        dy: float,
        r: float,
        ignore: frozenset | set | tuple,
        *,
        static: bool = True,
        bases: bool = True,
        only: set | None = None,
    ) -> list[tuple[float, tuple[str, str]]]:
        """Shapes a base of radius r at ``a`` penetrates by > PENETRATION while moving by (dx, dy):
        (alpha, tag) sorted by alpha (``sweeps.Sweep.entering`` of the bases' and the terrain's
        shapes). Ids in ``ignore`` (bases or obstacles) are let through; with ``only``, only those."""
        sw = sweep_of(a, dx, dy, r)
        if sw is None:
            return []
        out: list = []
        if bases:
            self._base_hits(level, sw, ignore, only, out, False)
        if static:
            out.extend(h for h in static_entering(self._t, level, sw) if _kept(h[1][1], ignore, only))
        out.sort()
        return out

    def _blocked(
        self,
        level: str,
        a: tuple[float, float],
        dx: float,
        dy: float,
        r: float,
        ignore: frozenset | set | tuple,
        *,
        static: bool = True,
        only: set | None = None,
        pool: list[_Base] | None = None,
    ) -> bool:
        """``bool(_blocking(...))``, stopping at the first blocker (the terrain first: its answer is
        memoised). ``pool``: bases holding every base the sweep may meet (``_bases_in`` a box around
        it; see ``_base_hits``)."""
        sw = sweep_of(a, dx, dy, r)
        if sw is None:
            return False
        if static and any(_kept(h[1][1], ignore, only) for h in static_entering(self._t, level, sw)):
            return True
        return self._base_hits(level, sw, ignore, only, [], True, pool)

    def _base_hits(self, level: str, sw: Sweep, ignore, only, out: list, first: bool, pool=None) -> bool:
        """Append (alpha, ("base", id)) of the bases the sweep enters to ``out``; with ``first`` stop
        at the first and return True. ``pool``: the bases to try (each still box-tested), else
        those a pymunk bb query of the sweep's box finds on the level."""
        if not self._by_level.get(level):
            return False
        bl, bb, br, bt = sw.box
        if pool is None:
            flt = self._t.filter(level)
            if len(ignore) == 1:  # the mover alone, most often: Chipmunk leaves it out
                for fid in ignore:
                    o = self._bases.get(fid)
                    if o is not None and o.level == level:
                        flt = o.unseen or flt
            shapes = self.space.bb_query(pymunk.BB(bl, bb, br, bt), flt)
        else:
            shapes = [o.shape for o in pool if bl <= o.r and o.l <= br and bb <= o.t and o.b <= bt]
        for sh in shapes:
            fid = sh.tag[1]
            if fid in ignore or (only is not None and fid not in only):
                continue
            alpha = sw.entering(sh)
            if alpha is None:
                continue
            out.append((alpha, ("base", fid)))
            if first:
                return True
        return bool(out)

    def _level_bases(self, level: str):
        got = self._by_level.get(level)
        return got.values() if got else ()

    def bases_clear_at(self, x: float, y: float, radius: float, level: str, ignore: Iterable[str] = ()) -> bool:
        """No base on that level overlaps a base of this radius here by more than 0.01 in (a pymunk
        point query)."""
        if not self._by_level.get(level):
            return True
        ign = ignore if isinstance(ignore, (set, frozenset, tuple)) else tuple(ignore)
        for q in self.space.point_query((x, y), radius - PENETRATION, self._t.filter(level)):
            if q.shape.tag[1] not in ign:
                return False
        return True

    def clear_at(self, x: float, y: float, radius: float, level: str = DECK, ignore: Iterable[str] = ()) -> bool:
        """A base could stand here: on the map, level present, not impassable, overlapping no
        obstacle or other base by more than 0.01 in (ids in ignore excepted)."""
        ign = frozenset(ignore)
        return self._t.static_clear(x, y, radius, level, ign) and self.bases_clear_at(x, y, radius, level, ign)

    @implements("GEO-SWEEP-1")
    def sweep_clear(self, fid: str, dx: float, dy: float, ignore: Iterable[str] = ()) -> bool:
        """GEO-SWEEP-1: fid's base may move by (dx, dy) penetrating nothing (bases, obstacles, walls,
        map edge) by more than 0.01 in, ids in ``ignore`` (bases or obstacles) excepted; the end must
        be on the map and not in impassable ground. A zero move is clear iff the base overlaps
        nothing by more than 0.01 in where it stands."""
        b = self._base(fid)
        return self._sweep_clear(b, b.x, b.y, dx, dy, ignore)

    def sweep_clear_from(self, fid: str, x: float, y: float, dx: float, dy: float) -> bool:
        """``sweep_clear(fid, dx, dy)`` as if fid's base stood at (x, y), rounded to 1/1000 in as
        ``place`` would (the table is left as it is: a walk of many steps need not move the base)."""
        b = self._base(fid)
        return self._sweep_clear(b, round_in(x), round_in(y), dx, dy, ())

    def _sweep_clear(self, b: _Base, x: float, y: float, dx: float, dy: float, ignore: Iterable[str]) -> bool:
        fid = b.fid
        if not self._t.walkable(x + dx, y + dy, b.level, b.radius):
            return False
        ign = frozenset(ignore) | {fid} if ignore else (fid,)  # (fid,) ignores what {fid} does
        if dx == 0 and dy == 0:  # no move: clear iff the base overlaps nothing where it stands
            return self.clear_at(x, y, b.radius, b.level, ign)
        return not self._blocked(b.level, (x, y), dx, dy, b.radius, ign)

    @implements("GEO-ESC-1")
    def free_directions(self, fid: str, distance: float | None = None) -> list[int]:
        """GEO-ESC-1: headings (0, 5, … 355 degrees; 0 = +x, 90 = +y) with a clear sweep of
        ``distance`` (default the base depth = diameter, GEO-BASE-1)."""
        return list(self._free_headings(fid, distance))

    def has_free_direction(self, fid: str, distance: float | None = None) -> bool:
        """``bool(free_directions(fid, distance))``, stopping at the first free heading."""
        return next(self._free_headings(fid, distance), None) is not None

    def _free_headings(self, fid: str, distance: float | None):
        b = self._base(fid)
        d = 2 * b.radius if distance is None else distance
        x, y, lv = b.x, b.y, b.level
        # The 72 sweeps all lie in one box around the base: one pymunk bb query gathers the bases
        # it meets, and each sweep tries only those (each sweep's static half is memoised)
        ext = abs(d) + sweep_radius(b.radius)
        pool = self._bases_in(lv, x - ext, y - ext, x + ext, y + ext)
        ign = (fid,)
        for k, (ca, sa) in enumerate(_HEADINGS_5):
            dx, dy = d * ca, d * sa
            if not self._t.walkable(x + dx, y + dy, lv, b.radius):
                continue
            sw = sweep_of((x, y), dx, dy, b.radius)
            if sw is None:
                clear = self.clear_at(x, y, b.radius, lv, ign)
            else:
                clear = not (
                    self._base_hits(lv, sw, ign, None, [], True, pool)
                    or any(h[1][1] != fid for h in static_entering(self._t, lv, sw))
                )
            if clear:
                yield 5 * k

    def _bases_in(self, level: str, l: float, b: float, r: float, t: float) -> list[_Base]:  # noqa: E741
        """The bases on the level whose circles meet the box (a pymunk bb query)."""
        if not self._by_level.get(level):
            return []
        bases = self._bases
        return [bases[sh.tag[1]] for sh in self.space.bb_query(pymunk.BB(l, b, r, t), self._t.filter(level))]

    @implements("GEO-SUR-1")
    def surrounded(self, fid: str, engaged: Sequence[str], enemies: Iterable[str] | None = None) -> bool:
        """GEO-SUR-1: (a) fid's centre lies strictly inside the convex hull of the engaged enemies'
        centres, or (b) for some engaged enemy a sweep of the base depth along the pushback direction
        from it (PYR-PUSH-3: unit vector from its centre to fid's) hits another enemy's base.
        ``enemies`` (default: the engaged list) says whose bases count as enemies in (b)."""
        b = self._base(fid)
        x, y = b.x, b.y
        bases = self._bases
        foes = [e for e in engaged if e in bases and e != fid]
        if len(foes) >= 3 and strictly_inside_convex((x, y), convex_hull([self._pos(e) for e in foes])):
            return True
        # (b) meets only the enemies' bases: the sweeps try those alone (pymunk shape queries)
        lv = b.level
        d = 2 * b.radius
        # only bases whose pymunk bounding box meets the box holding every sweep (a base of radius r
        # moved by at most d from (x, y)) can be met
        ext = d + sweep_radius(b.radius) + 0.01
        bl, bb, br, bt = x - ext, y - ext, x + ext, y + ext
        pool = [
            o
            for e in (enemies if enemies is not None else foes)
            if (o := bases.get(e)) is not None
            and o.level == lv
            and e != fid
            and bl <= o.r
            and o.l <= br
            and bb <= o.t
            and o.b <= bt
        ]
        if not pool:
            return False
        self._shape_of(b)
        for e in foes:
            o = bases[e]
            vx, vy = x - o.x, y - o.y
            n = math.hypot(vx, vy)
            if n == 0:
                continue
            sw = sweep_of((x, y), vx / n * d, vy / n * d, b.radius)
            if sw is not None and self._base_hits(lv, sw, (e,), None, [], True, pool):
                return True
        return False

    # -- paths (RNG-MOVE-1/2) -----------------------------------------------------------------
    def plan_path(
        self, fid: str, x: float, y: float, *, level: str | None = None, cross: Iterable[str] = ()
    ) -> PathPlan | None:
        """A clear path for fid's centre to (x, y) (on ``level``, default fid's), around obstacles and
        bases, found on a 0.25 in grid then straightened; tough ground costs double (RNG-MOVE-1),
        links add their cost and change level, and a path reaching a linear obstacle stops there
        (RNG-MOVE-2, ``stops_at_obstacle``) unless its id is in ``cross``. None when unreachable."""
        return pathing.plan(self, fid, x, y, level=level, cross=frozenset(cross))

    def path_costs(
        self,
        fid: str,
        start: tuple[float, float],
        targets: Iterable[tuple[float, float]],
        *,
        cross: Iterable[str] = (),
        ends: bool = False,
    ) -> list:
        """``[path_cost(fid, [start, t], cross=cross) for t in targets]`` (the same plans), sharing
        the work of a fan of straight legs from one base: the bases the sweeps may meet are found
        once, in the box holding them all. With ``ends``, each plan is given only as its
        (points[-1], cost), without building it (what an option list reads)."""
        return pathing.costs_from(self, fid, start, list(targets), cross=frozenset(cross), ends=ends)

    def path_cost(
        self, fid: str, points: Sequence[tuple[float, float]], *, cross: Iterable[str] = ()
    ) -> PathPlan | None:
        """Cost of moving fid along exactly these waypoints (the first is its position if it is not
        given); a leg joining a link's two ends climbs it. Stops at the first linear obstacle
        reached (RNG-MOVE-2) unless crossing it; None if any leg is otherwise blocked."""
        return pathing.cost_along(self, fid, points, cross=frozenset(cross))

    # -- terrain, cover, sight -------------------------------------------------------------------
    @implements("GEO-ZONE-1")
    def zone_at(self, x: float, y: float, level: str | None = None) -> ZoneFlags:
        """GEO-ZONE-1 flags at a point, merged over every zone holding it on that level (default deck)."""
        return self._t.flags_at(x, y, level)

    def zone_of(self, fid: str) -> ZoneFlags:
        b = self._base(fid)  # asked for every participant and every blow: one look-up
        return self._t.flags_at(b.x, b.y, b.level)

    def zones_of(self, fid: str) -> list[str]:
        """Names of the zones holding fid's centre on its level (for hold_zone victory checks)."""
        x, y = self._pos(fid)
        return sorted({z.name for z in self._t.zones_at(x, y, self._base(fid).level) if z.name})

    def _stood_on(self, x: float, y: float, level: str) -> set[str]:
        if level not in self._t.obstacle_levels:
            return set()
        return {
            sh.tag[1]
            for sh in self._t.point_hits((x, y), STAND_TOLERANCE, self._t.filter(level))
            if sh.tag[0] == "obstacle"
        }

    def _crossed(self, pa, pb, levels) -> set[str]:
        out: set[str] = set()
        for lv in levels:
            for _, shape in self._t.swept_hits(pa, pb, 0.0, self._t.filter(lv)):
                if shape.tag[0] == "obstacle":
                    out.add(shape.tag[1])
        return out

    @implements("GEO-LOS-1", "RNG-COVER-1")
    def line_of_sight(self, a: str, b: str) -> Sight:
        """GEO-LOS-1: clear when the segment between centres crosses no blocks_los obstacle (figures
        never block) and the levels see each other (same level, or deck and rigging; the hold sees
        only the hold). RNG-COVER-1: the target has the best cover of its own zone or of any cover
        obstacle the line crosses within 1 in of the target's base; an obstacle a figure stands on
        neither blocks its view nor covers it."""
        ba, bb = self._base(a), self._base(b)
        pa, pb = self._pos(a), self._pos(b)
        levels_ok = ba.level == bb.level or {ba.level, bb.level} == {DECK, "rigging"}
        crossed = (
            self._crossed(pa, pb, {ba.level, bb.level}) - self._stood_on(*pa, ba.level) - self._stood_on(*pb, bb.level)
        )
        blocked = any(self._t.obstacles[o].blocks_los for o in crossed)
        cover = self._t.flags_at(pb[0], pb[1], bb.level).cover
        for oid in sorted(crossed):
            ob = self._t.obstacles[oid]
            if ob.cover is None:
                continue
            near = min(s.point_query(pb).distance for s in self._t.shapes_of[oid])
            if near <= bb.radius + COVER_REACH + 1e-9:
                cover = best_cover(cover, ob.cover)
        return Sight(clear=levels_ok and not blocked, cover=cover, distance=self._planar_gap(ba, bb))

    def _touching(self, fid: str) -> set[str]:
        b = self._base(fid)
        if b.level not in self._t.obstacle_levels:
            return set()
        x, y = self._pos(fid)
        return {
            sh.tag[1]
            for sh in self._t.point_hits((x, y), b.radius + CONTACT + 1e-9, self._t.filter(b.level))
            if sh.tag[0] == "obstacle"
        }

    @implements("PYR-ENG-2")
    def obstacle_between(self, a: str, b: str) -> ObstacleInfo | None:
        """PYR-ENG-2: an obstacle both bases touch (within 0.02 in) that the centre line crosses."""
        ba, bb = self._base(a), self._base(b)
        if ba.level != bb.level or ba.level not in self._t.obstacle_levels:
            return None
        both = self._touching(a) & self._touching(b) & self._crossed(self._pos(a), self._pos(b), {ba.level})
        return self._t.info[min(both)] if both else None

    def touching_obstacles(self, fid: str) -> list[ObstacleInfo]:
        """Obstacles fid's base touches (within 0.02 in), by id."""
        return [self._t.info[o] for o in sorted(self._touching(fid))]

    def on_standable(self, fid: str) -> bool:
        """PYR-ENG-4: fid's centre is on (within 0.05 in of) a standable obstacle."""
        b = self._base(fid)
        return any(self._t.obstacles[o].standable for o in self._stood_on(*self._pos(fid), b.level))

    def fall_landing(self, fid: str) -> Landing | None:
        """PYR-RIG-2: the nearest clear deck point below fid (rings 0.1 in apart, bearings from +x),
        with the drop = height of fid's zone (PYR-DROP-1) and sea_possible when a water zone lies
        within 2 in. None if the deck has no clear point."""
        b = self._base(fid)
        x, y = self._pos(fid)
        drop = self._t.flags_at(x, y, b.level).height if b.level != DECK else 0.0
        sea = self._t.water_within(x, y, SEA_REACH)
        limit = math.hypot(self.map.width, self.map.height)
        blocked = _Blocked(self, fid, b.radius)
        k = 0
        while k * 0.1 <= limit:
            rr = k * 0.1
            n = 1 if k == 0 else max(8, int(math.ceil(2 * math.pi * rr / 0.1)))
            for i in range(n):
                ang = 2 * math.pi * i / n
                px, py = round_in(x + rr * math.cos(ang)), round_in(y + rr * math.sin(ang))
                if not blocked(px, py):
                    return Landing(x=px, y=py, level=DECK, drop=round_in(drop), sea_possible=sea)
            k += 1
        return None

    # -- sectors (ESC-SEC-1) --------------------------------------------------------------------
    def _sectors(self) -> Sectors:
        s = self._t.grids.get("sectors")
        if s is None:
            s = self._t.grids["sectors"] = Sectors(self.map)
        return s

    def sector_of(self, fid: str) -> str:
        """ESC-SEC-1: the sector holding fid's centre (``sectors`` polygons, else ``g<col>_<row>`` of a 4 in grid)."""
        return self._sectors().of_point(*self._pos(fid))

    def sector_at(self, x: float, y: float) -> str:
        return self._sectors().of_point(x, y)

    def adjacent_sectors(self, sector: str) -> list[str]:
        """ESC-SEC-1: sectors sharing an edge with this one, sorted."""
        return self._sectors().adjacent(sector)

    def sector_centre(self, sector: str) -> tuple[float, float]:
        """The sector's centre, moved to the nearest walkable deck point if it is not walkable."""
        cx, cy = self._sectors().centre(sector)
        if not self._t.walkable(cx, cy, DECK, 0.5):
            for k in range(1, 41):
                rr = k * 0.1
                for i in range(16):
                    px, py = cx + rr * math.cos(i * math.pi / 8), cy + rr * math.sin(i * math.pi / 8)
                    if self._t.walkable(px, py, DECK, 0.5):
                        return (round_in(px), round_in(py))
        return (round_in(cx), round_in(cy))

    def sectors(self) -> list[str]:
        return self._sectors().all()


def _kept(oid: str, ignore, only) -> bool:
    return oid not in ignore and (only is None or oid in only)


class _Blocked:
    """``not table.clear_at(x, y, radius, DECK, ignore=(fid,))`` for a run of nearby points (PYR-RIG-2's
    rings): each blocked point's pymunk nearest-point query also says how far the blocker reaches
    (a shape's distance changes no faster than the point moves), so the points after it within
    that reach are known blocked without another query."""

    def __init__(self, table: Table, fid: str, radius: float):
        self.t, self.fid, self.radius = table, fid, radius
        self.md = radius - PENETRATION
        self.flt = table._t.filter(DECK)
        self.last: tuple[float, float, float] | None = None  # (x, y, reach) of the last blocker found

    def __call__(self, x: float, y: float) -> bool:
        last = self.last
        if last is not None and math.hypot(x - last[0], y - last[1]) < last[2]:
            return True
        t, md = self.t, self.md
        if not t._t.walkable(x, y, DECK, self.radius):
            return True
        q = t._t.point_query_nearest((x, y), md, self.flt)
        if q is None and t._by_level.get(DECK):
            q = t.space.point_query_nearest((x, y), md, self.flt)
        if q is None:
            return False
        if q.shape.tag[1] == self.fid:  # the faller's own base (or a namesake obstacle): ask in full
            return not t.clear_at(x, y, self.radius, DECK, ignore=(self.fid,))
        # 1e-7: the float error of the distances is far below it
        self.last = (x, y, md - q.distance - 1e-7)
        return True
