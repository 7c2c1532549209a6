#!/usr/bin/env python3
"""Every performance figure of the project, one registered section each, with same-run baselines.

    tools/bench.py [--json] [--quick] [SECTION ...]     # default: every section
    tools/bench.py --compare REV [--rounds N] [--quick] [SECTION ...]   # REV and the working tree, same run

A section is a function taking ``quick: bool`` and returning ``{figure name: value}``; register it
with ``@section("name", unit="µs/op")`` in this file (or in a module imported from ``SECTIONS``).
Figures are medians of repeated runs. ``--json`` prints one JSON object
``{"section.figure": value, ...}`` instead of the table. A section that fails reports an ``error``
figure and the exit code becomes 1.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

#: name → (function, unit, doc)
REGISTRY: dict[str, tuple[Callable[[bool], dict[str, float | str]], str, str]] = {}


def section(name: str, unit: str = "µs/op"):
    """Register a benchmark section: ``fn(quick) -> {figure: value}``."""

    def deco(fn):
        REGISTRY[name] = (fn, unit, (fn.__doc__ or "").strip().splitlines()[0] if fn.__doc__ else "")
        return fn

    return deco


def per_op_us(
    fn: Callable[[], object], ops: int, repeat: int = 5, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Median over ``repeat`` runs of one call of ``fn`` (which performs ``ops`` operations), in µs per op."""
    times = []
    for _ in range(repeat):
        t0 = clock()
        fn()
        times.append((clock() - t0) / ops * 1e6)
    return round(statistics.median(times), 3)


def _zone_lookups(rep: int) -> dict[str, float | str]:
    """GEO-ZONE-1 flags at a point and RNG-MOVE-1 tough ground along a move (CPU µs each), on a
    48 x 32 in table with 1,900 small ellipse zones (a third tough) and on the same table without
    them: what a map of many zones costs the rules and the AI on every look-up."""
    import random

    from game.table import Table, TacticalMap, Zone
    from game.table.geometry import ellipse_points

    rnd = random.Random(5)

    def ellipse(i: int) -> Zone:
        x, y, w, h = rnd.uniform(0, 47), rnd.uniform(0, 31), rnd.uniform(0.25, 0.75), rnd.uniform(0.25, 0.75)
        return Zone(
            id=f"z{i}",
            points=tuple(ellipse_points(x, y, w, h)),
            name=f"z{i}",
            terrain="tough" if i % 3 == 0 else "open",
            cover="soft" if i % 3 == 1 else None,
        )

    zones = [ellipse(i) for i in range(1900)]
    pts = [(rnd.uniform(0, 48), rnd.uniform(0, 32)) for _ in range(2000)]
    moves = [((x, y), (x + rnd.uniform(-6, 6), y + rnd.uniform(-6, 6))) for x, y in pts[:500]]
    out: dict[str, float | str] = {}
    for label, zs in (("zones_1900", zones), ("zones_0", [])):
        ter = Table(TacticalMap.open_ground(48, 32, zones=zs)).terrain

        def flags(t=ter) -> None:
            for x, y in pts:
                t.flags_at(x, y, "deck")

        def tough(t=ter) -> None:
            for a, b in moves:
                t.tough_length(a, b, "deck")

        out[f"{label}_flags_at"] = per_op_us(flags, len(pts), rep, time.process_time)
        out[f"{label}_tough_length"] = per_op_us(tough, len(moves), rep, time.process_time)
    return out


