"""The path grid of one level for one base radius (RNG-MOVE-1/2), built with numpy.

A 0.25-inch grid; each cell holds FREE, BLOCKED or LINEAR (a base centred there would touch a linear
obstacle, which a figure stops at and crosses next turn: RNG-MOVE-2), the crossed obstacle's
index, and a terrain cost (1 open, 2 tough: RNG-MOVE-1). A cell is free when a base centred there,
grown by MARGIN, overlaps no static shape of its level (obstacles, walls, the map edge, the outline
of a level's area) — the answer ``Space.point_query`` gives, computed here for every cell at once
from each shape's own distance (circle, capsule, polygon). Built once per (level, radius) and
kept on the shared Terrain; bases are stamped onto a copy per search.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import numpy as np
import pymunk

from .tactical_map import DECK

if TYPE_CHECKING:  # pragma: no cover
    from .terrain import Terrain

RES = 0.25
"""Grid resolution, inches."""
MARGIN = 0.05
"""Extra clearance a grid cell needs, so legs between free cells stay clear."""
FREE, BLOCKED, LINEAR = 0, 1, 2


class Grid:
    """Static occupancy of one level for one base radius: ``cells`` (FREE/BLOCKED/LINEAR), ``linear``
    (index of the linear obstacle in sorted id order, -1 elsewhere), ``cost`` (1 or 2), as
    (rows, cols) numpy arrays."""

    __slots__ = ("cols", "rows", "cells", "linear", "cost")

    def __init__(self, cols: int, rows: int):
        self.cols, self.rows = cols, rows
        self.cells = np.zeros((rows, cols), np.uint8)
        self.linear = np.full((rows, cols), -1, np.int16)
        self.cost = np.ones((rows, cols), np.uint8)


def fill(arr: np.ndarray, pts, value: int) -> None:
    """Set arr[row, col] = value for every cell whose centre is inside polygon pts: the even-odd
    scanline, a cell taken when its centre lies between a pair of crossings (ends included)."""
    rows, cols = arr.shape
    p = np.asarray(pts, float)
    y0, y1 = p[:, 1].min(), p[:, 1].max()
    r0, r1 = max(0, int(y0 / RES - 0.5)), min(rows - 1, int(y1 / RES + 0.5))
    if r1 < r0:
        return
    cy = (np.arange(r0, r1 + 1) + 0.5) * RES
    a, b = p, np.concatenate((p[1:], p[:1]))
    ay, by = a[:, 1][None, :], b[:, 1][None, :]
    cross = (ay > cy[:, None]) != (by > cy[:, None])
    with np.errstate(divide="ignore", invalid="ignore"):
        xs = a[:, 0][None, :] + (cy[:, None] - ay) * (b[:, 0] - a[:, 0])[None, :] / (by - ay)
    xs = np.where(cross, xs, np.inf)
    xs.sort(axis=1)
    nr = r1 - r0 + 1
    rix = np.arange(nr)
    starts, stops = [], []
    for k in range(0, xs.shape[1] - 1, 2):
        lo, hi = xs[:, k], xs[:, k + 1]
        ok = np.isfinite(hi)
        if not ok.any():
            break
        c0 = np.maximum(0, np.ceil(lo[ok] / RES - 0.5)).astype(np.int64)
        c1 = np.minimum(cols - 1, np.floor(hi[ok] / RES - 0.5)).astype(np.int64)
        keep = c1 >= c0
        rr = rix[ok][keep] * (cols + 1)
        starts.append(rr + c0[keep])
        stops.append(rr + c1[keep] + 1)
    if not starts:
        return
    size = nr * (cols + 1)
    mark = np.bincount(np.concatenate(starts), minlength=size) - np.bincount(np.concatenate(stops), minlength=size)
    inside = np.cumsum(mark.reshape(nr, cols + 1)[:, :cols], axis=1) > 0
    arr[r0 : r1 + 1][inside] = value


def _seg_dist(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    if ll == 0:
        return np.hypot(px - ax, py - ay)
    t = np.clip(((px - ax) * dx + (py - ay) * dy) / ll, 0.0, 1.0)
    return np.hypot(px - (ax + t * dx), py - (ay + t * dy))


def shape_distance(sh: pymunk.Shape, px: np.ndarray, py: np.ndarray) -> np.ndarray:
    """What ``sh.point_query(p).distance`` answers for each point (negative inside); px and py
    broadcast against each other."""
    body = sh.body
    assert body is not None, "the table's shapes are attached"
    if isinstance(sh, pymunk.Circle):
        cx, cy = body.local_to_world(sh.offset)
        return np.hypot(px - cx, py - cy) - sh.radius
    if isinstance(sh, pymunk.Segment):
        (ax, ay), (bx, by) = body.local_to_world(sh.a), body.local_to_world(sh.b)
        return _seg_dist(px, py, ax, ay, bx, by) - sh.radius
    vs = [body.local_to_world(v) for v in sh.get_vertices()]
    shape = np.broadcast_shapes(np.shape(px), np.shape(py))
    d = np.full(shape, np.inf)
    inside = np.zeros(shape, bool)
    n = len(vs)
    for i in range(n):
        (ax, ay), (bx, by) = vs[i], vs[(i + 1) % n]
        d = np.minimum(d, _seg_dist(px, py, ax, ay, bx, by))
        if ay != by:
            inside ^= ((ay > py) != (by > py)) & (px < ax + (py - ay) * (bx - ax) / (by - ay))
    return np.where(inside, -d, d) - sh.radius


#: each shape's distances are measured this far past its box (at least the base radius + MARGIN
#: asked): one measurement serves every base size up to it
REACH_MIN = 2.0
#: content-keyed: (map, level, reach) -> Field; a few maps' worth (a simulate worker plays one map)
_FIELDS: OrderedDict = OrderedDict()
FIELDS_KEPT = 16


class Field:
    """What a level's grids share whatever the base size: ``cells`` (FREE or BLOCKED by the level's
    area and impassable ground), ``cost`` (1 or 2), ``near`` (each cell centre's distance to the
    nearest static shape that is not a linear obstacle, inf past ``reach`` of every such shape) and
    ``linear`` ((obstacle index, rows slice, cols slice, distances) per linear obstacle shape);
    ``clearance``: the sweeps' pre-check built from it (``clearance.clearance_of``)."""

    __slots__ = ("cols", "rows", "reach", "cells", "cost", "near", "linear", "clearance")
    cols: int
    rows: int
    reach: float
    cells: np.ndarray
    cost: np.ndarray
    near: np.ndarray
    linear: list
    clearance: Any


