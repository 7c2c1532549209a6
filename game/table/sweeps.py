"""GEO-SWEEP-1 swept-circle queries on pymunk: which shapes a base moving from a to b enters.

The broad phase is a pymunk bounding-box query of the swept area (``Space.segment_query`` with a
radius walks its tree with the thin centre line and misses shapes only the circle reaches); the
narrow phase is each shape's own Chipmunk query (``terrain.sweep_alpha``; ``point_query`` for
"already overlapping, moving no deeper"). The static half of an answer depends only on the map and
the sweep, so it is memoised by that content: per map content (``terrain.shared_memo``), whichever
Terrain of the map asks.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pymunk

from .chipmunk import point_distance, segment_alpha
from .terrain import PENETRATION, ROUNDING, sweep_alpha

if TYPE_CHECKING:  # pragma: no cover
    from .terrain import Terrain

#: static answers kept per map content before the memo is cleared wholesale (~14 MB at most)
SWEEPS_KEPT = 1 << 15


def sweep_radius(r: float) -> float:
    """The radius a base of radius r sweeps with: GEO-SWEEP-1 lets it penetrate 0.01 in, of which
    0.001 is kept for rounding the end position to 1/1000 in."""
    qr = r - PENETRATION + ROUNDING
    return qr if qr >= 1e-4 else 1e-4


class Sweep:
    """One swept circle: from ``a`` to ``b`` with radius ``qr``; ``box`` the (l, b, r, t) holding the
    whole sweep. The probe (a point 0.01 in, or the whole move if shorter, along it) is measured only
    when a shape is met at the start (``entering``)."""

    __slots__ = ("a", "b", "qr", "box", "_move")

    def __init__(self, a: tuple[float, float], dx: float, dy: float, qr: float, length: float):
        ax, ay = a
        bx, by = ax + dx, ay + dy
        self.a, self.b, self.qr = a, (bx, by), qr
        self._move = (dx, dy, length)
        self.box = (
            (bx if bx < ax else ax) - qr,
            (by if by < ay else ay) - qr,
            (bx if bx > ax else ax) + qr,
            (by if by > ay else ay) + qr,
        )

    @property
    def probe(self) -> tuple[float, float]:
        dx, dy, length = self._move
        step = length if length < 0.01 else 0.01
        ax, ay = self.a
        return (ax + dx / length * step, ay + dy / length * step)

    def entering(self, shape: pymunk.Shape) -> float | None:
        """Where the circle first touches ``shape`` (0..1), or None when it misses it — or starts
        overlapping it and does not go deeper (the distance to a convex shape is convex along the
        path, so the first 0.01 in tells). Chipmunk's segment query is called straight through cffi
        (``chipmunk.segment_alpha``): a sweep tests a base or two thousands of times a game, and the
        Python layers around it cost more than the query."""
        if type(shape) is pymunk.Segment:  # a capsule: Chipmunk misses its end caps (sweep_alpha)
            alpha = sweep_alpha(shape, self.a, self.b, self.qr)
        else:
            alpha = segment_alpha(shape, self.a, self.b, self.qr)
        if alpha is not None and alpha <= 1e-9:
            if point_distance(shape, self.probe) >= point_distance(shape, self.a) - 1e-9:
                return None
        return alpha


def sweep_of(a: tuple[float, float], dx: float, dy: float, r: float) -> Sweep | None:
    """The sweep of a base of radius r at ``a`` moving by (dx, dy); None for no move."""
    length = math.hypot(dx, dy)
    if length == 0:
        return None
    return Sweep(a, dx, dy, sweep_radius(r), length)


def _traced(t: Terrain, level: str, sw: Sweep) -> bool | None:
    """``clearance.Clearance.trace`` of the sweep on the level: True surely clear of every static
    shape, False surely entering one, None unknown — or not built yet: the path search builds it
    with its grids (``pathing``), so that a table that has planned nothing (the first frame, a
    replay's set-up) neither imports numpy nor measures the map for it."""
    cl = t.grids.get(("clearance", level))
    return None if cl is None else cl.trace(sw.a, sw.b, sw.qr)


def static_blocks(t: Terrain, level: str, sw: Sweep, ignore, only: set | None = None) -> bool:
    """Some static shape on ``level`` that ``ignore`` does not name (and ``only`` does, if given)
    is entered by the sweep: ``static_entering`` filtered, answered by the distance field alone
    when it can tell and no static shape is let through (its verdict memoised as the sweeps are)."""
    key = (level, sw.a, sw.b, sw.qr)
    memo = t.sweeps
    got = memo.get(key)
    if got is None:
        traced = only is None and t.static_ids.isdisjoint(ignore)
        if traced:
            if memo.get((*key, True)):
                return True
            bl, bb, br, bt = sw.box
            if t.inside_clear_box(level, bl, bb, br, bt):
                return False
            sure = _traced(t, level, sw)
            if sure is not None:
                if len(memo) >= SWEEPS_KEPT:
                    memo.clear()
                if sure:
                    memo[key] = ()  # what static_entering would find
                else:
                    memo[(*key, True)] = True
                return not sure
        got = static_entering(t, level, sw, traced=traced)
    if only is None:
        return any(h[1][1] not in ignore for h in got)
    return any(h[1][1] not in ignore and h[1][1] in only for h in got)


def static_entering(
    t: Terrain, level: str, sw: Sweep, *, traced: bool = False
) -> tuple[tuple[float, tuple[str, str]], ...]:
    """(alpha, tag) of every static shape on ``level`` the sweep enters (``Sweep.entering``), in no
    set order; memoised on the terrain by (level, a, b, radius) (``static_blocks`` adds verdicts
    under that key and True). ``traced``: the distance field could not tell already
    (``_traced``), so the exact sweeps run at once."""
    key = (level, sw.a, sw.b, sw.qr)
    memo = t.sweeps
    got = memo.get(key)
    if got is not None:
        return got
    got = ()
    bl, bb, br, bt = sw.box
    if not t.inside_clear_box(level, bl, bb, br, bt) and (traced or _traced(t, level, sw) is not True):
        hits = []
        for shape in t.bb_query(pymunk.BB(bl, bb, br, bt), t.filter(level)):
            alpha = sw.entering(shape)
            if alpha is not None:
                hits.append((alpha, shape.tag))
        got = tuple(hits)
    if len(memo) >= SWEEPS_KEPT:
        memo.clear()
    memo[key] = got
    return got
