"""Party morale tests (PYR-MOR-2) [HOUSE]; who tests and when (PYR-MOR-1) is ``aftermath.morale``."""

from __future__ import annotations

from collections.abc import Iterable

from ..dice import Dice
from ..events import DiceRolled
from ..implements import implements
from .config import PyratesConfig
from .saves import Modifier, _amount


def lost_half(lost: int, starting: int) -> bool:
    """PYR-MOR-2: the party has lost at least half its starting figures."""
    return starting > 0 and 2 * lost >= starting


@implements("PYR-MOR-2")
def morale_target_modifiers(
    *,
    lost_half_starting: bool = False,
    captain_down: bool = False,
    tally_winner: bool = False,
    leader_within_6: bool = False,
    shaken: bool = False,
) -> list[Modifier]:
    """PYR-MOR-2: modifiers added to the d6: +1 lost ≥ half its starting figures, +1 Captain down
    or captive, −1 its side is the tally winner (before morale), −1 Captain/Leader within 6";
    PYR-MOR-3: +1 on the first test after a failure that left some of the party behind."""
    mods: list[Modifier] = []
    if shaken:
        mods.append(Modifier(1, "shaken by an earlier rout", "PYR-MOR-3"))
    if lost_half_starting:
        mods.append(Modifier(1, "lost half its figures", "PYR-MOR-2"))
    if captain_down:
        mods.append(Modifier(1, "captain down or captive", "PYR-MOR-2"))
    if tally_winner:
        mods.append(Modifier(-1, "won the round's tally", "PYR-MOR-2"))
    if leader_within_6:
        mods.append(Modifier(-1, 'captain or leader within 6"', "PYR-MOR-2"))
    return mods


def morale_passes(config: PyratesConfig, natural: int, modifiers: Iterable = ()) -> bool:
    """PYR-MOR-2: pass on natural + modifiers ≤ 4 (``config.morale_target``); a natural 1 always
    passes, a natural 6 fails."""
    if natural == 1:
        return True
    if natural == 6:
        return False
    return natural + sum(_amount(m) for m in modifiers) <= config.morale_target


def roll_morale(dice: Dice, config: PyratesConfig, who: str, modifiers: Iterable = ()) -> DiceRolled:
    """Roll a PYR-MOR-2 test through the match dice."""
    mods = list(modifiers)
    natural = dice.face(6)
    return DiceRolled(
        rule="PYR-MOR-2",
        who=who,
        purpose="morale",
        faces=(natural,),
        modifier=sum(_amount(m) for m in mods),
        target=config.morale_target,
        roll_under=True,
        success=morale_passes(config, natural, mods),
        natural_pass=(1,),
        natural_fail=(6,),
        parts=tuple(m for m in mods if isinstance(m, tuple) and len(m) == 3),
    )
