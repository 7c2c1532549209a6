"""ESC-SEC-1: the automatic 4" grid of sectors for maps without sector polygons (pure coordinates).

This is the one grid implementation: ``game.table.sectors.Sectors`` answers the Tabletop's sector
questions with it whenever a map draws no ``sectors`` polygons.

Sector ids are "g{column}_{row}" counted from the map origin (top-left, y down): the point
(13.0, 21.5) lies in "g3_5" with the default 4" size. Adjacent = sharing an edge. Given the grid's
``shape`` (columns, rows), points on or past the map's far edges fall in the last cell, and a
cell's centre is that of its part on the map (``bounds``), so a map whose size is not a multiple of
4" still has every point in exactly one sector.
"""

from __future__ import annotations

import math
import re

GRID_SIZE = 4.0
_ID = re.compile(r"^g(\d+)_(\d+)$")
#: a map 12.0000000001" wide is three cells, not four (float noise from pixel → inch conversion)
_EDGE_SLACK = 1e-9


def grid_shape(map_width: float, map_height: float, size: float = GRID_SIZE) -> tuple[int, int]:
    """(columns, rows) of the grid covering a map."""
    return (max(1, math.ceil(map_width / size - _EDGE_SLACK)), max(1, math.ceil(map_height / size - _EDGE_SLACK)))


def grid_sector(x: float, y: float, size: float = GRID_SIZE, shape: tuple[int, int] | None = None) -> str:
    """ESC-SEC-1: the grid sector holding the point (x, y) in inches. With the grid's ``shape``
    the cell is clamped onto the map (a centre exactly on the far edge belongs to the last cell)."""
    if size <= 0:
        raise ValueError("sector size must be positive")
    col, row = math.floor(x / size), math.floor(y / size)
    if shape is not None:
        col, row = min(shape[0] - 1, max(0, col)), min(shape[1] - 1, max(0, row))
    elif col < 0 or row < 0:
        raise ValueError(f"({x}, {y}) lies left of or above the map origin")
    return f"g{col}_{row}"


def parse_grid_sector(sector: str, shape: tuple[int, int] | None = None) -> tuple[int, int]:
    """(column, row) of a grid sector id; ValueError if it is not one (or lies off a grid of ``shape``)."""
    m = _ID.match(sector) if isinstance(sector, str) else None
    if not m:
        raise ValueError(f"not a grid sector id: {sector!r} (expected g<column>_<row>)")
    c, r = int(m.group(1)), int(m.group(2))
    if shape is not None and not (c < shape[0] and r < shape[1]):
        raise ValueError(f"grid sector {sector!r} lies off the map ({shape[0]} x {shape[1]} sectors)")
    return c, r


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


def grid_centre(sector: str, size: float = GRID_SIZE, bounds: tuple[float, float] | None = None) -> tuple[float, float]:
    """Centre of a grid sector in inches; with the map's ``bounds`` (width, height), the centre of
    the part of the cell that lies on the map."""
    c, r = parse_grid_sector(sector)
    x1, y1 = (c + 1) * size, (r + 1) * size
    if bounds is not None:
        x1, y1 = min(bounds[0], x1), min(bounds[1], y1)
    return ((c * size + x1) / 2, (r * size + y1) / 2)


def grid_all(shape: tuple[int, int]) -> list[str]:
    """Every sector of a grid of ``shape``, in reading order (rows top to bottom)."""
    return [f"g{c}_{r}" for r in range(shape[1]) for c in range(shape[0])]
