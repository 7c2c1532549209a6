"""RNG-MOVE-1/2 path search (python-tcod's A* over the level grids, game/table/pathing.py) against the
plans of the hand-written A* it replaced: a fixed set of 192 start/goal pairs over every shipped map
(tools/make_path_benchmark.py; expected plans recorded once with the old A* in
tests/data/path_benchmark.json).

Both searches are optimal on the 8-connected grid, but where two routes cost the same on the grid
they may break the tie differently, and the straightened routes then differ by a few per cent
either way; a plan that stops at a linear obstacle stops where the grid route first reaches it.
So: the same pairs find a path, ending on the same level and stopping at the same obstacle; the
total length is within 2 %; at least 95 % of the pairs are within 2 % or shorter (a stopping plan:
within one grid cell); none is more than 5 % longer."""

from __future__ import annotations

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import make_path_benchmark as bench  # noqa: E402

with open(os.path.join(ROOT, "tests", "data", "path_benchmark.json"), encoding="utf-8") as _f:
    DATA = json.load(_f)


def test_rng_move_1_benchmark_covers_every_shipped_map():
    shipped = sorted(f for f in os.listdir(os.path.join(ROOT, "maps")) if f.endswith(".tmx"))
    assert sorted({c["map"] for c in DATA["cases"]}) == shipped
    assert [(c["start"], c["goal"]) for c in bench.cases()] == [(c["start"], c["goal"]) for c in DATA["cases"]]


def test_rng_move_1_path_lengths_within_2_percent_of_the_old_search():
    tables: dict = {}
    wrong, close, longer = [], 0, []
    total_new = total_old = 0.0
    cases = DATA["cases"]
    for c in cases:
        got, want = bench.solve(c, tables), c["expected"]
        if (got is None) != (want is None) or (got is not None and got[2:] != want[2:]):
            wrong.append((c["map"], c["start"], c["goal"], got, want))
            continue
        if got is None:
            close += 1
            continue
        new, old = got[0], want[0]
        total_new += new
        total_old += old
        if new <= 1.02 * old if want[3] is None else abs(new - old) <= max(0.02 * old, 0.25):
            close += 1
        if new > 1.05 * old and abs(new - old) > 0.25:
            longer.append((c["map"], c["start"], c["goal"], new, old))
    assert not wrong, wrong
    assert not longer, longer
    assert abs(total_new - total_old) <= 0.02 * total_old, (total_new, total_old)
    assert close >= 0.95 * len(cases), f"{close} of {len(cases)} within 2 % or shorter"


def test_rng_move_1_search_without_tcod_internals_finds_the_same_plans(monkeypatch):
    """game/table/search.py and coarse.py run python-tcod's C search through its internals (``_run``)
    and, on a python-tcod without them, through a fresh ``Pathfinder``: both must give the same
    plans."""
    from game.table import search

    cases = DATA["cases"][::3]
    fast = [bench.solve(c, {}) for c in cases]
    real_static = search.static

    def static_without_internals(*a, **kw):
        st = real_static(*a, **kw)
        return {**st, "fast": None, "coarse": st["coarse"] and {**st["coarse"], "fast": None}}

    monkeypatch.setattr(search, "static", static_without_internals)
    plain = [bench.solve(c, {}) for c in cases]
    assert plain == fast
    assert sum(p is not None for p in plain) > len(cases) // 2
