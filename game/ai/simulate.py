"""`python -m game simulate SCENARIO …`: many headless AI games, across processes.

Game i is played with match seed S+i. With two different levels the sides swap every other game
(game i even: first side plays the first level). The AI seeds derive from the game seed and the
side's index only, never from the worker, so a run gives the same games — byte-identical records —
whatever ``--jobs`` and whatever ``--executor`` (local, processes, dask[=ADDRESS]: game/ai/batch.py).
With ``--out FILE.jsonl`` each finished game is appended there as one JSON line at once, and
``--resume`` skips the seeds already in it (their games still count in the summary); the summary is
built by streaming (counters and fixed-size histograms), so memory does not grow with the number
of games. Exit status: 0 every game finished, 1 a game raised (named on stderr), 2 bad arguments
(one line on stderr).
"""

from __future__ import annotations

import json
import os
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

LEVELS = ("random", "auto", "easy", "normal", "hard")
MAX_GAMES = 1_000_000
MAX_DECISIONS = 100_000


class SimulateError(ValueError):
    """Bad arguments to simulate (the CLI prints one line and exits 2)."""


# -- arguments ----------------------------------------------------------------------------------------
def parse_ai(text: str) -> tuple[str, str]:
    parts = [p.strip() for p in str(text).split(",")]
    if len(parts) == 1:
        parts = parts * 2
    if len(parts) != 2 or not all(parts):
        raise SimulateError(f"simulate: --ai {text!r}: give LEVEL or LEVEL,LEVEL")
    for p in parts:
        if p not in LEVELS:
            raise SimulateError(f"simulate: --ai: unknown level {p!r}; levels are {', '.join(LEVELS)}")
    return parts[0], parts[1]


def load_scenario_ref(ref: str):
    from game.scenario import find_scenario, load_scenario

    if ref.endswith(".toml") or os.sep in ref or "/" in ref:
        return load_scenario(ref)
    return find_scenario(ref)


