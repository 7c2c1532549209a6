"""Replay section of tools/bench.py: jumping to any moment of a long record.

On the 18-turn boarding record of tests/data/records (429 decisions), CPU time:

* ``timeline_build_s``: laying the record out once (a hash-checked replay plus a clone every 25
  decisions), what opening a replay costs;
* ``jump_ms_median`` / ``jump_ms_max``: ``Timeline.at(k)`` for every position ``k`` in a shuffled
  order (the nearest snapshot, then forward, hash-checked); goal: the max under 500 ms;
* ``scene_jump_ms_max``: the replay scene's own jump (``ReplayScene.goto``: the position, the log
  panel and the dice panel rebuilt) to positions across the game, dummy video driver;
* ``from_start_ms_max``: the same-run baseline, replaying from the start to the furthest position
  (what every step back cost before the timeline); ``jump_speedup`` = from_start / jump max;
* ``snapshots_mb``: Python memory the timeline holds (tracemalloc), goal ≤ 100 MB for a 15-turn game.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "data" / "records" / "boarding_action_seed11.json"


def _cpu_ms(fn) -> float:
    t0 = time.process_time()
    fn()
    return (time.process_time() - t0) * 1000


def run(quick: bool) -> dict[str, float | str]:
    import tracemalloc

    from game.match import load_record, replay
    from game.match.timeline import Timeline

    rec = load_record(RECORD)
    Timeline(rec)  # the scenario and map loaded once, as the game has them when a replay opens
    t0 = time.process_time()
    tl = Timeline(rec)
    build = time.process_time() - t0
    positions = list(range(tl.last + 1))
    random.Random(1).shuffle(positions)
    if quick:
        positions = positions[:60]
    jumps = [_cpu_ms(lambda k=k: tl.at(k)) for k in positions]
    base = _cpu_ms(lambda: replay(rec, verify=True, upto=tl.last))
    tracemalloc.start()
    held = Timeline(rec)
    mem = tracemalloc.get_traced_memory()[0] / 1e6
    tracemalloc.stop()
    del held
    out: dict[str, float | str] = {
        "record_decisions": float(tl.last),
        "record_turns": float(tl.turns()[-1]),
        "timeline_build_s": round(build, 3),
        "jump_ms_median": round(statistics.median(jumps), 2),
        "jump_ms_max": round(max(jumps), 2),
        "from_start_ms_max": round(base, 1),
        "jump_speedup": round(base / max(jumps), 1),
        "snapshots_mb": round(mem, 1),
        "snapshot_count": float(tl.snapshot_count),
    }
    out.update(_scene_jumps(rec, tl, quick))
    return out


def _scene_jumps(rec, tl, quick: bool) -> dict[str, float | str]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        from game.ui.app import App
        from game.ui.scenes.replay import ReplayScene
    except Exception as e:  # noqa: BLE001 - a tree without the replay scene (bench --compare REV)
        return {"scene_error": f"{type(e).__name__}: {e}"}
    app = App((1280, 720))
    try:
        sc = ReplayScene(app, rec, timeline=tl)
        app.reset_to(sc)
        app.step([], 1 / 60)
        targets = [tl.last, 0, tl.last // 2, 24, tl.last - 1, 3 * tl.last // 4, 1, tl.last // 3]
        targets += random.Random(2).sample(range(tl.last + 1), 4 if quick else 24)
        times = []
        for k in targets:
            times.append(_cpu_ms(lambda k=k: sc.goto(k)))
            app.step([], 1 / 60)
        return {"scene_jump_ms_median": round(statistics.median(times), 2), "scene_jump_ms_max": round(max(times), 2)}
    finally:
        app.quit()
