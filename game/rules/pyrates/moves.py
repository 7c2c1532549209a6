"""Movement helpers for the pyrates flow: straight-line plans, probes, retreats (RNG-MOVE-1/2,
PYR-REACT-1/2, PYR-WIN-4, PYR-CR-2, GEO-ESC-1).

Option generation uses ``table.path_cost`` on straight lines; ``plan_path`` is used only to
validate a destination a player picked outside the offered options.
"""

from __future__ import annotations

import heapq
import math
from contextlib import contextmanager

from ..model import WeaponClass, round_in
from ..refusal_facts import move_refusal
from .engage import BTB

STEP = 0.5
#: (cos, sin) of the 24 retreat headings, 15 degrees apart
_HEADINGS_15 = tuple((math.cos(math.radians(15 * k)), math.sin(math.radians(15 * k))) for k in range(24))
#: positions are rounded to 1/1000 in, so a planned cost may exceed the allowance by that much
COST_TOL = 2e-3


def straight(ctx, fid: str, x: float, y: float, cross=()):
    """path_cost along the straight line to (x, y); None when blocked."""
    f = ctx.state.figures[fid]
    if cross:
        return ctx.table.path_cost(fid, [(f.x, f.y), (x, y)], cross=cross)
    return ctx.table.path_cost(fid, [(f.x, f.y), (x, y)])


def plan_to(ctx, fid: str, x: float, y: float, allowance: float, *, cross=(), stop_ok: bool = False):
    """A plan reaching (x, y) within ``allowance``: the straight line if it is clear, else
    ``plan_path``. Raises IllegalDecision with a typed refusal (``refusal_facts.move_refusal``)."""
    plan = straight(ctx, fid, x, y, cross)
    if (
        plan is not None
        and (plan.stops_at_obstacle is None or stop_ok)
        and math.hypot(plan.points[-1][0] - x, plan.points[-1][1] - y) <= 2e-3
        and plan.cost <= allowance + COST_TOL
    ):
        return plan
    if cross:
        plan = ctx.table.plan_path(fid, x, y, cross=cross)
    else:
        plan = ctx.table.plan_path(fid, x, y)
    if (
        plan is None
        or (math.hypot(plan.points[-1][0] - x, plan.points[-1][1] - y) > 2e-3 and not stop_ok)
        or plan.cost > allowance + COST_TOL
    ):
        raise move_refusal(ctx, fid, x, y, allowance, plan, cross=cross)
    return plan


@contextmanager
def probe(ctx, fid: str, x: float, y: float):
    """Temporarily stand fid's base at (x, y) on the table (state unchanged); restores it."""
    f = ctx.state.figures[fid]
    ctx.table.place(fid, x, y, f.radius, f.level)
    try:
        yield
    finally:
        ctx.table.place(fid, f.x, f.y, f.radius, f.level)


def contact_point(ctx, fid: str, tid: str, angle: float = 0.0) -> tuple[float, float]:
    """Point at distance r1 + r2 from the target on the line target→fid, rotated by ``angle`` deg."""
    return next(contact_points(ctx, fid, tid, (angle,)))


def contact_points(ctx, fid: str, tid: str, angles):
    """``contact_point`` for each of ``angles`` in turn, lazily (callers stop at the first that
    works): the bearing target→fid is measured once, the arithmetic per angle is unchanged."""
    f, t = ctx.state.figures[fid], ctx.state.figures[tid]
    tx, ty = t.x, t.y
    base = math.atan2(f.y - ty, f.x - tx)
    r = f.radius + t.radius + 0.005
    cos, sin, radians = math.cos, math.sin, math.radians
    for angle in angles:
        a = base + radians(angle)
        yield round_in(tx + r * cos(a)), round_in(ty + r * sin(a))


def engaged_with_at(ctx, fid: str, tid: str, x: float, y: float) -> bool:
    """Would fid standing at (x, y) be engaged with tid (PYR-ENG-1/2)?"""
    f, t = ctx.state.figures[fid], ctx.state.figures[tid]
    if f.level != t.level:
        return False
    gap = math.hypot(t.x - x, t.y - y) - f.radius - t.radius
    if gap <= BTB + 1e-9:
        return True
    if gap > 1.0 + 1e-9 or (f.melee_class == WeaponClass.CLOSE and t.melee_class == WeaponClass.CLOSE):
        return False
    return ctx.table.obstacle_between_from(fid, x, y, tid) is not None


