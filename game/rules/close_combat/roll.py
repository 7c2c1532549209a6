"""OD6-ROLL-1 netting, OD6-ROLL-2 modifiers, and the opposed roll of one pair."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from ..dice import Dice
from ..events import DiceRolled
from ..implements import implements
from .config import CLOSE_COMBAT, CloseCombatConfig
from .contact import classify
from .events import CombatRolled
from .pieces import Piece
from .result import OpposedResult, opposed_result, total


def net_bonus(cv_a: int, cv_b: int, mods_a: int = 0, mods_b: int = 0) -> tuple[int, int]:
    """OD6-ROLL-1: D = (CV + mods of a) − (CV + mods of b); |D| goes to the higher side only.

    Like-vs-like drops CV: net_bonus(3, 3) == (0, 0); pike v musket: net_bonus(5, 3) == (2, 0) (OD6-EX-4).
    """
    d = (cv_a + mods_a) - (cv_b + mods_b)
    return (d, 0) if d > 0 else (0, -d)


@implements("OD6-ROLL-2")
def flank_support(
    piece: Piece,
    friends: Sequence[Piece],
    busy: Collection[str] = (),
    disrupted: Collection[str] = (),
    config: CloseCombatConfig = CLOSE_COMBAT,
) -> int:
    """OD6-ROLL-2 [HOUSE]: +1 (``config.flank_support``) if a friendly piece in side contact
    (flank-to-flank) is not paired, locked (``busy`` holds the ids of paired or locked pieces) or
    Disrupted (OD6-DIS-1, OD6-LOCK-2)."""
    for f in friends:
        if f.id == piece.id or f.side != piece.side or f.id in busy or f.id in disrupted or f.disrupted:
            continue
        if classify(piece, f).side_contact:
            return config.flank_support
    return 0


def round_modifiers(
    board, side: str, pairs: Mapping[str, str], disrupted: Collection[str], config: CloseCombatConfig = CLOSE_COMBAT
) -> dict[str, tuple[int, int]]:
    """OD6-ROLL-2 flank support of each pair of a round (``side``'s piece → its opponent), as
    (side's piece's, opponent's): pieces paired or corner-locked (OD6-LOCK-1 counts on ``board``)
    and Disrupted ones give none. The round's roll and the odds of an engage both count them here."""
    locks = board.locks(side)
    busy = set(pairs) | set(pairs.values()) | {p for p, n in locks.items() if n > 0}
    dis = set(disrupted)
    out = {}
    for a, b in pairs.items():
        pa, pb = board.pieces[a], board.pieces[b]
        out[a] = (
            flank_support(pa, board.friends_of(pa.side), busy, dis, config),
            flank_support(pb, board.friends_of(pb.side), busy, dis, config),
        )
    return out


def first_round_bonus(unspent_actions: int) -> int:
    """OD6-ROLL-2 [HOUSE]: the attacker's first round: +1 per unspent action given up at contact
    (0 with the default one action per phase, OD6-SEQ-1)."""
    if unspent_actions < 0:
        raise ValueError("unspent actions cannot be negative")
    return unspent_actions


@dataclass(frozen=True, slots=True)
class PairRoll:
    """One pair's roll: the dice events, the combat event and the OD6-RES-1 result."""

    dice: tuple[DiceRolled, DiceRolled]
    combat: CombatRolled
    result: OpposedResult


@implements("OD6-ROLL-1")
def roll_pair(dice: Dice, a: str, b: str, cv_a: int, cv_b: int, mods_a: int = 0, mods_b: int = 0) -> PairRoll:
    """OD6-ROLL-1: 1d6 per side (a first), netted bonus to the higher side, OD6-RES-1 result."""
    bonus_a, bonus_b = net_bonus(cv_a, cv_b, mods_a, mods_b)
    ra = dice.roll("OD6-ROLL-1", who=a, purpose="close combat", modifier=bonus_a)
    rb = dice.roll("OD6-ROLL-1", who=b, purpose="close combat", modifier=bonus_b)
    ta, tb = total(ra.faces[0], bonus_a), total(rb.faces[0], bonus_b)
    res = opposed_result(ta, tb)
    winner = "" if res.winner is None else (a if res.winner == "a" else b)
    ev = CombatRolled(
        rule="OD6-RES-1",
        attacker=a,
        defender=b,
        faces=(ra.faces[0], rb.faces[0]),
        bonus=(bonus_a, bonus_b),
        totals=(ta, tb),
        kind=res.kind.value,
        winner=winner,
        values=((cv_a, mods_a), (cv_b, mods_b)),
    )
    return PairRoll((ra, rb), ev, res)