# -- sections -------------------------------------------------------------------------------------
@section("table")
def bench_table(quick: bool) -> dict[str, float | str]:
    """game/table: contacts, pushback checks, path planning, clone on the boarding map."""
    from game.table import Table, load_map

    rep = 3 if quick else 7
    tmap = load_map(os.path.join(ROOT, "maps", "boarding_action.tmx"))
    t = Table(tmap)
    fids: list[str] = []
    # 40 figures on the two decks, 1.2 in apart where clear
    y = 5.0
    while len(fids) < 40 and y < 24:
        x = 9.0
        while len(fids) < 40 and x < 33:
            if t.clear_at(x, y, 0.5, "deck"):
                fid = f"f{len(fids)}"
                t.place(fid, x, y, 0.5, "deck")
                fids.append(fid)
            x += 1.2
        y += 1.2
    out: dict[str, float | str] = {}
    out["contacts_40_figures"] = per_op_us(lambda: [t.contacts(f) for f in fids], 1, rep)
    out["contacts_one"] = per_op_us(lambda: [t.contacts(f) for f in fids], len(fids), rep)
    n = 200 if quick else 1000
    order = [(fids[i % len(fids)], math.cos(i), math.sin(i)) for i in range(n)]
    out["pushback_checks_1000"] = per_op_us(lambda: [t.sweep_clear(f, dx, dy) for f, dx, dy in order], 1, rep) * (
        1000 / n
    )
    out["pushback_check_one"] = per_op_us(lambda: [t.sweep_clear(f, dx, dy) for f, dx, dy in order], n, rep)
    out["free_directions_72"] = per_op_us(lambda: [t.free_directions(f) for f in fids[:10]], 10, rep)
    out["surrounded"] = per_op_us(lambda: [t.surrounded(f, fids[:3]) for f in fids[:20]], 20, rep)
    out["line_of_sight"] = per_op_us(lambda: [t.line_of_sight(fids[i], fids[-1 - i]) for i in range(20)], 20, rep)
    out.update(_zone_lookups(rep))
    # a path across the whole map, from the sloop's bow to the merchant's quarterdeck, in this
    # process's CPU time (on a shared machine the wall clock mostly counts waits for a core).
    # "first": the first plan ever made on this map's content (its grids and search graph built on
    # the way); "cold": the first plan on a freshly loaded table of it, plan memo empty, after the
    # map's load built them (pathing.prepare; a tree without it builds them in the plan, as "first")
    from game.table import pathing

    cpu = time.process_time

    def fresh() -> Table:
        p = Table(load_map(os.path.join(ROOT, "maps", "boarding_action.tmx")))
        p.place("runner", 36.0, 20.0, 0.5, "deck")
        return p

    p = fresh()
    t0 = cpu()
    plan = p.plan_path("runner", 7.0, 6.5)
    out["path_across_map_first"] = round((cpu() - t0) * 1e6, 1)
    assert plan is not None, "no path across the boarding map"
    colds = []
    for _ in range(rep):
        p = fresh()
        if hasattr(pathing, "prepare"):
            pathing.prepare(p)
        t0 = cpu()
        p.plan_path("runner", 7.0, 6.5)
        colds.append((cpu() - t0) * 1e6)
    out["path_across_map_cold"] = round(statistics.median(colds), 1)
    # the same, on a map content whose static sweeps nothing swept before (game/table/sweeps.py
    # shares them by map content: the plain "cold" load reuses the legs an earlier load swept)
    colds = []
    for _ in range(rep):
        p = fresh()
        if hasattr(pathing, "prepare"):
            pathing.prepare(p)
        if hasattr(p.terrain, "sweeps"):  # a tree before the sweeps' memo has nothing to empty
            p.terrain.sweeps.clear()
        t0 = cpu()
        p.plan_path("runner", 7.0, 6.5)
        colds.append((cpu() - t0) * 1e6)
    out["path_across_map_cold_unswept"] = round(statistics.median(colds), 1)
    out["path_across_map"] = per_op_us(lambda: p.plan_path("runner", 7.0, 6.5), 1, rep, cpu)

    def unmemoised():  # the grids are built: the search and straightening alone, as a hover asks it
        p.terrain.plans.clear()
        p.plan_path("runner", 7.0, 6.5)

    out["path_across_map_cold_search"] = per_op_us(unmemoised, 1, rep, cpu)
    out["path_across_map_40_bases"] = per_op_us(lambda: t.plan_path(fids[-1], 7.0, 6.5), 1, rep, cpu)
    out["clone_40_bases"] = per_op_us(t.clone, 1, rep)
    out["load_map"] = per_op_us(lambda: load_map(os.path.join(ROOT, "maps", "boarding_action.tmx")), 1, rep)
    # same-run baseline: a Python loop of 40 hypot calls
    out["baseline_40_hypot"] = per_op_us(lambda: [math.hypot(i, 40 - i) for i in range(40)], 1, rep)
    return out


