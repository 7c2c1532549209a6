"""ESC-SEC-1 placement helpers for the escarmouche flow: where a figure stands when it enters a sector.

The source's squares are areas, so a figure that enters, is evicted into or breaks off into a sector
is put on the nearest clear spot to the sector's centre that lies in that sector. Only the Tabletop
protocol is used (a probe base is placed, tested with ``contacts``/``sweep_clear``/``sector_of``, and
removed), so map-drawn sectors work as well as the 4" grid.
"""

from __future__ import annotations

import math

from ..flow import Ctx
from ..model import round_in

#: spacing of candidate spots, inches
SPOT_STEP = 0.5
#: how far from a sector's centre spots are sought, inches
SPOT_REACH = 5.0
PROBE = "__esc_probe"


def candidate_points(cx: float, cy: float, reach: float = SPOT_REACH, step: float = SPOT_STEP):
    """Grid points around (cx, cy), nearest first (ties in reading order): deterministic."""
    n = int(reach / step)
    pts = []
    for j in range(-n, n + 1):
        for i in range(-n, n + 1):
            d = math.hypot(i, j) * step
            if d <= reach + 1e-9:
                pts.append((round(d, 6), j, i, round_in(cx + i * step), round_in(cy + j * step)))
    pts.sort()
    return [(x, y) for _, _, _, x, y in pts]


def spot_ok(ctx: Ctx, fid: str, x: float, y: float, sector: str | None) -> bool:
    """A base like fid's could stand at (x, y) (clear of bases and obstacles, walkable), inside
    ``sector`` when given."""
    f = ctx.fig(fid)
    if not (f.radius <= x <= ctx.table.width - f.radius and f.radius <= y <= ctx.table.height - f.radius):
        return False
    t = ctx.table
    t.place(PROBE, x, y, f.radius, f.level)
    try:
        if sector is not None and t.sector_of(PROBE) != sector:
            return False
        # contacts() counts touching (≤ 0.02") too; a touch is fine, an overlap (> 0.01") is not
        for c in t.contacts(PROBE):
            if c == fid or c not in ctx.state.figures:
                continue
            if _centre_gap(t, PROBE, c) < f.radius + ctx.state.figures[c].radius - 0.01:
                return False
        return t.sweep_clear(PROBE, 0.0, 0.0, ignore=(fid,))
    finally:
        t.remove(PROBE)


def _centre_gap(t, a: str, b: str) -> float:
    (ax, ay), (bx, by) = t.position(a), t.position(b)
    return math.hypot(ax - bx, ay - by)


def find_spot(ctx: Ctx, fid: str, sector: str) -> tuple[float, float] | None:
    """The clear spot nearest the sector's centre inside the sector, or (fallback) the nearest clear
    spot near it; None only when the table is full there."""
    cx, cy = ctx.table.sector_centre(sector)
    pts = candidate_points(cx, cy)
    for x, y in pts:
        if spot_ok(ctx, fid, x, y, sector):
            return (x, y)
    for x, y in candidate_points(cx, cy, reach=SPOT_REACH * 2, step=SPOT_STEP * 2):
        if spot_ok(ctx, fid, x, y, None):
            return (x, y)
    return None


def place_in_sector(ctx: Ctx, fid: str, sector: str, *, rule: str, how: str) -> bool:
    """Move fid to a clear spot in ``sector`` (see module doc); False if none was found."""
    spot = find_spot(ctx, fid, sector)
    if spot is None:
        return False
    f = ctx.fig(fid)
    if (f.x, f.y) != spot:
        ctx.move(fid, spot[0], spot[1], rule=rule, how=how)
    return True