def enemy_rows(ctx, fid: str) -> list[tuple[str, float, float, float]]:
    """(id, x, y, radius) of fid's enemies in play on its level, in roster order: what
    ``enemy_contact_at`` scans, gathered once for many points."""
    st = ctx.state
    f = st.figures[fid]
    foes = st.enemies_of(f.side)
    lv = f.level
    return [(g.id, g.x, g.y, g.radius) for g in st.figures.values() if g.side in foes and g.level == lv and g.in_play]


def contact_in(rows, fr: float, x: float, y: float) -> list[str]:
    """``enemy_contact_at`` over ``enemy_rows`` (fr: the mover's radius)."""
    hypot = math.hypot
    return [gid for gid, gx, gy, gr in rows if hypot(gx - x, gy - y) - fr - gr <= BTB + 1e-9]


def enemy_contact_at(ctx, fid: str, x: float, y: float) -> list[str]:
    """Enemies whose bases would touch fid's at (x, y)."""
    return contact_in(enemy_rows(ctx, fid), ctx.state.figures[fid].radius, x, y)


def _offsets(step: float) -> tuple[tuple[float, float], ...]:
    """(step cos, step sin) of the 24 retreat headings (no memo: game/rules keeps one cache, the Facts)."""
    return tuple((step * ca, step * sa) for ca, sa in _HEADINGS_15)


#: A foe whose gap exceeds d0 + 2 step + this (d0: the nearest-enemy gap where a retreat step starts)
#: is the nearest at no heading, as a gap changes by at most the step: ``retreat`` leaves it out (the
#: same minimum, the same floats). The slack dwarfs rounding errors (~1e-14 in).
_NEAR_PAD = 0.01


def _gaps(pts, pool) -> list[float]:
    """Edge distance to the nearest foe (gx, gy, r1 + r2) of ``pool`` from each point, clamped at 0
    after the minimum (max(0, ·) is monotone: the same floats as the minimum of the clamped gaps)."""
    if not pool:
        return [math.inf] * len(pts)
    hypot = math.hypot
    # one column per foe, all headings at once: a step weighs 24 headings against a few foes
    cols = [[hypot(gx - px, gy - py) - rr for px, py in pts] for gx, gy, rr in pool]
    mins = cols[0] if len(cols) == 1 else list(map(min, *cols))
    return [d if d > 0.0 else 0.0 for d in mins]


def _by_gap(x: float, y: float, offs, near, nearest: int, ok):
    """(-gap, k) of the headings (x + ox, y + oy) whose gap passes ``ok``, largest gap first then
    lowest k: ``sorted`` over every heading, produced lazily (a retreat step mostly takes the first).

    A foe's own gap bounds the heading's gap from above, so the headings are visited by the
    ``nearest`` foe's bound and a heading is yielded once no heading left can beat it: its exact gap
    (the minimum over ``near``, the same float as ``_gaps``) is measured only when visited."""
    hypot = math.hypot
    gx, gy, rr = near[nearest]
    # -max(bound, 0) of each heading's point (x + ox, y + oy): the same floats as _gaps' points
    negs = [-u if (u := hypot(gx - (x + ox), gy - (y + oy)) - rr) > 0.0 else -0.0 for ox, oy in offs]
    # a stable sort by -bound from k = 0 up: the order of sorting the (-bound, k) pairs
    order = sorted(range(len(negs)), key=negs.__getitem__)
    others = near[:nearest] + near[nearest + 1 :]
    if not others:  # the nearest foe alone: each bound is the exact gap
        for k in order:
            neg = negs[k]
            if not ok(-neg):
                return  # the gaps left are at most this one: none passes
            yield neg, k
        return
    heap: list[tuple[float, int]] = []
    for k in order:
        neg = negs[k]
        while heap and heap[0] < (neg, k):
            yield heapq.heappop(heap)
        if not ok(-neg):
            break  # the gaps left are at most this bound: none passes
        ox, oy = offs[k]
        nx, ny = x + ox, y + oy
        # the clamped bound starts the minimum: a bound <= 0 gives a gap of 0 either way
        d = -neg
        for px, py, prr in others:
            v = hypot(px - nx, py - ny) - prr
            if v < d:
                d = v
        d1 = d if d > 0.0 else 0.0
        if ok(d1):
            heapq.heappush(heap, (-d1, k))
    while heap:
        yield heapq.heappop(heap)