@section("frame", unit="ms / ratio / s")
def bench_frame(quick: bool) -> dict[str, float | str]:
    """game/ui: 1920x1080 battle frame (boarding map, 40 figures, panels) vs a bare blit+flip; first frame."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import bench_frame as bf  # tools/bench_frame.py (also runnable alone, with the map-drawing alternatives)

    res = bf.run(quick)
    if "skipped" in res:
        return {"skipped": res["skipped"]}
    out: dict[str, float | str] = {}
    for k in ("baseline_blit_flip", "battle_frame"):
        out[f"{k}_median_ms"] = res[k]["median_ms"]
        out[f"{k}_p99_ms"] = res[k]["p99_ms"]
    for k in ("ratio_median", "ratio_p99", "ratio_p99_vs_baseline_median", "first_frame_s"):
        out[k] = res[k]
    for k, v in res["map_drawing"].items():
        out[f"map_{k}_median_ms"] = v["median_ms"]
    out["log_uitextbox_append_ms"] = res["log"]["uitextbox_append_ms"]
    out["log_panel_append_draw_ms"] = res["log"]["log_panel_append_and_draw_ms"]
    try:  # the frame loop with the AI playing the 8x demo and while hovering moves
        import bench_loop

        out.update(bench_loop.run(quick))
    except Exception as e:  # noqa: BLE001 - a tree without these figures (bench --compare REV)
        out["loop_error"] = f"{type(e).__name__}: {e}"
    return out


SECTIONS: dict[str, tuple[str, str]] = {
    "melee": (
        "tools.bench_melee",
        "pyrates mêlée: 8 v 8 rounds/s of the preset's mêlée steps (goal ≥ 2,000; "
        "the headline), of its whole flow (activations included) and of that flow "
        "through the Match (adds per-decision hashing and snapshots for records), "
        "hand_odds(5, 2) cold ≤ 50 ms, cached ≤ 1 ms",
    ),
    "packs": (
        "tools.bench_packs",
        "the main menu's first frame with 20 of the player's scenario packs (checks cached, and "
        "not yet) against none, same run (goal: the first frame under 1 s)",
    ),
    "replay": (
        "tools.bench_replay",
        "replays: any moment of the 18-turn boarding record rebuilt (CPU ms, goal: max < 500), "
        "the scene's jump, the replay from the start as same-run baseline, snapshots' memory (≤ 100 MB)",
    ),
    "report": (
        "tools.bench_report",
        "after the battle: the after-action report of the 18-turn boarding record (CPU s) against "
        "replaying it (same run), the Why? of a roll (ms), one What happens next? game (s)",
    ),
    "ai": (
        "tools.bench_ai",
        "game/ai: decision ms per level (hard CPU median ≤ 50, p99 ≤ 1000; easy, normal p99 ≤ 100), "
        "normal-vs-normal boarding "
        "game s (≤ 2), 2-job speed-up (≥ 1.7)",
    ),
}
"""Sections that live in their own module: name → (module with ``run(quick) -> dict``, what it measures)."""


def _register_modules() -> None:
    import importlib

    for name, (module, doc) in SECTIONS.items():
        run = importlib.import_module(module).run
        REGISTRY[name] = (run, "see names", doc)


#: Headline figures: top-level key → (section, figure) it is read from. ``--json`` prints
#: them beside the "section.figure" keys; a key whose section did not run (or failed) is measured
#: by its fallback below, or left out.
SUMMARY: dict[str, tuple[str, str]] = {
    "blit_baseline_ms": ("frame", "baseline_blit_flip_median_ms"),
    "frame_ms_median": ("frame", "battle_frame_median_ms"),
    "frame_ms_p99": ("frame", "battle_frame_p99_ms"),
    "first_frame_s": ("frame", "first_frame_s"),
    "ai_game_s_median": ("ai", "normal_vs_normal_game_s_median"),
    "ai_decision_ms_p99_hard": ("ai", "hard_decision_ms_p99"),
    "odds_5_2_cold_ms": ("melee", "hand_odds_5_2_cold_ms"),
    "odds_5_2_cached_ms": ("melee", "hand_odds_5_2_cached_ms"),
    "melee_rounds_per_s": ("melee", "melee_8v8_rounds_per_s_melee"),
    "simulate_2proc_speedup": ("ai", "simulate_speedup_2_over_1"),
    "frame_ms_p99_demo_8x": ("frame", "demo_8x_frame_p99_ms"),
    "frame_ms_p99_hover": ("frame", "hover_frame_p99_ms"),
    "path_across_map_cold_us": ("table", "path_across_map_cold"),
    "replay_jump_ms_max": ("replay", "jump_ms_max"),
}


def _ai_fallback(quick: bool) -> dict[str, float | str]:
    """The ``ai`` headline figures measured here when the ai section (tools/bench_ai.py) is missing or
    failed: boarding games with make_controller levels, "random" standing in for a level that cannot
    be built or fails; simulate's speed-up with two processes playing half the games each."""
    import multiprocessing as mp

    games = 2 if quick else 4
    note: list[str] = []
    secs, hard_ms = [], []
    for g in range(games):
        s, ms, used = _ai_game(g)
        secs.append(s)
        hard_ms.extend(ms)
        note.extend(x for x in used if x not in note)
    hard_ms.sort()
    out: dict[str, float | str] = {
        "ai_game_s_median": round(statistics.median(secs), 3),
        "ai_decision_ms_p99_hard": round(hard_ms[min(len(hard_ms) - 1, int(0.99 * len(hard_ms)))], 3)
        if hard_ms
        else 0.0,
    }
    n = 4 if quick else 8
    t0 = time.perf_counter()
    for g in range(n):
        _ai_game(100 + g)
    one = time.perf_counter() - t0
    t0 = time.perf_counter()
    with mp.get_context("spawn").Pool(2) as pool:
        pool.map(_ai_game, range(100, 100 + n))
    two = time.perf_counter() - t0
    out["simulate_2proc_speedup"] = round(one / two, 3)
    out["ai_note"] = (
        "measured by tools/bench.py's fallback (no ai section): normal v normal and hard v normal "
        "boarding_action games" + (f"; {', '.join(note)}" if note else "")
    )
    return out


