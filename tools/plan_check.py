"""How well the hard level's model of the table agrees with the engine (game/ai/planner.py).

    python tools/plan_check.py [--scenarios boarding_action,forest_clearing] [--states 200]
                               [--seeds 20] [--seed 4001] [--json PATH]

Real mid-game states come from normal-v-normal games (match seeds ``--seed`` on, every
``EVERY``-th planned question from game turn 2 on). At each, the plan is hard's choice for the
activating figure; the model predicts the deciding side's evaluation at the end of the enemy's
reply (``planner.predicted``). The engine plays the same plan on ``--seeds`` copies of the match,
each with new dice and the hidden cards re-dealt (``Match.clone_redealt``): the figure's option,
then the side ends its player-turn (the model's plan moves only that figure), the enemy's reply
and every question between are answered by normal, until the enemy's player-turn is over; the
evaluation there is averaged. Prints Pearson's r and the mean error (engine − model) of the
values, and r of the changes from the state's own evaluation. ``--overrides N`` instead takes N
questions where hard's choice differs from normal's and sets the model's predicted gain of hard's
option over normal's against the engine's (the same dice seeds for both options).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: one planned question in this many is taken as a state (spreads them over the games)
EVERY = 4
#: decisions a reply may take before the playout is cut (a guard, never reached in practice)
MOST = 2000


def pearson(xs: list[float], ys: list[float]) -> float:
    if len(xs) < 2:
        return float("nan")
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else float("nan")


def _ctx(ctl, match):
    """The context hard's controller would build for the match's question (its public view)."""
    from game.ai.levels import Ctx
    from game.ai.scripted import PublicMatch

    ask = match.pending
    view = PublicMatch(match, ask.side)
    return Ctx(view, ask, ctl.evaluator(view, ask.side), ctl.rng)


def engine_value(match, decision, side: str, ev, seed: int) -> float:
    """The side's evaluation once ``decision`` is carried out, the side has ended its player-turn
    and the enemy has played its reply (normal on both sides' questions), on new dice."""
    from game.ai.controller import make_controller

    m = match.clone_redealt(side, seed)
    m.apply(decision)
    normal = make_controller("normal", seed)
    reply_turn = None  # the game turn of the enemy's player-turn once it has begun
    for _ in range(MOST):
        if m.over:
            break
        active = m.state.active
        if reply_turn is None and active is not None and active != side:
            reply_turn = m.state.turn
        elif reply_turn is not None and (active is None or active == side or m.state.turn != reply_turn):
            break
        p = m.pending
        assert p is not None, "a match not over has a question"
        if p.side == side and p.kind == "activate" and active == side:
            d = next((o for o in p.options if o.kind == "pass"), None) or normal.decide(m)
        else:
            d = normal.decide(m)
        m.apply(d)
    return ev(m.state)


def states(scenario: str, count: int, seed0: int, every: int = EVERY):
    """(match, hard controller) at real mid-game questions the planner answers."""
    from game.ai import planner
    from game.ai.controller import make_controller
    from game.ai.simulate import ai_seed, load_scenario_ref
    from game.match.match import Match

    sc = load_scenario_ref(scenario)
    got = 0
    g = 0
    while got < count and g < 400:
        seed = seed0 + g
        g += 1
        m = Match(sc, seed=seed)
        sides = [s.id for s in sc.sides]
        ctl = {s: make_controller("normal", ai_seed(seed, i)) for i, s in enumerate(sides)}
        hard = make_controller("hard", seed)
        n = 0
        while not m.over and got < count:
            p = m.pending
            assert p is not None, "a match not over has a question"
            if m.state.turn >= 2 and len(p.options) > 1:
                ctx = _ctx(hard, m)
                if planner.plans(ctx):
                    n += 1
                    if n % every == 0:
                        got += 1
                        yield m, hard
            m.apply(ctl[p.side].decide(m))


def check(scenario: str, count: int, seeds: int, seed0: int) -> dict:
    from game.ai import planner
    from game.ai.levels import score_options

    pred, eng, base = [], [], []
    t0 = time.process_time()
    for m, hard in states(scenario, count, seed0):
        ctx = _ctx(hard, m)
        scores = score_options("normal", ctx)
        d = ctx.ask.options[planner.choose(ctx, scores)]
        pred.append(planner.predicted(ctx, d))
        base.append(ctx.base)
        vals = [engine_value(m, d, ctx.side, ctx.ev, 7919 * k + 17) for k in range(seeds)]
        eng.append(statistics.fmean(vals))
    dp = [p - b for p, b in zip(pred, base)]
    de = [e - b for e, b in zip(eng, base)]
    return {
        "scenario": scenario,
        "states": len(pred),
        "seeds": seeds,
        "r": round(pearson(pred, eng), 3),
        "mean_error": round(statistics.fmean(e - p for p, e in zip(pred, eng)), 3) if pred else None,
        "mean_abs_error": round(statistics.fmean(abs(e - p) for p, e in zip(pred, eng)), 3) if pred else None,
        "r_change": round(pearson(dp, de), 3),
        "mean_change_model": round(statistics.fmean(dp), 3) if dp else None,
        "mean_change_engine": round(statistics.fmean(de), 3) if de else None,
        "cpu_s": round(time.process_time() - t0, 1),
    }


def overrides(scenario: str, count: int, seeds: int, seed0: int) -> dict:
    """Where hard's choice differs from normal's: the model's predicted gain of hard's option over
    normal's against the engine's mean gain (same seeds for both options, so the dice they share
    cancel), over ``count`` such questions."""
    from game.ai import planner
    from game.ai.levels import score_options

    pred, eng = [], []
    t0 = time.process_time()
    for m, hard in states(scenario, 100 * count, seed0, every=1):
        ctx = _ctx(hard, m)
        scores = score_options("normal", ctx)
        opts = ctx.ask.options
        h = opts[planner.choose(ctx, scores)]
        n = opts[max(range(len(opts)), key=lambda i: scores[i])]
        if h == n:
            continue
        pred.append(planner.predicted(ctx, h) - planner.predicted(ctx, n))
        ks = [7919 * k + 17 for k in range(seeds)]
        eng.append(
            statistics.fmean(
                engine_value(m, h, ctx.side, ctx.ev, k) - engine_value(m, n, ctx.side, ctx.ev, k) for k in ks
            )
        )
        if len(pred) >= count:
            break
    se = statistics.stdev(eng) / math.sqrt(len(eng)) if len(eng) > 1 else float("nan")
    return {
        "scenario": scenario,
        "questions": len(pred),
        "seeds": seeds,
        "r": round(pearson(pred, eng), 3),
        "model_gain": round(statistics.fmean(pred), 3) if pred else None,
        "engine_gain": round(statistics.fmean(eng), 3) if eng else None,
        "engine_gain_se": round(se, 3),
        "cpu_s": round(time.process_time() - t0, 1),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scenarios", default="boarding_action,forest_clearing")
    ap.add_argument("--states", type=int, default=200, help="states per scenario")
    ap.add_argument("--seeds", type=int, default=20, help="engine dice seeds per state")
    ap.add_argument("--seed", type=int, default=4001, help="first match seed of the games the states come from")
    ap.add_argument("--json", default=None)
    ap.add_argument(
        "--overrides", type=int, default=0, help="instead: N questions where hard's choice differs from normal's"
    )
    a = ap.parse_args(argv)
    if a.overrides:
        rows = [overrides(s.strip(), a.overrides, a.seeds, a.seed) for s in a.scenarios.split(",") if s.strip()]
        print("| scenario | questions | seeds | r (gain) | model gain | engine gain (± SE) | cpu s |")
        print("|---|---|---|---|---|---|---|")
        for r in rows:
            print(
                f"| {r['scenario']} | {r['questions']} | {r['seeds']} | {r['r']} | {r['model_gain']} | "
                f"{r['engine_gain']} ± {r['engine_gain_se']} | {r['cpu_s']} |"
            )
        if a.json:
            Path(a.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")
        return 0
    rows = [check(s.strip(), a.states, a.seeds, a.seed) for s in a.scenarios.split(",") if s.strip()]
    print("| scenario | states | seeds | r (value) | mean error | mean abs error | r (change) | cpu s |")
    print("|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['scenario']} | {r['states']} | {r['seeds']} | {r['r']} | {r['mean_error']} | "
            f"{r['mean_abs_error']} | {r['r_change']} | {r['cpu_s']} |"
        )
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
