"""INI-SEIZE-1..5 seizing the initiative, INI-MEL-2 melee on a natural 1–3.

Seize test (INI-SEIZE-1): 1d20 + leadership factor (leaders only) + tactical factors ≥ the
nominee's base rate (roll-over, GEN-DICE-2). **Decision:** natural 20 and natural 1 have no special
effect on success — the source states only the plain formula ("to equal or beat") and gives the
natural 1–3 melee side effect (INI-MEL-2), which leaves the seize result unchanged. So the chance
is clamped to [0, 1]: a rate of 22 with no bonus cannot succeed; a total bonus of +15 against
rate 16 always does.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from ..dice import Dice
from ..events import DiceRolled
from ..implements import implements
from .config import InitiativeConfig

MEDIUM_RANGE = 10.0
MELEE_NATURALS = frozenset({1, 2, 3})
MAX_NOMINABLE_RATE = 20


class SeizeRoll(NamedTuple):
    """A resolved seize attempt: the event, success, and whether every figure in contact now
    fights a melee round (INI-MEL-2, resolved before the seize result applies)."""

    roll: DiceRolled
    success: bool
    melee_round: bool


@implements("INI-SEIZE-2")
def tactical_factors(
    config: InitiativeConfig,
    *,
    can_engage: bool = False,
    can_reach_objective: bool = False,
    can_shoot_within_medium: bool = False,
    shooting_counters: int = 0,
    destination_out_of_los: bool = False,
    engaged: bool = False,
    can_break_off: bool = False,
    order_card: int = 0,
) -> int:
    """INI-SEIZE-2: +2 if the nominee can engage in melee or reach its objective in one move
    (path ≤ move allowance), or shoot within medium range (≤ 10", RNG effective range) — +2 once
    however many hold; +2 per shooting counter held (INI-SEIZE-3); −2 destination out of line of
    sight; −4 engaged in melee unless it can break off automatically (every enemy in contact is
    across an obstacle); ``order_card``: the order card's bonus (INI-ORD-1, ``orders.order_bonus``).
    The counters' amount is ``config.counter_bonus``."""
    if shooting_counters < 0:
        raise ValueError("shooting counters must be ≥ 0")
    f = 2 if (can_engage or can_reach_objective or can_shoot_within_medium) else 0
    f += config.counter_bonus * shooting_counters
    f -= 2 if destination_out_of_los else 0
    f -= 4 if (engaged and not can_break_off) else 0
    f += order_card
    return f


def within_medium_range(range_in: float) -> bool:
    """INI-SEIZE-2 digital ruling: medium range = RNG effective range, ≤ 10" (to within 1e-6 in, the
    rules' measuring tolerance)."""
    return range_in <= MEDIUM_RANGE + 1e-6


def automatic_break_off(contacts_across_obstacle: list[bool]) -> bool:
    """INI-SEIZE-2 digital ruling: a figure can break off automatically when every enemy in
    contact with it is across an obstacle (and at least one enemy is in contact)."""
    return bool(contacts_across_obstacle) and all(contacts_across_obstacle)


@implements("INI-SEIZE-4")
def can_nominate(rate: int) -> bool:
    """INI-SEIZE-4 digital ruling: figures rated 21–22 (Rubbish, Sub-human) cannot be nominated."""
    return rate <= MAX_NOMINABLE_RATE


def seize_succeeds(natural: int, base_rate: int, leadership: int = 0, factors: int = 0) -> bool:
    """INI-SEIZE-1: natural + leadership + factors ≥ base rate; no natural face is special."""
    return natural + leadership + factors >= base_rate


def seize_odds(base_rate: int, leadership: int = 0, factors: int = 0) -> Fraction:
    """Exact chance that 1d20 + leadership + factors ≥ base_rate, in [0, 1]."""
    return Fraction(sum(seize_succeeds(n, base_rate, leadership, factors) for n in range(1, 21)), 20)


@implements("INI-MEL-2")
def melee_round_triggered(natural: int) -> bool:
    """INI-MEL-2: a seize roll showing natural 1, 2 or 3 makes every figure in contact fight a round."""
    return natural in MELEE_NATURALS


@implements("INI-SEIZE-1")
def roll_seize(dice: Dice, base_rate: int, leadership: int = 0, factors: int = 0, *, who: str = "") -> SeizeRoll:
    """INI-SEIZE-1 / INI-MEL-2: roll the seize attempt."""
    ev = dice.roll(
        "INI-SEIZE-1",
        who=who,
        purpose="seize the initiative",
        sides=20,
        modifier=leadership + factors,
        target=base_rate,
        roll_under=False,
    )
    return SeizeRoll(ev, bool(ev.success), melee_round_triggered(ev.faces[0]))


# -- INI-SEIZE-3 counters ------------------------------------------------------------------------
def counters_after_shooting(opponent_counters: int, *, reactive: bool = False, actions: int = 1) -> int:
    """INI-SEIZE-3: each shooting action hands the shooter's opponent 1 counter (a volley is one
    action, INI-VOLLEY-1; the shot that seized the initiative counts). Digital ruling: reactive
    shots (INI-RSHOOT) give none."""
    return opponent_counters + (0 if reactive else actions)


def counters_after_seize_attempt(counters: int) -> int:
    """INI-SEIZE-3 digital ruling: all held counters are spent on the next seize roll, success or not."""
    return 0
