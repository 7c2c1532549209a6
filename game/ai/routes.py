"""Moves along the walking route to where a figure is going (the way over a gangplank).

The rules offer a representative set of moves (RNG-MOVE-1: eight straight headings at full and half
allowance, one toward the nearest enemy). On a ship the way to the enemy bends through a narrow gap
(a gangplank between two rails, a door, a gap between friends), and no straight heading follows it:
the boarders of the Sea Wolf were offered only moves along their own rail and never crossed. An
action Ask accepts any destination the rules can reach (``Ask.validate``: the rules' own path
search), so the AI adds a few destinations of its own, found by walking down its distance fields
(``fields.Grid``) toward the goals of its plan and the nearest enemies, each checked by the rules
before it is scored with the rest.
"""

from __future__ import annotations

import math

from game.rules.decisions import Decision, IllegalDecision
from game.rules.flow import Answer

from .fields import INF, cells_in

#: fractions of the allowance tried along a route, longest first (a shorter one may pass where the
#: longest ends on a friend's base or costs more than the allowance on tough ground)
FRACTIONS = (1.0, 0.75, 0.5)
#: inches past the allowance aimed at along a route (the cut-back move then ends on the route)
AHEAD = 3.0
#: a route end this close to an offered move adds nothing
SAME = 0.3
#: an offered move that already walks this share of the allowance down a field leaves that field
#: nothing to add (in the open the straight headings follow it; only a bend such as a gangplank
#: needs a route, and each route costs path searches of a few ms)
PROGRESS = 0.6
#: route moves added to one question at most (each is one more option for the hard level's rollouts)
MOST = 2


def route_moves(ctx) -> list[Decision]:
    """Extra move decisions for an action Ask, each already accepted by ``ask.check``."""
    ask = ctx.ask
    if ask.answer is not Answer.POINT:
        return []
    plain = [d for d in ask.options if d.kind == "move" and d.x is not None and d.figure and not d.option]
    if not plain:
        return []  # boxed in (or not allowed to move): no route either, and the search would be slow
    fid = plain[0].figure
    st = ctx.state
    f = st.figures.get(fid)
    if f is None:
        return []
    allowance = ask.info.get("move")
    if not isinstance(allowance, (int, float)) or allowance <= 0:
        allowance = max(math.hypot(d.x - f.x, d.y - f.y) for d in plain)
    grid = ctx.ev._grid(f.level)
    if grid is None:
        return []
    out: list[Decision] = []
    taken = [(d.x, d.y) for d in ask.options if d.x is not None]
    for fld in _fields(ctx, grid, f):
        if len(out) >= MOST:
            break
        here = grid.distance(fld, f.x, f.y)
        if here == INF or here - min(grid.distance(fld, d.x, d.y) for d in plain) >= PROGRESS * allowance:
            continue
        route = _descend(grid, fld, f.x, f.y, allowance + AHEAD)
        if len(route) < 2:
            continue
        d = _route_move(ctx, fid, route, allowance, taken)
        if d is not None:
            out.append(d)
            taken.append((d.x, d.y))
    return out


def _route_move(ctx, fid: str, route, allowance: float, taken) -> Decision | None:
    """The rules' own path toward a point a little past the allowance along ``route`` (the grid is
    too coarse to thread a base through a 2 in gangplank; the rules' path search is not), cut back
    to the allowance and checked by the Ask."""
    table, ask = ctx.table, ctx.ask
    tried = set()
    for ahead in (AHEAD, AHEAD / 2, 0.0, -allowance * 0.4):
        tx, ty = _along(route, allowance + ahead)
        key = (round(tx, 2), round(ty, 2))
        if key in tried:
            continue
        tried.add(key)
        plan = table.plan_path(fid, tx, ty)
        if plan is None or len(plan.points) < 2 or plan.cost <= 0:
            continue
        stretch = plan.length / plan.cost  # tough ground: fewer inches walked per inch of allowance
        for frac in FRACTIONS:
            if plan.cost <= allowance * frac:
                x, y = plan.points[-1]
            else:
                x, y = _along(plan.points, allowance * frac * stretch)
            x, y = round(x, 3), round(y, 3)
            if any(math.hypot(x - a, y - b) < SAME for a, b in taken):
                return None  # the offered moves already go there
            d = Decision("move", figure=fid, x=x, y=y)
            try:
                ask.check(d)
            except IllegalDecision:
                continue
            return d
        return None
    return None


def _fields(ctx, grid, f) -> list:
    """Distance fields toward the side's goals on f's level, then toward the nearest enemies."""
    ev = ctx.ev
    out = []
    for g in ev.plan.attack:
        if g.kind == "capture":
            t = ctx.state.figures.get(g.figure)
            if t is None or not t.in_play or t.level != f.level:
                continue
            src: tuple[int, ...] = (grid.cell(t.x, t.y),)
        elif g.points:
            src = cells_in(grid, [p for _, p in g.points])
        else:
            continue
        out.append(grid.field(src))
    if ev.need_attack:
        src = tuple(sorted({grid.cell(e.x, e.y) for e in ctx.foes() if e.level == f.level}))
        if src:
            out.append(grid.field(src))
    return out


def _descend(grid, fld, x: float, y: float, limit: float) -> list[tuple[float, float]]:
    """The route from (x, y) down the field, as cell centres, until ``limit`` inches are walked or
    the field bottoms out."""
    w, h, step = grid.w, grid.h, grid.step
    c = grid.cell(x, y)
    path = [(x, y)]
    walked = 0.0
    seen = {c}
    cur = fld[c]
    while walked < limit:
        j, i = divmod(c, w)
        best, bn = cur, None
        for dj in (-1, 0, 1):
            for di in (-1, 0, 1):
                if not di and not dj:
                    continue
                ni, nj = i + di, j + dj
                if 0 <= ni < w and 0 <= nj < h:
                    n = nj * w + ni
                    if fld[n] < best and n not in seen:
                        best, bn = fld[n], n
        if bn is None or best == INF:
            break
        nj, ni = divmod(bn, w)
        p = ((ni + 0.5) * step, (nj + 0.5) * step)
        walked += math.hypot(p[0] - path[-1][0], p[1] - path[-1][1])
        path.append(p)
        seen.add(bn)
        c, cur = bn, best
    return path


def _along(path, length: float) -> tuple[float, float]:
    """The point ``length`` inches along the polyline (its end if shorter)."""
    left = length
    for (ax, ay), (bx, by) in zip(path, path[1:]):
        seg = math.hypot(bx - ax, by - ay)
        if seg >= left and seg > 0:
            t = left / seg
            return ax + (bx - ax) * t, ay + (by - ay) * t
        left -= seg
    return path[-1]
