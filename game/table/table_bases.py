"""The bases on the table (``TableBases``, the core of ``table.Table``): placing and removing them,
their pymunk circles in the table's own ``space``, contact and distance (GEO-BTB-1, GEO-DIST-1)."""

from __future__ import annotations

import math

import pymunk

from game.rules.implements import implements

from .chipmunk import move_body, point_distance
from .geometry import round_in
from .tactical_map import TacticalMap
from .terrain import CONTACT, Terrain


class _Base:
    """One base: its pymunk circle (on a kinematic body, once the table's space is built) and the
    same numbers as Python floats, read by rules, path plans and memo keys without a cffi call."""

    __slots__ = ("fid", "radius", "level", "x", "y", "l", "b", "r", "t", "body", "shape")

    def __init__(self, fid: str, radius: float, level: str, x: float, y: float):
        self.fid, self.radius, self.level = fid, radius, level
        self.body: pymunk.Body | None = None
        self.shape: pymunk.Circle | None = None
        self.move(x, y)

    def move(self, x: float, y: float) -> None:
        """The floats only: the circle follows when the table next asks its space (``TableBases._sync``)."""
        # l, b, r, t: the circle's bounding box, as pymunk caches it (cpBBNewForCircle)
        self.x, self.y = x, y
        r = self.radius
        self.l, self.b, self.r, self.t = x - r, y - r, x + r, y + r


class TableBases:
    """Bases over a shared static Terrain; ``table.Table`` adds the sweeps, paths, sight and sectors."""

    def __init__(self, tmap: TacticalMap, *, _terrain: Terrain | None = None):
        self.map = tmap
        self._t = _terrain if _terrain is not None else Terrain(tmap)
        self._bases: dict[str, _Base] = {}
        self._by_level: dict[str, dict[str, _Base]] = {}
        self._space: pymunk.Space | None = None
        #: bases moved since the space was last asked: a move costs two cffi calls, and a base is
        #: often moved again (a probe and its restore, a pushback then a follow-up) before any query
        self._stale: dict[str, _Base] = {}

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
            if old.body is not None:
                self._stale[fid] = old
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
        self._stale.pop(fid, None)
        if b is not None:
            del self._by_level[b.level][fid]
            if self._space is not None and b.body is not None and b.shape is not None:
                self._space.remove(b.body, b.shape)
            b.body = b.shape = None

    @property
    def space(self) -> pymunk.Space:
        """The pymunk Space of the bases: one circle per base on a kinematic body, tagged ("base",
        id), its filter the level's (figures on different levels never touch). Built on first use,
        so a clone that is never asked a question (a look-ahead's set-up) costs no shapes; every
        base moved since the last ask is put in place first."""
        sp = self._space
        if sp is None:
            sp = self._space = pymunk.Space()
            for b in self._bases.values():
                self._add_shape(sp, b)
        if self._stale:
            self._sync()
        return sp

    def _sync(self) -> None:
        """Put each stale base's circle where its floats say: ``Body.position = …`` then
        ``Space.reindex_shapes_for_body`` (the shape's cached position and bb follow the body only
        on reindex), as the two Chipmunk calls those make, without their Python layers."""
        sp = self._space
        for b in self._stale.values():
            body = b.body
            if body is not None and sp is not None:
                move_body(sp, body, b.x, b.y)
        self._stale.clear()

    def _sync_one(self, b: _Base) -> None:
        """``_sync`` for one stale base alone: a query's narrow phase reads only the circles it
        tests (each shape's cached position), so the others may wait for the next whole-space ask."""
        del self._stale[b.fid]
        body, sp = b.body, self._space
        if body is not None and sp is not None:
            move_body(sp, body, b.x, b.y)

    def _add_shape(self, space: pymunk.Space, b: _Base) -> None:
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        body.position = (b.x, b.y)
        shape = pymunk.Circle(body, b.radius)
        shape.filter = self._t.filter(b.level)  # its level's bit: bases on other levels never meet it
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
        out = self._point_hits(b.level, b.x, b.y, b.radius + CONTACT + 1e-9, b)
        out.sort()
        return out

    def _point_hits(self, level: str, x: float, y: float, md: float, skip: _Base | None = None) -> list[str]:
        """Ids of the bases on the level that ``Space.point_query((x, y), md, level filter)`` finds
        (``skip``'s left out), in no set order: Chipmunk's own point query (cpShapePointQuery: its
        distance < md) on each base whose box meets the query's, the box test done here on the
        bases' floats as the space's index does it (a level holds tens of bases: cheaper than the
        space query's Python callback and result object for each shape it finds)."""
        on = self._by_level.get(level)
        if not on:
            return []
        if self._space is None:
            _ = self.space  # the bases' shapes, built on first use, each where its base stands
        stale = self._stale
        e = md if md > 0.0 else 0.0  # the query's box: cpBBNewForCircle(p, max(md, 0))
        ql, qb, qr, qt = x - e, y - e, x + e, y + e
        p = (x, y)
        out = []
        for o in on.values():
            if o is skip or o.r < ql or o.l > qr or o.t < qb or o.b > qt:
                continue
            sh = o.shape
            if sh is not None:
                if stale and o.fid in stale:
                    self._sync_one(o)
                if point_distance(sh, p) < md:
                    out.append(o.fid)
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

    # -- sweeps (GEO-SWEEP-1, GEO-ESC-1, GEO-SUR-1) ------------------------------------------------
