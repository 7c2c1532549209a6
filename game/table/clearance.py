"""A coarse free-space check before the exact GEO-SWEEP-1 sweeps (``sweeps``).

Per level, each 0.25-inch cell centre's distance to the nearest static shape of that level
(obstacles, linear ones included, and walls), as the path grids measure it (``grid._field``),
capped at the field's reach (a centre farther than the reach from a shape lies outside the window
where that shape was measured; a distance under the reach is therefore exact). A distance changes
by at most the distance moved, so from a point p whose nearest cell centre is c, every static shape
is at least ``L = D[c] - |p - c|`` away, and at most ``D[c] + |p - c|`` when D[c] is under the reach.

A leg is walked in steps of ``L - radius`` (sphere tracing: every point within that step of p is
farther than the radius from every shape). Reaching its end proves the swept circle touches no
static shape: the exact sweep would find none. Where the steps get too short the leg comes near a
shape; a few points beyond are probed, and one surely closer than the radius, after a start
surely clear, proves the circle enters a shape: the exact sweep would find one. Anything else is
left to the exact sweep, so answers are unchanged; fewer sweeps are asked.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .terrain import Terrain

#: what the numpy distances and Chipmunk's may differ by: a bound must beat the radius by this much
TOLERANCE = 1e-4
#: a step shorter than this means the leg grazes something
MIN_STEP = 0.03
#: steps tried before the exact sweep decides (a long leg through open ground takes ~1 per inch)
MAX_STEPS = 160
#: past a graze, points at least this far apart are probed for one surely inside a shape, so many
PROBE, PROBES = 0.05, 16


class Clearance:
    """``rows``: lists of per-cell distances to the level's static shapes (one list a grid row of
    ``res``-inch cells), capped at ``reach``."""

    __slots__ = ("rows", "nr", "nc", "res", "reach")

    def __init__(self, rows: list[list[float]], res: float, reach: float):
        self.rows = rows
        self.nr, self.nc = len(rows), len(rows[0])
        self.res = res
        self.reach = reach

    def trace(self, a: tuple[float, float], b: tuple[float, float], radius: float) -> bool | None:
        """A circle of ``radius`` moved from a to b: True if it surely stays farther than ``radius``
        from every static shape of the level, False if it surely starts clear and then comes
        closer than ``radius`` to one (both by TOLERANCE), None when the bounds cannot tell."""
        ax, ay = a
        dx, dy = b[0] - ax, b[1] - ay
        length = math.hypot(dx, dy)
        if length > 0:
            dx, dy = dx / length, dy / length
        need, below = radius + TOLERANCE, radius - TOLERANCE
        rows, res, nr1, nc1, reach = self.rows, self.res, self.nr - 1, self.nc - 1, self.reach
        hypot = math.hypot
        done = 0.0
        x, y = ax, ay
        clear = True  # every point before ``done`` is surely clear
        probes = 0
        for _ in range(MAX_STEPS):
            i = int(x / res)
            j = int(y / res)
            i = 0 if i < 0 else nc1 if i > nc1 else i
            j = 0 if j < 0 else nr1 if j > nr1 else j
            d = rows[j][i]
            off = hypot(x - (i + 0.5) * res, y - (j + 0.5) * res)
            low = d - off
            if clear:
                step = low - need
                if step < MIN_STEP:  # the best of the four centres around the point, before giving up
                    step = self._low4(x, y) - need
                if step >= MIN_STEP:
                    done += step
                    if done >= length:
                        return True
                    x, y = ax + dx * done, ay + dy * done
                    continue
                if done == 0.0 and step < 0.0:
                    return None  # the start itself is not surely clear
                clear = False
            # past a graze: a point surely closer than the radius means the circle, surely clear at
            # the start, enters a shape on the way; none can lie nearer than ``low - below``
            if d < reach and d + off < below:
                return False
            probes += 1
            if probes > PROBES:
                return None
            step = low - below
            done += step if step > PROBE else PROBE
            if done > length:
                return None
            x, y = ax + dx * done, ay + dy * done
        return None

    def _low4(self, x: float, y: float) -> float:
        """The best lower bound at (x, y) from the four cell centres around it."""
        res, rows = self.res, self.rows
        i0 = min(max(int(x / res - 0.5), 0), self.nc - 2)
        j0 = min(max(int(y / res - 0.5), 0), self.nr - 2)
        best = -math.inf
        for j in (j0, j0 + 1):
            row = rows[j]
            cy = y - (j + 0.5) * res
            for i in (i0, i0 + 1):
                v = row[i] - math.hypot(x - (i + 0.5) * res, cy)
                if v > best:
                    best = v
        return best


def clearance_of(t: Terrain, level: str) -> Clearance | None:
    """The level's ``Clearance`` (None on a map under two cells either way), built with the level's distance
    field (``grid._field``) and kept beside it by map content, and on the terrain."""
    key = ("clearance", level)
    got = t.grids.get(key, False)
    if got is not False:
        return got
    import numpy as np

    from .grid import REACH_MIN, RES, _field

    f = _field(t, level, REACH_MIN)
    if f.clearance is None:
        d = np.minimum(f.near, f.reach)
        for _i, rs, cs, dist in f.linear:
            np.minimum(d[rs, cs], dist, out=d[rs, cs])
        f.clearance = Clearance(d.tolist(), RES, f.reach) if d.shape[0] >= 2 and d.shape[1] >= 2 else False
    out = f.clearance or None
    t.grids[key] = out
    return out
