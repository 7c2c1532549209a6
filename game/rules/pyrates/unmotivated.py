"""RNG-MOT-3 under the pyrates preset (PRE-PYR-1): what a figure that failed its motivation may still do.

In the pyrates preset engaged figures are never activated (PYR-ENG-3), so a failed figure is free:
it holds (defends if attacked), retreats 2 in, or makes a full move into the nearest cover without
passing within 3 in of an enemy. **Digital rulings** (as in the rangers preset): "retreat keeping face"
= a 2 in move ending farther from the nearest enemy (PYR ignores facing, GEO-FACE-1); cover = a zone
with soft or hard cover (GEO-ZONE-1); "nearest" = the shortest of the sampled straight moves.
"""

from __future__ import annotations

import math

from ..decisions import Decision, IllegalDecision
from ..model import round_in
from ..refusals import Cause, refused
from .config import pyrates_config
from .engage import nearest_enemy
from .moves import enemy_contact_at, plan_to, straight

COVER_AVOID = 3.0
HEADINGS = tuple(range(0, 360, 30))
#: (cos, sin) of HEADINGS
_UNITS = tuple((math.cos(math.radians(h)), math.sin(math.radians(h))) for h in HEADINGS)
SAMPLE = 0.5


def _foes(ctx, fid):
    f = ctx.state.figures[fid]
    return [g for g in ctx.enemies(fid) if g.level == f.level]


def _gap(f, foes, x, y) -> float:
    return min((math.hypot(g.x - x, g.y - y) - f.radius - g.radius for g in foes), default=math.inf)


def retreat_options(ctx, fid: str) -> list[Decision]:
    """RNG-MOT-3: a 2 in retreat ending farther from the nearest enemy (away, and 45° either side)."""
    st = ctx.state
    f = st.figures[fid]
    e, d0 = nearest_enemy(st, fid)
    if e is None:
        return []
    g = st.figures[e]
    away = math.degrees(math.atan2(f.y - g.y, f.x - g.x))
    retreat = pyrates_config(st).retreat_distance
    out = []
    for off in (0, 45, -45):
        a = math.radians(away + off)
        x, y = round_in(f.x + retreat * math.cos(a)), round_in(f.y + retreat * math.sin(a))
        plan = straight(ctx, fid, x, y)
        if plan is None or plan.stops_at_obstacle or plan.cost > retreat + 1e-6:
            continue
        if math.hypot(plan.points[-1][0] - x, plan.points[-1][1] - y) > 2e-3:
            continue
        if nearest_enemy(st, fid, x, y)[1] <= d0 + 1e-6:
            continue
        out.append(Decision("retreat", figure=fid, x=x, y=y))
    return out


def _path_avoids(ctx, fid, points) -> bool:
    f = ctx.state.figures[fid]
    foes = _foes(ctx, fid)
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        n = max(1, int(math.ceil(math.hypot(x1 - x0, y1 - y0) / SAMPLE)))
        for k in range(n + 1):
            if _gap(f, foes, x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n) < COVER_AVOID - 1e-9:
                return False
    return True


def cover_options(ctx, fid: str, allowance: float, limit: int = 2) -> list[Decision]:
    """RNG-MOT-3: a full move into the nearest cover never passing within 3 in of an enemy; only for a
    figure not already in cover."""
    f = ctx.state.figures[fid]
    if ctx.table.zone_of(fid).cover:
        return []
    cands = []
    table = ctx.table
    fx, fy, fr, lv = f.x, f.y, f.radius, f.level
    if lv and not any(z.cover for z in table.terrain.zones_at_level(lv)):
        return []  # a point's cover is the best of its zones' (GEO-ZONE-1): none on this level
    hi_x, hi_y = table.width - fr, table.height - fr
    for k in range(1, int(allowance) + 1):
        for c, s in _UNITS:
            x = round_in(fx + k * c)
            y = round_in(fy + k * s)
            if fr < x < hi_x and fr < y < hi_y and table.zone_at(x, y, lv).cover:
                cands.append((x, y))
    out = []
    for x, y in cands:
        plan = straight(ctx, fid, x, y)
        if plan is None or plan.stops_at_obstacle or plan.cost > allowance + 1e-6:
            continue
        if enemy_contact_at(ctx, fid, x, y) or not _path_avoids(ctx, fid, plan.points):
            continue
        out.append(Decision("cover", figure=fid, x=x, y=y))
        if len(out) >= limit:
            break
    return out


def validate_free_move(ctx, fid: str, d: Decision, allowance: float) -> None:
    """A retreat or cover move picked outside the offered options (RNG-MOT-3)."""
    if d.figure != fid or d.x is None or d.y is None:
        raise IllegalDecision("choose where the figure goes")
    st = ctx.state
    if d.kind == "retreat":
        _, d0 = nearest_enemy(st, fid)
        plan_to(ctx, fid, d.x, d.y, pyrates_config(ctx.state).retreat_distance)
        if nearest_enemy(st, fid, d.x, d.y)[1] <= d0 + 1e-6:
            raise IllegalDecision("a retreat must end farther from the nearest enemy (RNG-MOT-3)")
        return
    if d.kind == "cover":
        plan = plan_to(ctx, fid, d.x, d.y, allowance)
        if not ctx.table.zone_at(d.x, d.y, st.figures[fid].level).cover:
            raise refused(Cause.NOT_IN_COVER, rule="RNG-MOT-3")
        if not _path_avoids(ctx, fid, plan.points):
            raise IllegalDecision("a move into cover may not pass within 3 in of an enemy (RNG-MOT-3)")
        return
    raise IllegalDecision("a figure that failed its motivation may only hold, retreat or take cover (RNG-MOT-3)")
