"""RNG-SPEC-1 special actions (scenario-defined)."""

from __future__ import annotations

from fractions import Fraction

from ..dice import Dice
from ..events import DiceRolled
from ..implements import implements
from .aggression import apply_ap


def special_action_target(av: int, difficulty: int = 0) -> int:
    """RNG-SPEC-1: a special action test (e.g. forcing a door) succeeds on 1d20 ≤ AV modified by the
    scenario's difficulty (door strength): target = AV − difficulty. No natural-face rule applies
    (the source gives none), so a target ≥ 20 always succeeds and ≤ 0 never does."""
    return int(av) - int(difficulty)


def special_action_odds(av: int, difficulty: int = 0, *, ap: int = 0) -> Fraction:
    t = special_action_target(av, difficulty) + ap
    return Fraction(max(0, min(20, t)), 20)


@implements("RNG-SPEC-1")
def roll_special_action(
    dice: Dice, av: int, difficulty: int = 0, *, who: str = "", purpose: str = "special action", ap: int = 0
) -> DiceRolled:
    """RNG-SPEC-1: roll the test; the event's ``success`` is the result."""
    return dice.roll(
        "RNG-SPEC-1",
        who=who,
        purpose=purpose,
        sides=20,
        modifier=apply_ap(0, ap),
        target=special_action_target(av, difficulty),
        roll_under=True,
    )


def actions_needed(kind: str, scenario_actions: dict[str, int] | None = None) -> int:
    """RNG-SPEC-1: how many actions a special action takes (scenario table; scalping 1; default 1)."""
    table = {"scalp": 1, "scalping": 1}
    table.update(scenario_actions or {})
    n = table.get(kind, 1)
    if n < 1:
        raise ValueError(f"special action {kind!r} must take at least one action")
    return n
