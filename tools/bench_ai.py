"""Bench section `ai`: decision times of the AI levels, a whole boarding game, and simulate's speed-up.

Registered in tools/bench.py (SECTIONS); ``run(quick)`` also works on its own:
``python tools/bench_ai.py [--quick]``. Goals: hard decision CPU median ≤ 50 ms and p99 ≤ 1 s (it
plans against the enemy's reply), easy and normal p99 ≤ 100 ms, a whole
normal-vs-normal boarding game median ≤ 2 s, 2 processes ≥ 1.7× the games per second of 1.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

SCENARIO = "boarding_action"


def _pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, int(round(q * len(xs))) - 1))] if xs else 0.0


def decision_times(
    level: str, games: int, opponent: str = "normal"
) -> tuple[list[float], list[float], list[float], list[float]]:
    """Milliseconds per decision of ``level`` (wall clock, and this process's CPU time: on a machine
    shared with other work the wall clock counts the waits for a core too) and seconds per game
    (wall clock, and CPU), over ``games`` boarding games."""
    from game.ai import make_controller
    from game.ai.simulate import ai_seed, load_scenario_ref
    from game.match.match import Match

    sc = load_scenario_ref(SCENARIO)
    ms, cpu, secs, game_cpu = [], [], [], []
    for g in range(games):
        seed = 500 + g
        m = Match(sc, seed=seed)
        sides = [s.id for s in sc.sides]
        lv = {sides[g % 2]: level, sides[(g + 1) % 2]: opponent}
        ctl = {s: make_controller(lv[s], ai_seed(seed, i)) for i, s in enumerate(sides)}
        t0, c0 = time.perf_counter(), time.process_time()
        while not m.over:
            p = m.pending
            assert p is not None, "a match not over has a question"
            t, c = time.perf_counter(), time.process_time()
            d = ctl[p.side].decide(m)
            if lv[p.side] == level:
                ms.append((time.perf_counter() - t) * 1000)
                cpu.append((time.process_time() - c) * 1000)
            m.apply(d)
        secs.append(time.perf_counter() - t0)
        game_cpu.append(time.process_time() - c0)
    return ms, cpu, secs, game_cpu


def speedup(games: int) -> tuple[float, float, float]:
    """Wall seconds of ``games`` normal-vs-normal games with 1 and with 2 processes, and the ratio."""
    from game.ai.simulate import run_games

    walls = []
    for jobs in (1, 2):
        t0 = time.perf_counter()
        run_games(SCENARIO, None, 7000, games, ("normal", "normal"), jobs)
        walls.append(time.perf_counter() - t0)
    return walls[0], walls[1], walls[0] / walls[1]


def _rollout(m, plain: bool, seed: int, horizon: int = 8) -> None:
    c = m.clone(dice_seed=seed) if plain else m.clone(dice_seed=seed, lookahead=True)
    n = 0
    while not c.over and n < horizon:
        c.apply(c.auto())
        n += 1


def lookahead_gain(points: int) -> tuple[float, float, float]:
    """Microseconds per 8-decision rollout from ``points`` positions of a boarding game, with a plain
    ``clone(dice_seed=…)`` (hash after every apply, snapshot at every step) and with
    ``clone(…, lookahead=True)``; and the ratio."""
    from game.ai import make_controller
    from game.ai.simulate import load_scenario_ref
    from game.match.match import Match

    sc = load_scenario_ref(SCENARIO)
    m = Match(sc, seed=321)
    ctl = make_controller("normal", 5)
    spots: list[Match] = []
    while not m.over and len(spots) < points:
        if len(m.decisions) % 7 == 3:
            spots.append(m.clone())
        m.apply(ctl.decide(m))
    out = []
    for plain in (True, False):
        times = []
        for _ in range(3):
            t0 = time.perf_counter()
            for i, s in enumerate(spots):
                for k in range(3):
                    _rollout(s, plain, 1000 * i + k)
            dt = (time.perf_counter() - t0) / (3 * len(spots)) * 1e6
            times.append(dt)
        out.append(min(times))
    return out[0], out[1], out[0] / out[1]


def _burn(n: int) -> int:
    s = 0
    for i in range(n):
        s += i * i
    return s


def cpu_speedup(n: int = 4_000_000) -> float:
    """Same-run baseline: a pure CPU loop twice in 1 process against 2 processes (what the machine allows)."""
    from game.ai.batch import process_context

    t0 = time.perf_counter()
    _burn(n)
    _burn(n)
    one = time.perf_counter() - t0
    t0 = time.perf_counter()
    with process_context().Pool(2) as pool:
        pool.map(_burn, [n, n])
    return one / (time.perf_counter() - t0)


def run(quick: bool = False) -> dict[str, float]:
    out: dict[str, float] = {}
    for level, games in (("easy", 2 if quick else 4), ("normal", 2 if quick else 6), ("hard", 2 if quick else 6)):
        ms, cpu, secs, game_cpu = decision_times(level, games, "easy" if level == "hard" else "normal")
        out[f"{level}_decision_ms_median"] = round(statistics.median(ms), 3)
        out[f"{level}_decision_ms_p99"] = round(_pct(ms, 0.99), 3)
        out[f"{level}_decision_cpu_ms_median"] = round(statistics.median(cpu), 3)
        out[f"{level}_decision_cpu_ms_p99"] = round(_pct(cpu, 0.99), 3)
        if level == "normal":
            out["normal_vs_normal_game_s_median"] = round(statistics.median(secs), 3)
            out["normal_vs_normal_game_cpu_s_median"] = round(statistics.median(game_cpu), 3)
    plain, light, gain = lookahead_gain(10 if quick else 30)
    out["rollout_us_plain_clone"] = round(plain, 1)
    out["rollout_us_lookahead_clone"] = round(light, 1)
    out["lookahead_clone_gain"] = round(gain, 3)
    one, two, ratio = speedup(4 if quick else 12)
    out["simulate_1_job_s"] = round(one, 3)
    out["simulate_2_jobs_s"] = round(two, 3)
    out["simulate_speedup_2_over_1"] = round(ratio, 3)
    out["baseline_cpu_loop_speedup_2_over_1"] = round(cpu_speedup(), 3)
    out["cpus"] = os.cpu_count() or 1
    try:  # what else the machine was doing: the wall-clock figures above are only fair when it is low
        out["load_average_1min"] = round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        pass
    return out


if __name__ == "__main__":
    print(json.dumps(run("--quick" in sys.argv), indent=1))