def retreat(
    ctx, fid: str, *, max_dist: float = 4.0, toward: tuple[float, float] | None = None, rat: bool = False
) -> list[tuple[float, float]]:
    """PYR-WIN-4 bold retreat (``rat``: PYR-CR-2's): greedy 0.5 in steps along clear sweeps.

    Plain: each step must increase the distance to the nearest enemy; the step is the heading that
    best approaches ``toward`` (boarders: own ship) or else gains most distance. Rat: heading toward
    ``toward`` (nearest party figure) with the nearest-enemy distance kept ≥ min(1 in, before).
    Ties go to the lowest heading (0°, 15°, …). Each step is swept from where the last ended
    (``sweep_clear_from``): the table is left as it is (the caller records the end with ctx.move).
    Returns the path (start first).
    """
    st = ctx.state
    f = st.figures[fid]
    x, y = f.x, f.y
    path = [(x, y)]
    enemy_sides = set(st.enemies_of(f.side))
    foes = [
        (g.x, g.y, g.radius + f.radius)
        for g in st.figures.values()
        if g.in_play and g.side in enemy_sides and g.level == f.level
    ]
    hypot = math.hypot
    sweep_from = ctx.table.sweep_clear_from

    left = max_dist
    while left > 1e-6:
        step = min(STEP, left)
        offs = _offsets(step)
        here = [hypot(gx - x, gy - y) - rr for gx, gy, rr in foes]
        d0 = min(here, default=math.inf)
        d0 = d0 if d0 > 0.0 else 0.0
        lim = d0 + 2 * step + _NEAR_PAD
        if rat:
            floor = min(1.0, d0)
            ok = lambda d1, floor=floor: d1 + 1e-9 >= floor  # noqa: E731 - a rat keeps its distance (at most 1 in)
        else:
            floor = d0 + 1e-6
            ok = lambda d1, floor=floor: d1 > floor  # noqa: E731 - a bold retreat gains distance at every step
        # the near foes, and the first of the smallest gaps among them
        near: list[tuple[float, float, float]] = []
        nearest = None
        low = math.inf
        for t, v in zip(foes, here):
            if v <= lim:
                if v < low:
                    low, nearest = v, len(near)
                near.append(t)
        if toward:  # nearest to ``toward`` first
            tx, ty = toward
            pts = [(x + ox, y + oy) for ox, oy in offs]
            ranked = iter(
                sorted(
                    (hypot(tx - nx, ty - ny), k)
                    for k, ((nx, ny), d1) in enumerate(zip(pts, _gaps(pts, near)))
                    if ok(d1)
                )
            )
        elif nearest is None:  # no foe near: every gap is infinite
            pts = [(x + ox, y + oy) for ox, oy in offs]
            ranked = iter(sorted((-d1, k) for k, d1 in enumerate(_gaps(pts, near)) if ok(d1)))
        else:  # the largest gap first
            ranked = _by_gap(x, y, offs, near, nearest, ok)
        best = None
        for _score, k in ranked:
            ox, oy = offs[k]
            nx, ny = x + ox, y + oy
            if sweep_from(fid, x, y, nx - x, ny - y):
                best = (nx, ny)
                break
        if best is None:
            break
        if (
            toward is not None
            and rat
            and math.hypot(toward[0] - x, toward[1] - y) <= math.hypot(toward[0] - best[0], toward[1] - best[1])
            and d0 >= 1.0
        ):
            break  # a rat next to its friends stops
        x, y = round_in(best[0]), round_in(best[1])
        path.append((x, y))
        left -= step
    return path
