"""Report section of tools/bench.py: what the page after a battle costs, on the 18-turn boarding
record of tests/data/records (429 decisions), CPU time:

* ``after_action_s``: building the after-action report (one replay of the record, the strength of
  each side after every decision, moments, each figure's part, every roll's luck), on the results
  page's thread;
* ``replay_s``: the same-run baseline, replaying the record without the report;
  ``after_action_over_replay`` = after_action_s / replay_s;
* ``why_ms``: the "Why?" of every rolled event of the record (``Ruleset.roll_parts`` and its words),
  per event;
* ``whatif_game_s``: one "What happens next?" game from decision 250 at the random level (its
  start re-dealt and played to its end), median of a few seeds.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "data" / "records" / "boarding_action_seed11.json"


def _cpu(fn) -> float:
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def run(quick: bool) -> dict[str, float | str]:
    from game.match import load_record, replay
    from game.report.after_action import build

    rec = load_record(RECORD)
    n = 1 if quick else 3
    rep = statistics.median(_cpu(lambda: build(rec)) for _ in range(n))
    base = statistics.median(_cpu(lambda: replay(rec, verify=False)) for _ in range(n))
    out: dict[str, float | str] = {
        "after_action_s": round(rep, 3),
        "replay_s": round(base, 3),
        "after_action_over_replay": round(rep / base, 2) if base else 0.0,
    }
    try:
        from game.ui.why_words import lines
    except ImportError:  # a tree without the "Why?" (bench --compare REV)
        return out
    m = replay(rec, verify=False).match
    rolled = [ev for ev in m.log if m.ruleset.roll_parts(ev) is not None]
    t = _cpu(lambda: [lines(ev, m) for ev in rolled])
    out["why_ms"] = round(1000 * t / max(1, len(rolled)), 3)
    from game.ai.whatif import play_on, start_of

    text = rec.dumps()
    ask = replay(rec, verify=False, upto=250).match.pending
    assert ask is not None, "the boarding record is still being played at decision 250"
    side = ask.side
    start_of(text, 250, side, 1)  # the moment, laid out once as a run does
    games = [
        _cpu(lambda s=s: play_on(start_of(text, 250, side, s), s, {"pirates": "random", "merchants": "random"}))
        for s in range(2 if quick else 5)
    ]
    out["whatif_game_s"] = round(statistics.median(games), 3)
    return out
