"""``tools/bench.py --compare REV``: the headline figures of a git revision and of the working tree,
measured in the same run on the same machine, side by side with their ratio.

The revision is checked out in a temporary ``git worktree`` (removed afterwards); the working tree's
``tools/bench*.py`` are copied into it, so both trees are measured by the same benchmark code (a
figure the old code cannot give shows as "-"). Each tree runs ``tools/bench.py --json`` on the same
sections, alternately, ``--rounds`` times each (the median of each figure is kept), so a machine
that gets busier half-way weighs on both alike.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

#: figures compared by default (others of the sections run are listed after them)
HEADLINE = (
    "table.path_across_map_cold",
    "table.path_across_map_cold_unswept",
    "table.path_across_map_first",
    "table.path_across_map_cold_search",
    "table.path_across_map",
    "ai_game_s_median",
    "ai.normal_vs_normal_game_s_median",
    "ai.normal_vs_normal_game_cpu_s_median",
    "ai_decision_ms_p99_hard",
    "ai.hard_decision_cpu_ms_p99",
    "frame_ms_p99",
    "frame_ms_median",
    "blit_baseline_ms",
    "frame.demo_8x_frame_p99_ms",
    "frame.hover_frame_p99_ms",
    "frame.loop_baseline_p99_ms",
    "melee_rounds_per_s",
    "odds_5_2_cold_ms",
    "simulate_2proc_speedup",
)


def _run(tree: str, sections: list[str], quick: bool) -> dict:
    cmd = (
        [sys.executable, os.path.join(tree, "tools", "bench.py"), "--json"] + (["--quick"] if quick else []) + sections
    )
    env = dict(os.environ, PYTHONPATH=tree, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    p = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True)
    lines = [ln for ln in p.stdout.splitlines() if ln.startswith("{")]
    if not lines:
        return {"error": (p.stderr.strip().splitlines() or ["no output"])[-1]}
    return json.loads(lines[-1])


def compare(rev: str, sections: list[str], quick: bool, rounds: int = 1, out=sys.stdout) -> int:
    tmp = tempfile.mkdtemp(prefix="bench-compare-")
    tree = os.path.join(tmp, "rev")
    try:
        got = subprocess.run(
            ["git", "-C", ROOT, "worktree", "add", "--detach", tree, rev], capture_output=True, text=True
        )
        if got.returncode:
            print(f"bench --compare: cannot check out {rev!r}: {got.stderr.strip()}", file=sys.stderr)
            return 2
        for f in os.listdir(os.path.join(ROOT, "tools")):
            if f.startswith("bench") and f.endswith(".py"):
                shutil.copyfile(os.path.join(ROOT, "tools", f), os.path.join(tree, "tools", f))
        sha = subprocess.run(
            ["git", "-C", tree, "rev-parse", "--short", "HEAD"], capture_output=True, text=True
        ).stdout.strip()
        old_runs, new_runs = [], []
        for _ in range(max(1, rounds)):
            old_runs.append(_run(tree, sections, quick))
            new_runs.append(_run(ROOT, sections, quick))
    finally:
        subprocess.run(["git", "-C", ROOT, "worktree", "remove", "--force", tree], capture_output=True)
        subprocess.run(["git", "-C", ROOT, "worktree", "prune"], capture_output=True)
        try:
            os.rmdir(tmp)
        except OSError:
            pass
    old, new = _median(old_runs), _median(new_runs)
    keys = [k for k in HEADLINE if k in old or k in new]
    keys += sorted(k for k in set(old) | set(new) if k not in keys and isinstance(old.get(k, new.get(k)), (int, float)))
    print(f"{'figure':<44}{rev + ' (' + sha + ')':>20}{'working tree':>16}{'new/old':>10}", file=out)
    for k in keys:
        a, b = old.get(k), new.get(k)
        ratio = f"{b / a:10.3f}" if isinstance(a, (int, float)) and isinstance(b, (int, float)) and a else f"{'-':>10}"
        print(f"{k:<44}{_fmt(a):>20}{_fmt(b):>16}{ratio}", file=out)
    for name, res in ((rev, old), ("working tree", new)):
        for k, v in res.items():
            if k.endswith("error") or k == "error":
                print(f"{name}: {k}: {v}", file=out)
    return 0


def _median(runs: list[dict]) -> dict:
    out: dict = {}
    for k in {k for r in runs for k in r}:
        vals = [r[k] for r in runs if isinstance(r.get(k), (int, float)) and not isinstance(r.get(k), bool)]
        out[k] = statistics.median(vals) if vals else next((r[k] for r in runs if k in r), None)
    return out


def _fmt(v) -> str:
    if isinstance(v, (int, float)):
        return f"{v:,.3f}"
    return "-" if v is None else str(v)[:18]
