"""ESC-SEC-1 sectors: the map's ``sectors`` polygons, else an automatic 4-inch grid from the origin.

The grid itself is the rules' pure one (``game.rules.escarmouche.sectors``): one implementation, so
the rules' tests and the table agree on ids, adjacency and centres.
"""

from __future__ import annotations

import math

from game.rules.escarmouche.sectors import (
    GRID_SIZE,
    grid_adjacent,
    grid_all,
    grid_centre,
    grid_sector,
    grid_shape,
    parse_grid_sector,
)
from game.rules.implements import implements

from .geometry import Point, centroid, point_in_polygon
from .tactical_map import TacticalMap


def _shares_edge(p: tuple[Point, ...], q: tuple[Point, ...], eps: float = 1e-6) -> bool:
    """Two polygons share a stretch of boundary of positive length (collinear overlapping edges)."""
    for i in range(len(p)):
        a, b = p[i], p[(i + 1) % len(p)]
        ex, ey = b[0] - a[0], b[1] - a[1]
        ln = math.hypot(ex, ey)
        if ln < eps:
            continue
        for j in range(len(q)):
            c, d = q[j], q[(j + 1) % len(q)]
            # both ends of cd on the line ab?
            if abs(ex * (c[1] - a[1]) - ey * (c[0] - a[0])) / ln > eps:
                continue
            if abs(ex * (d[1] - a[1]) - ey * (d[0] - a[0])) / ln > eps:
                continue
            t0 = ((c[0] - a[0]) * ex + (c[1] - a[1]) * ey) / ln
            t1 = ((d[0] - a[0]) * ex + (d[1] - a[1]) * ey) / ln
            lo, hi = max(0.0, min(t0, t1)), min(ln, max(t0, t1))
            if hi - lo > eps:
                return True
    return False


class Sectors:
    """Sector look-ups for one map (ESC-SEC-1); grid ids read ``g<column>_<row>``."""

    def __init__(self, tmap: TacticalMap):
        self.map = tmap
        self.polys = {s.id: s.points for s in tmap.sectors}
        self._adj: dict[str, list[str]] = {}
        if self.polys:
            ids = sorted(self.polys)
            for sid in ids:
                self._adj[sid] = [o for o in ids if o != sid and _shares_edge(self.polys[sid], self.polys[o])]
        self.shape = grid_shape(tmap.width, tmap.height, GRID_SIZE)

    @implements("ESC-SEC-1")
    def of_point(self, x: float, y: float) -> str:
        if self.polys:
            for sid in sorted(self.polys):
                if point_in_polygon(x, y, self.polys[sid]):
                    return sid
            # outside every drawn sector: the one whose centre is nearest
            return min(sorted(self.polys), key=lambda s: math.dist((x, y), centroid(self.polys[s])))
        return grid_sector(x, y, GRID_SIZE, self.shape)

    def _grid_cell(self, sector: str) -> tuple[int, int]:
        try:
            return parse_grid_sector(sector, self.shape)
        except ValueError:
            raise KeyError(f"unknown sector {sector!r}") from None

    def adjacent(self, sector: str) -> list[str]:
        if self.polys:
            if sector not in self._adj:
                raise KeyError(f"unknown sector {sector!r}")
            return list(self._adj[sector])
        self._grid_cell(sector)
        return grid_adjacent(sector, *self.shape)

    def centre(self, sector: str) -> Point:
        if self.polys:
            if sector not in self.polys:
                raise KeyError(f"unknown sector {sector!r}")
            return centroid(self.polys[sector])
        self._grid_cell(sector)
        return grid_centre(sector, GRID_SIZE, (self.map.width, self.map.height))

    def all(self) -> list[str]:
        if self.polys:
            return sorted(self.polys)
        return grid_all(self.shape)
