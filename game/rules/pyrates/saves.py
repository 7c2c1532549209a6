"""Mêlée saving throws (PYR-SAVE-1..3)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from ..dice import Dice
from ..events import DiceRolled
from ..implements import implements
from ..model import Figure, Rank, Status, WeaponClass
from .config import PyratesConfig


class Modifier(NamedTuple):
    """One modifier to a roll: (amount, reason, rule)."""

    amount: int
    reason: str
    rule: str


def _amount(m) -> int:
    return m[0] if isinstance(m, tuple) else int(m)


@implements("PYR-SAVE-2")
def save_modifiers(
    victim: Figure,
    attacker_class: WeaponClass,
    *,
    close_quarters: bool = False,
    defending: bool = False,
    supported: bool = False,
    attacker_mounted: bool = False,
) -> list[Modifier]:
    """PYR-SAVE-2: the +1 modifiers to the victim's save.

    ``attacker_class`` is the class the blow is struck with (the offhand class for a Main Gauche,
    PYR-MG-1). ``close_quarters``: the victim is in a close-quarters zone. ``defending``: the victim
    defends an obstacle or holds an advantageous position (PYR-MQ-5). ``supported``: BtB with an
    unengaged friendly figure. Rank [HOUSE]: Officer +1, Captain +2.
    """
    mods: list[Modifier] = []
    if type(attacker_class) is not WeaponClass:
        attacker_class = WeaponClass(attacker_class)
    if victim.armoured:
        mods.append(Modifier(1, "armoured", "PYR-SAVE-2"))
    if defending:
        mods.append(Modifier(1, "defending obstacle or advantageous position", "PYR-SAVE-2"))
    if supported:
        mods.append(Modifier(1, "supported", "PYR-SAVE-2"))
    if attacker_class == WeaponClass.CLOSE and not close_quarters:
        mods.append(Modifier(1, "Close weapon outside close quarters", "PYR-SAVE-2"))
    if victim.mounted and not attacker_mounted and attacker_class != WeaponClass.REACH and not close_quarters:
        mods.append(Modifier(1, "mounted against foot without Reach", "PYR-SAVE-2"))
    if victim.rank == Rank.OFFICER:
        mods.append(Modifier(1, "officer", "PYR-SAVE-2"))
    elif victim.rank == Rank.CAPTAIN:
        mods.append(Modifier(2, "captain", "PYR-SAVE-2"))
    return mods


@implements("PYR-SAVE-1")
def save_target(config: PyratesConfig, modifiers: Iterable = ()) -> int:
    """PYR-SAVE-1: the d6 score needed, 6 − sum of modifiers, never below 2 (``config.base_save``
    and ``config.min_save``). Accepts ints or ``Modifier`` tuples. (A natural 1 always fails: see
    ``save_passes``.)"""
    total = 0
    for m in modifiers:
        total += m[0] if isinstance(m, tuple) else int(m)  # _amount, inlined: one per blow
    return max(config.min_save, config.base_save - total)


def save_passes(natural: int, target: int) -> bool:
    """PYR-SAVE-1: natural ≥ target saves; a natural 1 always fails."""
    return natural != 1 and natural >= target


def save_chance(target: int):
    """Exact probability that a save at ``target`` succeeds (for odds previews and the AI)."""
    from fractions import Fraction

    return Fraction(sum(1 for n in range(1, 7) if save_passes(n, target)), 6)


def roll_save(dice: Dice, config: PyratesConfig, who: str, modifiers: Iterable = ()) -> DiceRolled:
    """Roll a PYR-SAVE-1 save through the match dice: the event carries target and success."""
    mods = list(modifiers)
    target = save_target(config, mods)
    natural = dice.face(6)
    return DiceRolled(
        rule="PYR-SAVE-1",
        who=who,
        purpose="save",
        faces=(natural,),
        target=target,
        success=save_passes(natural, target),
        natural_fail=(1,),
        target_parts=tuple(m for m in mods if isinstance(m, tuple) and len(m) == 3),
    )


@dataclass(frozen=True, slots=True)
class SaveOutcome:
    """What a resolved item does to its victim (PYR-SAVE-3)."""

    status: Status | None
    """New status, or None when nothing happens."""
    counts_as: str | None
    """What the striking side is credited in PYR-WIN-1: "kd", "w" or None."""


@implements("PYR-SAVE-3")
def save_outcome(kind: str, saved: bool, victim_wounded: bool) -> SaveOutcome:
    """PYR-SAVE-3 (with PYR-DIS-1/3 items): the effect of an item after its save.

    Saved → no effect (a saved capture re-arms the victim: status back to (un)wounded). Failed W →
    wounded, or knocked down if already wounded (a second wound counts as a KD in PYR-WIN-1).
    Failed KD → knocked down. Failed disarm → disarmed; failed capture → captive (both count as KD).
    """
    if kind not in ("w", "kd", "disarm", "capture"):
        raise ValueError(f"unknown mêlée item {kind!r}: expected w, kd, disarm or capture (PYR-ALLOC-2)")
    if saved:
        if kind == "capture":
            return _REARMED_WOUNDED if victim_wounded else _REARMED
        return _NO_EFFECT
    if kind == "w":
        return _FAILED["kd"] if victim_wounded else _WOUNDED
    return _FAILED[kind]


# every outcome is one of these few (frozen, so shared rather than built per item)
_NO_EFFECT = SaveOutcome(None, None)
_REARMED = SaveOutcome(Status.UNWOUNDED, None)
_REARMED_WOUNDED = SaveOutcome(Status.WOUNDED, None)
_WOUNDED = SaveOutcome(Status.WOUNDED, "w")
_FAILED = {
    "kd": SaveOutcome(Status.KNOCKED_DOWN, "kd"),
    "disarm": SaveOutcome(Status.DISARMED, "kd"),
    "capture": SaveOutcome(Status.CAPTIVE, "kd"),
}
