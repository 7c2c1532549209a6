"""Representative destinations for the Rangers! flows (PRE-RNG-1, PRE-INI-1): path costs, the plan a
move takes, moves along headings, contact points with an enemy, the bearing away from foes."""

from __future__ import annotations

import math
from collections.abc import Iterable

from ..flow import Ctx
from ..model import Figure, round_in
from ..tabletop import PathPlan
from .actions import HAND_COMBAT_RANGE
from .flowkit import EPS, dist
from .geometry import bearing

#: headings (degrees) offered for representative moves
HEADINGS8 = tuple(range(0, 360, 45))
#: a base placed this far (edge to edge) from the one it moves up to: in base contact (GEO-BTB-1 ≤ 0.02)
CONTACT_GAP = 0.01


# -- destinations ---------------------------------------------------------------------------------
def path_cost(ctx: Ctx, fid: str, x: float, y: float, cross: Iterable[str] = ()):
    f = ctx.fig(fid)
    cross = tuple(cross)
    if cross:
        return ctx.table.path_cost(fid, [(f.x, f.y), (x, y)], cross=cross)
    return ctx.table.path_cost(fid, [(f.x, f.y), (x, y)])


#: inches a measured move may exceed its allowance by (the rules' measuring tolerance)
MOVE_TOLERANCE = 0.002


def move_plan(
    ctx: Ctx, fid: str, x: float, y: float, allowance: float, cross: Iterable[str] = (), *, level: str | None = None
) -> PathPlan | None:
    """RNG-MOVE-1/2: the plan a move of fid to (x, y) takes, and so what it is charged: the straight
    leg when that fits ``allowance``, else the table's path search (round obstacles, bases and
    impassable ground, tough ground costing double, by links to another level; ``level``: the level
    it ends on, default its own). None when no clear path exists; the plan found may cost more than
    the allowance (the caller decides what that means)."""
    f = ctx.fig(fid)
    cross = tuple(cross)
    if level is None or level == f.level:
        plan = path_cost(ctx, fid, x, y, cross)
        if plan is not None and plan.cost <= allowance + MOVE_TOLERANCE:
            return plan
        level = None
    kw: dict = {}
    if level is not None:
        kw["level"] = level
    if cross:
        kw["cross"] = cross
    return ctx.table.plan_path(fid, x, y, **kw)


def ends_at(plan: PathPlan, x: float, y: float) -> bool:
    """RNG-MOVE-2: the plan gets to (x, y) — it does not stop short at a linear obstacle."""
    end = plan.points[-1]
    return math.hypot(end[0] - x, end[1] - y) <= MOVE_TOLERANCE


def within_one_move(ctx: Ctx, fid: str, x: float, y: float, allowance: float, *, level: str | None = None) -> bool:
    """The figure can get to (x, y) in one move: its ``move_plan`` costs at most ``allowance``."""
    plan = move_plan(ctx, fid, x, y, allowance, level=level)
    return plan is not None and plan.cost <= allowance + MOVE_TOLERANCE and ends_at(plan, x, y)


def heading_moves(
    ctx: Ctx,
    fid: str,
    allowance: float,
    *,
    headings: Iterable[float] = HEADINGS8,
    fracs: Iterable[float] = (1.0, 0.5),
    cross: Iterable[str] = (),
    ok=None,
) -> list[tuple[float, float, PathPlan]]:
    """Representative destinations: straight lines along ``headings`` for each fraction of the
    allowance, truncated where the path stops at a linear obstacle (RNG-MOVE-2); tough ground
    costs double so a leg too dear is dropped. ``ok(x, y, plan)`` filters. Deduplicated."""
    f = ctx.fig(fid)
    out, seen = [], set()
    for frac in fracs:
        for h in headings:
            d = allowance * frac
            if d <= 0.05:
                continue
            x = round_in(f.x + d * math.cos(math.radians(h)))
            y = round_in(f.y + d * math.sin(math.radians(h)))
            plan = path_cost(ctx, fid, x, y, cross)
            if plan is None or plan.cost > allowance + 0.002:
                continue
            ex, ey = plan.points[-1]
            if math.hypot(ex - f.x, ey - f.y) < 0.05:
                continue
            key = (round(ex, 2), round(ey, 2))
            if key in seen:
                continue
            if ok is not None and not ok(ex, ey, plan):
                continue
            seen.add(key)
            out.append((ex, ey, plan))
    return out


def contact_points(
    ctx: Ctx,
    fid: str,
    target: str,
    allowance: float,
    *,
    reach: float = HAND_COMBAT_RANGE,
    offsets=(0, 35, -35, 70, -70),
    limit: int = 2,
) -> list[tuple[float, float, PathPlan]]:
    """Destinations that bring fid to base contact with target by the plan a move there takes
    (``move_plan``: the straight leg, else the path search round whatever is in the way, by links when
    the target stands on another level) costing ≤ allowance; a path stopped by a linear obstacle
    still counts if it ends within ``reach``."""
    f, t = ctx.fig(fid), ctx.fig(target)
    if dist(f, t) - reach > allowance + EPS:  # no path is shorter than the straight line
        return []
    base = bearing(t, f)
    rr = f.radius + t.radius + CONTACT_GAP
    level = t.level if t.level != f.level else None
    out = []
    for off in offsets:
        ang = math.radians(base + off)
        x = round_in(t.x + rr * math.cos(ang))
        y = round_in(t.y + rr * math.sin(ang))
        if level is None and math.hypot(x - f.x, y - f.y) > allowance + MOVE_TOLERANCE:
            # no path gets there: only a straight leg stopped at a linear obstacle within reach can
            # count, and no search is asked
            plan = path_cost(ctx, fid, x, y)
        else:
            plan = move_plan(ctx, fid, x, y, allowance, level=level)
        if plan is None or plan.cost > allowance + MOVE_TOLERANCE:
            continue
        ex, ey = plan.points[-1]
        if math.hypot(ex - t.x, ey - t.y) - f.radius - t.radius > reach + EPS:
            continue
        out.append((ex, ey, plan))
        if len(out) >= limit:
            break
    return out


def away_bearing(ctx: Ctx, fid: str, foes: list[Figure]) -> float:
    """Heading directly away from the centroid of ``foes``."""
    f = ctx.fig(fid)
    if not foes:
        return f.facing + 180.0
    cx = sum(e.x for e in foes) / len(foes)
    cy = sum(e.y for e in foes) / len(foes)
    return (math.degrees(math.atan2(f.y - cy, f.x - cx))) % 360.0
