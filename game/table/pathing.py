"""Path planning for one base (RNG-MOVE-1/2): A* over a 0.25-inch grid per level joined by links
(python-tcod's C path-finder over a (level, row, col) graph), then straightened with exact
swept-circle checks (GEO-SWEEP-1).

The static part of each grid (obstacles, walls, impassable and tough ground) is built once per
(level, base radius) and cached in the shared Terrain (game/table/grid.py); bases are stamped onto
a copy per query.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.rules.implements import implements
from game.rules.tabletop import PathPlan

from .geometry import round_in
from .terrain import PENETRATION, ROUNDING

if TYPE_CHECKING:  # pragma: no cover
    from .table import Table
    from .terrain import Terrain

LINK_SNAP = 0.05


@implements("RNG-MOVE-1")
def _leg_cost(t: Terrain, a, b, level: str) -> float:
    """RNG-MOVE-1: length plus the length inside tough ground again (each tough inch costs 2)."""
    return math.hypot(b[0] - a[0], b[1] - a[1]) + t.tough_length(a, b, level)


def _reachable_levels(table: Table, start: str) -> list[str]:
    seen = [start]
    i = 0
    while i < len(seen):
        lv = seen[i]
        for lk in table.map.links:
            for x, y in ((lk.level_a, lk.level_b), (lk.level_b, lk.level_a)):
                if x == lv and y not in seen:
                    seen.append(y)
        i += 1
    return seen


#: plans kept per Terrain (shared by a table's clones): the AI's look-ahead replays the same
#: activation from the same positions in every rollout, and a search that fails explores the whole
#: map (~10 ms); a plan depends only on the static terrain and every base, which the key holds
PLANS_KEPT = 256
_MISS = object()


def plan(table: Table, fid: str, x: float, y: float, *, level: str | None, cross: frozenset) -> PathPlan | None:
    """``Table.plan_path``, memoised on the terrain by everything the search reads."""
    key = (fid, x, y, level, cross, tuple([(o.fid, o.x, o.y, o.radius, o.level) for o in table._bases.values()]))
    kept = table.terrain.plans
    # the window's AI thread (game/ui/ai_worker.py) plans on a clone sharing this terrain while the
    # frame loop plans hover previews: each step below is one dict operation, and a key another
    # thread dropped in between is only a miss
    got = kept.get(key, _MISS)
    if got is not _MISS:
        try:
            kept.move_to_end(key)
        except KeyError:
            pass
        return got
    got = kept[key] = _plan(table, fid, x, y, level=level, cross=cross)
    while len(kept) > PLANS_KEPT:
        try:
            kept.popitem(last=False)
        except KeyError:
            break
    return got


def prepare(table: Table) -> None:
    """Build what a first plan of each placed base reads (its level grids and search graph, by map
    content, levels it can reach and base radius): for a map's load, so that the first hover or AI
    plan does not pay for them (numpy and tcod are imported here too)."""
    from .search import static

    t = table.terrain
    sizes = {(b.level, round(b.radius, 3)): b.radius for b in table._bases.values()}
    for lv, rr in sorted(sizes):
        static(t, tuple(_reachable_levels(table, lv)), sizes[lv, rr], frozenset())


def _plan(table: Table, fid: str, x: float, y: float, *, level: str | None, cross: frozenset) -> PathPlan | None:
    t = table.terrain
    base = table._base(fid)
    r, l0 = base.radius, base.level
    lt = level or l0
    sx, sy = table._pos(fid)
    ignore = cross | {fid}
    if not (t.static_clear(x, y, r, lt, ignore) and table.bases_clear_at(x, y, r, lt, (fid,))):
        return None
    levels = _reachable_levels(table, l0)
    if lt not in levels:
        return None
    li = {lv: i for i, lv in enumerate(levels)}
    # imported here, not at the top: tcod and numpy cost ~0.36 s to import, and a table that has not
    # planned a path yet (the first frame, check-map, a replay's set-up) should not pay for them
    from .grid import RES, grid_of
    from .search import search, static

    g0 = grid_of(t, l0, r)
    rows, cols = g0.rows, g0.cols
    bases = [[o for o in table._level_bases(lv) if o.fid != fid] for lv in levels]

    def cell_of(px, py):
        return min(rows - 1, max(0, int(py / RES))), min(cols - 1, max(0, int(px / RES)))

    s0 = (li[l0], *cell_of(sx, sy))
    sg = (li[lt], *cell_of(x, y))
    st = static(t, tuple(levels), r, cross)
    jumps = st["jumps"]
    chain = search(st, bases, r, s0, sg)
    if chain is None:
        return None
    gx, gy = x, y

    # split into walking pieces joined by link jumps
    pieces: list[tuple[str, list]] = []  # (level, points)
    climbs = []
    cur_pts = [(sx, sy)]
    cur_lv = l0
    jumped = False
    for prev, s in zip(chain, chain[1:]):
        jumped = (prev, s) in jumps
        if jumped:
            k, fwd = jumps[(prev, s)]
            lk = table.map.links[k]
            start, end = (lk.a, lk.b) if fwd else (lk.b, lk.a)
            cur_pts.append(start)
            pieces.append((cur_lv, cur_pts))
            climbs.append(lk)
            cur_lv = lk.level_b if fwd else lk.level_a
            cur_pts = [end]
        else:
            cur_pts.append(((s[2] + 0.5) * RES, (s[1] + 0.5) * RES))
    if len(cur_pts) > 1 and not jumped:
        cur_pts[-1] = (gx, gy)
    else:
        cur_pts.append((gx, gy))
    pieces.append((cur_lv, cur_pts))

    out_pts: list[tuple[float, float]] = []
    length = cost = 0.0
    stop = None
    end_level = l0
    for pi, (lv, pts) in enumerate(pieces):
        pts, stop = _until_linear(table, pts, lv, r, ignore)
        if pts is None:
            return None
        smooth = _straighten(table, pts, lv, r, ignore)
        if smooth is None:
            return None
        if out_pts:
            lk = climbs[pi - 1]
            cost += lk.cost + math.dist(out_pts[-1], smooth[0])
            length += math.dist(out_pts[-1], smooth[0])
        for a, b in zip(smooth, smooth[1:]):
            length += math.dist(a, b)
            cost += _leg_cost(t, a, b, lv)
        out_pts.extend(smooth)
        end_level = lv
        if stop is not None:
            break
    pts_r = tuple((round_in(px), round_in(py)) for px, py in out_pts)
    return PathPlan(
        points=pts_r,
        length=round_in(length),
        cost=round_in(cost),
        stops_at_obstacle=stop,
        level=end_level if end_level != l0 else None,
    )


def _corners(pts: list) -> list[int]:
    """Indices of the grid path's points that end a straight run (a run of equal steps sweeps the
    same circles as one leg over it, with one query instead of one per cell)."""
    if len(pts) < 3:
        return list(range(len(pts)))
    out = [0]
    for i in range(1, len(pts) - 1):
        (ax, ay), (bx, by), (cx, cy) = pts[i - 1], pts[i], pts[i + 1]
        if (
            abs((bx - ax) * (cy - by) - (by - ay) * (cx - bx)) > 1e-9
            or (bx - ax) * (cx - bx) + (by - ay) * (cy - by) <= 0
        ):
            out.append(i)
    out.append(len(pts) - 1)
    return out


def _until_linear(table: Table, pts: list, lv: str, r: float, ignore: frozenset):
    """RNG-MOVE-2: cut the grid path where it first reaches a linear obstacle (the base touching it);
    (points, obstacle id or None), or (None, None) if some leg is blocked by anything else. Swept
    run by run (``_corners``): a cut inside a run keeps the run's points before it."""
    t = table.terrain
    idx = _corners(pts)
    for ia, ib in zip(idx, idx[1:]):
        a, b = pts[ia], pts[ib]
        dx, dy = b[0] - a[0], b[1] - a[1]
        hits = table._blocking(lv, a, dx, dy, r, ignore)
        if not hits:
            continue
        alpha, (kind, oid) = hits[0]
        ob = t.obstacles.get(oid) if kind == "obstacle" else None
        if ob is None or ob.kind != "linear":
            return None, None
        seg = t.swept_hits(a, b, r, t.filter(lv))
        touch = max(0.0, min((al for al, sh in seg if sh.tag[1] == oid), default=0.0) - 1e-4)
        out = list(pts[: ia + 1]) + [pts[k] for k in range(ia + 1, ib) if (k - ia) / (ib - ia) < touch]
        if touch > 0:
            out.append((a[0] + dx * touch, a[1] + dy * touch))
        return out, oid
    return pts, None


