"""The AI ladder (issue 23 item 1): how often each level beats the one below, on every shipped scenario.

    python tools/ai_ladder.py [--games 100] [--scenarios a,b] [--pairings easy-random] [--jobs K]
                              [--seed 1] [--json PATH] [--executor processes|local|dask[=ADDRESS]]
                              [--out FILE.jsonl]

Pairings hard–normal, normal–easy, easy–random; sides swapped every other game (game i of a pairing
is seed ``seed + i``, the stronger level on the first side when i is even); each game played to its
end by ``game.ai.simulate.play_game`` (the AI seeds come from the game seed). The Markdown table
gives, per scenario and pairing, the stronger level's wins, the weaker's, draws, the win rate with
its Wilson 95 % interval, the draw rate and whether the goals hold (win rate ≥ 70 %, draws ≤ 15 %).
``--json PATH`` also writes the rows (``-`` for standard output instead of the table). The games run
on ``--executor`` (game/ai/batch.py: local, worker processes, or a Dask cluster); with ``--out``
each finished game is appended to a JSON-lines file at once and a run started again with the same
file plays only the games missing from it. A mirror pairing (``normal-normal``) measures balance:
its rows give each side's wins (``side_wins``) and the games decided before the turn limit.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PAIRINGS = (("hard", "normal"), ("normal", "easy"), ("easy", "random"))
GOAL_WIN = 0.70
GOAL_DRAWS = 0.15
Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``k`` successes in ``n`` trials ((0, 1) when n is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def shipped_scenarios() -> list[str]:
    from game.scenario.registry import scenario_files

    return [p.stem for p in scenario_files()]


def jobs_for(scenarios, pairings, games: int, seed: int) -> list[tuple]:
    """simulate.play_game jobs: (index, ref, preset, seed, levels by side order, record dir)."""
    from game.ai.simulate import levels_for

    out = []
    for ref in scenarios:
        for pair in pairings:
            for i in range(games):
                out.append(((ref, pair, i), ref, None, seed + i, levels_for(i, pair), None))
    return out


def tally(scenarios, pairings, results: list[dict]) -> list[dict]:
    """One row per (scenario, pairing) from play_game results (their ``index`` is (ref, pair, i))."""
    from game.ai.play_measures import MeasuresSum

    rows = []
    for ref in scenarios:
        for pair in pairings:
            strong, weak = pair
            mine = [r for r in results if r["index"][0] == ref and tuple(r["index"][1]) == tuple(pair)]
            w = l_ = d = err = early = 0
            sides: dict[str, int] = {}
            measures = MeasuresSum()
            for r in mine:
                if "error" in r:
                    err += 1
                    continue
                if r.get("winner"):
                    sides[r["winner"]] = sides.get(r["winner"], 0) + 1
                early += bool(r.get("metrics", {}).get("decided"))
                if "measures" in r:
                    measures.add(r["measures"])
                lvl = r["levels"].get(r["winner"]) if r.get("winner") else None
                if lvl == strong:
                    w += 1
                elif lvl == weak:
                    l_ += 1
                else:
                    d += 1
            n = w + l_ + d
            lo, hi = wilson(w, n)
            rate = w / n if n else 0.0
            draws = d / n if n else 0.0
            rows.append(
                {
                    "scenario": ref,
                    "pairing": f"{strong}–{weak}",
                    "strong": strong,
                    "weak": weak,
                    "games": n,
                    "wins": w,
                    "losses": l_,
                    "draws": d,
                    "errors": err,
                    "win_rate": rate,
                    "wilson_low": lo,
                    "wilson_high": hi,
                    "draw_rate": draws,
                    "meets": bool(n) and rate >= GOAL_WIN and draws <= GOAL_DRAWS,
                    "side_wins": dict(sorted(sides.items())),
                    "decided_before_limit": early,
                    "measures": measures.result(),
                }
            )
    return rows


def markdown(rows: list[dict]) -> str:
    head = (
        "| scenario | pairing | games | wins | losses | draws | win % | Wilson 95 % | draws % | goal |\n"
        "|---|---|---:|---:|---:|---:|---:|---|---:|---|"
    )
    lines = [head]
    for r in rows:
        err = f" ({r['errors']} errors)" if r["errors"] else ""
        lines.append(
            f"| {Path(r['scenario']).stem} | {r['pairing']} | {r['games']}{err} | {r['wins']} | "
            f"{r['losses']} | {r['draws']} | {100 * r['win_rate']:.1f} | "
            f"{100 * r['wilson_low']:.1f}–{100 * r['wilson_high']:.1f} | {100 * r['draw_rate']:.1f} | "
            f"{'yes' if r['meets'] else 'no'} |"
        )
    return "\n".join(lines)


def play_all(
    jobs: list[tuple], workers: int, progress=None, executor: tuple[str, str | None] = ("processes", None), out=None
) -> list[dict]:
    """Play the jobs on the executor (``game.ai.batch.run_jobs``: local, processes or Dask). With ``out``
    (a JSON-lines file) each finished game is appended at once, and games already there are not
    played again (their lines count): a ladder stopped part-way resumes where it stopped."""
    from game.ai.batch import LineWriter, bundle, read_lines, run_jobs
    from game.ai.simulate import play_game

    results: list[dict] = []
    done: set[tuple] = set()
    if out:
        for r in read_lines(out):
            key = _key(r["index"], r["seed"])
            if key not in done and "error" not in r:
                done.add(key)
                results.append(r)
    todo = [j for j in jobs if _key(j[0], j[3]) not in done]
    kind, address = executor
    if kind == "dask":  # a worker elsewhere has no copy of a scenario file: send its texts
        todo = [(j[0], bundle(j[1]) if _is_path(j[1]) else j[1], *j[2:]) for j in todo]
    writer = LineWriter(out) if out else None

    def take(r: dict) -> None:
        if writer:
            writer.write(r)
        results.append(r)
        if progress:
            progress(r)

    try:
        run_jobs(todo, play_game, kind, address, max(1, min(workers, len(todo) or 1)), take)
    finally:
        if writer:
            writer.close()
    return results


def _key(index, seed) -> tuple:
    ref, pair, _i = index
    return (str(ref), tuple(pair), int(seed))


def _is_path(ref) -> bool:
    return isinstance(ref, str) and (ref.endswith(".toml") or "/" in ref)


def run_ladder(
    scenarios=None,
    games: int = 100,
    jobs: int = 1,
    seed: int = 1,
    pairings=PAIRINGS,
    progress=None,
    executor: tuple[str, str | None] = ("processes", None),
    out=None,
) -> list[dict]:
    """Play the ladder and return its rows (see ``tally``)."""
    scenarios = list(scenarios or shipped_scenarios())
    results = play_all(jobs_for(scenarios, pairings, games, seed), jobs, progress, executor, out)
    return tally(scenarios, pairings, results)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="ai_ladder", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100, help="seeded games per pairing and scenario (default 100)")
    ap.add_argument(
        "--scenarios", default="", help="comma-separated scenario ids or .toml paths (default: all shipped)"
    )
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("--seed", type=int, default=1, help="seed of game 0 of every pairing (default 1)")
    ap.add_argument("--json", metavar="PATH", help="also write the rows as JSON to PATH ('-': stdout, no table)")
    ap.add_argument(
        "--pairings", default="", help="comma-separated pairings strong-weak, e.g. easy-random (default: all three)"
    )
    ap.add_argument("--quiet", action="store_true", help="no progress on stderr")
    ap.add_argument(
        "--executor", default="processes", help="local, processes, dask or dask=ADDRESS (default processes)"
    )
    ap.add_argument("--out", metavar="FILE.jsonl", help="append each finished game here and skip those already in it")
    a = ap.parse_args(argv)
    pairings: tuple[tuple[str, ...], ...] = PAIRINGS
    if a.pairings:
        pairings = tuple(tuple(p.strip().replace("–", "-").split("-", 1)) for p in a.pairings.split(",") if p.strip())
        if any(len(p) != 2 for p in pairings):
            print(f"ai_ladder: --pairings {a.pairings!r}: each pairing is strong-weak", file=sys.stderr)
            return 2
    from game.ai.batch import ExecutorError, parse_executor

    try:
        executor = parse_executor(a.executor)
    except ExecutorError as e:
        print(f"ai_ladder: {e}".replace("simulate: ", ""), file=sys.stderr)
        return 2
    if a.games < 1 or a.jobs < 1:
        print("ai_ladder: --games and --jobs must be at least 1", file=sys.stderr)
        return 2
    scenarios = [s.strip() for s in a.scenarios.split(",") if s.strip()] or shipped_scenarios()
    total = len(scenarios) * len(pairings) * a.games
    done = [0]

    def progress(r):
        done[0] += 1
        if not a.quiet:
            what = r.get("error") or f"{r['index'][0]} {'–'.join(r['index'][1])}: {r.get('winner') or 'draw'}"
            print(f"[{done[0]}/{total}] {what}", file=sys.stderr, flush=True)

    try:
        rows = run_ladder(scenarios, a.games, a.jobs, a.seed, pairings, progress=progress, executor=executor, out=a.out)
    except Exception as e:  # noqa: BLE001 - a scenario that does not load: one line, exit 2
        print(f"ai_ladder: {type(e).__name__}: {e}", file=sys.stderr)
        return 2
    if a.json == "-":
        print(json.dumps(rows, indent=1))
        return 0
    print(markdown(rows))
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
