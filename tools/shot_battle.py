#!/usr/bin/env python3
"""Screenshot of a battle in progress, for docs/: a seeded AI-v-AI game of a scenario is played up to
a mêlée tap, then shown in the window (solo, the tapping side at the screen) with a mêlée
participant's figure card pinned and the objective bar.

  python tools/shot_battle.py --size 1920x1080 --out docs/battle_1920.png [--scenario boarding_action]
Run under Xvfb (xvfb-run -a -s "-screen 0 2560x1440x24" …) or with SDL_VIDEODRIVER=dummy.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))


def _stop(m, ask: str) -> bool:
    p = m.pending
    if ask == "tap":
        return p.kind == "tap" and bool(p.info.get("tappers"))
    return p.kind == ask


def _participant(m) -> str:
    for ev in reversed(m.log):
        if type(ev).__name__ == "MeleeRoundStarted":
            return ev.sides[0][1][0]
    return next(iter(m.state.figures))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--out", required=True)
    ap.add_argument("--scenario", default="boarding_action")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--frames", type=int, default=20)
    ap.add_argument(
        "--ask",
        default="tap",
        help="stop at this question: tap (a mêlée in progress) or withdraw (after a round's tally)",
    )
    a = ap.parse_args(argv)
    w, h = (int(v) for v in a.size.lower().split("x"))

    from game.ai import make_controller
    from game.match import Match
    from game.ui.scenes.app import App
    from game.ui.scenes.battle import BattleScene

    app = App((w, h))
    sc = app.find_scenario(a.scenario)
    for seed in range(a.seed, a.seed + 40):
        m = Match(sc, seed=seed)
        ctl = {s.id: make_controller("easy", seed * 10 + i) for i, s in enumerate(sc.sides)}
        n = 0
        while not m.over and n < 3000 and not _stop(m, a.ask):
            p = m.pending
            assert p is not None, "a match not over has a question"
            m.apply(ctl[p.side].decide(m))
            n += 1
        if not m.over and _stop(m, a.ask):
            break
    else:
        print("no mêlée reached", file=sys.stderr)
        return 1
    p = m.pending
    assert p is not None, "stopped at the question asked for"
    side = p.side
    scene = BattleScene(app, m, mode="solo", human=side, ai="easy")
    app.reset_to(scene)
    tapper = min(p.info.get("tappers") or [""]) or _participant(m)
    scene.card_pin = tapper
    app.run(frames=a.frames, screenshot=a.out)
    print(f"{a.out}: {sc.title}, seed {seed}, {side} to tap with {tapper}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