def _ai_game(g: int) -> tuple[float, list[float], list[str]]:
    """One boarding_action game, hard (side g%2) v normal: (seconds, hard decision ms, fallback notes)."""
    from game.ai import make_controller
    from game.match import Match
    from game.scenario import find_scenario

    sc = find_scenario("boarding_action")
    sides = [s.id for s in sc.sides]
    want = {sides[g % 2]: "hard", sides[(g + 1) % 2]: "normal"}
    ctl, used, notes = {}, {}, []
    for i, s in enumerate(sides):
        try:
            ctl[s], used[s] = make_controller(want[s], 1000 + 7 * g + i), want[s]
        except Exception:
            ctl[s], used[s] = make_controller("random", 1000 + 7 * g + i), "random"
            notes.append(f"{want[s]} unavailable: random")
    m = Match(sc, seed=900 + g)
    ms = []
    t0 = time.perf_counter()
    while not m.over:
        p = m.pending
        assert p is not None, "a match not over has a question"
        t = time.perf_counter()
        try:
            d = ctl[p.side].decide(m)
        except Exception as e:  # a failing level is replaced by random for the rest of the game
            notes.append(f"{used[p.side]} failed ({type(e).__name__}): random")
            ctl[p.side], used[p.side] = make_controller("random", g), "random"
            d = ctl[p.side].decide(m)
        if used[p.side] == "hard":
            ms.append((time.perf_counter() - t) * 1000)
        m.apply(d)
    return time.perf_counter() - t0, ms, notes


