"""RNG-TURN-1 who goes first and RNG-MOT-1/2 motivation (RNG-MOR-1 lives in morale.py).

Motivation is a roll-under d6 test (GEN-DICE-2): success if the modified roll ≤ 3, or ≤ 2 for a
wounded figure (RNG-WND-2); the targets and the leaders' ranges are ``RangersConfig`` fields. The source gives no natural-face rule for motivation, so none applies:
a modified total ≤ the target passes whatever the face.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any

from ..dice import Dice
from ..events import DiceRolled
from ..implements import implements
from .aggression import apply_ap
from .config import RANGERS, RangersConfig
from .geometry import Disc, edge_distance
from .profiles import normalise_type
from .traits import normalise_traits


class Motivation(str, enum.Enum):
    """Where a figure stands in its own player-turn (RNG-MOT-1/3/4)."""

    NOT_ROLLED = "not_rolled"
    """Not yet rolled for (may still roll, or retaliate instead, RNG-MOT-4)."""
    PASSED = "passed"
    """Rolled and succeeded: one action."""
    FAILED = "failed"
    """Rolled and failed: only the RNG-MOT-3 options."""
    EXEMPT = "exempt"
    """Leader or Civilian: acts without a roll (RNG-MOT-1)."""


# -- RNG-TURN-1 --------------------------------------------------------------------------------
def initiative_bonus(traits_of_side: Iterable[Iterable[str]]) -> int:
    """RNG-TURN-1 / RNG-TRAIT-1: +1 to the side's turn roll if one of its figures in play is a
    Legendary Leader (pass the traits of the side's figures still in play). Not cumulative."""
    return 1 if any("legendary_leader" in normalise_traits(t) for t in traits_of_side) else 0


def side_initiative_bonus(figures: Iterable[Any]) -> int:
    """RNG-TURN-1 for ``Figure`` objects: only figures in play count."""
    return initiative_bonus(f.traits for f in figures if getattr(f, "in_play", True))


def roll_first_player(dice: Dice, bonuses: Mapping[str, int]) -> tuple[str, list[DiceRolled]]:
    """RNG-TURN-1: each side rolls 1d6 + bonus, ties reroll, highest takes the first player-turn."""
    return dice.roll_off("RNG-TURN-1", list(bonuses), sides=6, bonus=dict(bonuses))


def first_player_odds(bonus_a: int = 0, bonus_b: int = 0, sides: int = 6) -> Fraction:
    """RNG-TURN-1: exact chance side A goes first (ties reroll, so P(A>B) / (1 − P(tie)))."""
    wins = ties = 0
    for a in range(1, sides + 1):
        for b in range(1, sides + 1):
            ta, tb = a + bonus_a, b + bonus_b
            wins += ta > tb
            ties += ta == tb
    return Fraction(wins, sides * sides - ties)


# -- RNG-MOT-1/2 -------------------------------------------------------------------------------
def needs_motivation_roll(type_: str, traits: Iterable[str] = ()) -> bool:
    """RNG-MOT-1: Leaders (either trait) and Civilians act without a motivation roll."""
    if normalise_type(type_) == "civilian":
        return False
    return not (normalise_traits(traits) & {"leader", "legendary_leader"})


def motivation_target(wounded: bool = False, config: RangersConfig = RANGERS) -> int:
    """RNG-MOT-1 / RNG-WND-2: success if the modified d6 ≤ 3, or ≤ 2 when wounded (``config``'s
    ``motivation_target`` and ``wounded_motivation_target``)."""
    return config.wounded_motivation_target if wounded else config.motivation_target


@implements("RNG-MOT-2")
def motivation_modifier(
    *, leader_within_6: bool = False, legendary_within_12: bool = False, initiative: bool = False
) -> int:
    """RNG-MOT-2: −1 if a friendly Leader is within 6" or a Legendary Leader within 12" (not
    cumulative: the best single leader applies), −1 for the figure's own Initiative trait."""
    return -(1 if (leader_within_6 or legendary_within_12) else 0) - (1 if initiative else 0)


def leader_reach(traits: Iterable[str], config: RangersConfig = RANGERS) -> float | None:
    """RNG-MOT-2: how far a friend with these traits steadies a figure — a Legendary Leader's range,
    else a Leader's, else None (not a leader)."""
    t = normalise_traits(traits)
    if "legendary_leader" in t:
        return config.legendary_leader_range
    return config.leader_range if "leader" in t else None


def leader_in_range(
    fig: Disc,
    friends: Iterable[Any],
    config: RangersConfig = RANGERS,
    distance: Callable[[Any], float] | None = None,
) -> bool:
    """RNG-MOT-2: is a friendly in-play Leader within 6" or Legendary Leader within 12" (edge to
    edge, GEO-DIST-1) of fig? ``friends`` are Figure-like objects with traits; fig itself is
    ignored. ``distance(friend)`` measures on the table (levels included); by default the plain
    coordinates' edge distance."""
    fid = getattr(fig, "id", None)
    for f in friends:
        if f is fig or (fid is not None and getattr(f, "id", None) == fid) or not getattr(f, "in_play", True):
            continue
        reach = leader_reach(f.traits, config)
        if reach is not None and (distance(f) if distance else edge_distance(fig, f)) <= reach + 1e-9:
            return True
    return False


def figure_motivation_modifier(fig: Any, friends: Iterable[Any], config: RangersConfig = RANGERS) -> int:
    """RNG-MOT-2 for a Figure among its side's figures."""
    return motivation_modifier(
        leader_within_6=leader_in_range(fig, friends, config),
        initiative="initiative" in normalise_traits(fig.traits),
    )


def motivation_passes(
    natural: int, *, wounded: bool = False, modifier: int = 0, ap: int = 0, config: RangersConfig = RANGERS
) -> bool:
    """RNG-MOT-1: natural d6 + modifier − aggression points (RNG-AP-1) ≤ target."""
    return natural + modifier - ap <= motivation_target(wounded, config)


def motivation_odds(
    *, wounded: bool = False, modifier: int = 0, ap: int = 0, config: RangersConfig = RANGERS
) -> Fraction:
    """Exact chance a motivation roll succeeds."""
    return Fraction(
        sum(motivation_passes(n, wounded=wounded, modifier=modifier, ap=ap, config=config) for n in range(1, 7)), 6
    )


@implements("RNG-MOT-1")
def roll_motivation(
    dice: Dice,
    *,
    who: str = "",
    wounded: bool = False,
    modifier: int = 0,
    ap: int = 0,
    config: RangersConfig = RANGERS,
) -> DiceRolled:
    """RNG-MOT-1: roll 1d6 for motivation; the event's ``success`` is the result."""
    return dice.roll(
        "RNG-MOT-1",
        who=who,
        purpose="motivation",
        sides=6,
        modifier=apply_ap(modifier, ap),
        target=motivation_target(wounded, config),
        roll_under=True,
    )
