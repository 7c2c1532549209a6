"""The block graph in front of the path-grid search (game/table/coarse.py, RNG-MOVE-1/2): what it
finds is a chain of path-grid cells the path grid's own search could have taken, with the other
bases where they stand, about as cheap as that search's; it answers the long route across the
boarding map, and leaves to the path grid the routes it cannot judge (beside another base, onto a
linear obstacle), which are then the path grid's plans exactly."""

from __future__ import annotations

import json
import math
import os
import random
import sys

import numpy as np
import pytest

from game.table import Obstacle, Table, TacticalMap, astar, coarse, load_map, pathing, search

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
MAPS = sorted(f for f in os.listdir(os.path.join(ROOT, "maps")) if f.endswith(".tmx"))


def _entry(t: Table) -> dict:
    (key,) = [k for k in t.terrain.grids if k[0] == "search"]
    return search.static(t.terrain, *key[1:])


@pytest.fixture
def path_grid_only(monkeypatch):
    """Plans by the path grid alone (the search as it was before the blocks)."""
    real = search.static

    def static(*a, **kw):
        return {**real(*a, **kw), "coarse": None}

    monkeypatch.setattr(search, "static", static)


@pytest.fixture
def routes(monkeypatch):
    """The chains the block graph returned, with the arrays they were checked against."""
    seen: list = []
    real = coarse.route

    def route(st, touched, s0, sg):
        got = real(st, touched, s0, sg)
        if got is not None:
            seen.append((st, s0, sg, got, st["flat_costs"].copy(), st["flat_conds"].copy()))
        return got

    monkeypatch.setattr(coarse, "route", route)
    return seen


def _step_cost(st: dict, u: tuple, v: tuple) -> int | None:
    """RNG-MOVE-1: the path grid's cost of one step (its rules, read off the static arrays), None if
    it is not one of its steps."""
    if u[0] != v[0]:
        return None
    dy, dx = v[1] - u[1], v[2] - u[2]
    if max(abs(dy), abs(dx)) != 1:
        return None
    diag = dy != 0 and dx != 0
    pen = 0 if st["lin"][u] else (st["diag_pen"] if diag else st["card_pen"])[v]
    return (astar.DIAG if diag else astar.STEP) * (int(st["terr"][v]) + int(pen))


def _jump_cost(links, st: dict, u: tuple, v: tuple) -> int:
    """RNG-MOVE-1: a link's jump costs its cost plus its length (search._link_rules)."""
    lk = links[st["jumps"][u, v][0]]
    return max(1, round((lk.cost + math.dist(lk.a, lk.b)) / 0.25 * astar.STEP))


def _chain_cost(links, st: dict, cells: list) -> int:
    cells = [tuple(map(int, c)) for c in cells]
    return sum(
        _jump_cost(links, st, u, v) if (u, v) in st["jumps"] else _step_cost(st, u, v) for u, v in zip(cells, cells[1:])
    )


def _check_chain(st, s0, sg, chain, wc, wb):
    """Every step of ``chain`` is a step of the path grid into a cell open with the bases stamped
    (the goal excepted: the search opens it), a diagonal between two open corner cells, or a link's
    jump."""
    size = st["free"].size
    _, rows, cols = st["free"].shape
    cells = [tuple(map(int, c)) for c in chain]
    assert cells[0] == tuple(s0) and cells[-1] == tuple(sg)
    for u, v in zip(cells, cells[1:]):
        if (u, v) in st["jumps"]:
            continue
        cost = _step_cost(st, u, v)
        assert cost is not None, (u, v)
        fv = (v[0] * rows + v[1]) * cols + v[2]
        # the goal cell is opened for the search (its own clearance is checked exactly)
        assert (st["free"][v] or v == tuple(sg)) and wc[fv] > 0, ("closed", v)
        if v[1] != u[1] and v[2] != u[2]:
            for corner in ((u[0], v[1], u[2]), (u[0], u[1], v[2])):
                fc = (corner[0] * rows + corner[1]) * cols + corner[2]
                assert st["free"][corner] and wc[fc] > 0, ("corner", u, v)
    assert wb.size == 8 * size


