#!/usr/bin/env python3
"""The fixed path benchmark set: start/goal pairs over every shipped map, with the plan each gets.

    tools/make_path_benchmark.py [OUT.json]     # default tests/data/path_benchmark.json

Run once with the hand-written A* (before python-tcod's) to record its lengths and costs (running it
now would record the current search's plans instead); the test
tests/table/test_path_benchmark.py checks the current search within 2 % of them. Pairs come from a
seeded RNG per map: blocker bases first, then movers (radius 0.5, every fourth 0.75) at clear
points on any level, each to a clear goal on any level.
"""

from __future__ import annotations

import json
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

PAIRS_PER_MAP = 24
BLOCKERS = 6


def _clear_point(rng, table, radius, levels):
    for _ in range(400):
        lv = rng.choice(levels)
        x = round(rng.uniform(0.5, table.width - 0.5), 3)
        y = round(rng.uniform(0.5, table.height - 0.5), 3)
        if table.clear_at(x, y, radius, lv):
            return x, y, lv
    return None


def cases() -> list[dict]:
    """The pairs (without results), in a fixed order."""
    from game.table import Table, load_map

    out = []
    for name in sorted(f for f in os.listdir(os.path.join(ROOT, "maps")) if f.endswith(".tmx")):
        tmap = load_map(os.path.join(ROOT, "maps", name))
        rng = random.Random(name)
        t = Table(tmap)
        levels = tmap.levels()
        blockers = []
        for i in range(BLOCKERS):
            got = _clear_point(rng, t, 0.5, levels)
            if got:
                t.place(f"b{i}", got[0], got[1], 0.5, got[2])
                blockers.append([f"b{i}", *got])
        for k in range(PAIRS_PER_MAP):
            r = 0.75 if k % 4 == 3 else 0.5
            s = _clear_point(rng, t, r, levels)
            g = _clear_point(rng, t, r, levels)
            if s and g:
                out.append({"map": name, "blockers": blockers, "radius": r, "start": list(s), "goal": list(g)})
    return out


def solve(case: dict, tables: dict | None = None):
    """(length, cost, level, stops_at_obstacle) of the case's plan, or None."""
    from game.table import Table, load_map

    tables = {} if tables is None else tables
    base = tables.get(case["map"])
    if base is None:
        base = tables[case["map"]] = Table(load_map(os.path.join(ROOT, "maps", case["map"])))
    t = base.clone()
    for fid, x, y, lv in case["blockers"]:
        t.place(fid, x, y, 0.5, lv)
    sx, sy, sl = case["start"]
    gx, gy, gl = case["goal"]
    t.place("mover", sx, sy, case["radius"], sl)
    p = t.plan_path("mover", gx, gy, level=gl if gl != sl else None)
    return None if p is None else [p.length, p.cost, p.level, p.stops_at_obstacle]


def main(argv: list[str]) -> int:
    out = argv[0] if argv else os.path.join(ROOT, "tests", "data", "path_benchmark.json")
    tables: dict = {}
    got = []
    for c in cases():
        c["expected"] = solve(c, tables)
        got.append(c)
    head = json.dumps(
        {
            "format": "boarders-path-benchmark",
            "version": 1,
            "made_with": "the hand-written A* game/table/pathing.py had before python-tcod",
        }
    )[:-1]
    with open(out, "w", encoding="utf-8") as f:  # one case a line
        f.write(head + ', "cases": [\n' + ",\n".join(json.dumps(c, separators=(",", ":")) for c in got) + "\n]}\n")
    print(f"{len(got)} cases, {sum(c['expected'] is None for c in got)} without a path -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