def cores() -> int:
    """The default --jobs: the cores this process may run on (a container or taskset may allow
    fewer than the machine has)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def ai_seed(game_seed: int, side_index: int) -> int:
    """The AI seed of one side in one game: from the game seed alone (deterministic across workers)."""
    return (int(game_seed) * 1_000_003 + 7_919 * (side_index + 1) + 12_345) % (2**62)


def levels_for(game_index: int, levels: tuple[str, str]) -> tuple[str, str]:
    a, b = levels
    return (a, b) if a == b or game_index % 2 == 0 else (b, a)


def record_name(seed: int) -> str:
    return f"seed_{seed:06d}.json"


# -- one game -----------------------------------------------------------------------------------------
_SCENARIOS: dict = {}


def _scenario(ref):
    if isinstance(ref, dict):  # a bundle (batch.bundle): the scenario's files as texts
        from .batch import unpack

        key = ref["main"] + ":" + str(hash(json.dumps(ref, sort_keys=True)))
        sc = _SCENARIOS.get(key)
        if sc is None:
            sc = _SCENARIOS[key] = load_scenario_ref(unpack(ref))
        return sc
    sc = _SCENARIOS.get(ref)
    if sc is None:
        sc = _SCENARIOS[ref] = load_scenario_ref(ref)
    return sc


def play_game(job: tuple) -> dict:
    """Play one game; ``job`` = (index, scenario, preset, seed, (level per side), keep record), where
    scenario is a packaged id, a path, or a bundle of texts (game/ai/batch.py). Plain values in, a
    dict of plain values out (one JSON line of --out): add per-game figures as new keys. With keep
    record the result carries the game's record as the text of its file under ``record``: the
    process that started the batch writes it (a worker's folders may be on another machine)."""
    index, ref, preset, seed, levels, keep_record = job
    try:
        return _play(index, ref, preset, seed, levels, keep_record)
    except Exception as e:  # noqa: BLE001 - reported per game, the batch goes on
        tb = traceback.format_exc(limit=-3)
        return {"index": index, "seed": seed, "error": f"{type(e).__name__}: {e}", "trace": tb}


def _play(index, ref, preset, seed, levels, keep_record) -> dict:
    from game.ai.controller import make_controller
    from game.match.match import Match
    from game.match.record import record_of

    sc = _scenario(ref)
    t0 = time.perf_counter()
    m = Match(sc, seed=seed, preset=preset)
    sides = [s.id for s in sc.sides]
    by_side = {s: levels[i % len(levels)] for i, s in enumerate(sides)}
    ctl = {s: make_controller(by_side[s], ai_seed(seed, i)) for i, s in enumerate(sides)}
    ms: dict[str, list[float]] = {}
    rules: Counter = Counter(ev.rule for ev in m.log if getattr(ev, "rule", ""))
    from .play_measures import GameWatch

    watch = GameWatch(m)
    n = 0
    while not m.over:
        p = m.pending
        assert p is not None, "a match not over has a question"
        t = time.perf_counter()
        d = ctl[p.side].decide(m)
        ms.setdefault(by_side[p.side], []).append((time.perf_counter() - t) * 1000.0)
        watch.before(m, d)
        events = m.apply(d)
        watch.after(m, events)
        for ev in events:
            r = getattr(ev, "rule", "")
            if r:
                rules[r] += 1
        n += 1
        if n > MAX_DECISIONS:
            raise RuntimeError(f"no end after {MAX_DECISIONS} decisions")
    game_s = time.perf_counter() - t0
    record_text = None
    if keep_record:
        rec = record_of(m)
        rec.meta = {
            "ai": dict(by_side),
            "ai_seeds": {s: ai_seed(seed, i) for i, s in enumerate(sides)},
            "tool": "simulate",
        }
        record_text = rec.dumps()
    from .batch import histogram
    from .metrics import match_metrics

    out = {
        "index": index,
        "seed": seed,
        "winner": m.winner,
        "levels": by_side,
        "turns": m.state.turn,
        "decisions": n,
        "game_s": round(game_s, 6),
        "rules": dict(rules),
        "reason": m.state.end_reason,
        "ms_hist": {lv: histogram(xs) for lv, xs in ms.items()},
        "ms_max": {lv: round(max(xs), 4) for lv, xs in ms.items()},
        "hash": m.hashes[-1] if getattr(m, "hashes", None) else None,
        "metrics": match_metrics(m),
        "measures": watch.result(m, ctl.values()),
    }  # play-test metrics from the events
    if record_text is not None:
        out["record"] = record_text
    return out


def keep_record(result: dict, record_dir) -> dict:
    """Write the record a game's result carries into ``record_dir`` (in this process, relative to
    its working folder) and return the result without it, as --out and the summary take it."""
    text = result.pop("record", None)
    if text is not None and record_dir:
        from game.atomic_write import write_atomic

        write_atomic(Path(record_dir) / record_name(result["seed"]), text)
    return result


# -- many games ---------------------------------------------------------------------------------------
def make_jobs(ref, preset, seed: int, games: int, levels: tuple[str, str], record_dir=None, skip=frozenset()):
    """The jobs of a batch, lazily, leaving out the seeds in ``skip``; with a ``record_dir`` each
    game sends its record back with its result (``keep_record`` writes it)."""
    for i in range(games):
        if seed + i not in skip:
            yield (i, ref, preset, seed + i, levels_for(i, levels), bool(record_dir))


def stream_games(
    ref,
    preset,
    seed: int,
    games: int,
    levels: tuple[str, str],
    jobs: int,
    record_dir=None,
    on_result=None,
    executor: tuple[str, str | None] = ("processes", None),
    skip=frozenset(),
) -> None:
    """Play the games on the executor, handing each result to ``on_result`` as it finishes; each
    game's record is written into ``record_dir`` here, by this process, before its result is handed on."""
    from .batch import run_jobs

    kind, address = executor
    todo = games - len([s for s in skip if seed <= s < seed + games])
    workers = max(1, min(jobs, todo)) if kind == "processes" else max(1, jobs)
    take = on_result or (lambda r: None)
    run_jobs(
        make_jobs(ref, preset, seed, games, levels, record_dir, skip),
        play_game,
        kind,
        address,
        workers,
        lambda r: take(keep_record(r, record_dir)),
    )


def run_games(
    ref: str,
    preset: str | None,
    seed: int,
    games: int,
    levels: tuple[str, str],
    jobs: int,
    record_dir: str | None = None,
    progress=None,
    executor: tuple[str, str | None] = ("processes", None),
) -> list[dict]:
    """Play the games and return their results in game order (for tests and benchmarks: a batch
    keeps nothing per game, see run_simulate)."""
    results: list[dict] = []

    def take(r):
        results.append(r)
        if progress:
            progress.step(_note(r))

    stream_games(ref, preset, seed, games, levels, jobs if games > 1 else 1, record_dir, take, executor)
    results.sort(key=lambda r: r["index"])
    return results


def _note(r: dict) -> str:
    if "error" in r:
        return f"seed {r['seed']}: ERROR"
    return f"seed {r['seed']}: {r['winner'] or 'draw'} (turn {r['turns']})"


def summarise(
    results, *, scenario: str, preset: str, ai: tuple[str, str], seed: int, jobs: int, wall_s: float, **extra
) -> dict:
    """The summary of finished games (any iterable, consumed once)."""
    from .batch import Summary

    acc = Summary(ai)
    for r in results:
        acc.add(r)
    return acc.result(
        scenario=scenario, preset=preset, ai=",".join(ai), seed=seed, jobs=jobs, wall_s=round(wall_s, 3), **extra
    )


def run_simulate(args) -> int:
    """The `simulate` subcommand."""
    games = args.games
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise SimulateError(f"simulate: --games must be 1 to {MAX_GAMES}")
    seed = args.seed
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**62:
        raise SimulateError("simulate: --seed must be a non-negative integer")
    jobs = args.jobs if args.jobs is not None else cores()
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= 512:
        raise SimulateError("simulate: --jobs must be 1 to 512")
    ai = parse_ai(args.ai)
    sc = load_scenario_ref(args.scenario)  # ScenarioError is a ValueError: one line, exit 2
    preset = args.preset or sc.preset
    from game.rules.presets import get_preset

    get_preset(preset)  # UnknownPreset is a ValueError
    from game.match import Match

    Match(sc, seed=seed, preset=args.preset)  # a bad map, or no first decision: one line before any game
    record_dir = getattr(args, "record_dir", None)
    if record_dir:
        p = Path(record_dir)
        if p.exists() and not p.is_dir():
            raise SimulateError(f"simulate: --record-dir {record_dir}: not a folder")
        p.mkdir(parents=True, exist_ok=True)
    plot = getattr(args, "plot", None)
    if plot:
        pp = Path(plot)
        if pp.is_dir() or not (pp.parent if str(pp.parent) else Path(".")).is_dir():
            raise SimulateError(f"simulate: --plot {plot}: cannot write a file there")
    from .batch import LineWriter, Summary, bundle, parse_executor, read_lines

    executor = parse_executor(getattr(args, "executor", None))
    out_path = getattr(args, "out", None)
    resume = getattr(args, "resume", False)
    if resume and not out_path:
        raise SimulateError("simulate: --resume needs --out FILE.jsonl")
    if out_path:
        op = Path(out_path)
        if op.is_dir() or not (op.parent if str(op.parent) else Path(".")).is_dir():
            raise SimulateError(f"simulate: --out {out_path}: cannot write a file there")
        if op.exists() and op.stat().st_size and not resume:
            raise SimulateError(f"simulate: --out {out_path}: exists; give --resume to go on with it")
    ref = args.scenario
    if executor[0] == "dask" and sc.root:  # a player's pack: a worker elsewhere has no copy of it
        ref = bundle(sc.path)
    elif (
        executor[0] == "dask" and not ref.startswith("open:") and (ref.endswith(".toml") or os.sep in ref or "/" in ref)
    ):
        ref = bundle(ref)  # a worker elsewhere has no copy of this file
    acc = Summary(ai)
    skip: set[int] = set()
    if resume:
        assert out_path, "--resume without --out was refused above"
        for r in read_lines(out_path):
            if seed <= r["seed"] < seed + games and r["seed"] not in skip:
                skip.add(r["seed"])
                acc.add(r)
    from .progress import Progress

    bar = Progress(games, start=len(skip))
    writer = LineWriter(out_path) if out_path else None

    def take(r: dict) -> None:
        if writer:
            writer.write(r)
        acc.add(r)
        bar.step(_note(r))

    t0 = time.perf_counter()
    try:
        stream_games(ref, args.preset, seed, games, ai, jobs, record_dir, take, executor, frozenset(skip))
    finally:
        bar.close()
        if writer:
            writer.close()
    summary = acc.result(
        scenario=sc.id,
        preset=preset,
        ai=",".join(ai),
        seed=seed,
        jobs=jobs,
        wall_s=round(time.perf_counter() - t0, 3),
        executor=executor[0],
        resumed=len(skip),
    )
    if plot:
        from .plot import plot_summary

        plot_summary(summary, plot)
    from game.schema.text import one_line

    for e in summary["errors"]:
        print(one_line(f"error: game with seed {e['seed']}: {e['error']}"), file=sys.stderr)
    if args.json:
        out = dict(summary)
        print(json.dumps(out, indent=1, sort_keys=True))
    else:
        print(_text(summary))
    if summary["error_count"] > len(summary["errors"]):
        print(f"error: {summary['error_count'] - len(summary['errors'])} more games failed", file=sys.stderr)
    return 1 if summary["error_count"] else 0


def _text(s: dict) -> str:
    from .plot import wilson

    n = s["games"]
    lines = [f"{s['scenario']} ({s['preset']}): {n} games, AI {s['ai']}, seeds {s['seed']}..{s['seed'] + n - 1}"]
    for k, v in sorted(s["wins_by_ai"].items()):
        p, lo, hi = wilson(v, n)
        lines.append(f"  AI {k:<8} wins {v:4d}  {100 * p:5.1f}%  (95% {100 * lo:.1f}-{100 * hi:.1f})")
    for k, v in sorted(s["wins_by_side"].items()):
        lines.append(f"  side {k:<12} wins {v:4d}")
    lines.append(f"  draws {s['draws']}")
    dm = s["decision_ms"]
    lines.append(
        f"  decision ms: median {dm['median']:.3f}, p99 {dm['p99']:.3f}; game s: median "
        f"{s['game_s']['median']:.3f}; wall {s['wall_s']:.1f} s"
    )
    return "\n".join(lines)
