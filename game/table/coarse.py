"""The block graph in front of the path-grid search (RNG-MOVE-1/2): python-tcod's A* over blocks of
K x K path-grid cells, each block standing for one of its open cells (its *representative*), a step
between neighbouring blocks being the path grid's own steps between their representatives (legal by
its step rules and costed by them, link jumps included). What it finds is a chain of path-grid
cells the path grid's search could have taken, checked against that search's arrays with the other
bases stamped; ``search.search`` asks the path grid itself where the blocks cannot answer: a start
or goal beside another base (its blocks cut up), a route through a closed cell, none found, or a
route onto a linear obstacle (to cross or to walk round is a near thing the blocks' costs can tip).

Why: A* over the 0.25 in grid reaches every cell within the detour its straight-line bound cannot
see (across the boarding map ~2,700 cells, 2 ms of a 3.3 ms plan); over 3 x 3 blocks it reaches a
ninth as many. A representative is the block's first open cell in a fixed order, the middle one
where that is open, so that in the open the representatives lie K cells apart and the heuristic (K
path-grid steps a block) is exact; a link's end is its block's representative; a gap one cell wide
keeps a representative in each block along it. The path grid answers routes under ``SHORT`` too.
Plans stay within 2 % of the path grid's on the fixed benchmark set
(tests/table/test_path_benchmark.py)."""

from __future__ import annotations

from array import array

import numpy as np
import tcod.path

from .astar import DIAG, DIRS, STEP, UNREACHED, find, searcher

K = 3
"""Path-grid cells per block side."""
#: sub-cells of a block in the order a representative is chosen: the middle first, then outwards
_ORDER = tuple(
    sorted(
        ((oy, ox) for oy in range(K) for ox in range(K)),
        key=lambda c: (abs(2 * c[0] - K + 1) + abs(2 * c[1] - K + 1), c),
    )
)
#: cells a step between two representatives passes on the way (it takes at most 2K - 1 steps)
MIDS = 2 * K - 2
SHORT = 48
"""Path-grid cells (12 in) under which, across or along, the path grid answers: its search there is
short (a move's length: the AI's and the screen's usual question), and its plans the cheapest,
where the blocks' may be a per cent or two longer."""
#: the step sequences tried between two cells (``_walk``), the cheapest legal one kept
ORDERS = ("diagonal", "straight", "rows", "cols")
#: a step's index in DIRS, and a diagonal's among DIRS[4:] (search.CONDS: its conditions out of
#: and into a linear cell), by (row step + 1) * 3 + column step + 1
_DIR_L = [-1] * 9
_DIAG_L = [-1] * 9
for _q, (_dr, _dc) in enumerate(DIRS):
    _DIR_L[(_dr + 1) * 3 + _dc + 1] = _q
    if _dr and _dc:
        _DIAG_L[(_dr + 1) * 3 + _dc + 1] = _q - 4
_DIAG_Q = np.array([max(0, q) for q in _DIAG_L])  # the same for arrays (0 where not a diagonal)


