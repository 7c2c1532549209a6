"""Walking distances for the AI: Dijkstra fields on a coarse grid of the table.

Straight-line distance lies on a ship: the way from the sloop to the merchantman's quarterdeck
goes over a gangplank. A ``Grid`` marks, once per map and level, the cells where a base could
stand (``table.clear_at`` ignoring bases), with cells that only a linear obstacle blocks (a rail,
RNG-MOVE-2: crossed at half move) dearer; ``field(sources)`` is the walking distance from the
nearest source to every cell. Fields are cached by their sources, so the evaluation of many
candidate moves against the same enemy positions costs one Dijkstra.
"""

from __future__ import annotations

import heapq
import math
from collections import OrderedDict

STEP = 1.0
RAIL_COST = 3.0
RADIUS = 0.45
INF = float("inf")
_GRIDS: dict = {}


class Grid:
    def __init__(self, table, level: str, step: float = STEP):
        self.step = step
        self.w = max(1, int(math.ceil(table.width / step)))
        self.h = max(1, int(math.ceil(table.height / step)))
        tmap = getattr(table, "map", None) or getattr(table, "tmap", None)
        linear = [o.id for o in getattr(tmap, "obstacles", ()) if getattr(o, "kind", "") == "linear"]
        bases = list(table.figures()) if hasattr(table, "figures") else []
        cost = []
        for j in range(self.h):
            for i in range(self.w):
                x, y = (i + 0.5) * step, (j + 0.5) * step
                try:
                    if table.clear_at(x, y, RADIUS, level, ignore=bases):
                        c = 1.0
                    elif linear and table.clear_at(x, y, RADIUS, level, ignore=bases + linear):
                        c = RAIL_COST
                    else:
                        c = INF
                except Exception:  # noqa: BLE001 - a table that cannot say: open ground
                    c = 1.0
                cost.append(c)
        self.cost = cost
        self.map_ref = tmap  # keeps the map alive so that its id is never reused for another map
        self._fields: OrderedDict = OrderedDict()
        self._cells: dict = {}
        self._adj: list | None = None

    def cell(self, x: float, y: float) -> int:
        # min/max without their calls: the evaluation asks this ~25,000 times a game
        w, h, step = self.w, self.h, self.step
        i = int(x / step)
        j = int(y / step)
        i = 0 if i < 0 else w - 1 if i >= w else i
        j = 0 if j < 0 else h - 1 if j >= h else j
        return j * w + i

    def field(self, sources: tuple[int, ...]) -> list[float]:
        f = self._fields.get(sources)
        if f is not None:
            self._fields.move_to_end(sources)
            return f
        f = self._dijkstra(sources)
        self._fields[sources] = f
        if len(self._fields) > 48:
            self._fields.popitem(last=False)
        return f

    def _edges(self) -> list[tuple[tuple[int, float], ...]]:
        """Per cell, (neighbour, step cost) of its standable neighbours (8 directions, in a fixed
        order): a step costs its length times the mean of the two cells' costs (the whole cost
        of the cell entered when leaving a cell nobody stands on)."""
        if self._adj is not None:
            return self._adj
        w, h, cost, step = self.w, self.h, self.cost, self.step
        diag = math.sqrt(2.0)
        adj = []
        for c in range(w * h):
            j, i = divmod(c, w)
            cc = cost[c]
            out = []
            for di, dj, k in (
                (1, 0, 1.0),
                (-1, 0, 1.0),
                (0, 1, 1.0),
                (0, -1, 1.0),
                (1, 1, diag),
                (1, -1, diag),
                (-1, 1, diag),
                (-1, -1, diag),
            ):
                ni, nj = i + di, j + dj
                if ni < 0 or nj < 0 or ni >= w or nj >= h:
                    continue
                n = nj * w + ni
                cn = cost[n]
                if cn == INF:
                    continue
                # the same float operations as a step's cost, d + (this), in the search
                out.append((n, k * step * (cn + cc) / 2.0 if cc != INF else k * step * cn))
            adj.append(tuple(out))
        self._adj = adj
        return adj

    def _dijkstra(self, sources) -> list[float]:
        adj = self._edges()
        dist = [INF] * (self.w * self.h)
        heap = []
        for s in sources:
            if dist[s] > 0:
                dist[s] = 0.0
                heap.append((0.0, s))
        heapq.heapify(heap)
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            d, c = pop(heap)
            if d > dist[c]:
                continue
            for n, k in adj[c]:
                nd = d + k
                if nd < dist[n]:
                    dist[n] = nd
                    push(heap, (nd, n))
        return dist

    def distance(self, field: list[float], x: float, y: float) -> float:
        """Walking distance from (x, y) to the field's sources; the best of the cell and its neighbours
        when the point's own cell is not standable (a base pressed against a rail)."""
        c = self.cell(x, y)
        d = field[c]
        if d != INF:
            return d
        j, i = divmod(c, self.w)
        best = INF
        for dj in (-1, 0, 1):
            for di in (-1, 0, 1):
                ni, nj = i + di, j + dj
                if 0 <= ni < self.w and 0 <= nj < self.h:
                    best = min(best, field[nj * self.w + ni] + self.step * math.hypot(di, dj))
        return best


def grid_for(table, level: str) -> Grid:
    key = (id(getattr(table, "map", None) or getattr(table, "tmap", None) or table), level)
    g = _GRIDS.get(key)
    if g is None:
        if len(_GRIDS) > 16:
            _GRIDS.clear()
        g = _GRIDS[key] = Grid(table, level)
    return g


def cells_in(grid: Grid, polygons) -> tuple[int, ...]:
    """Sources for a zone: every standable cell whose centre lies in one of the polygons
    (``objectives.inside``, the even-odd rule, over every cell centre at once), kept on the grid by
    the polygons' points."""
    key = tuple(tuple(map(tuple, p)) for p in polygons)
    got = grid._cells.get(key)
    if got is not None:
        return got
    import numpy as np

    xs = (np.arange(grid.w) + 0.5) * grid.step
    ys = (np.arange(grid.h) + 0.5) * grid.step
    x, y = xs[None, :], ys[:, None]
    hit = np.zeros((grid.h, grid.w), np.bool_)
    for p in key:
        c = np.zeros((grid.h, grid.w), np.bool_)
        n = len(p)
        j = n - 1
        for i in range(n):
            (xi, yi), (xj, yj) = p[i], p[j]
            # the same float operations as objectives.inside, cell for cell
            c ^= ((yi > y) != (yj > y)) & (x < (xj - xi) * (y - yi) / ((yj - yi) or 1e-12) + xi)
            j = i
        hit |= c
    standable = np.array(grid.cost).reshape(grid.h, grid.w) != INF
    out = np.flatnonzero(hit & standable).tolist()
    if not out:  # a zone smaller than a cell: its centroid
        for p in polygons:
            cx = sum(q[0] for q in p) / len(p)
            cy = sum(q[1] for q in p) / len(p)
            out.append(grid.cell(cx, cy))
    got = grid._cells[key] = tuple(sorted(set(out)))
    return got