def _straighten(table: Table, pts: list, level: str, r: float, ignore: frozenset) -> list | None:
    """Greedy string-pulling: from each kept point jump to the farthest later point reachable by a
    clear straight leg that costs no more than the grid path it replaces. None if a grid leg is not
    clear after all.

    The points tried are the ends of the path's straight runs (up to 4 misses in a row) and then,
    by bisection, the farthest point inside the run after the last one reached (where the leg
    comes to graze what bends the path): a handful of sweeps per kept point instead of one per
    grid cell."""
    t = table.terrain
    if len(pts) <= 1:
        return list(pts)
    pre = [0.0]
    for a, b in zip(pts, pts[1:]):
        pre.append(pre[-1] + _leg_cost(t, a, b, level))

    def ok(i, k):
        a, b = pts[i], pts[k]
        return (
            not table._blocked(level, a, b[0] - a[0], b[1] - a[1], r, ignore)
            and _leg_cost(t, a, b, level) <= pre[k] - pre[i] + 1e-6
        )

    ends = _corners(pts)
    kept = [0]
    i = 0
    last = len(pts) - 1
    while i < last:
        a, b = pts[i], pts[i + 1]
        if table._blocked(level, a, b[0] - a[0], b[1] - a[1], r, ignore):
            return None
        best = i + 1
        misses = 0
        after = None  # the first run end past best that was not reached
        for k in ends:
            if k <= i + 1:
                continue
            if misses >= 4:
                break
            if ok(i, k):
                best, misses, after = k, 0, None
            else:
                misses += 1
                if after is None:
                    after = k
        if after is not None:
            lo, hi = best, after
            while hi - lo > 1:
                mid = (lo + hi) // 2
                if ok(i, mid):
                    lo = mid
                else:
                    hi = mid
            best = lo
        kept.append(best)
        i = best
    return [pts[k] for k in kept]


def _link_at(table: Table, a, b, level: str):
    for lk in table.map.links:
        if lk.level_a == level and math.dist(lk.a, a) <= LINK_SNAP and math.dist(lk.b, b) <= LINK_SNAP:
            return lk, lk.level_b
        if lk.level_b == level and math.dist(lk.b, a) <= LINK_SNAP and math.dist(lk.a, b) <= LINK_SNAP:
            return lk, lk.level_a
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
    l = rt = ax
    bt = tp = ay
    for x, y in bs:
        if x < l:
            l = x
        elif x > rt:
            rt = x
        if y < bt:
            bt = y
        elif y > tp:
            tp = y
    # the sweeps' radius (sweeps.sweep_radius), widened by a margin: a base this box misses misses every sweep's box
    qr = max(r - PENETRATION + ROUNDING, 1e-4) + 1e-6
    l, rt, bt, tp = l - qr, rt + qr, bt - qr, tp + qr
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
