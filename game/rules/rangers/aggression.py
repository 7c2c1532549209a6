"""RNG-AP-1 aggression points (optional rule)."""

from __future__ import annotations

from ..dice import Dice
from ..events import DiceRolled
from ..implements import implements

MAX_PER_ROLL = 2


def roll_aggression_points(dice: Dice, who: str = "") -> DiceRolled:
    """RNG-AP-1: each player rolls 1d6 at game start; the face is its aggression points."""
    return dice.roll("RNG-AP-1", who=who, purpose="aggression points", sides=6)


def ap_problem(spend: int, available: int) -> str | None:
    """RNG-AP-1: why a spend is illegal, or None. Declared before the roll; at most 2 per roll
    (digital ruling); never more than the player has left."""
    if spend < 0:
        return "cannot spend a negative number of aggression points (RNG-AP-1)"
    if spend > MAX_PER_ROLL:
        return f"at most {MAX_PER_ROLL} aggression points per roll (RNG-AP-1)"
    if spend > available:
        return f"only {available} aggression points left (RNG-AP-1)"
    return None


@implements("RNG-AP-1")
def apply_ap(total: int, spend: int, *, roll_under: bool = True) -> int:
    """RNG-AP-1 digital ruling: each point shifts the roll's total by 1 in the spender's favour
    (down for roll-under tests and wound rolls, up for roll-over and roll-offs). Natural faces are
    unchanged, so natural-face rules (RNG-HAND-1 natural 1 and 20) still apply."""
    return total - spend if roll_under else total + spend
