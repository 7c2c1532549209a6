"""RNG-HAND-1..5 hand combat: hit target, criticals, rear attacks, split DV, escaping, obstacles.

Hit rule (RNG-HAND-1): roll 1d20; a natural 1 always hits and is a critical (−2 on the wound
roll); a natural 20 always misses; any other face hits if it is ≤ AV − DV. So the target AV − DV
is returned raw (it may be ≤ 1 or ≥ 20): with a target ≤ 1 only the natural 1 hits, with a target
≥ 19 every face but 20 hits.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple

from ..dice import Dice
from ..events import DiceRolled
from ..implements import implements
from .aggression import apply_ap
from .geometry import Disc, arc_of, bearing, within

MAX_SPLIT = 3
FLEE_FREE_ATTACK_RANGE = 1.0


class HitRoll(NamedTuple):
    """A resolved d20 attack roll: the event, whether it hit, and whether it is a critical."""

    roll: DiceRolled
    hit: bool
    critical: bool


# -- RNG-HAND-1 --------------------------------------------------------------------------------
@implements("RNG-HAND-1")
def hand_combat_target(av: int, dv: int) -> int:
    """RNG-HAND-1: the raw target AV − DV; hit if the natural d20 ≤ it, except that a natural 1
    always hits (critical) and a natural 20 always misses, whatever the target."""
    return int(av) - int(dv)


def hand_combat_hits(natural: int, av: int, dv: int, ap: int = 0) -> bool:
    """RNG-HAND-1 for one natural face; aggression points (RNG-AP-1) lower the total, never the face."""
    if natural == 1:
        return True
    if natural == 20:
        return False
    return natural - ap <= hand_combat_target(av, dv)


def is_critical(natural: int) -> bool:
    """RNG-HAND-1: a true one is always a critical hit (−2 wound roll)."""
    return natural == 1


def hand_combat_odds(av: int, dv: int, crit: bool = False, *, ap: int = 0) -> Fraction:
    """Exact chance of a hand-combat hit (``crit=False``) or of a critical hit (``crit=True``, always
    1/20: every natural 1 is a critical)."""
    if crit:
        return Fraction(1, 20)
    return Fraction(sum(hand_combat_hits(n, av, dv, ap) for n in range(1, 21)), 20)


def roll_hand_combat(dice: Dice, av: int, dv: int, *, who: str = "", ap: int = 0) -> HitRoll:
    """RNG-HAND-1: roll the attack; returns the event, hit and critical."""
    ev = dice.roll(
        "RNG-HAND-1",
        who=who,
        purpose="hand combat",
        sides=20,
        modifier=apply_ap(0, ap),
        target=hand_combat_target(av, dv),
        roll_under=True,
        natural_pass={1},
        natural_fail={20},
    )
    return HitRoll(ev, bool(ev.success), bool(ev.success) and is_critical(ev.faces[0]))


# -- RNG-HAND-2 --------------------------------------------------------------------------------
@implements("GEN-ROUND-1")
def halve_round_up(value: int) -> int:
    """GEN-ROUND-1: halve, rounding up."""
    return math.ceil(value / 2)


def rear_attack(defender: Disc, facing: float, attacker: Disc, first_attacker: Disc | None) -> bool:
    """RNG-HAND-2 digital ruling: the defender faces its first attacker of the enemy player-turn;
    a later attacker in its rear arc (GEO-FACE-1) while that first attacker is still within 1"
    attacks at halved DV. ``facing`` is the defender's facing after turning to the first attacker."""
    if first_attacker is None or first_attacker is attacker or first_attacker == attacker:
        return False
    return arc_of(defender, facing, attacker) == "rear" and within(defender, first_attacker, 1.0)


def face_towards(defender: Disc, attacker: Disc) -> float:
    """RNG-HAND-2: defenders turn to face an attacker for free (unless fleeing)."""
    return bearing(defender, attacker)


@implements("RNG-HAND-2")
def effective_dv(share: int, *, rear: bool = False, fleeing: bool = False) -> int:
    """RNG-HAND-2/4: the DV an attacker faces: the share of DV the defender gave it, halved
    (round up) from the rear while frontally engaged or when the defender flees."""
    return halve_round_up(share) if (rear or fleeing) else share


# -- RNG-HAND-3 --------------------------------------------------------------------------------
def dv_share_options(remaining: int, attackers_so_far: int) -> range:
    """RNG-HAND-3: the shares the defender may give the next attacker. Attackers 1–3 may get any
    part of the remaining budget; a 4th or later attacker faces DV 0."""
    if attackers_so_far >= MAX_SPLIT:
        return range(0, 1)
    return range(0, max(0, remaining) + 1)


@implements("RNG-HAND-3")
def auto_dv_share(remaining: int, attackers_so_far: int, pending_enemies: int) -> int:
    """RNG-HAND-3 auto policy: ceil(remaining ÷ k), k = enemies within 3" that have not attacked
    yet (this attacker included), capped at 3 − attackers so far, min 1; 4th+ attacker: 0."""
    if attackers_so_far >= MAX_SPLIT or remaining <= 0:
        return 0
    k = max(1, min(pending_enemies, MAX_SPLIT - attackers_so_far))
    return math.ceil(remaining / k)


# -- RNG-HAND-4 --------------------------------------------------------------------------------
ESCAPE_OPTIONS = ("stay", "retreat", "flee")
"""RNG-HAND-4: instead of retaliating, stay still, retreat 2" facing the opponents, or flee a full
move. None needs motivation."""


def free_attack_dv(dv: int) -> int:
    """RNG-HAND-4: DV against a free attack on a fleeing figure."""
    return halve_round_up(dv)


# -- RNG-HAND-5 --------------------------------------------------------------------------------
@implements("RNG-HAND-5")
def obstacle_dv_bonus(cover: str | None) -> int:
    """RNG-HAND-5: +1 DV defending a linear obstacle that is soft cover, +2 hard."""
    if cover in (None, "", "none"):
        return 0
    return {"soft": 1, "hard": 2}[_cover(cover)]


def _cover(cover: str) -> str:
    if cover not in ("soft", "hard"):
        raise ValueError(f"cover must be None, 'soft' or 'hard', not {cover!r}")
    return cover
