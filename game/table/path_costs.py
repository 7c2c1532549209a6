"""Path costs along given waypoints (``Table.path_cost``, ``Table.path_costs``; RNG-MOVE-1/2,
PYR-ENG-4): the legs' swept-circle checks, links climbed between levels, a stop at a linear
obstacle, and the one-leg shortcut on open ground. The search itself is in ``pathing``."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.rules.implements import implements
from game.rules.tabletop import PathPlan

from .geometry import round_in
from .pathing import LINK_SNAP, _leg_cost
from .terrain import PENETRATION, ROUNDING

if TYPE_CHECKING:  # pragma: no cover
    from .table import Table
    from .terrain import Terrain


def _link_at(table: Table, a, b, level: str):
    """The first link (in map order, each way) leading from within LINK_SNAP of a on ``level`` to
    within LINK_SNAP of b, and the level it leads to; (None, level) if none."""
    t = table.terrain
    ends = t.grids.get(("link ends", level))
    if ends is None:
        ends = t.grids["link ends", level] = [
            (p, q, lk, other)
            for lk in table.map.links
            for p, q, here, other in ((lk.a, lk.b, lk.level_a, lk.level_b), (lk.b, lk.a, lk.level_b, lk.level_a))
            if here == level
        ]
    ax = a[0]
    for p, q, lk, other in ends:
        # an end farther than LINK_SNAP in x alone is farther in all
        if -LINK_SNAP <= p[0] - ax <= LINK_SNAP and math.dist(p, a) <= LINK_SNAP and math.dist(q, b) <= LINK_SNAP:
            return lk, other
    return None, level


@implements("PYR-ENG-4")
def cost_along(table: Table, fid: str, points: Sequence[tuple[float, float]], *, cross: frozenset) -> PathPlan | None:
    t = table.terrain
    base = table._base(fid)
    r, lv = base.radius, base.level
    if len(points) == 2 and not table.map.links and lv not in t.obstacle_levels:
        (x0, y0), (x1, y1) = points
        a = (float(x0), float(y0))
        if math.dist(a, (base.x, base.y)) <= 1e-3:
            return _plain_leg(table, t, fid, r, lv, a, (float(x1), float(y1)), cross)
    l0 = lv
    start = (base.x, base.y)
    pts = [(float(x), float(y)) for x, y in points]
    if not pts or math.dist(pts[0], start) > 1e-3:
        pts.insert(0, start)
    ignore = cross | {fid}
    out = [pts[0]]
    length = cost = 0.0
    stop = None
    links = table.map.links
    walkable_end = False  # out[-1] already passed t.walkable on lv
    for a, b in zip(pts, pts[1:]):
        lk, nlv = _link_at(table, a, b, lv) if links else (None, lv)
        if lk is not None:
            if not (t.static_clear(b[0], b[1], r, nlv, ignore) and table.bases_clear_at(b[0], b[1], r, nlv, (fid,))):
                return None
            length += math.dist(a, b)
            cost += lk.cost + math.dist(a, b)
            lv = nlv
            out.append(b)
            walkable_end = False
            continue
        dx, dy = b[0] - a[0], b[1] - a[1]
        if lv not in t.obstacle_levels:
            # no linear obstacle to stop at (RNG-MOVE-2) on this level: any hit blocks the leg
            if table._blocked(lv, a, dx, dy, r, ignore):
                return None
            hits = None
        else:
            hits = table._blocking(lv, a, dx, dy, r, ignore)
        if hits:
            alpha, (kind, oid) = hits[0]
            ob = t.obstacles.get(oid) if kind == "obstacle" else None
            if ob is None or ob.kind != "linear" or any(h[1][1] != oid and h[0] <= alpha + 1e-9 for h in hits):
                return None
            # RNG-MOVE-2: stop on reaching it (touching, not penetrating)
            seg = t.swept_hits(a, b, r, t.filter(lv))
            touch = min((al for al, sh in seg if sh.tag[1] == oid), default=alpha)
            touch = max(0.0, touch - 1e-4)
            end = (a[0] + dx * touch, a[1] + dy * touch)
            length += math.dist(a, end)
            cost += _leg_cost(t, a, end, lv)
            if touch > 0:
                out.append(end)
            walkable_end = False
            stop = oid
            break
        if not t.walkable(b[0], b[1], lv, r):
            return None
        length += math.dist(a, b)
        cost += _leg_cost(t, a, b, lv)
        out.append(b)
        walkable_end = True
    # GEO-SWEEP-1 / RNG-MOVE-2: the base ends clear of every obstacle — a crossed one is passed over —
    # unless its centre stands on a standable one (PYR-ENG-4)
    ex, ey = out[-1]
    stood = (
        frozenset(o for o in table._stood_on(ex, ey, lv) if (ob := t.obstacles.get(o)) is not None and ob.standable)
        if lv in t.obstacle_levels
        else frozenset()
    )
    if not (t.static_free(ex, ey, r, lv, stood) if walkable_end else t.static_clear(ex, ey, r, lv, stood)):
        return None
    # PathPlan(points, length, cost, stops_at_obstacle, level), positionally: this runs thousands of times a round
    return PathPlan(
        tuple([(round_in(px), round_in(py)) for px, py in out]),
        round_in(length),
        round_in(cost),
        stop,
        lv if lv != l0 else None,
    )


def costs_from(table: Table, fid: str, start, targets: list, *, cross: frozenset, ends: bool = False) -> list:
    """``Table.path_costs``: where ``cost_along`` takes its one-leg shortcut, the legs' sweeps scan
    only the bases whose boxes meet the box holding every sweep (any other fails each sweep's own
    box test); elsewhere, ``cost_along`` per target. ``ends``: (points[-1], cost) for each plan."""
    t = table.terrain
    base = table._base(fid)
    r, lv = base.radius, base.level
    a = (float(start[0]), float(start[1]))
    if table.map.links or lv in t.obstacle_levels or math.dist(a, (base.x, base.y)) > 1e-3 or not targets:
        plans = [cost_along(table, fid, [start, b], cross=cross) for b in targets]
        return [None if p is None else (p.points[-1], p.cost) for p in plans] if ends else plans
    bs = [(float(x), float(y)) for x, y in targets]
    ax, ay = a
    l = rt = ax  # noqa: E741
    bt = tp = ay
    for x, y in bs:
        if x < l:
            l = x  # noqa: E741
        elif x > rt:
            rt = x
        if y < bt:
            bt = y
        elif y > tp:
            tp = y
    # the sweeps' radius (sweeps.sweep_radius), widened by a margin: a base this box misses misses every sweep's box
    qr = max(r - PENETRATION + ROUNDING, 1e-4) + 1e-6
    l, rt, bt, tp = l - qr, rt + qr, bt - qr, tp + qr  # noqa: E741
    ignore = cross | {fid} if cross else (fid,)
    # one pymunk bb query for the bases of every leg (each leg still box-tests them)
    near = [o for o in table._bases_in(lv, l, bt, rt, tp) if o.fid not in ignore]
    # on a map of few static shapes, a fan boxed inside their clear box (the test the sweeps and
    # static_free make of each sweep's and each end's smaller box) meets none: no leg asks
    few = t.few_by_level.get(lv) or t.few_on_level(lv)
    static = True
    if few is not None:
        cl, cb, cr, ct = t.few_box[lv]
        static = not (l > cl and bt > cb and rt < cr and tp < ct)
    # _plain_leg for each end, with what the legs share worked out once
    a_r = (round_in(ax), round_in(ay))
    blocked, walkable, static_free = table._blocked, t.walkable, t.static_free
    tough = lv in t.tough_levels
    out: list = []
    for b in bs:
        bx, by = b
        if blocked(lv, a, bx - ax, by - ay, r, ignore, static=static, pool=near) or not (
            walkable(bx, by, lv, r) and (not static or static_free(bx, by, r, lv))
        ):
            out.append(None)
            continue
        # math.dist(a, b) is math.hypot(bx - ax, by - ay) (the same norm of the same differences)
        length = round_in(math.dist(a, b))
        cost = round_in(math.hypot(bx - ax, by - ay) + t.tough_length(a, b, lv)) if tough else length
        end = (round_in(bx), round_in(by))
        out.append((end, cost) if ends else PathPlan((a_r, end), length, cost, None, None))
    return out


def _plain_leg(table: Table, t: Terrain, fid: str, r: float, lv: str, a, b, cross: frozenset) -> PathPlan | None:
    """``cost_along`` of one straight leg from fid's position on a level with no obstacle and a map
    with no link (the common question of option lists): what the general loop computes there — any
    sweep hit blocks, nothing to stand on or stop at — without its bookkeeping."""
    ax, ay = a
    bx, by = b
    # ignoring (fid,) is ignoring {fid}
    if table._blocked(lv, a, bx - ax, by - ay, r, cross | {fid} if cross else (fid,)):
        return None
    if not (t.walkable(bx, by, lv, r) and t.static_free(bx, by, r, lv)):
        return None
    # _leg_cost, with tough_length's answer where the level has no tough ground
    cost = math.hypot(bx - ax, by - ay) + (t.tough_length(a, b, lv) if lv in t.tough_levels else 0.0)
    return PathPlan(
        ((round_in(ax), round_in(ay)), (round_in(bx), round_in(by))),
        round_in(math.dist(a, b)),
        round_in(cost),
        None,
        None,
    )
