"""Path planning for one base (RNG-MOVE-1/2): A* over a 0.25-inch grid per level joined by links
(python-tcod's C path-finder over a (level, row, col) graph, asked through a graph of 3 x 3 blocks of
it first: search.py, coarse.py), then straightened with exact swept-circle checks (GEO-SWEEP-1).

The static part of each grid (obstacles, walls, impassable and tough ground) is built once per
(level, base radius) and cached in the shared Terrain (game/table/grid.py); bases are stamped onto
a copy per query. The costs along given waypoints are in ``path_costs``.
"""

from __future__ import annotations

import bisect
import itertools
import math
from typing import TYPE_CHECKING

from game.rules.implements import implements
from game.rules.tabletop import PathPlan

from .geometry import round_in

if TYPE_CHECKING:  # pragma: no cover
    from .table import Table
    from .terrain import Terrain

LINK_SNAP = 0.05


@implements("RNG-MOVE-1")
def _leg_cost(t: Terrain, a, b, level: str) -> float:
    """RNG-MOVE-1: length plus the length inside tough ground again (each tough inch costs 2)."""
    return math.hypot(b[0] - a[0], b[1] - a[1]) + t.tough_length(a, b, level)


def _reachable_levels(table: Table, start: str) -> list[str]:
    """The levels the links join to ``start``, in the order found (kept on the terrain: the map's
    links alone decide them)."""
    key = ("reach", start)
    got = table.terrain.grids.get(key)
    if got is None:
        got = table.terrain.grids[key] = _reach(table.map.links, start)
    return list(got)


def _reach(links, start: str) -> tuple[str, ...]:
    seen = [start]
    i = 0
    while i < len(seen):
        lv = seen[i]
        for lk in links:
            for x, y in ((lk.level_a, lk.level_b), (lk.level_b, lk.level_a)):
                if x == lv and y not in seen:
                    seen.append(y)
        i += 1
    return tuple(seen)


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
    plan does not pay for them (numpy and tcod are imported here too), and the levels' distance
    fields that spare its sweeps (``clearance``)."""
    from .clearance import clearance_of
    from .search import static

    t = table.terrain
    # a snapshot: the window runs this on a thread while the match moves its bases
    sizes = {(b.level, round(b.radius, 3)): b.radius for b in list(table._bases.values())}
    for lv, rr in sorted(sizes):
        levels = tuple(_reachable_levels(table, lv))
        static(t, levels, sizes[lv, rr], frozenset())
        for k in levels:
            clearance_of(t, k)


def _plan(table: Table, fid: str, x: float, y: float, *, level: str | None, cross: frozenset) -> PathPlan | None:
    t = table.terrain
    base = table._base(fid)
    r, l0 = base.radius, base.level
    lt = level or l0
    sx, sy = table._pos(fid)
    ignore = cross | {fid}
    if not t.static_clear(x, y, r, lt, ignore):
        return None
    # no bases query (nor, before it, the bases' pymunk space) for a level holding none but fid
    if any(o.fid != fid for o in table._level_bases(lt)) and not table.bases_clear_at(x, y, r, lt, (fid,)):
        return None
    levels = _reachable_levels(table, l0)
    if lt not in levels:
        return None
    li = {lv: i for i, lv in enumerate(levels)}
    # imported here, not at the top: tcod and numpy cost ~0.36 s to import, and a table that has not
    # planned a path yet (the first frame, check-map, a replay's set-up) should not pay for them
    from .clearance import clearance_of
    from .grid import RES
    from .search import search, static

    st = static(t, tuple(levels), r, cross)
    for lv in levels:  # the sweeps' pre-check, from now on (see sweeps._traced)
        clearance_of(t, lv)
    _, rows, cols = st["free"].shape
    bases = [[o for o in table._level_bases(lv) if o.fid != fid] for lv in levels]

    def cell_of(px, py):
        return min(rows - 1, max(0, int(py / RES))), min(cols - 1, max(0, int(px / RES)))

    s0 = (li[l0], *cell_of(sx, sy))
    sg = (li[lt], *cell_of(x, y))
    jumps = st["jumps"]
    chain = search(st, bases, r, s0, sg)
    if chain is None:
        return None
    gx, gy = x, y

    # split into walking pieces joined by link jumps: a step from a link's cell to its other end's
    # cell is that link's jump (``jumps``); every other step walks to its cell's centre
    centres = list(map(tuple, ((chain[:, 2:0:-1] + 0.5) * RES).tolist()))
    at = st["jump_from"][chain[:-1, 0], chain[:-1, 1], chain[:-1, 2]].nonzero()[0].tolist()
    steps = chain.tolist() if at else ()
    pieces: list[tuple[str, list]] = []  # (level, points)
    climbs = []
    cur_pts = [(sx, sy)]
    cur_lv = l0
    jumped = False
    i0 = 1
    for i in at:
        got = jumps.get((tuple(steps[i]), tuple(steps[i + 1])))
        if got is None:
            continue
        k, fwd = got
        lk = table.map.links[k]
        start, end = (lk.a, lk.b) if fwd else (lk.b, lk.a)
        cur_pts += centres[i0 : i + 1]
        cur_pts.append(start)
        pieces.append((cur_lv, cur_pts))
        climbs.append(lk)
        cur_lv = lk.level_b if fwd else lk.level_a
        cur_pts = [end]
        i0 = i + 2
    cur_pts += centres[i0:]
    jumped = len(centres) > 1 and i0 == len(centres)  # the last step was a jump
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
        ends = _corners(pts)
        cut, stop = _until_linear(table, pts, lv, r, ignore, ends)
        if cut is None:
            return None
        if cut is not pts:
            pts, ends = cut, _corners(cut)
        smooth = _straighten(table, pts, lv, r, ignore, ends)
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


def _prefix_costs(t: Terrain, pts: list, level: str) -> list[float]:
    """``_leg_cost`` summed along the grid path from its start to each point, the same floats as a
    leg-by-leg sum (0.0 for a step whose box meets no tough zone's, as ``tough_length`` would say
    after a call per step)."""
    hypot = math.hypot
    zones = [bb for bb, _ in t._tough.get(level, ())]  # the tough zones' boxes (terrain.py)
    if not zones:
        legs = [hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:])]
        return [0.0, *itertools.accumulate(legs)]
    tough = t.tough_length
    legs = []
    for a, b in zip(pts, pts[1:]):
        ax, ay = a
        bx, by = b
        leg = hypot(bx - ax, by - ay)
        lx, hx = (ax, bx) if ax < bx else (bx, ax)
        ly, hy = (ay, by) if ay < by else (by, ay)
        for zx0, zy0, zx1, zy1 in zones:
            if zx0 <= hx and lx <= zx1 and zy0 <= hy and ly <= zy1:
                leg += tough(a, b, level)
                break
        legs.append(leg)
    return [0.0, *itertools.accumulate(legs)]


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


def _until_linear(table: Table, pts: list, lv: str, r: float, ignore: frozenset, idx: list[int]):
    """RNG-MOVE-2: cut the grid path where it first reaches a linear obstacle (the base touching it);
    (points, obstacle id or None), or (None, None) if some leg is blocked by anything else. Swept
    run by run (``idx``: ``_corners`` of pts): a cut inside a run keeps the run's points before it."""
    t = table.terrain
    for ia, ib in zip(idx, idx[1:]):
        a, b = pts[ia], pts[ib]
        dx, dy = b[0] - a[0], b[1] - a[1]
        # most runs are clear: ``_blocked`` answers that sooner (the terrain's verdict memoised or
        # told by the distance field), and the blockers are listed only for a run that has some
        if not table._blocked(lv, a, dx, dy, r, ignore):
            continue
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


