"""Sweeps and clearance over the bases and the terrain (``TableSweeps``, part of ``table.Table``):
GEO-SWEEP-1, GEO-ESC-1, GEO-SUR-1."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from game.rules.implements import implements

from .geometry import convex_hull, round_in, strictly_inside_convex
from .sweeps import Sweep, static_blocks, static_entering, sweep_of, sweep_radius
from .table_bases import TableBases, _Base
from .tactical_map import DECK
from .terrain import PENETRATION

#: (cos, sin) of the GEO-ESC-1 headings 0, 5, … 355 degrees
_HEADINGS_5 = tuple((math.cos(math.radians(5 * k)), math.sin(math.radians(5 * k))) for k in range(72))


class TableSweeps(TableBases):
    """Clearance queries: pymunk sweeps and point queries against the bases and the terrain."""

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
            self._base_hits(level, sw, ignore, only, out)
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
        it; see ``_bases_block``)."""
        sw = sweep_of(a, dx, dy, r)
        if sw is None:
            return False
        if static:
            t = self._t
            # a swept box inside the level's clear box meets no static shape (static_blocks' own
            # first answer, without building its memo key)
            bl, bb, br, bt = sw.box
            if not t.inside_clear_box(level, bl, bb, br, bt) and static_blocks(t, level, sw, ignore, only):
                return True
        return self._bases_block(level, sw, ignore, only, pool)

    def _bases_block(self, level: str, sw: Sweep, ignore, only, pool=None) -> bool:
        """Some base on the level the sweep enters (``Sweep.entering``), ids in ``ignore`` let
        through (with ``only``, only those tried). ``pool``: the bases to try (each still
        box-tested), else the level's."""
        on = self._by_level.get(level)
        if not on:
            return False
        if self._space is None:
            _ = self.space  # the bases' shapes, built on first use, each where its base stands
        stale = self._stale  # a base moved since: its circle is put in place when tested
        bl, bb, br, bt = sw.box
        # the level's bases (tens at most), box-tested here as pymunk's bb query would: cheaper
        # than the query's Python callback for each shape it finds
        for o in on.values() if pool is None else pool:
            if o.r < bl or o.l > br or o.t < bb or o.b > bt:
                continue
            fid = o.fid
            if fid in ignore or (only is not None and fid not in only):
                continue
            sh = o.shape
            if sh is None:
                continue
            if stale and fid in stale:
                self._sync_one(o)
            if sw.entering(sh) is not None:
                return True
        return False

    def _base_hits(self, level: str, sw: Sweep, ignore, only, out: list) -> None:
        """Append (alpha, ("base", id)) of every base the sweep enters to ``out``."""
        on = self._by_level.get(level)
        if not on or (len(on) == 1 and next(iter(on)) in ignore):  # none, or only the mover
            return
        bl, bb, br, bt = sw.box
        if self._space is None or self._stale:
            _ = self.space  # the bases' shapes, built on first use, each where its base stands (all)
        shapes = [
            sh
            for o in on.values()
            if bl <= o.r and o.l <= br and bb <= o.t and o.b <= bt and (sh := o.shape) is not None
        ]
        for sh in shapes:
            fid = sh.tag[1]
            if fid in ignore or (only is not None and fid not in only):
                continue
            alpha = sw.entering(sh)
            if alpha is not None:
                out.append((alpha, ("base", fid)))

    def _level_bases(self, level: str):
        got = self._by_level.get(level)
        return got.values() if got else ()

    def bases_clear_at(self, x: float, y: float, radius: float, level: str, ignore: Iterable[str] = ()) -> bool:
        """No base on that level overlaps a base of this radius here by more than 0.01 in (a pymunk
        point query)."""
        if not self._by_level.get(level):
            return True
        ign = ignore if isinstance(ignore, (set, frozenset, tuple)) else tuple(ignore)
        return all(fid in ign for fid in self._point_hits(level, x, y, radius - PENETRATION))

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
        fid, lv, r = b.fid, b.level, b.radius
        if not self._t.walkable(x + dx, y + dy, lv, r):
            return False
        ign = frozenset(ignore) | {fid} if ignore else (fid,)  # (fid,) ignores what {fid} does
        if dx == 0 and dy == 0:  # no move: clear iff the base overlaps nothing where it stands
            return self.clear_at(x, y, r, lv, ign)
        return not self._blocked(lv, (x, y), dx, dy, r, ign)

    @implements("GEO-ESC-1")
    def free_directions(self, fid: str, distance: float | None = None) -> list[int]:
        """GEO-ESC-1: headings (0, 5, … 355 degrees; 0 = +x, 90 = +y) with a clear sweep of
        ``distance`` (default the base depth = diameter, GEO-BASE-1)."""
        return list(self._free_headings(fid, distance))

    def has_free_direction(self, fid: str, distance: float | None = None) -> bool:
        """``bool(free_directions(fid, distance))``, stopping at the first free heading. The
        headings are tried from the one pointing away from the other bases near fid (the centre of
        their centres), turning both ways: a figure hemmed in on its front is mostly free behind."""
        return next(self._free_headings(fid, distance, away=True), None) is not None

    def _free_headings(self, fid: str, distance: float | None, away: bool = False):
        b = self._base(fid)
        d = 2 * b.radius if distance is None else distance
        x, y, lv = b.x, b.y, b.level
        # The 72 sweeps all lie in one box around the base: one pymunk bb query gathers the bases
        # it meets, and each sweep tries only those (each sweep's static half is memoised)
        ext = abs(d) + sweep_radius(b.radius)
        pool = self._bases_in(lv, x - ext, y - ext, x + ext, y + ext)
        ign = (fid,)
        order: Sequence[int] = range(72)
        others = [o for o in pool if o is not b]
        if away and others:
            cx = sum(o.x for o in others) / len(others)
            cy = sum(o.y for o in others) / len(others)
            if cx != x or cy != y:
                k0 = round(math.degrees(math.atan2(y - cy, x - cx)) / 5) % 72
                order = [(k0 + s * i) % 72 for i in range(37) for s in ((1,) if i in (0, 36) else (1, -1))]
        for k in order:
            ca, sa = _HEADINGS_5[k]
            dx, dy = d * ca, d * sa
            if not self._t.walkable(x + dx, y + dy, lv, b.radius):
                continue
            sw = sweep_of((x, y), dx, dy, b.radius)
            if sw is None:
                clear = self.clear_at(x, y, b.radius, lv, ign)
            else:
                clear = not (self._bases_block(lv, sw, ign, None, pool) or static_blocks(self._t, lv, sw, ign))
            if clear:
                yield 5 * k

    def _bases_in(self, level: str, l: float, b: float, r: float, t: float) -> list[_Base]:  # noqa: E741
        """The bases on the level whose circles' boxes meet the box (l, b, r, t): what a pymunk bb
        query of the level finds (cpBBIntersects with each shape's cached box, cpBBNewForCircle,
        which the bases' floats hold), in roster order."""
        on = self._by_level.get(level)
        if not on:
            return []
        return [o for o in on.values() if o.l <= r and l <= o.r and o.b <= t and b <= o.t]

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
        for e in foes:
            o = bases[e]
            vx, vy = x - o.x, y - o.y
            n = math.hypot(vx, vy)
            if n == 0:
                continue
            sw = sweep_of((x, y), vx / n * d, vy / n * d, b.radius)
            if sw is not None and self._bases_block(lv, sw, (e,), None, pool):
                return True
        return False

    # -- paths (RNG-MOVE-1/2) -----------------------------------------------------------------


def _kept(oid: str, ignore, only) -> bool:
    return oid not in ignore and (only is None or oid in only)