def build(st: dict, jumps: dict, link_rules) -> dict | None:
    """The block graph of a ``search.static`` entry (its arrays ``free``, ``lin``, ``terr``,
    ``card_pen``, ``diag_pen``) and its link ``jumps``: representatives, per block step the
    path-grid cells between the representatives and their cost, and tcod's graph over them. None
    for a grid under 2 blocks a side. ``link_rules``: ``search._link_rules`` for a shape."""
    free, lin = st["free"], st["lin"]
    nl, rows, cols = free.shape
    br, bc = -(-rows // K), -(-cols // K)
    if br < 2 or bc < 2:
        return None
    size = free.size
    flat = np.arange(size, dtype=np.int64).reshape(free.shape)
    # representatives: a free, not linear cell first, then a linear one; -1 for a closed block
    rep = np.full((nl, br, bc), -1, np.int64)
    for want_lin in (False, True):
        for oy, ox in _ORDER:
            ok = free[:, oy::K, ox::K] & (lin[:, oy::K, ox::K] == want_lin)
            h, w = ok.shape[1:]
            sub = rep[:, :h, :w]
            take = ok & (sub < 0)
            sub[take] = flat[:, oy::K, ox::K][take]
    # a link's end is its block's representative (the first end in a block keeps it)
    forced: dict = {}
    for sa, sb in jumps:
        for cell in (sa, sb):
            blk = (cell[0], cell[1] // K, cell[2] // K)
            f = int(flat[cell])
            if forced.setdefault(blk, f) == f:
                rep[blk] = f
    counts = np.zeros((nl, br, bc), np.int64)
    for oy, ox in _ORDER:
        part = free[:, oy::K, ox::K]
        counts[:, : part.shape[1], : part.shape[2]] += part
    ry, rx = np.divmod(rep % (rows * cols), cols)
    has = rep >= 0
    shape = (nl, br, bc)
    costs = np.zeros((len(DIRS), *shape), np.int32)
    mids = np.full((len(DIRS), MIDS, *shape), -1, np.int64)
    lv = np.broadcast_to(np.arange(nl)[:, None, None], shape)
    for q, (dr, dc) in enumerate(DIRS):
        # V = U + (dr, dc): the step into V from U, stored at V (tcod reads a step's cost at its end)
        vs = (slice(None), slice(max(0, dr), br + min(0, dr)), slice(max(0, dc), bc + min(0, dc)))
        us = (slice(None), slice(max(0, -dr), br - max(0, dr)), slice(max(0, -dc), bc - max(0, dc)))
        both = has[vs] & has[us]
        y0, x0, y1, x1, lvl = ry[us], rx[us], ry[vs], rx[vs], lv[vs]
        ends = [a.reshape(-1) for a in (lvl, y0, x0, y1, x1)]
        best = np.zeros(both.size, np.int64)
        best_mid = np.full((MIDS, both.size), -1, np.int64)
        todo = np.flatnonzero(both)
        for i, order in enumerate(ORDERS):
            if i == 2:  # round a corner only where no shortest sequence is legal
                todo = todo[best[todo] == 0]
            e_lv, e_y0, e_x0, e_y1, e_x1 = (a[todo] for a in ends)
            cost, mid, ok = _walk(st, e_lv, e_y0, e_x0, e_y1, e_x1, order)
            better = ok & ((best[todo] == 0) | (cost < best[todo]))
            at = todo[better]
            best[at] = cost[better]
            best_mid[:, at] = mid[:, better]
        costs[q][vs] = np.minimum(best, np.iinfo(np.int32).max).reshape(both.shape)
        mids[q][(slice(None), *vs)] = best_mid.reshape(MIDS, *both.shape)
    graph = tcod.path.CustomGraph(shape)
    work = costs.copy()
    costs.flags.writeable = False
    for q, (dr, dc) in enumerate(DIRS):
        graph.add_edge((0, dr, dc), 1, cost=work[q])
    cjumps: dict = {}
    for (sa, sb), kf in jumps.items():
        ba, bb = (sa[0], sa[1] // K, sa[2] // K), (sb[0], sb[1] // K, sb[2] // K)
        if rep[ba] == flat[sa] and rep[bb] == flat[sb] and ba != bb:
            cjumps.setdefault((ba, bb), kf)
    for edges, src, dst in link_rules(cjumps, shape):
        for step, edge_cost in edges:
            graph.add_edge(step, edge_cost, cost=dst, condition=src)
    graph.set_heuristic(cardinal=K * STEP, diagonal=K * DIAG)
    out = {
        # representatives and the cells between them, as Python sequences (``route`` reads them a
        # step at a time): rep_list[block], mids_list[(MIDS * direction + j) * size + block]
        "rep_list": array("i", rep.reshape(-1).astype(np.intc).tobytes()),
        "mids_list": array("i", mids.reshape(-1).astype(np.intc).tobytes()),
        "size": rep.size,
        "open_cells": counts.reshape(-1),
        "free_flat": free.reshape(-1),
        "costs": costs.reshape(len(DIRS), -1),
        "work": work.reshape(len(DIRS), -1),
        # a jump between blocks (flat) -> the cells (flat) it leaves and lands on
        "jumps": {
            (int(np.ravel_multi_index(ba, shape)), int(np.ravel_multi_index(bb, shape))): (int(rep[ba]), int(rep[bb]))
            for ba, bb in cjumps
        },
        "shape": shape,
        **searcher(graph),
    }
    return out


def _walk(st: dict, lvl, y0, x0, y1, x1, order: str):
    """The path grid's steps from (y0, x0) to (y1, x1) on level ``lvl`` (arrays alike; at most 2K - 1
    cells either way), in one of the ``ORDERS``: the diagonal steps then the straight ones
    ("diagonal"), the other way round ("straight"), or without diagonals, down or up first
    ("rows") or across first ("cols"; at most 2K - 1 steps: round a wall's corner into a gap).
    (cost, the cells passed on the way as flat indices (MIDS, ...), -1 past the last, legal)."""
    nl, rows, cols = st["free"].shape
    size = nl * rows * cols
    # the path grid's own step costs and diagonal conditions, as its graph holds them (search._build)
    costs, conds, lin = st["flat_orig_costs"], st["flat_orig_conds"], st["lin_flat"]
    base = lvl * rows
    dy, dx = y1 - y0, x1 - x0
    sy, sx = np.sign(dy), np.sign(dx)
    ay, ax = np.abs(dy), np.abs(dx)
    if order in ("diagonal", "straight"):
        nd = np.minimum(ay, ax)
        ns = np.maximum(ay, ax) - nd
        # the straight step's direction: along the longer axis
        ty, tx = np.where(ay > ax, sy, 0), np.where(ay > ax, 0, sx)
        first = nd if order == "diagonal" else ns
        n = nd + ns
        ok = np.ones(y0.shape, np.bool_)
    else:
        first = ay if order == "rows" else ax
        n = ay + ax
        ok = n <= 2 * K - 1
    y, x = y0.copy(), x0.copy()
    cost = np.zeros(y0.shape, np.int64)
    mid = np.full((MIDS, *y0.shape), -1, np.int64)
    for j in range(2 * K - 1):
        active = j < n
        early = j < first
        if order == "diagonal":
            is_diag = early & active
            my, mx = np.where(is_diag, sy, ty), np.where(is_diag, sx, tx)
        elif order == "straight":
            is_diag = ~early & active
            my, mx = np.where(is_diag, sy, ty), np.where(is_diag, sx, tx)
        else:
            is_diag = np.zeros(y0.shape, np.bool_)
            along_rows = early if order == "rows" else ~early
            my, mx = np.where(along_rows, sy, 0), np.where(along_rows, 0, sx)
        my, mx = my * active, mx * active
        # a step from a cell to another stays in the box of the two: no index leaves the grid
        ny, nx = y + my, x + mx
        at, to = (base + y) * cols + x, (base + ny) * cols + nx
        # tcod's edges (search._build): into an open cell ("into" > 0); out of a linear cell at the
        # "into" cost, else at "card" (straight) or "diag"; a diagonal where its conditions hold
        into = costs.take(to).astype(np.int64)
        legal = into > 0
        was_lin = lin.take(at)
        q = _DIAG_Q.take((my + 1) * 3 + mx + 1)
        diag_ok = conds.take(2 * q * size + at) | conds.take((2 * q + 1) * size + at)
        legal &= ~is_diag | diag_ok
        plain = costs.take(np.where(is_diag, 2, 1) * size + to).astype(np.int64)
        step = np.where(is_diag, DIAG, STEP) * np.where(was_lin, into, plain)
        ok &= ~active | legal
        cost += np.where(active, step, 0)
        y, x = ny, nx
        if j < MIDS:
            mid[j] = np.where(active & (j + 1 < n), to, -1)
    return cost, mid, ok


def stamps(c: dict, busy: np.ndarray, plane: tuple[int, int]) -> tuple:
    """What the path-grid cells ``busy`` (flat indices) the other bases close do to the blocks: the
    blocks with no open cell left (flat indices: closed to this search), and as sets of flat indices
    those with some (``route`` passes through another of their cells where their representative is
    closed) and those within one block of a closed cell (``route`` leaves a start or goal there to
    the path grid, and checks a step there against the stamps)."""
    rows, cols = plane
    nl, br, bc = c["shape"]
    once = np.zeros(nl * rows * cols, np.bool_)  # a cell near two bases counts once
    once[busy] = True
    busy = np.flatnonzero(once)
    lv, rem = np.divmod(busy, rows * cols)
    y, x = np.divmod(rem, cols)
    blk = (lv * br + y // K) * bc + x // K
    n = np.bincount(blk[c["free_flat"][busy]], minlength=c["size"])
    shut = (n > 0) & (n >= c["open_cells"])
    partial = np.flatnonzero((n > 0) & ~shut)
    hit = np.zeros(c["shape"], np.bool_)
    hit.reshape(-1)[blk] = True
    near = hit.copy()
    near[:, 1:] |= hit[:, :-1]
    near[:, :-1] |= hit[:, 1:]
    wide = near.copy()
    wide[:, :, 1:] |= near[:, :, :-1]
    wide[:, :, :-1] |= near[:, :, 1:]
    return np.flatnonzero(shut), frozenset(partial.tolist()), frozenset(np.flatnonzero(wide).tolist())


def route(st: dict, touched: list, s0: tuple, sg: tuple) -> np.ndarray | None:
    """The chain of path-grid (level, row, col) cells from s0 to sg the block graph finds, every
    step legal in the search's arrays as they are stamped now (the other bases closed, sg open);
    None if the route is short, the blocks find none or their chain meets a closed cell.
    ``touched``: ``search._touched`` (its [2] is filled with ``stamps`` here, once)."""
    if max(abs(sg[1] - s0[1]), abs(sg[2] - s0[2])) < SHORT:
        return None
    c = st["coarse"]
    if touched[2] is None:
        ci = touched[0]
        touched[2] = stamps(c, ci[ci < st["free"].size], st["free"].shape[1:])
    closed, partial, near = touched[2]
    work, orig = c["work"], c["costs"]
    _, br, bc = c["shape"]
    b0 = (s0[0], s0[1] // K, s0[2] // K)
    bg = (sg[0], sg[1] // K, sg[2] // K)
    gf = (bg[0] * br + bg[1]) * bc + bg[2]
    if (b0[0] * br + b0[1]) * bc + b0[2] in near or gf in near:
        # beside another base: the blocks there are cut up (a base in contact closes most of them),
        # and the path grid finds the way out or in as cheaply
        return None
    work[:, closed] = 0
    work[:, gf] = orig[:, gf]
    try:
        path, cost = find(c, b0, bg)
    finally:
        work[:, closed] = orig[:, closed]
        work[:, gf] = orig[:, gf]
    if cost == UNREACHED or path is None or tuple(path[0]) != b0:
        return None
    _, rows, cols = st["free"].shape
    plane = rows * cols
    rep, mids, jumps, csize = c["rep_list"], c["mids_list"], c["jumps"], c["size"]
    wc = st["flat_costs"]
    start = (s0[0] * rows + s0[1]) * cols + s0[2]
    goal = (sg[0] * rows + sg[1]) * cols + sg[2]
    blocks = [(lv * br + y) * bc + x for lv, y, x in path.tolist()]
    cells = [start]
    on_rep = start == rep[blocks[0]]
    last = len(blocks) - 1
    for i in range(last):
        a, b = blocks[i], blocks[i + 1]
        got = jumps.get((a, b))
        if got is not None:
            fa, fb = got
            if cells[-1] != fa and not _join(st, cells, fa):
                return None
            cells.append(fb)
            on_rep = True
            continue
        if i == last - 1:
            break
        to = rep[b]
        if b in partial and wc[to] == 0:  # its representative is closed: another open cell of it
            to = next((f for f in _cells_of(b, c["shape"], rows, cols) if wc[f] > 0), -1)
            if to < 0:
                return None
        if not on_rep or to != rep[b]:
            if not _join(st, cells, to):
                return None
            on_rep = to == rep[b]
            continue
        q = _DIR_L[(b // bc - a // bc + 1) * 3 + b % bc - a % bc + 1]
        n0 = len(cells)
        at = MIDS * q * csize + b
        for j in range(MIDS):
            m = mids[at + j * csize]
            if m < 0:
                break
            cells.append(m)
        cells.append(to)
        if (a in near or b in near) and not _legal_from(st, cells, n0 - 1):
            return None
    if cells[-1] != goal and not _join(st, cells, goal):
        return None
    ch = np.fromiter(cells, np.intc, len(cells))
    if st["lin_flat"][ch].any():
        # a route onto a linear obstacle stops there (RNG-MOVE-2): whether to cross or walk round
        # is a near thing the blocks' costs can tip, and the path grid decides it exactly
        return None
    out = np.empty((len(cells), 3), np.intc)
    out[:, 0] = ch // plane
    rem = ch % plane
    out[:, 1] = rem // cols
    out[:, 2] = rem % cols
    return out


def _cells_of(b: int, shape: tuple, rows: int, cols: int) -> list[int]:
    """A block's path-grid cells (flat), in the order representatives are chosen."""
    _, br, bc = shape
    lv, rem = divmod(b, br * bc)
    by, bx = divmod(rem, bc)
    return [
        (lv * rows + by * K + oy) * cols + bx * K + ox for oy, ox in _ORDER if by * K + oy < rows and bx * K + ox < cols
    ]


def _join(st: dict, cells: list, to: int) -> bool:
    """Append the path grid's steps from cells[-1] to ``to`` (a few cells apart on one level) in the
    first of ``ORDERS`` legal now; False if none is."""
    _, rows, cols = st["free"].shape
    plane = rows * cols
    lv, rem = divmod(cells[-1], plane)
    y0, x0 = divmod(rem, cols)
    lv1, rem = divmod(to, plane)
    y1, x1 = divmod(rem, cols)
    if lv1 != lv:
        return False
    dy, dx = y1 - y0, x1 - x0
    sy, sx = (dy > 0) - (dy < 0), (dx > 0) - (dx < 0)
    nd = min(abs(dy), abs(dx))
    ns = max(abs(dy), abs(dx)) - nd
    straight = sy * cols if abs(dy) > abs(dx) else sx
    diag = sy * cols + sx
    down, across = [sy * cols] * abs(dy), [sx] * abs(dx)
    for seq in ([diag] * nd + [straight] * ns, [straight] * ns + [diag] * nd, down + across, across + down):
        out = [cells[-1]]
        for d in seq:
            out.append(out[-1] + d)
        if _legal_from(st, out, 0):
            cells.extend(out[1:])
            return True
    return False


def _legal_from(st: dict, cells: list, i0: int) -> bool:
    """Every step of ``cells`` (flat) from index i0 on is one the path-grid search could take now:
    to a neighbouring open cell of its level, a diagonal only between two open corner cells."""
    _, rows, cols = st["free"].shape
    size = st["free"].size
    wc, wb = st["flat_costs"], st["flat_conds"]
    for i in range(i0, len(cells) - 1):
        u, v = cells[i], cells[i + 1]
        uy, ux = divmod(u, cols)
        vy, vx = divmod(v, cols)
        dy, dx = vy - uy, vx - ux  # rows of all levels run on: a step off the level is > 1 row
        if not (-1 <= dy <= 1 and -1 <= dx <= 1) or u == v or not 0 <= v < size or wc[v] <= 0:
            return False
        if uy // rows != vy // rows:
            return False
        if dy and dx:
            q = _DIAG_L[(dy + 1) * 3 + dx + 1]
            if not (wb[2 * q * size + u] or wb[(2 * q + 1) * size + u]):
                return False
    return True
