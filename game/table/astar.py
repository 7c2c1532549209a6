"""python-tcod's A* as the path searches run it (``search`` over the path grid, ``coarse`` over its
blocks): integer step costs, the eight directions, and a reused Pathfinder driven through the C
functions python-tcod itself calls, where the installed python-tcod has them."""

from __future__ import annotations

import numpy as np
import tcod.path

#: integer edge costs: a straight step, a diagonal one (1000 * sqrt 2, rounded down)
STEP, DIAG = 1000, 1414
DIRS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1))
#: the distance of a cell the search did not reach
UNREACHED = np.iinfo(np.int32).max


def searcher(graph: tcod.path.CustomGraph) -> dict:
    """python-tcod's Pathfinder over ``graph`` and what ``_run`` hands its C search (``fast``: None
    on a python-tcod without these internals), for ``find``."""
    pf = tcod.path.Pathfinder(graph)
    out = {"graph": graph, "pf": pf, "fast": None}
    try:
        rules, keep = graph._compile_rules()
        fast = (tcod.path._export(pf._distance), tcod.path._export(pf._travel), rules, graph._heuristic)
        for f in ("TCOD_frontier_clear", "TCOD_frontier_push", "update_frontier_heuristic", "path_compute"):
            getattr(tcod.path.lib, f)
        tcod.path.lib.get_travel_path  # noqa: B018
    except AttributeError:
        return out
    out["keep"], out["fast"] = keep, fast
    return out


def find(g: dict, s0: tuple, sg: tuple) -> tuple[np.ndarray | None, int]:
    """The chain from s0 to sg over a ``searcher`` ``g`` (its graph as stamped now) and its cost
    (``UNREACHED`` if sg is not reached)."""
    if g["fast"] is not None:
        return _run(g["pf"], g["fast"], s0, sg)
    pf = tcod.path.Pathfinder(g["graph"])  # a python-tcod without the internals _run uses
    pf.add_root(s0)
    return pf.path_to(sg), int(pf.distance[sg])


def _run(pf: tcod.path.Pathfinder, fast: tuple, s0: tuple, sg: tuple) -> tuple[np.ndarray | None, int]:
    """``Pathfinder.add_root(s0)`` and ``path_to(sg)`` on a reused Pathfinder, by the C functions
    python-tcod calls for them (the same search: its Python layers cost ~0.13 ms a plan): the
    chain (None if sg is not reached) and its cost."""
    lib, ffi = tcod.path.lib, tcod.path.ffi
    dist_p, travel_p, rules, heuristic = fast
    distance, travel, frontier = pf._distance, pf._travel, pf._frontier_p
    distance.fill(UNREACHED)
    lib.TCOD_frontier_clear(frontier)
    # the way back is read from sg through cells this search reached (each set on the way, the
    # root here): only sg's own, if it is not reached, must not be left from an earlier search
    travel[sg] = sg
    distance[s0] = 0
    travel[s0] = s0
    lib.TCOD_frontier_push(frontier, s0, 0, 0)
    h = ffi.new("struct PathfinderHeuristic*", (*heuristic, sg))
    lib.update_frontier_heuristic(frontier, h)
    if lib.path_compute(frontier, dist_p, travel_p, len(rules), rules, h) < 0:
        raise RuntimeError(ffi.string(lib.TCOD_get_error()).decode())
    cost = int(distance[sg])
    if cost == UNREACHED:
        return None, cost
    n = lib.get_travel_path(3, travel_p, sg, ffi.NULL)
    out = np.empty((n, 3), np.intc)
    lib.get_travel_path(3, travel_p, sg, ffi.from_buffer("int*", out))
    return out[::-1], cost
