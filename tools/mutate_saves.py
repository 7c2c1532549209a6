#!/usr/bin/env python3
"""Seeded save mutator: mutated and truncated saves made from real records.

    tools/mutate_saves.py [--count N] [--seed S] [--out DIR]

Real records come from seeded random games on the small test scenarios (tests/data/scenarios/),
saved at their end and mid-game. Each mutation is one of: truncation, byte flips, byte insertions
and deletions, span duplication, or a structural edit of the JSON (a value replaced by another of a
wrong type or an extreme one, a key dropped or added, decisions reordered, dropped or edited, hashes
changed or recomputed-free). ``check(data)`` loads one: parse_record must refuse it with SaveError
or accept it; an accepted one is then loaded with load_match (SaveError or a match) and replayed
without hash checks (SaveError or a result) — any other exception is a bug. Each gets at most
1 s of CPU time: a profiling timer interrupts a mutant still running then (a bound, not a timing
measurement; a refusal takes a few ms, a replayed game ~0.1 s).

Without --out it checks N mutants and prints ``N saves: R refused, L loaded, F failures``; exit 0/1.
With --out it writes the mutants there instead (for a look at them).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
DATA = ROOT / "tests" / "data" / "scenarios"
SCENARIOS = ("tiny.toml",)
LIMIT_S = 1.0


class CpuLimit(BaseException):
    """Raised by the profiling timer (not an Exception: no reader's handler may swallow it)."""


def _on_timer(signum, frame):
    raise CpuLimit()


def base_records(n_games: int = 6, seed: int = 0) -> list[bytes]:
    """Real record texts: seeded random games on the test scenarios, at the end and mid-game."""
    from game.ai import make_controller
    from game.match import Match, record_of
    from game.scenario import load_scenario

    out = []
    scens = [load_scenario(DATA / s) for s in SCENARIOS]
    for g in range(n_games):
        scen = scens[g % len(scens)]
        m = Match(scen, seed=seed + g)
        ctrls = {s.id: make_controller("random", seed * 97 + g * 3 + i) for i, s in enumerate(scen.sides)}
        mid = None
        while not m.over:
            p = m.pending
            assert p is not None, "a match not over has a question"
            m.apply(ctrls[p.side].decide(m))
            if len(m.decisions) == 5 + g:
                mid = record_of(m).dumps().encode()
        out.append(record_of(m).dumps().encode())
        if mid:
            out.append(mid)
    return out


WEIRD: list[object] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2**63,
    -(2**63),
    2**64,
    1e308,
    -1e308,
    0.5,
    "",
    "x",
    "deck",
    "a" * 300,
    "é\u0000\ud7ff",
    [],
    [[]],
    {},
    {"kind": "pass"},
    {"kind": 3},
    [1, 2, 3],
    "0" * 64,
    "f" * 64,
    "boarding_action",
    "pyrates",
    "rangers",
    "tiny",
    "../etc",
    "move",
    "choose",
]


