"""ESC-SEC-1: automatic 4" grid sectors for maps without sector polygons (pure coordinates).

Sector ids are "g{column}_{row}" counted from the map origin (top-left, y down): the point
(13.0, 21.5) lies in "g3_5" with the default 4" size. Adjacent = sharing an edge.
"""
from __future__ import annotations

import math
import re

GRID_SIZE = 4.0
_ID = re.compile(r"^g(\d+)_(\d+)$")


def grid_sector(x: float, y: float, size: float = GRID_SIZE) -> str:
    """ESC-SEC-1: the grid sector holding the point (x, y) in inches."""
    if size <= 0:
        raise ValueError("sector size must be positive")
    col, row = math.floor(x / size), math.floor(y / size)
    if col < 0 or row < 0:
        raise ValueError(f"({x}, {y}) lies left of or above the map origin")
    return f"g{col}_{row}"


def parse_grid_sector(sector: str) -> tuple[int, int]:
    """(column, row) of a grid sector id; ValueError if it is not one."""
    m = _ID.match(sector) if isinstance(sector, str) else None
    if not m:
        raise ValueError(f"not a grid sector id: {sector!r} (expected g<column>_<row>)")
    return int(m.group(1)), int(m.group(2))


def grid_adjacent(sector: str, columns: int | None = None, rows: int | None = None) -> list[str]:
    """ESC-SEC-1: sectors sharing an edge with ``sector``, sorted; ``columns``/``rows`` clip to the map."""
    c, r = parse_grid_sector(sector)
    out = []
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        nc, nr = c + dc, r + dr
        if nc < 0 or nr < 0 or (columns is not None and nc >= columns) or (rows is not None and nr >= rows):
            continue
        out.append(f"g{nc}_{nr}")
    return sorted(out)


def grid_centre(sector: str, size: float = GRID_SIZE) -> tuple[float, float]:
    """Centre of a grid sector in inches."""
    c, r = parse_grid_sector(sector)
    return ((c + 0.5) * size, (r + 0.5) * size)


def grid_shape(map_width: float, map_height: float, size: float = GRID_SIZE) -> tuple[int, int]:
    """(columns, rows) of the grid covering a map."""
    return (max(1, math.ceil(map_width / size)), max(1, math.ceil(map_height / size)))