def _field(t: Terrain, level: str, reach: float) -> Field:
    key = (t.map, level, reach)
    got = _FIELDS.get(key)
    if got is not None:
        return got
    cols = max(1, math.ceil(t.map.width / RES - 1e-9))
    rows = max(1, math.ceil(t.map.height / RES - 1e-9))
    f = Field()
    f.cols, f.rows, f.reach = cols, rows, reach
    cells = np.zeros((rows, cols), np.uint8)
    cost = np.ones((rows, cols), np.uint8)
    if level != DECK:
        cells[:] = BLOCKED
        for z in t.areas.get(level, ()):
            fill(cells, z.points, FREE)
    for z in t.zones_at_level(level):
        if z.terrain == "impassable":
            fill(cells, z.points, BLOCKED)
        elif z.terrain == "tough":
            fill(cost, z.points, 2)
    xs = (np.arange(cols) + 0.5) * RES
    ys = (np.arange(rows) + 0.5) * RES
    near = np.full((rows, cols), np.inf)
    linear = []
    flt = t.filter(level)
    obstacles = t.obstacles
    order = {oid: i for i, oid in enumerate(sorted(obstacles))}
    for sh in t.space.shapes:
        sf = sh.filter
        if (flt.group and flt.group == sf.group) or not (flt.categories & sf.mask) or not (sf.categories & flt.mask):
            continue
        bb = sh.bb
        c0, c1 = (
            max(0, math.floor((bb.left - reach) / RES - 0.5)),
            min(cols - 1, math.ceil((bb.right + reach) / RES - 0.5)),
        )
        r0, r1 = (
            max(0, math.floor((bb.bottom - reach) / RES - 0.5)),
            min(rows - 1, math.ceil((bb.top + reach) / RES - 0.5)),
        )
        if c1 < c0 or r1 < r0:
            continue
        d = shape_distance(sh, xs[None, c0 : c1 + 1], ys[r0 : r1 + 1, None])
        kind, oid = sh.tag
        win = (slice(r0, r1 + 1), slice(c0, c1 + 1))
        if kind == "obstacle" and obstacles[oid].kind == "linear":
            linear.append((order[oid], *win, d))
        else:
            np.minimum(near[win], d, out=near[win])
    f.cells, f.cost, f.near, f.linear = cells, cost, near, linear
    f.clearance = None  # clearance.clearance_of's, built on first use
    for a in (cells, cost, near):
        a.flags.writeable = False
    _FIELDS[key] = f
    while len(_FIELDS) > FIELDS_KEPT:
        _FIELDS.popitem(last=False)
    return f


def build_grid(t: Terrain, level: str, radius: float) -> Grid:
    reach = radius + MARGIN
    f = _field(t, level, max(REACH_MIN, float(math.ceil(reach))))
    rows, cols = f.rows, f.cols
    g = Grid(cols, rows)
    cells = g.cells
    cells[:] = f.cells
    g.cost[:] = f.cost
    w, h = t.map.width, t.map.height
    xs = (np.arange(cols) + 0.5) * RES
    ys = (np.arange(rows) + 0.5) * RES
    edge = (xs[None, :] < reach) | (xs[None, :] > w - reach) | (ys[:, None] < reach) | (ys[:, None] > h - reach)
    cells[(cells == FREE) & edge] = BLOCKED
    blocked = f.near < reach
    lin = np.full((rows, cols), np.iinfo(np.int16).max, np.int16)
    for i, rs, cs, d in f.linear:
        win = lin[rs, cs]
        win[(d < radius) & (win > i)] = i
    free = cells == FREE
    cells[free & blocked] = BLOCKED
    on_lin = free & ~blocked & (lin != np.iinfo(np.int16).max)
    cells[on_lin] = LINEAR
    g.linear[on_lin] = lin[on_lin]
    return g


def grid_of(t: Terrain, level: str, radius: float) -> Grid:
    """The cached grid of a level for a base radius."""
    key = (level, round(radius, 3))
    g = t.grids.get(key)
    if g is None:
        g = t.grids[key] = build_grid(t, level, radius)
    return g