def _straighten(table: Table, pts: list, level: str, r: float, ignore: frozenset, ends: list[int]) -> list:
    """Greedy string-pulling: from each kept point jump to the farthest later point reachable by a
    clear straight leg that costs no more than the grid path it replaces.

    The points tried are the ends of the path's straight runs (up to 4 misses in a row) and then,
    by bisection, the farthest point inside the run after the last one reached (where the leg
    comes to graze what bends the path): a handful of sweeps per kept point instead of one per
    grid cell. ``ends``: ``_corners`` of pts, whose runs ``_until_linear`` swept clear: a leg
    inside one run is clear and costs what its steps cost, without a sweep."""
    t = table.terrain
    if len(pts) <= 1:
        return list(pts)
    pre = _prefix_costs(t, pts, level)

    zones = [bb for bb, _ in t._tough.get(level, ())]
    hypot = math.hypot

    def ok(i, k):
        a, b = pts[i], pts[k]
        ax, ay = a
        bx, by = b
        if table._blocked(level, a, bx - ax, by - ay, r, ignore):
            return False
        cost = hypot(bx - ax, by - ay)  # _leg_cost: no tough inches unless the boxes meet
        lx, hx = (ax, bx) if ax < bx else (bx, ax)
        ly, hy = (ay, by) if ay < by else (by, ay)
        for zx0, zy0, zx1, zy1 in zones:
            if zx0 <= hx and lx <= zx1 and zy0 <= hy and ly <= zy1:
                cost += t.tough_length(a, b, level)
                break
        return cost <= pre[k] - pre[i] + 1e-6

    kept = [0]
    i = 0
    last = len(pts) - 1
    while i < last:
        best = i + 1
        misses = 0
        after = None  # the first run end past best that was not reached
        e = bisect.bisect_right(ends, i)  # ends[e]: the end of the run i is in
        for k in itertools.islice(ends, e, None):
            if k <= i + 1:
                continue
            if misses >= 4:
                break
            if k == ends[e] or ok(i, k):
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