def summary(results: dict[str, dict], quick: bool, allow_fallback: bool = True) -> dict[str, float | str]:
    """The SUMMARY keys from the sections' figures (with the ai fallback where needed)."""
    out: dict[str, float | str] = {}
    missing_ai = False
    for key, (sec, fig) in SUMMARY.items():
        v = results.get(sec, {}).get(fig)
        if isinstance(v, (int, float)):
            out[key] = v
        elif sec == "ai":
            missing_ai = True
    if missing_ai and allow_fallback:
        try:
            fb = _ai_fallback(quick)
            for k, v in fb.items():
                out.setdefault(k, v)
        except Exception as e:
            out["ai_note"] = f"ai fallback failed: {type(e).__name__}: {e}"
    elif "ai" in results and not missing_ai:
        out["ai_note"] = "from the ai section (tools/bench_ai.py)"
    return dict(sorted(out.items()))


def main(argv: list[str] | None = None) -> int:
    _register_modules()
    ap = argparse.ArgumentParser(description="Boarders Away! benchmarks")
    ap.add_argument("--json", action="store_true", help="print one JSON object of figures")
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    ap.add_argument(
        "--compare",
        metavar="REV",
        default=None,
        help="also measure git revision REV (in a temporary worktree) and print both with their ratio",
    )
    ap.add_argument("--rounds", type=int, default=1, help="with --compare: alternate runs per tree (median kept)")
    ap.add_argument("sections", nargs="*", metavar="SECTION", help=f"any of: {', '.join(REGISTRY)}")
    a = ap.parse_args(argv)
    if a.compare:
        sys.path.insert(0, os.path.join(ROOT, "tools"))
        from bench_compare import compare  # tools/bench_compare.py

        return compare(a.compare, a.sections, a.quick, a.rounds)
    names = a.sections or list(REGISTRY)
    unknown = [s for s in names if s not in REGISTRY]
    if unknown:
        ap.error(f"unknown section(s): {', '.join(unknown)} (known: {', '.join(REGISTRY)})")
    results: dict[str, dict[str, float | str]] = {}
    rc = 0
    for name in names:
        fn, unit, _ = REGISTRY[name]
        try:
            results[name] = fn(a.quick)
        except Exception as e:  # a broken section must not hide the others
            results[name] = {"error": f"{type(e).__name__}: {e}"}
            rc = 1
    full = not a.sections  # the headline keys need every section's figures
    heads = (
        summary(results, a.quick, allow_fallback=full or "ai" in names)
        if full or set(names) & {"frame", "ai", "melee"}
        else {}
    )
    if a.json:
        flat = {f"{s}.{k}": v for s, figs in results.items() for k, v in figs.items()}
        flat.update(heads)
        print(json.dumps(flat, sort_keys=True))
    else:
        for name in names:
            unit = REGISTRY[name][1]
            print(f"[{name}] {REGISTRY[name][2]}")
            for k, v in results[name].items():
                val = f"{v:>12,.3f}" if isinstance(v, (int, float)) else f"  {v}"
                print(f"  {k:<28}{val}  {unit if isinstance(v, (int, float)) else ''}")
        if heads:
            print("[headline]")
            for k, v in heads.items():
                print(f"  {k:<28}{v:>12,.3f}" if isinstance(v, (int, float)) else f"  {k:<28}  {v}")
    return rc


if __name__ == "__main__":
    sys.exit(main())
