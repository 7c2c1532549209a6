"""Bench section `melee`: 8 v 8 pyrates mêlée rounds per second (the preset's mêlée steps, its
whole flow, and the whole flow through the Match), and the exact hand odds.

Registered in tools/bench.py (SECTIONS); ``run(quick)`` also works on its own.
"""

from __future__ import annotations

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def _melee_match(seed: int):
    from game.match import Match
    from game.rules.model import Figure, Rank, SideInfo, WeaponClass
    from game.scenario.model import Scenario
    from game.table import TacticalMap

    figs = []
    for side, x in (("A", 10.0), ("B", 11.0)):
        for i in range(8):
            figs.append(
                Figure(
                    id=f"{side}{i}",
                    name=f"{side}{i}",
                    side=side,
                    x=x,
                    y=3.0 + i,
                    melee_class=WeaponClass.GENERAL,
                    melee_weapon="cutlass",
                    rank=Rank.CAPTAIN if i == 0 else Rank.ORDINARY,
                )
            )
    sc = Scenario(
        id="bench8",
        title="8 v 8",
        blurb="",
        map="open:24x16",
        preset="pyrates",
        sides=(SideInfo("A", "A"), SideInfo("B", "B")),
        figures=tuple(figs),
        turn_limit=50,
    )
    return Match(sc, seed=seed, tmap=TacticalMap.open_ground(24, 16), options={"cards": False})


def melee_rounds_per_second(rounds_wanted: int) -> tuple[float, float]:
    """(rounds/s through the Match with auto answers, decisions per round) on 8 v 8 line mêlées.

    Besides the rules this pays for what makes a match a record: validating each answer, a state
    hash after every decision and a snapshot at every step (for clone and replay)."""
    from game.rules.pyrates.events import MeleeRoundStarted

    rounds = decisions = 0
    spent = 0.0
    seed = 0
    clock = time.process_time  # CPU time: on a shared machine the wall clock counts waits for a core
    while rounds < rounds_wanted:
        m = _melee_match(seed)
        seed += 1
        t0 = clock()
        while not m.over and rounds < rounds_wanted:
            ev = m.apply(m.auto())
            decisions += 1
            rounds += sum(1 for e in ev if isinstance(e, MeleeRoundStarted))
        spent += clock() - t0
    return rounds / spent, decisions / max(1, rounds)


#: The pyrates preset's mêlée steps (PYR-SEQ-1): reactions after the attacker moves (PYR-REACT-1),
#: the mêlée step's start and its choice of the next mêlée, the rounds, the reactions between rounds
#: (PYR-REACT-2) and duels. Activations (moving, charging, shooting: RNG-ACT) are not mêlée.
MELEE_STEPS = frozenset({"react1", "melee_start", "melee_next", "melee_round", "melee_react", "duel"})


def melee_rounds_rules_only(rounds_wanted: int) -> tuple[float, float]:
    """(rounds/s of the preset's whole flow, rounds/s of its mêlée steps alone), without the Match's
    hashing and snapshots: steps run on a Ctx with the default answers, the same games as through
    the Match. The second figure divides the same rounds by the time spent in MELEE_STEPS."""
    from game.rules.flow import Ctx
    from game.rules.pyrates.events import MeleeRoundStarted

    rounds = 0
    spent = in_melee = 0.0
    seed = 0
    clock = time.process_time  # CPU time, as melee_rounds_per_second
    while rounds < rounds_wanted:
        m = _melee_match(seed)
        seed += 1
        ctx = Ctx(m.state.copy(), m.dice.clone(), m.table.clone(), m.scenario)
        preset = m.preset
        for _ in range(2000):
            if rounds >= rounds_wanted or ctx.state.claim is not None or ctx.state.turn > 40:
                break
            ctx.events = []
            melee_step = ctx.state.phase in MELEE_STEPS
            t0 = clock()
            gen = preset.step(ctx)
            try:
                q = next(gen)
                while True:
                    q = gen.send(q.default if q.default is not None else q.options[0])
            except StopIteration:
                pass
            dt = clock() - t0
            spent += dt
            if melee_step:
                in_melee += dt
            rounds += sum(1 for e in ctx.events if isinstance(e, MeleeRoundStarted))
            if len({f.side for f in ctx.state.figures.values() if f.in_play}) < 2:
                break
    return rounds / spent, rounds / in_melee


def run(quick: bool = False) -> dict[str, float]:
    """Three figures of the same 8 v 8 games (two lines of eight in base contact, general weapons,
    default answers), each the median of three runs, in this process's CPU time:

    * ``melee_8v8_rounds_per_s_melee`` — the headline (``melee_rounds_per_s``): mêlée rounds per
      second of the pyrates preset's mêlée steps (MELEE_STEPS: the reactions, the rounds — quotas,
      dice, taps, saves, pushbacks, tallies, morale, withdrawals — and the choice of the next mêlée);
    * ``melee_8v8_rounds_per_s_rules`` — the same rounds over the preset's whole flow, activations
      (move, charge and cover options) included;
    * ``melee_8v8_rounds_per_s_match`` — the whole flow driven through ``Match.apply(m.auto())``,
      which adds per-decision validation, state hashing and step snapshots (the record/replay cost).
    """
    from game.rules.pyrates.odds import clear_caches, hand_odds

    out: dict[str, float] = {}
    want = 150 if quick else 600
    flows = [melee_rounds_rules_only(want) for _ in range(3)]
    match = sorted(melee_rounds_per_second(want) for _ in range(3))
    out["melee_8v8_rounds_per_s_melee"] = round(sorted(f[1] for f in flows)[1], 1)
    out["melee_8v8_rounds_per_s_rules"] = round(sorted(f[0] for f in flows)[1], 1)
    out["melee_8v8_rounds_per_s_match"] = round(match[1][0], 1)
    out["melee_8v8_decisions_per_round"] = round(match[1][1], 2)
    colds = []
    for _ in range(2 if quick else 5):
        clear_caches()
        t0 = time.perf_counter()
        hand_odds(5, 2)
        colds.append((time.perf_counter() - t0) * 1000)
    out["hand_odds_5_2_cold_ms"] = round(sorted(colds)[len(colds) // 2], 3)
    n = 1000
    t0 = time.perf_counter()
    for _ in range(n):
        hand_odds(5, 2)
    out["hand_odds_5_2_cached_ms"] = round((time.perf_counter() - t0) * 1000 / n, 5)
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(run("--quick" in sys.argv), indent=1))
