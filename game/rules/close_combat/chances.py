"""Exact odds of one opposed-d6 pair for the screen and the AI (``CloseCombatRuleset.attack_odds``).

``combat_odds`` (OD6-ROLL-1) gives each (winner, kind); OD6-RES-1/2 turn them into what befalls
the loser: a triple, or a double on a piece already Disrupted, removes it; a double Disrupts it; a
simple win moves it back, and a tie moves both back.
"""

from __future__ import annotations

from fractions import Fraction

from ..ruleset import BACK, DOWN, OUT, Effect, Odds
from .odds import combat_odds
from .state import od6

ZERO = Fraction(0)


def disrupted(view, pid: str) -> bool:
    """OD6-RES-2: the piece carries a Disrupted mark (public)."""
    return pid in od6(view).disrupted


def pair_odds(view, a_id: str, b_id: str) -> Odds:
    """OD6-ROLL-1, OD6-RES-1/2: piece ``a_id`` fights ``b_id`` on their combat values."""
    a, b = view.figures[a_id], view.figures[b_id]
    odds = combat_odds(int(a.cv), int(b.cv))
    hurt = {a_id: [ZERO, ZERO, ZERO], b_id: [ZERO, ZERO, ZERO]}  # out, down, back
    win = ZERO
    for (w, kind), p in odds.items():
        if w is None:
            hurt[a_id][2] += p
            hurt[b_id][2] += p
            continue
        loser = b_id if w == "a" else a_id
        if w == "a":
            win += p
        if kind == "triple" or (kind == "double" and disrupted(view, loser)):
            hurt[loser][0] += p
        elif kind == "double":
            hurt[loser][1] += p
        else:
            hurt[loser][2] += p
    effects = tuple(Effect(f, ((OUT, o), (DOWN, d), (BACK, k))) for f, (o, d, k) in hurt.items())
    return Odds(rule="OD6-ROLL-1", success=win, effects=effects, dice="d6 v d6")
