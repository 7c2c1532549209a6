"""RNG-MOVE-1 for a figure hemmed in by friends: no straight heading is clear, yet a path exists.

The action question's representative moves are straight lines (``PyratesPreset.move_options``);
when every one of them is blocked, the question would offer no Move although the rules allow any
destination reached by a clear path within the allowance. ``routed_moves`` then offers such
destinations, found by ``table.plan_path`` (the same search that validates a free destination).
"""
from __future__ import annotations

import math

from ..decisions import Decision
from .moves import COST_TOL, contact_in, enemy_rows

#: 16 bearings, 22.5 degrees apart: the gaps between friends the eight headings miss
_BEARINGS = tuple(math.radians(22.5 * k) for k in range(16))
MAX_ROUTED = 2


def routed_moves(ctx, fid: str, allowance: float) -> list[Decision]:
    """RNG-MOVE-1: up to two moves along planned (not straight) paths, full allowance first, then
    half; none ending in contact with an enemy (RNG-ACT-1). Called only when no straight move fits."""
    f = ctx.state.figures[fid]
    lo = f.radius + 0.01
    hi_x, hi_y = ctx.table.width - f.radius - 0.01, ctx.table.height - f.radius - 0.01
    rows = enemy_rows(ctx, fid)
    out: list[Decision] = []
    for frac in (1.0, 0.5, 0.25):
        dist = allowance * frac
        for a in _BEARINGS:
            x = round(min(max(f.x + dist * math.cos(a), lo), hi_x), 3)
            y = round(min(max(f.y + dist * math.sin(a), lo), hi_y), 3)
            if math.hypot(x - f.x, y - f.y) < 0.25:
                continue
            plan = ctx.table.plan_path(fid, x, y)
            if plan is None or plan.level or plan.stops_at_obstacle or plan.cost > allowance + COST_TOL:
                continue
            if math.hypot(plan.points[-1][0] - x, plan.points[-1][1] - y) > 2e-3 or contact_in(rows, f.radius, x, y):
                continue
            out.append(Decision("move", figure=fid, x=x, y=y))
            break  # one per distance: the bearings of a gap all lead through it
        if len(out) >= MAX_ROUTED:
            break
    return out
