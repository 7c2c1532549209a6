"""Play-test metrics of one game, computed from its events alone.

`simulate --json` reports them per game and summed, so a rules change can be judged by the games it
produces: was the game decided before the turn limit, did the sides come to blows, did one morale
roll empty a side, did "To me!" calls move anybody, did the same two figures duel again and again.

What counts (every preset):
- ``decided``: the game ended with a winner for a reason other than the turn limit.
- ``melees``: mêlées fought — PYR mêlées (a round 1), ESC melees (an ESC-ENG-1 ``MeleeStarted``),
  OD6 close combats (game turns with a combat roll), RNG/INI fights (distinct attacker–defender pairs).
- ``hand_attacks``: hand-combat attacks — RNG-HAND attacks, PYR hands scored, ESC duels, OD6 pair rolls.
- ``morale_max_share``: the largest fraction of one side's starting figures removed by one morale
  roll (PYR-MOR-3 party flight after a PYR-MOR-2 test; RNG-MOR-1 flight after a failed roll).
- ``tome_calls`` / ``tome_idle``: "To me!" calls (INI-TOME-1), and those that moved nobody.
- ``duels`` / ``duel_repeats``: duels fought (PYR-DUEL) and duels beyond the first between one pair.

Everything is read from the events' classes, rules and fields, never from their words: a
"To me!" call is an INI-TOME-1 ``ActionTaken`` (action "tome") or ``Note``; a challenge is a
PYR-DUEL-1 ``Note`` about a figure, answered by the challenged figure's PYR-DUEL-1 ``Note`` (a
refusal) or PYR-DUEL-2 ``Note`` (the acceptance); the turn limit's end is ``GameOver.at_turn_limit``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

MORALE_FLIGHT_RULES = frozenset({"PYR-MOR-3", "RNG-MOR-1"})
OUT = frozenset({"fled", "captive", "knocked_down"})


def _name(ev: Any) -> str:
    return type(ev).__name__


def _is_tome_call(ev: Any) -> bool:
    if getattr(ev, "rule", "") != "INI-TOME-1":
        return False
    n = _name(ev)
    return (n == "ActionTaken" and getattr(ev, "action", "") == "tome") or n == "Note"


def game_metrics(events: Iterable[Any], side_of: Mapping[str, str], names: Mapping[str, str] | None = None) -> dict:
    """The metrics of one finished (or unfinished) game from its event log.

    ``side_of``: figure id → side for every figure at the start (gives the sides' sizes);
    ``names``: figure id → name (kept for callers; the events name figures by id).
    """
    sizes = Counter(side_of.values())
    decided = False
    winner = None
    hand_attacks = 0
    melees = 0
    fight_pairs: set[tuple[str, str]] = set()
    od6_turns: set[int] = set()
    esc_fights = 0
    turn = 0
    morale_shares: list[Fraction] = []
    cur_roll = None  # index of the latest die roll: flights after it are that roll's result
    lost_by_roll: dict[tuple[int, str], int] = {}
    tome_calls = tome_idle = 0
    tome_open = False
    tome_moved = False
    duel_pairs: Counter = Counter()
    challenger: str | None = None
    for i, ev in enumerate(events):
        n = _name(ev)
        rule = getattr(ev, "rule", "")
        if tome_open and (n == "Moved" and rule == "INI-TOME-1"):
            tome_moved = True
        elif tome_open and (
            n in ("ActionTaken", "TurnStarted", "PlayerTurnStarted", "GameOver", "DiceRolled")
            or (n == "Note" and rule != "INI-TOME-1")
        ):
            tome_open = False
            tome_idle += not tome_moved
        if _is_tome_call(ev):
            tome_calls += 1
            tome_open, tome_moved = True, False
            continue
        if n == "TurnStarted":
            turn = getattr(ev, "turn", turn)
        elif n == "DiceRolled":
            cur_roll = i
        elif n == "StatusChanged" and rule in MORALE_FLIGHT_RULES and getattr(ev, "status", "") in OUT:
            side = side_of.get(getattr(ev, "figure", ""))
            if side is not None and cur_roll is not None:
                key = (cur_roll, side)
                lost_by_roll[key] = lost_by_roll.get(key, 0) + 1
        elif n == "AttackResolved":
            hand_attacks += 1
            fight_pairs.add(tuple(sorted((ev.attacker, ev.defender))))
        elif n == "HandScored":
            hand_attacks += 1
        elif n == "MeleeRoundStarted":
            if getattr(ev, "round", 1) == 1:
                melees += 1
        elif n == "CombatRolled":
            hand_attacks += 1
            od6_turns.add(turn)
        elif n == "DuelWon":
            hand_attacks += 1
        elif n == "MeleeStarted":
            esc_fights += 1
        elif n == "Note" and rule in ("PYR-DUEL-1", "PYR-DUEL-2") and getattr(ev, "who", "") in side_of:
            who = ev.who
            if challenger is None:
                if rule == "PYR-DUEL-1":
                    challenger = who  # the challenge
            else:
                if rule == "PYR-DUEL-2":  # the challenged accepts (PYR-DUEL-1 again: refuses)
                    duel_pairs[tuple(sorted((challenger, who)))] += 1
                challenger = None
        elif n == "GameOver":
            winner = getattr(ev, "winner", None)
            decided = winner is not None and not getattr(ev, "at_turn_limit", False)
    if tome_open:
        tome_idle += not tome_moved
    for (_roll, side), k in lost_by_roll.items():
        if sizes.get(side):
            morale_shares.append(Fraction(k, sizes[side]))
    melees += len(fight_pairs) + len(od6_turns) + esc_fights
    duels = sum(duel_pairs.values())
    return {
        "decided": decided,
        "melees": melees,
        "hand_attacks": hand_attacks,
        "morale_rolls_with_flight": len(lost_by_roll),
        "morale_max_share": round(float(max(morale_shares, default=Fraction(0))), 4),
        "tome_calls": tome_calls,
        "tome_idle": tome_idle,
        "duels": duels,
        "duel_repeats": sum(v - 1 for v in duel_pairs.values() if v > 1),
        "duel_max_same_pair": max(duel_pairs.values(), default=0),
    }


def match_metrics(m: Any) -> dict:
    """``game_metrics`` of a Match (its full log and its figures)."""
    figs = m.state.figures.values()
    return game_metrics(m.log, {f.id: f.side for f in figs}, {f.id: f.name for f in figs})


class MetricsSum:
    """The summed figures, fed one game at a time (simulate's streamed summary keeps no per-game list)."""

    SUMS = ("decided", "melees", "hand_attacks", "tome_calls", "tome_idle", "duels", "duel_repeats")

    def __init__(self):
        self.n = 0
        self.sums = dict.fromkeys(self.SUMS, 0)
        self.with_hand_combat = 0
        self.within_third = 0
        self.morale_max = 0.0
        self.duel_max_same_pair = 0

    def add(self, g: dict) -> None:
        self.n += 1
        for k in self.SUMS:
            self.sums[k] += int(g[k])
        self.with_hand_combat += g["hand_attacks"] > 0
        self.within_third += g["morale_max_share"] <= 1 / 3 + 1e-9
        self.morale_max = max(self.morale_max, g["morale_max_share"])
        self.duel_max_same_pair = max(self.duel_max_same_pair, g["duel_max_same_pair"])

    def result(self) -> dict:
        n = self.n
        if not n:
            return {"games": 0}
        return {
            "games": n,
            "decided": self.sums["decided"],
            "decided_share": round(self.sums["decided"] / n, 4),
            "melees": self.sums["melees"],
            "hand_attacks": self.sums["hand_attacks"],
            "games_with_hand_combat_share": round(self.with_hand_combat / n, 4),
            "morale_max_share": self.morale_max,
            "morale_within_third_share": round(self.within_third / n, 4),
            "tome_calls": self.sums["tome_calls"],
            "tome_idle": self.sums["tome_idle"],
            "duels": self.sums["duels"],
            "duel_repeats": self.sums["duel_repeats"],
            "duel_max_same_pair": self.duel_max_same_pair,
        }


def summarise_metrics(per_game: list[dict]) -> dict:
    """Sums and shares over games (the figures the play-test targets are set on)."""
    acc = MetricsSum()
    for g in per_game:
        acc.add(g)
    return acc.result()