def _nodes(v, path=()):
    """Every (path, value) in a JSON tree."""
    yield path, v
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _nodes(x, path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _nodes(x, path + (i,))


def _set(root, path, value):
    cur = root
    for p in path[:-1]:
        cur = cur[p]
    cur[path[-1]] = value


def _del(root, path):
    cur = root
    for p in path[:-1]:
        cur = cur[p]
    del cur[path[-1]]


def mutate_structure(text: bytes, rng: random.Random) -> bytes:
    data = json.loads(text)
    op = rng.randrange(9)
    nodes = list(_nodes(data))
    if op == 0:  # replace a value with a weird one
        path, _ = rng.choice(nodes[1:])
        _set(data, path, rng.choice(WEIRD))
    elif op == 1:  # drop a key or list item
        path, _ = rng.choice(nodes[1:])
        _del(data, path)
    elif op == 2:  # add an unknown key somewhere
        dicts = [p for p, v in nodes if isinstance(v, dict)]
        path = rng.choice(dicts)
        _set(data, path + (rng.choice(["extra", "kind", "x", "figure", "items", "__proto__"]),), rng.choice(WEIRD))
    elif op == 3 and data.get("decisions"):  # reorder decisions (hashes kept)
        rng.shuffle(data["decisions"])
    elif op == 4 and data.get("decisions"):  # drop one decision and its hash: hashes after it no longer match
        i = rng.randrange(len(data["decisions"]))
        del data["decisions"][i]
        del data["hashes"][i]
    elif op == 5 and data.get("decisions"):  # edit a decision's field to another plausible value
        d = rng.choice(data["decisions"])
        others = [x for dd in data["decisions"] for x in dd.values() if isinstance(x, str)]
        k = rng.choice(["kind", "figure", "target", "option", "x", "y", "items"])
        if k in ("x", "y"):
            d[k] = rng.choice([0.0, -3.5, 1e6, 23.999, 12.0, 0.001])
        elif k == "items":
            d[k] = [
                [rng.choice(others or ["a"]), rng.choice(["kd", "w", "disarm", "w+mg", "?"])]
                for _ in range(rng.randrange(0, 4))
            ]
        else:
            d[k] = rng.choice(others or ["x"])
        if rng.random() < 0.5:  # and drop the hashes from there on: a save that claims the edit
            i = data["decisions"].index(d)
            data["decisions"] = data["decisions"][: i + 1]
            data["hashes"] = data["hashes"][: i + 1]
    elif op == 6:  # seed, scenario, preset, options
        k = rng.choice(["seed", "scenario", "preset", "options", "version"])
        values: dict[str, list[object]] = {
            "seed": [0, 1, 2**62, 7],
            "scenario": ["tiny", "esc_open", "boarding_action", "nope"],
            "preset": ["pyrates", "rangers", "escarmouche", "close-combat-d6", "initiative", "x"],
            "options": [
                {},
                {"allies": [["red", "blue"]]},
                {"start_loaded": True},
                {"a": [1]},
                # options that once crashed, hung or filled memory
                {"fire": {"cell": 0}},
                {"fire": {"cell": 1e-9}},
                {"fire": {"spread": 10**15}},
                {"specials": [1, 2]},
                {"conditions": 5},
                {"cards": 10**9},
                {"sight_limit": -1.0},
                # and in-range extremes, which must play
                {"fire": {"cell": 0.5, "spread": 20, "scorch": 6}},
                {"sight_limit": 0},
                {"specials": [{"id": "x", "actions": 20, "wins": True}]},
                {"cards": False, "duel": True, "simultaneous_allocation": True},
            ],
            "version": [1, 0, 2, -1],
        }
        data[k] = rng.choice(values[k])
    elif op == 7:  # nest deeply
        path, _ = rng.choice(nodes[1:])
        v: object = 1
        for _ in range(rng.choice([5, 13, 50, 2000])):
            v = [v]
        _set(data, path, v)
    else:  # truncate the decisions, keeping format (a valid shorter save)
        n = len(data.get("decisions", []))
        keep = rng.randrange(0, n + 1) if n else 0
        data["decisions"] = data.get("decisions", [])[:keep]
        data["hashes"] = data.get("hashes", [])[:keep]
    try:
        return json.dumps(data).encode()
    except (RecursionError, ValueError):
        return text[: len(text) // 2]


def mutate_bytes(text: bytes, rng: random.Random) -> bytes:
    b = bytearray(text)
    op = rng.randrange(6)
    if op == 0:  # truncate
        return bytes(b[: rng.randrange(0, len(b))])
    if op == 1:  # flip bytes
        for _ in range(rng.randint(1, 8)):
            i = rng.randrange(len(b))
            b[i] ^= 1 << rng.randrange(8)
    elif op == 2:  # insert bytes
        for _ in range(rng.randint(1, 4)):
            b.insert(rng.randrange(len(b) + 1), rng.choice(b'{}[]",:0123456789-eE.\\ntrufalsn \x00\xff'))
    elif op == 3:  # delete a span
        i = rng.randrange(len(b))
        del b[i : i + rng.randint(1, 40)]
    elif op == 4:  # duplicate a span
        i = rng.randrange(len(b))
        j = min(len(b), i + rng.randint(1, 200))
        b[j:j] = b[i:j]
    else:  # change a digit (positions, seeds, hashes)
        digits = [i for i, c in enumerate(b) if 48 <= c <= 57]
        for i in rng.sample(digits, min(len(digits), rng.randint(1, 3))):
            b[i] = 48 + rng.randrange(10)
    return bytes(b)


def mutants(count: int, seed: int = 0, bases: list[bytes] | None = None):
    """Yield (index, bytes) for ``count`` seeded mutants."""
    rng = random.Random(seed)
    bases = bases if bases is not None else base_records()
    for i in range(count):
        src = rng.choice(bases)
        r = rng.random()
        if r < 0.45:
            out = mutate_structure(src, rng)
        elif r < 0.9:
            out = mutate_bytes(src, rng)
        else:
            out = mutate_bytes(mutate_structure(src, rng), rng)
        yield i, out


def check(data: bytes, extra_dirs=(DATA,)) -> str:
    """'refused' (SaveError from parse), 'bad-replay' (parsed, then SaveError or a failed replay) or
    'loaded'; any other exception propagates."""
    from game.match import SaveError, load_match, parse_record, replay

    try:
        rec = parse_record(data, "mutant")
    except SaveError:
        return "refused"
    outcome = "loaded"
    try:
        load_match(rec, extra_dirs)
    except SaveError:
        outcome = "bad-replay"
    try:
        res = replay(rec, extra_dirs, verify=False)
        if not res.ok:
            outcome = "bad-replay"
    except SaveError:
        outcome = "bad-replay"
    return outcome


def run(count: int, seed: int = 0, out=None, bases=None) -> dict:
    """Check ``count`` mutants; returns {"refused", "bad-replay", "loaded", "failures": [...], "slow": [...],
    "max_ms"}: ``slow`` lists mutants stopped by the 1 s CPU limit."""
    import signal

    res: dict[str, Any] = {"refused": 0, "bad-replay": 0, "loaded": 0, "failures": [], "max_ms": 0.0, "slow": []}
    old = signal.signal(signal.SIGPROF, _on_timer)
    try:
        for i, data in mutants(count, seed, bases):
            t0 = time.process_time()
            try:
                signal.setitimer(signal.ITIMER_PROF, LIMIT_S)
                try:
                    res[check(data)] += 1
                finally:
                    signal.setitimer(signal.ITIMER_PROF, 0)
            except CpuLimit:
                res["slow"].append(f"mutant {i}: still running after {LIMIT_S:.0f} s of CPU time")
            except Exception as e:  # the bug this tool hunts
                tb = traceback.extract_tb(e.__traceback__)[-1]
                res["failures"].append(
                    f"mutant {i}: {type(e).__name__}: {str(e)[:200]} ({os.path.relpath(tb.filename, ROOT)}:{tb.lineno})"
                )
            res["max_ms"] = max(res["max_ms"], (time.process_time() - t0) * 1000)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Seeded mutated/truncated saves from real records")
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", help="write the mutants to this folder instead of checking them")
    a = ap.parse_args(argv)
    if a.out:
        d = Path(a.out)
        d.mkdir(parents=True, exist_ok=True)
        for i, data in mutants(a.count, a.seed):
            (d / f"mutant_{i:05d}.json").write_bytes(data)
        print(f"{a.count} mutants in {d}")
        return 0
    r = run(a.count, a.seed)
    for f in r["failures"][:20] + r["slow"][:20]:
        print(f)
    print(
        f"{a.count} saves: {r['refused']} refused, {r['bad-replay']} refused on replay, {r['loaded']} loaded, "
        f"{len(r['failures'])} failures, {len(r['slow'])} over {LIMIT_S * 1000:.0f} ms (max {r['max_ms']:.1f} ms)"
    )
    return 1 if r["failures"] or r["slow"] else 0


if __name__ == "__main__":
    sys.exit(main())
