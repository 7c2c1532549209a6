"""The grid search under ``pathing.plan`` (RNG-MOVE-1/2): python-tcod's A* over a (level, row, col)
graph of the 0.25-inch path grids, levels joined by links.

A step to any of the 8 neighbours (a diagonal only past two unblocked corner cells) costs its
length times the terrain cost of the cell entered (1 open, 2 tough), LINEAR_PENALTY more into a
linear cell from outside one; a link jumps from its cell to its other end's cell for its cost plus
its length. Costs are integers (STEP a straight step).

A search asks the block graph first (``coarse``: the same steps between one cell of each 3 x 3
block, a ninth of the cells to search) and this graph where the blocks cannot answer.

The graph (its cost and condition arrays and tcod's compiled edge rules) is built once per map
content, levels, base radius and crossed obstacles; a search stamps the other bases into its
arrays, in place, for its own run (under the entry's lock: the window's AI thread and the frame
loop may plan at once) and puts the static values back after.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

import numpy as np
import tcod.path

from . import coarse
from .astar import DIAG, DIRS, STEP, UNREACHED, find, searcher
from .grid import BLOCKED, FREE, LINEAR, MARGIN, RES, grid_of

if TYPE_CHECKING:  # pragma: no cover
    from .terrain import Terrain

LINEAR_PENALTY = 6.0
"""Planning cost of crossing a linear obstacle: a figure stops on reaching one and crosses next turn
(RNG-MOVE-2), so any detour shorter than a move is preferred."""
#: content-keyed: (map, levels, radius, crossed obstacles) -> static(); a simulate worker plays
#: one map with a few base sizes (an entry of the boarding map is ~4 MB)
_STATIC: OrderedDict = OrderedDict()
STATIC_KEPT = 8
#: base layouts whose stamps a search entry keeps (``_touched``)
TOUCHED_KEPT = 32
#: bases' stamps a search entry keeps (``_stamps``), by level, place and radii (~8 KB each on the
#: boarding map: a dozen layouts of 40 bases)
CELLS_KEPT = 512
#: the edge cost arrays, stacked in this order (``costs``), and the diagonals' conditions
#: (``conds``: out of and into a linear cell, per diagonal in DIRS order)
COSTS = ("into", "card", "diag")
CONDS = tuple((io, dr, dc) for dr, dc in DIRS[4:] for io in ("out", "in"))


def _stamps(st: dict, lv: int, x: float, y: float, rr: float) -> tuple[np.ndarray, np.ndarray]:
    """Flat indices, into the stacked cost arrays and into the stacked condition arrays, of what one
    base closes: the cells of level ``lv`` whose centre lies closer than rr to its centre (in
    every step cost) and, per diagonal, the cells whose diagonal such a cell stops (a diagonal
    needs both corner cells free: from (y, x - dc) and from (y - dr, x)). Kept on the entry by
    level, place and radii: between two searches most bases have not moved."""
    key = (lv, x, y, rr)
    kept = st["cells"]
    got = kept.get(key)
    if got is not None:
        return got
    _, rows, cols = st["free"].shape
    size = st["free"].size
    # the (2k+1)^2 candidates around its own cell (int() of the old per-base box)
    k = int(rr / RES) + 1
    off = np.arange(-k, k + 1)
    cx = int(x / RES) + off[None, :]
    cy = int(y / RES) + off[:, None]
    ok = np.hypot((cx + 0.5) * RES - x, (cy + 0.5) * RES - y) < rr
    ok &= (cx >= 0) & (cx < cols) & (cy >= 0) & (cy < rows)
    row = np.broadcast_to(cy, ok.shape)[ok].astype(np.intp)
    col = np.broadcast_to(cx, ok.shape)[ok].astype(np.intp)
    busy = (lv * rows + row) * cols + col
    ci = np.concatenate([busy + i * size for i in range(len(COSTS))])
    parts = []
    for q, (dr, dc) in enumerate(DIRS[4:]):
        a = busy[(col - dc >= 0) & (col - dc < cols)] - dc
        b = busy[(row - dr >= 0) & (row - dr < rows)] - dr * cols
        idx = np.concatenate((a, b))
        parts += [idx + 2 * q * size, idx + (2 * q + 1) * size]
    if len(kept) >= CELLS_KEPT:
        kept.clear()
    got = kept[key] = (ci, np.concatenate(parts))
    return got


def _touched(st: dict, bases: list, r: float) -> list:
    """Flat indices, into the stacked cost arrays and into the stacked condition arrays, of the
    cells the other bases close to this search (``_stamps`` of each; a cell near two bases comes
    twice: harmless, each use sets or restores the same values), and a place for what they do to
    the blocks (``coarse.route`` fills it). Kept by the bases' places and sizes: the AI plans
    several goals from one position in a row."""
    key = (r, tuple([(i, o.x, o.y, o.radius) for i, bs in enumerate(bases) for o in bs]))
    memo = st["touched"]
    got = memo.get(key)
    if got is not None:
        return got
    parts = [_stamps(st, i, o.x, o.y, r + o.radius + MARGIN) for i, bs in enumerate(bases) for o in bs]
    if parts:
        ci, bi = np.concatenate([c for c, _ in parts]), np.concatenate([b for _, b in parts])
    else:
        ci, bi = np.zeros(0, np.intp), np.zeros(0, np.intp)
    got = [ci, bi, None]  # [2]: what they do to the blocks, when a search first asks them
    if len(memo) >= TOUCHED_KEPT:
        memo.clear()
    memo[key] = got
    return got


def search(st: dict, bases: list, r: float, s0: tuple, sg: tuple) -> np.ndarray | None:
    """The cheapest chain of (level, row, col) states from s0 to sg (an (n, 3) array), or None: by the
    block graph where it answers (``coarse.route``), else by this graph. ``st``: ``static``;
    ``bases``: per level, the other bases, which block the cells within the grid margin of them
    except the goal cell (its own clearance is checked exactly)."""
    _, rows, cols = st["free"].shape
    size = st["free"].size
    wc, oc, wb, ob = st["flat_costs"], st["flat_orig_costs"], st["flat_conds"], st["flat_orig_conds"]
    g = (sg[0] * rows + sg[1]) * cols + sg[2]
    gi = [g, g + size, g + 2 * size]
    touched = _touched(st, bases, r)
    ci, bi = touched[0], touched[1]
    with st["lock"]:
        wc[ci] = 0
        wb[bi] = False
        terr = st["terr"][sg]
        wc[gi] = (terr, terr + st["card_pen"][sg], terr + st["diag_pen"][sg])
        try:
            path = None
            if st["coarse"] is not None:
                path = coarse.route(st, touched, s0, sg)
            if path is not None:
                cost = 0
            else:
                path, cost = find(st, s0, sg)
        finally:
            wc[ci] = oc[ci]
            wb[bi] = ob[bi]
            wc[gi] = oc[gi]
    if cost == UNREACHED or path is None or tuple(path[0]) != s0:
        return None
    return path


def static(t: Terrain, levels: tuple, r: float, cross: frozenset) -> dict:
    """What ``search`` reads that depends only on the terrain: kept on it per (levels, radius,
    crossed obstacles), and by map content across terrains. ``jumps``: (from state, to state) ->
    (link index, forward)."""
    key = ("search", levels, round(r, 3), cross)
    got = t.grids.get(key)
    if got is not None:
        return got
    mkey = (t.map, *key[1:])
    got = _STATIC.get(mkey)
    if got is None:
        got = _STATIC[mkey] = _build(t, levels, r, cross)
        while len(_STATIC) > STATIC_KEPT:
            _STATIC.popitem(last=False)
    t.grids[key] = got
    return got


def _build(t: Terrain, levels: tuple, r: float, cross: frozenset) -> dict:
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
    _, rows, cols = cells.shape
    # the arrays a search stamps, stacked (one fancy assignment stamps them all): the step costs
    # and, per diagonal, its conditions out of and into a linear cell
    costs = np.stack((into, np.where(free, into + card_pen, 0), np.where(free, into + diag_pen, 0)))
    conds = np.zeros((len(CONDS), *cells.shape), np.bool_)
    out_lin = ~lin
    for q, (dr, dc) in enumerate(DIRS[4:]):
        # both corner cells of the diagonal unblocked, seen from the cell it leaves
        ok = conds[2 * q + 1]
        ok[:, max(0, -dr) : rows - max(0, dr), max(0, -dc) : cols - max(0, dc)] = (
            free[:, max(0, -dr) : rows - max(0, dr), max(0, dc) : cols - max(0, -dc) or None]
            & free[:, max(0, dr) : rows - max(0, -dr) or None, max(0, -dc) : cols - max(0, dc)]
        )
        conds[2 * q] = out_lin & ok
        ok &= lin
    work_costs, work_conds = costs.copy(), conds.copy()
    costs.flags.writeable = False
    conds.flags.writeable = False
    orig: dict = {k: costs[i] for i, k in enumerate(COSTS)} | {k: conds[i] for i, k in enumerate(CONDS)}
    work: dict = {k: work_costs[i] for i, k in enumerate(COSTS)} | {k: work_conds[i] for i, k in enumerate(CONDS)}
    graph = tcod.path.CustomGraph(cells.shape)
    for dr, dc in DIRS:
        if dr and dc:
            graph.add_edge((0, dr, dc), DIAG, cost=work["diag"], condition=work["out", dr, dc])
            graph.add_edge((0, dr, dc), DIAG, cost=work["into"], condition=work["in", dr, dc])
        else:
            graph.add_edge((0, dr, dc), STEP, cost=work["card"], condition=out_lin)
            graph.add_edge((0, dr, dc), STEP, cost=work["into"], condition=lin)
    got = {
        "free": free,
        "lin": lin,
        "lin_flat": lin.reshape(-1),
        "terr": terr,
        "card_pen": card_pen,
        "diag_pen": diag_pen,
        "orig": orig,
        "work": work,
        "graph": graph,
        "lock": threading.Lock(),
        "touched": {},
        "cells": {},
        # the stacks, flat (views), for the per-search stamping
        "flat_costs": work_costs.reshape(-1),
        "flat_orig_costs": costs.reshape(-1),
        "flat_conds": work_conds.reshape(-1),
        "flat_orig_conds": conds.reshape(-1),
    }
    li = {lv: i for i, lv in enumerate(levels)}

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
    jump_from = np.zeros(cells.shape, np.bool_)  # the cells a jump leaves
    for sa, _sb in jumps:
        jump_from[sa] = True
    got["jump_from"] = jump_from
    for edges, src, dst in _link_rules(jumps, t.map.links, cells.shape):
        for step, edge_cost in edges:
            graph.add_edge(step, edge_cost, cost=dst, condition=src)
    graph.set_heuristic(cardinal=STEP, diagonal=DIAG)
    got["coarse"] = coarse.build(got, jumps, lambda js, shape: _link_rules(js, t.map.links, shape))
    got.update(searcher(graph))
    return got


def _link_rules(jumps: dict, links, shape) -> list:
    """Link jumps as few edge rules: a rule is (edges, source cells, destination cells), every edge
    tried from every source cell and landing only on a destination cell; jumps go in the first rule
    where that creates no jump the links do not make."""
    groups: list[tuple[list, set, set]] = []
    for (sa, sb), (k, _fwd) in jumps.items():
        lk = links[k]
        step = tuple(b - a for a, b in zip(sa, sb))
        edge = (step, max(1, round((lk.cost + math.dist(lk.a, lk.b)) / RES * STEP)))
        for edges, srcs, dsts in groups:
            # the group makes only real jumps so far: check the pairs the new jump adds (its edge
            # from every source, every edge from its source, every old pair landing on its cell)
            steps = {e for e, _ in edges}
            trial_d = dsts | {sb}
            if (
                all((s, d) in jumps for s in srcs | {sa} if (d := _add(s, step)) in trial_d)
                and all((sa, d) in jumps for e in steps if (d := _add(sa, e)) in trial_d)
                and all((s, sb) in jumps for s in srcs if tuple(b - a for a, b in zip(s, sb)) in steps)
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
        rules.append((edges, src, dst))
    return rules


def _add(s: tuple, e: tuple) -> tuple:
    return (s[0] + e[0], s[1] + e[1], s[2] + e[2])
