"""The tabletop: bases over a shared static Terrain; implements the rules' ``Tabletop`` protocol
(game/rules/tabletop.py). Inches throughout; positions leave rounded to 1/1000 inch (GEO-SWEEP-1).

Each base is a pymunk circle on a kinematic body in the table's own ``space`` (levels are collision
filters, GEO-BTB-1); ``place`` and ``remove`` are the one place it changes. The static terrain has
its own Space, shared by every clone. Contact, clearance, pushback, surrounded and fall landings
are pymunk queries against the two (see ``_blocked``).

The bases (``table_bases.TableBases``) and the sweeps (``table_sweeps.TableSweeps``) are the base
classes of ``Table``; it adds clones, paths, zones, sight, obstacles, falls and sectors.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from game.rules.implements import implements
from game.rules.tabletop import Landing, ObstacleInfo, PathPlan, Sight, ZoneFlags

from . import path_costs, pathing
from .geometry import round_in
from .sectors import Sectors
from .table_bases import _Base
from .table_sweeps import TableSweeps
from .tactical_map import DECK
from .terrain import CONTACT, PENETRATION, best_cover

#: RNG-COVER-1: an obstacle gives cover if the LoS crosses it within this of the target's base.
COVER_REACH = 1.0
#: PYR-RIG-2: water this close lets the owner drop a faller into the sea.
SEA_REACH = 2.0
#: A centre this close to (or inside) a standable obstacle stands on it (PYR-ENG-4).
STAND_TOLERANCE = 0.05


class Table(TableSweeps):
    """A map with bases on it. ``Table(tmap)``; ``clone()`` shares the static terrain."""

    def clone(self) -> Table:
        """An independent copy with the same bases; the static terrain (and its path grids) is
        shared, and the copy builds its own space of bases when first asked."""
        t = Table(self.map, _terrain=self._t)
        t._bases = {fid: _Base(fid, b.radius, b.level, b.x, b.y) for fid, b in self._bases.items()}
        for fid, b in t._bases.items():
            t._by_level.setdefault(b.level, {})[fid] = b
        return t

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
        return path_costs.costs_from(self, fid, start, list(targets), cross=frozenset(cross), ends=ends)

    def path_cost(
        self, fid: str, points: Sequence[tuple[float, float]], *, cross: Iterable[str] = ()
    ) -> PathPlan | None:
        """Cost of moving fid along exactly these waypoints (the first is its position if it is not
        given); a leg joining a link's two ends climbs it. Stops at the first linear obstacle
        reached (RNG-MOVE-2) unless crossing it; None if any leg is otherwise blocked."""
        return path_costs.cost_along(self, fid, points, cross=frozenset(cross))

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

    def sight_blockers(self, a: str, b: str) -> list[str]:
        """Ids of the obstacles that block a's line of sight to b (``line_of_sight``'s own test),
        sorted: what a refusal names and the screen outlines."""
        ba, bb = self._base(a), self._base(b)
        pa, pb = self._pos(a), self._pos(b)
        crossed = (
            self._crossed(pa, pb, {ba.level, bb.level}) - self._stood_on(*pa, ba.level) - self._stood_on(*pb, bb.level)
        )
        return sorted(o for o in crossed if self._t.obstacles[o].blocks_los)

    def path_blockers(self, fid: str, x: float, y: float, *, cross: Iterable[str] = ()) -> list[tuple[str, str]]:
        """What fid's base meets first on the straight line to (x, y): (kind, id) pairs — "base"
        and a figure id, "obstacle" and an obstacle id, "wall" for the map's edge or impassable
        ground — nearest first (``_blocking``, the sweep GEO-SWEEP-1 uses)."""
        b = self._base(fid)
        hits = self._blocking(b.level, (b.x, b.y), x - b.x, y - b.y, b.radius, frozenset((fid, *cross)))
        out: list[tuple[str, str]] = []
        for _alpha, (kind, oid) in hits:
            if (kind, oid) not in out:
                out.append((kind, oid))
        return out

    def _touching(self, fid: str) -> set[str]:
        b = self._base(fid)
        return self._touching_at(b.x, b.y, b.radius, b.level)

    def _touching_at(self, x: float, y: float, radius: float, level: str) -> set[str]:
        if level not in self._t.obstacle_levels:
            return set()
        return {
            sh.tag[1]
            for sh in self._t.point_hits((x, y), radius + CONTACT + 1e-9, self._t.filter(level))
            if sh.tag[0] == "obstacle"
        }

    @implements("PYR-ENG-2")
    def obstacle_between(self, a: str, b: str) -> ObstacleInfo | None:
        """PYR-ENG-2: an obstacle both bases touch (within 0.02 in) that the centre line crosses."""
        ba = self._base(a)
        return self._obstacle_between(ba, ba.x, ba.y, self._base(b))

    def obstacle_between_from(self, a: str, x: float, y: float, b: str) -> ObstacleInfo | None:
        """``obstacle_between(a, b)`` as if a's base stood at (x, y), rounded to 1/1000 in as
        ``place`` would (the table is left as it is: a figure's candidate ends need not move it)."""
        return self._obstacle_between(self._base(a), round_in(x), round_in(y), self._base(b))

    def _obstacle_between(self, ba: _Base, x: float, y: float, bb: _Base) -> ObstacleInfo | None:
        if ba.level != bb.level or ba.level not in self._t.obstacle_levels:
            return None
        both = (
            self._touching_at(x, y, ba.radius, ba.level)
            & self._touching_at(bb.x, bb.y, bb.radius, bb.level)
            & self._crossed((x, y), (bb.x, bb.y), {ba.level})
        )
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
