"""RNG-MOVE-1 for a figure hemmed in by friends: no offered heading is clear, yet a move exists.

The action question's representative moves are straight lines along eight headings at full and
half allowance (``PyratesPreset.move_options``); when every one is blocked, the question would
offer no Move although the rules allow any destination reached by a clear path within the
allowance. ``routed_moves`` then looks along sixteen bearings at shorter reaches (one fan of
straight lines, measured in one call) and offers the farthest clear end on each of at most two
bearings. A destination that only a winding path reaches is still accepted when a player picks it
(the question's validator plans the path), but is not searched for here: a path search that fails
costs the whole deck's grid, too dear for every activation.
"""

from __future__ import annotations

import math

from ..decisions import Decision
from .moves import COST_TOL, contact_in, enemy_rows, straight

#: 16 bearings, 22.5 degrees apart: the gaps between friends the eight headings miss
_UNITS = tuple((math.cos(math.radians(22.5 * k)), math.sin(math.radians(22.5 * k))) for k in range(16))
_FRACS = (1.0, 0.75, 0.5, 0.25, 0.125)
MAX_ROUTED = 2


def routed_moves(ctx, fid: str, allowance: float) -> list[Decision]:
    """RNG-MOVE-1: up to two straight moves the eight headings missed, the farthest first, none
    ending in contact with an enemy (RNG-ACT-1). Called only when no heading move fits."""
    f = ctx.state.figures[fid]
    fx, fy = f.x, f.y
    lo = f.radius + 0.01
    hi_x, hi_y = ctx.table.width - f.radius - 0.01, ctx.table.height - f.radius - 0.01
    pts = []
    for frac in _FRACS:
        d = allowance * frac
        for c, s in _UNITS:
            pts.append((round(min(max(fx + d * c, lo), hi_x), 3), round(min(max(fy + d * s, lo), hi_y), 3)))
    rows = enemy_rows(ctx, fid)
    best: dict[int, tuple[float, float, float]] = {}  # bearing -> (reach, x, y)
    for i, ((x, y), got) in enumerate(zip(pts, ctx.table.path_costs(fid, (fx, fy), pts, ends=True))):
        k = i % len(_UNITS)
        if k in best or got is None or got[1] > allowance + COST_TOL:
            continue
        end = got[0]
        reach = math.hypot(end[0] - fx, end[1] - fy)
        if math.hypot(end[0] - x, end[1] - y) > 2e-3 or reach < 0.25 or contact_in(rows, f.radius, x, y):
            continue
        best[k] = (reach, x, y)
    out: list[Decision] = []
    for _reach, x, y in sorted(best.values(), key=lambda t: -t[0]):
        plan = straight(ctx, fid, x, y)  # the line plan_move measures first must reach the point
        if (
            plan is None
            or plan.stops_at_obstacle
            or plan.cost > allowance + COST_TOL
            or math.hypot(plan.points[-1][0] - x, plan.points[-1][1] - y) > 2e-3
        ):
            continue
        out.append(Decision("move", figure=fid, x=x, y=y))
        if len(out) >= MAX_ROUTED:
            break
    return out
