"""RNG-WND-1..3 wounds: the wound roll, its modifiers, Lucky, death and hand weapons."""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from ..dice import Dice
from ..events import DiceRolled
from ..implements import implements
from .aggression import apply_ap

IMPROVISED_MOD = 2
CLUB_MOD = 1
CRITICAL_MOD = -2
STRONGMAN_MOD = -1
TOUGH_MOD = 1
SWORDS = frozenset({"sword", "hatchet", "tomahawk", "cutlass", "sabre", "saber", "hatchet_sword"})
#: roster names RNG-PTS-1 prices as a hatchet (points.WEAPON_ALIASES)
HATCHET_ALIASES = frozenset({"small_hatchet", "axe"})


class WoundRoll(NamedTuple):
    """A resolved wound roll: the event and the wounds dealt after Lucky."""

    roll: DiceRolled
    wounds: int


@implements("RNG-WND-1")
def wound_result(total: int) -> int:
    """RNG-WND-1: wounds dealt by a modified wound roll: ≤ 3 → 2, 4–6 → 1, ≥ 7 → 0 (negligible)."""
    if total <= 3:
        return 2
    if total <= 6:
        return 1
    return 0


def apply_lucky(wounds: int, lucky: bool) -> int:
    """RNG-TRAIT-1 / RNG-WND-1: Lucky reduces wounds received by one (2 → 1, 1 → 0)."""
    return max(0, wounds - 1) if lucky else wounds


@implements("RNG-WND-3")
def hand_weapon(melee_weapon: str | None, missile: str | None = None) -> tuple[str, int]:
    """RNG-WND-3: the weapon a figure fights hand combat with and its wound-roll modifier: a
    sword/hatchet 0; otherwise a musket used as a club +1 (better than improvised, so the auto
    choice); otherwise improvised +2."""
    m = (melee_weapon or "").lower()
    key = m.strip().replace("-", "_").replace(" ", "_")
    if m in SWORDS or key in SWORDS or key in HATCHET_ALIASES:
        return m, 0
    if m == "musket" or (missile or "").lower() == "musket":
        return "musket_club", CLUB_MOD
    return "improvised", IMPROVISED_MOD


def wound_modifier(
    *,
    hand_combat: bool = True,
    weapon_mod: int = 0,
    improvised: bool = False,
    musket_club: bool = False,
    critical: bool = False,
    strongman: bool = False,
    target_tough: bool = False,
) -> int:
    """RNG-WND-1 modifier to the attacker's d6 wound roll: improvised weapon +2, musket as club +1
    (or pass ``weapon_mod`` from ``hand_weapon``), critical −2, Strongman −1 (hand combat only),
    target Tough +1. Weapon modifiers apply to hand combat only."""
    mod = 0
    if hand_combat:
        mod += weapon_mod + (IMPROVISED_MOD if improvised else 0) + (CLUB_MOD if musket_club else 0)
        mod += STRONGMAN_MOD if strongman else 0
    mod += CRITICAL_MOD if critical else 0
    mod += TOUGH_MOD if target_tough else 0
    return mod


def wounds_dealt(natural: int, modifier: int = 0, *, lucky: bool = False, ap: int = 0) -> int:
    """RNG-WND-1 for one natural d6: wound_result(natural + modifier − AP), then Lucky."""
    return apply_lucky(wound_result(natural + modifier - ap), lucky)


def wound_odds(modifier: int, lucky: bool = False, *, ap: int = 0) -> dict[int, Fraction]:
    """Exact distribution of wounds dealt (0, 1, 2 → probability; every key present)."""
    out = {0: Fraction(0), 1: Fraction(0), 2: Fraction(0)}
    for n in range(1, 7):
        out[wounds_dealt(n, modifier, lucky=lucky, ap=ap)] += Fraction(1, 6)
    return out


def roll_wounds(dice: Dice, modifier: int = 0, *, lucky: bool = False, ap: int = 0, who: str = "") -> WoundRoll:
    """RNG-WND-1: the attacker rolls 1d6 + modifier (− aggression points) and Lucky applies."""
    ev = dice.roll("RNG-WND-1", who=who, purpose="wound roll", sides=6, modifier=apply_ap(modifier, ap))
    return WoundRoll(ev, apply_lucky(wound_result(ev.total), lucky))


@implements("RNG-WND-2")
def apply_wounds(wounds: int, dealt: int, max_wounds: int) -> tuple[int, bool]:
    """RNG-WND-2: (wounds after, dead?) — dead when wounds ≥ the figure's Wounds value."""
    after = wounds + dealt
    return after, is_dead(after, max_wounds)


def is_dead(wounds: int, max_wounds: int) -> bool:
    """RNG-WND-2."""
    return wounds >= max_wounds
