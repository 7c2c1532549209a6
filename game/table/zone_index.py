"""A uniform grid over the table that finds the zones whose bounding box may hold a point or meet a box.

Why: zone look-ups (GEO-ZONE-1 flags, impassable ground, tough ground along a move, a level's
areas) sit on the rules' and the AI's hot path, and a map may hold up to 2,000 zones; a scan of
every zone's box per look-up made a game on such a map ~10 times slower than on the same map
without them. The grid hands back the same zones in the same (map) order as the scan did, so every
answer, and every record's hashes, stay the same: each cell lists, in map order, the zones whose
box meets it; a look-up then applies the same box test and exact test to those alone.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Generic, TypeVar

T = TypeVar("T")
Box = tuple[float, float, float, float]
#: Cells a side at most (a 200-inch table: cells of 2 inches); small maps get 1-inch cells.
MAX_CELLS_SIDE = 100
#: Up to this many entries a look-up scans them all (as quick as finding the cell, measured).
FEW = 16


_NONE: list = []


class ZoneGrid(Generic[T]):
    """(box, item) pairs in a fixed order, found by the cells their boxes meet."""

    def __init__(self, entries: Iterable[tuple[Box, T]], width: float, height: float):
        self.entries: list[tuple[Box, T]] = list(entries)
        self.few = len(self.entries) <= FEW
        """So few entries that scanning them all is quicker than finding a cell (callers check it)."""
        self.cell = cell_size(width, height)
        self.cols = max(1, math.ceil(width / self.cell))
        self.rows = max(1, math.ceil(height / self.cell))
        self.xmax, self.ymax = self.cols * self.cell, self.rows * self.cell
        self.cells: dict[tuple[int, int], list[tuple[Box, T]]] = {}
        self.order: dict[int, int] = {}
        """id of each entry's tuple → its place in ``entries`` (box queries return map order)."""
        for i, e in enumerate(self.entries):
            self.order[id(e)] = i
            (x0, y0, x1, y1), _ = e
            c0, r0 = self._cell(x0, y0)
            c1, r1 = self._cell(x1, y1)
            for c in range(c0, c1 + 1):
                for r in range(r0, r1 + 1):
                    self.cells.setdefault((c, r), []).append(e)

    def __bool__(self) -> bool:
        return bool(self.entries)

    def __iter__(self):
        return iter(self.entries)

    def _cell(self, x: float, y: float) -> tuple[int, int]:
        # clamped: a point off the table falls in an edge cell, which lists every box reaching past
        # that edge (clamping keeps order, so a box holding the point always lists that cell)
        c = int(x / self.cell) if 0 < x < self.xmax else (self.cols - 1 if x > 0 else 0)
        r = int(y / self.cell) if 0 < y < self.ymax else (self.rows - 1 if y > 0 else 0)
        return (c if c < self.cols else self.cols - 1, r if r < self.rows else self.rows - 1)

    def at(self, x: float, y: float) -> list[tuple[Box, T]]:
        """The entries whose box may hold (x, y), in map order (a superset: callers test the box;
        a NaN falls in a corner cell, where that test fails as it did for every box)."""
        cell = self.cell
        c = int(x / cell) if 0 < x < self.xmax else (self.cols - 1 if x > 0 else 0)
        r = int(y / cell) if 0 < y < self.ymax else (self.rows - 1 if y > 0 else 0)
        return self.cells.get((c if c < self.cols else self.cols - 1, r if r < self.rows else self.rows - 1), _NONE)

    def meeting(self, x0: float, y0: float, x1: float, y1: float) -> list[tuple[Box, T]]:
        """The entries whose box may meet the box (x0, y0, x1, y1), in map order (a superset)."""
        if not (x0 <= x1 and y0 <= y1):
            return []
        c0, r0 = self._cell(x0, y0)
        c1, r1 = self._cell(x1, y1)
        if c0 == c1 and r0 == r1:
            return self.cells.get((c0, r0), [])
        if (c1 - c0 + 1) * (r1 - r0 + 1) * 4 > len(self.cells):
            return self.entries  # a box over much of the table: the whole list is as quick
        seen: dict[int, tuple[Box, T]] = {}
        for c in range(c0, c1 + 1):
            for r in range(r0, r1 + 1):
                for e in self.cells.get((c, r), ()):
                    seen[self.order[id(e)]] = e
        return [seen[i] for i in sorted(seen)]


def cell_size(width: float, height: float) -> float:
    """The grid's cell side in inches for a table of this size (1 inch up to 100-inch tables)."""
    return max(1.0, max(width, height, 1.0) / MAX_CELLS_SIDE)


def densest_cell(boxes: list[tuple[Box, int]], width: float, height: float) -> int:
    """The greatest sum of weights (a zone's corners) of the boxes meeting any one cell of the grid
    ``ZoneGrid`` would build: what one look-up there may have to test. Counted with a summed
    difference array, so a map of 2,000 table-sized zones costs no more than one of small ones."""
    import numpy as np

    if not boxes:
        return 0
    cell = cell_size(width, height)
    cols, rows = max(1, math.ceil(width / cell)), max(1, math.ceil(height / cell))
    b = np.array([bx for bx, _ in boxes], dtype=float).reshape(-1, 4)
    w = np.array([wt for _, wt in boxes], dtype=np.int64)
    c0 = np.clip(np.floor(b[:, 0] / cell), 0, cols - 1).astype(np.int64)
    r0 = np.clip(np.floor(b[:, 1] / cell), 0, rows - 1).astype(np.int64)
    c1 = np.clip(np.floor(b[:, 2] / cell), 0, cols - 1).astype(np.int64)
    r1 = np.clip(np.floor(b[:, 3] / cell), 0, rows - 1).astype(np.int64)
    diff = np.zeros((cols + 1, rows + 1), dtype=np.int64)
    np.add.at(diff, (c0, r0), w)
    np.add.at(diff, (c1 + 1, r0), -w)
    np.add.at(diff, (c0, r1 + 1), -w)
    np.add.at(diff, (c1 + 1, r1 + 1), w)
    return int(diff.cumsum(axis=0).cumsum(axis=1).max())
