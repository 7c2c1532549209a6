"""The grid search under ``pathing.plan`` (RNG-MOVE-1/2): python-tcod's A* over a (level, row, col)
graph of the 0.25-inch path grids, levels joined by links.

A step to any of the 8 neighbours (a diagonal only past two unblocked corner cells) costs its
length times the terrain cost of the cell entered (1 open, 2 tough), LINEAR_PENALTY more into a
linear cell from outside one; a link jumps from its cell to its other end's cell for its cost plus
its length. Costs are integers (STEP a straight step).

Most questions are short moves: the search first runs in a window around start and goal, and its
answer stands when no route leaving the window could cost less (a straight-line bound); otherwise
the window grows, up to the whole map.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
import tcod.path

from .grid import BLOCKED, FREE, LINEAR, RES, grid_of, stamp_bases

if TYPE_CHECKING:  # pragma: no cover
    from .terrain import Terrain

LINEAR_PENALTY = 6.0
"""Planning cost of crossing a linear obstacle: a figure stops on reaching one and crosses next turn
(RNG-MOVE-2), so any detour shorter than a move is preferred."""
#: integer edge costs: a straight step, a diagonal one (1000 * sqrt 2, rounded down)
STEP, DIAG = 1000, 1414
#: cells around start and goal in the first window; each retry triples it
WINDOW = 20
_DIRS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1))
_NONE = np.iinfo(np.int32).max


def search(st: dict, bases: list, r: float, s0: tuple, sg: tuple) -> list | None:
    """The cheapest chain of (level, row, col) states from s0 to sg, or None. ``st``: ``static``;
    ``bases``: per level, the other bases, which block the cells within the grid margin of them
    except the goal cell (its own clearance is checked exactly)."""
    _, rows, cols = st["free"].shape
    m = WINDOW
    while True:
        r0, r1 = max(0, min(s0[1], sg[1]) - m), min(rows, max(s0[1], sg[1]) + m + 1)
        c0, c1 = max(0, min(s0[2], sg[2]) - m), min(cols, max(s0[2], sg[2]) + m + 1)
        if (r1 - r0) * (c1 - c0) * 3 > rows * cols:  # much of the map: one search of all of it
            r0, r1, c0, c1 = 0, rows, 0, cols
        whole = r0 == 0 and c0 == 0 and r1 == rows and c1 == cols
        got = _window(st, bases, r, s0, sg, r0, r1, c0, c1)
        if whole:
            return got and got[1]
        if got is not None and got[0] <= _exit_bound(st, s0, sg, r0, r1, c0, c1, rows, cols):
            return got[1]
        m *= 3


def _exit_bound(st: dict, s0, sg, r0, r1, c0, c1, rows, cols) -> float:
    """A lower bound on the cost of any route from s0 to sg through a cell outside the window: its
    straight-line length (each step costs at least its length; links at most ``st["slack"]`` less
    than theirs) via the nearest line just outside each open side (reflect the goal across it)."""
    (_, ya, xa), (_, yb, xb) = s0, sg
    best = math.inf
    if r0 > 0:
        best = min(best, math.hypot(xa - xb, (ya - r0 + 1) + (yb - r0 + 1)))
    if r1 < rows:
        best = min(best, math.hypot(xa - xb, (r1 - ya) + (r1 - yb)))
    if c0 > 0:
        best = min(best, math.hypot(ya - yb, (xa - c0 + 1) + (xb - c0 + 1)))
    if c1 < cols:
        best = min(best, math.hypot(ya - yb, (c1 - xa) + (c1 - xb)))
    return best * (DIAG / math.sqrt(2)) - st["slack"]


def _window(st: dict, bases: list, r: float, s0, sg, r0, r1, c0, c1):
    """(cost, chain) of the search inside rows r0:r1, cols c0:c1 of every level, or None."""
    win = (slice(None), slice(r0, r1), slice(c0, c1))
    free = st["free"][win]
    shape = free.shape
    busy = np.zeros(shape, np.bool_)
    for i, bs in enumerate(bases):
        if bs:
            stamp_bases(busy[i], bs, r, c0 * RES, r0 * RES)
    if busy.any():
        free = free & ~busy
        into, card, diag = (np.where(busy, 0, st[k][win]) for k in ("into", "card", "diag"))
    else:
        into, card, diag = (st[k][win].copy() for k in ("into", "card", "diag"))
    a, g = (s0[0], s0[1] - r0, s0[2] - c0), (sg[0], sg[1] - r0, sg[2] - c0)
    terr = st["terr"][sg]
    into[g], card[g], diag[g] = terr, terr + st["card_pen"][sg], terr + st["diag_pen"][sg]
    _, rows, cols = shape
    graph = tcod.path.CustomGraph(shape)
    lin = np.ascontiguousarray(st["lin"][win])
    out_lin = ~lin
    for dr, dc in _DIRS:
        if dr and dc:
            # both corner cells of the diagonal unblocked, seen from the cell it leaves
            ok = np.zeros(shape, np.bool_)
            ok[:, max(0, -dr) : rows - max(0, dr), max(0, -dc) : cols - max(0, dc)] = (
                free[:, max(0, -dr) : rows - max(0, dr), max(0, dc) : cols - max(0, -dc) or None]
                & free[:, max(0, dr) : rows - max(0, -dr) or None, max(0, -dc) : cols - max(0, dc)]
            )
            graph.add_edge((0, dr, dc), DIAG, cost=diag, condition=out_lin & ok)
            graph.add_edge((0, dr, dc), DIAG, cost=into, condition=lin & ok)
        else:
            graph.add_edge((0, dr, dc), STEP, cost=card, condition=out_lin)
            graph.add_edge((0, dr, dc), STEP, cost=into, condition=lin)
    for edges, srcs, src, dst in st["links"]:
        inside = [(y, x) for _, y, x in srcs if r0 <= y < r1 and c0 <= x < c1]
        if not inside:
            continue
        cond, link_cost = np.ascontiguousarray(src[win]), np.ascontiguousarray(dst[win])
        for step, edge_cost in edges:
            if any(r0 <= y + step[1] < r1 and c0 <= x + step[2] < c1 for y, x in inside):
                graph.add_edge(step, edge_cost, cost=link_cost, condition=cond)
    graph.set_heuristic(cardinal=STEP, diagonal=DIAG)
    pf = tcod.path.Pathfinder(graph)
    pf.add_root(a)
    path = pf.path_to(g).tolist()
    cost = int(pf.distance[g])
    if cost == _NONE or tuple(path[0]) != a:
        return None
    return cost, [(lv, y + r0, x + c0) for lv, y, x in path]


def static(t: Terrain, levels: tuple, r: float, cross: frozenset) -> dict:
    """What ``search`` reads that depends only on the terrain: kept on it per (levels, radius,
    crossed obstacles). ``jumps``: (from state, to state) -> (link index, forward)."""
    key = ("search", levels, round(r, 3), cross)
    got = t.grids.get(key)
    if got is not None:
        return got
    grids = [grid_of(t, lv, r) for lv in levels]
    cells = np.stack([g.cells for g in grids])
    order = sorted(t.obstacles)
    cross_idx = [order.index(o) for o in cross if o in t.obstacles]
    if cross_idx:
        cells[(cells == LINEAR) & np.isin(np.stack([g.linear for g in grids]), cross_idx)] = FREE
    free = cells != BLOCKED
    lin = cells == LINEAR
    terr = np.stack([g.cost for g in grids]).astype(np.int32)
    into = np.where(free, terr, 0)
    # LINEAR_PENALTY in straight steps (into a linear cell along a straight step) and in diagonal ones
    card_pen = np.where(lin, round(LINEAR_PENALTY / RES), 0).astype(np.int32)
    diag_pen = np.where(lin, round(LINEAR_PENALTY / RES * STEP / DIAG), 0).astype(np.int32)
    got = t.grids[key] = {
        "free": free,
        "lin": lin,
        "terr": terr,
        "into": into,
        "card": np.where(free, into + card_pen, 0),
        "diag": np.where(free, into + diag_pen, 0),
        "card_pen": card_pen,
        "diag_pen": diag_pen,
    }
    li = {lv: i for i, lv in enumerate(levels)}
    _, rows, cols = cells.shape

    def state(lv, px, py):
        return li[lv], min(rows - 1, max(0, int(py / RES))), min(cols - 1, max(0, int(px / RES)))

    jumps: dict[tuple, tuple[int, bool]] = {}
    for k, lk in enumerate(t.map.links):
        if lk.level_a not in li or lk.level_b not in li:
            continue
        if not (t.static_clear(*lk.a, r, lk.level_a, cross) and t.static_clear(*lk.b, r, lk.level_b, cross)):
            continue
        sa, sb = state(lk.level_a, *lk.a), state(lk.level_b, *lk.b)
        if sa != sb:
            jumps.setdefault((sa, sb), (k, True))
            jumps.setdefault((sb, sa), (k, False))
    got["jumps"] = jumps
    got["links"], got["slack"] = _link_rules(jumps, t.map.links, cells.shape)
    return got


def _link_rules(jumps: dict, links, shape) -> tuple[list, float]:
    """Link jumps as few edge rules: a rule is (edges, source states, source cells, destination cells), every edge
    tried from every source cell and landing only on a destination cell; jumps go in the first rule
    where that creates no jump the links do not make. And the most by which the jumps' costs fall
    short of their straight lengths in STEP units (for ``_exit_bound``)."""
    groups: list[tuple[list, set, set]] = []
    slack = 0.0
    for (sa, sb), (k, _fwd) in jumps.items():
        lk = links[k]
        step = tuple(b - a for a, b in zip(sa, sb))
        edge = (step, max(1, round((lk.cost + math.dist(lk.a, lk.b)) / RES * STEP)))
        slack += max(0.0, math.hypot(step[1], step[2]) * STEP - edge[1])
        for edges, srcs, dsts in groups:
            trial_e, trial_s, trial_d = edges + [edge], srcs | {sa}, dsts | {sb}
            if all(
                (s, d) in jumps
                for s in trial_s
                for e, _ in trial_e
                if (d := tuple(x + y for x, y in zip(s, e))) in trial_d
            ):
                edges.append(edge)
                srcs.add(sa)
                dsts.add(sb)
                break
        else:
            groups.append(([edge], {sa}, {sb}))
    rules = []
    for edges, srcs, dsts in groups:
        src = np.zeros(shape, np.bool_)
        dst = np.zeros(shape, np.int8)
        for s in srcs:
            src[s] = True
        for d in dsts:
            dst[d] = 1
        rules.append((edges, sorted(srcs), src, dst))
    return rules, slack