def test_rng_move_1_block_routes_are_chains_of_legal_path_grid_steps(routes):
    """Seeded start/goal pairs on every shipped map, six other bases on each: every chain the blocks
    give (a long route: the path grid answers short ones) is legal for the path grid with those
    bases, and costs at most a few per cent more than the path grid's own cheapest chain."""
    rng = random.Random(12)
    worse = []
    for name in MAPS:
        t = Table(load_map(os.path.join(ROOT, "maps", name)))
        levels = t.map.levels()

        def clear_point(r):
            for _ in range(400):
                lv = rng.choice(levels)
                x, y = rng.uniform(0.5, t.width - 0.5), rng.uniform(0.5, t.height - 0.5)
                if t.clear_at(x, y, r, lv):
                    return x, y, lv
            return None

        for i in range(6):
            p = clear_point(0.5)
            if p:
                t.place(f"o{i}", p[0], p[1], 0.5, p[2])
        for _ in range(24):
            s, g = clear_point(0.5), clear_point(0.5)
            if not (s and g):
                continue
            m = t.clone()
            m.place("m", s[0], s[1], 0.5, s[2])
            before = len(routes)
            m.plan_path("m", g[0], g[1], level=g[2] if g[2] != s[2] else None)
            if len(routes) == before:
                continue
            st, s0, sg, chain, wc, wb = routes[-1]
            _check_chain(st, s0, sg, chain, wc, wb)
            cost = _chain_cost(m.map.links, st, chain.tolist())
            # the path grid's own search, with the same stamps in place
            pf_st = {**st, "coarse": None}
            levels = pathing._reachable_levels(m, s[2])
            bases = [[o for o in m._level_bases(lv) if o.fid != "m"] for lv in levels]
            fine = search.search(pf_st, bases, 0.5, s0, sg)
            assert fine is not None
            best = _chain_cost(m.map.links, st, fine.tolist())
            worse.append(cost / best)
    assert len(worse) >= 50, len(worse)  # of 216 pairs
    assert max(worse) <= 1.1, max(worse)
    assert sum(worse) / len(worse) <= 1.03, sum(worse) / len(worse)


def test_rng_move_1_the_blocks_answer_the_route_across_the_boarding_map(routes, monkeypatch):
    t = Table(load_map(os.path.join(ROOT, "maps", "boarding_action.tmx")))
    t.place("runner", 36.0, 20.0, 0.5, "deck")
    plan = t.plan_path("runner", 7.0, 6.5)
    assert plan is not None and len(routes) == 1
    st = _entry(t)
    assert np.array_equal(st["coarse"]["work"], st["coarse"]["costs"])  # the stamps put back
    real = search.static
    monkeypatch.setattr(search, "static", lambda *a, **kw: {**real(*a, **kw), "coarse": None})
    t.terrain.plans.clear()
    fine = t.plan_path("runner", 7.0, 6.5)
    assert fine is not None
    assert plan.points[0] == fine.points[0] and plan.points[-1] == fine.points[-1]
    assert abs(plan.length - fine.length) <= 0.02 * fine.length


def _open_map() -> TacticalMap:
    return TacticalMap.open_ground(30, 20, obstacles=[Obstacle.box("crate", 14, 4, 2, 12)])


def test_rng_move_1_beside_another_base_the_path_grid_answers(routes):
    t = Table(_open_map())
    t.place("m", 4, 10, 0.5, "deck")
    t.place("friend", 4, 11.05, 0.5, "deck")  # in base contact
    plan = t.plan_path("m", 26, 10)
    assert plan is not None and routes == []
    alone = Table(_open_map())
    alone.place("m", 4, 10, 0.5, "deck")
    assert alone.plan_path("m", 26, 10) is not None and len(routes) == 1


def test_rng_move_1_plans_the_path_grid_answers_are_its_plans_exactly(monkeypatch):
    """Beside other bases and onto linear obstacles the blocks step aside: those plans equal the
    path grid's alone (the benchmark's pairs that stop at an obstacle, and starts in contact)."""
    import make_path_benchmark as bench

    with open(os.path.join(ROOT, "tests", "data", "path_benchmark.json"), encoding="utf-8") as f:
        cases = [c for c in json.load(f)["cases"] if c["expected"] and c["expected"][3]]
    assert len(cases) >= 10
    both = [bench.solve(c, {}) for c in cases]
    real = search.static
    monkeypatch.setattr(search, "static", lambda *a, **kw: {**real(*a, **kw), "coarse": None})
    assert [bench.solve(c, {}) for c in cases] == both


def test_rng_move_1_a_one_cell_gap_keeps_a_representative_in_each_block(routes):
    """A corridor one path-grid cell wide (a 1 in base between two walls 1.35 in apart: its centre
    fits on one row of cells) is threaded by the blocks as by the path grid."""
    walls = [Obstacle.box("north", 8, 0, 14, 9.45), Obstacle.box("south", 8, 10.8, 14, 9.2)]
    t = Table(TacticalMap.open_ground(30, 20, obstacles=walls))
    t.place("m", 3, 10.125, 0.5, "deck")
    plan = t.plan_path("m", 27, 10.125)
    assert plan is not None and len(routes) == 1
    assert math.isclose(plan.length, 24.0, abs_tol=1e-6)
    st = _entry(t)
    _, rows, cols = st["free"].shape
    row = 40  # centre 10.125 in
    inside = range(int(9 / 0.25), int(21 / 0.25))
    assert all(
        st["free"][0, row, c] and not st["free"][0, row - 1, c] and not st["free"][0, row + 1, c] for c in inside
    )
    _, _, bc = st["coarse"]["shape"]
    reps = st["coarse"]["rep_list"]
    for bx in range(inside[0] // coarse.K + 1, inside[-1] // coarse.K):
        assert divmod(reps[(row // coarse.K) * bc + bx], cols)[0] == row
