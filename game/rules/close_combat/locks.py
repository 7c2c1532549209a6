"""OD6-LOCK-1 corner locks and OD6-LOCK-2 what they stop."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence

from ..dice import Dice
from ..events import DiceRolled
from ..implements import implements
from .contact import touching
from .pieces import Piece


@implements("OD6-LOCK-1")
def lock_counts(pieces: Sequence[Piece], pairs: Mapping[str, str] = {}) -> dict[str, int]:
    """OD6-LOCK-1: for every piece, the number of enemy pieces touching it outside its pair.

    ``pairs`` maps piece id → partner id in either or both directions; pieces out of play must not
    be passed in.
    """
    partner: dict[str, str] = {}
    for a, b in pairs.items():
        partner[a] = b
        partner[b] = a
    out = {p.id: 0 for p in pieces}
    for i, p in enumerate(pieces):
        for q in pieces[i + 1 :]:
            if p.side == q.side or partner.get(p.id) == q.id:
                continue
            if touching(p, q):
                out[p.id] += 1
                out[q.id] += 1
    return out


class LockState(str, enum.Enum):
    """OD6-LOCK-2 movement of a piece by its lock count."""

    FREE = "free"
    MAY_DISENGAGE = "may_disengage"
    CANNOT_MOVE = "cannot_move"

    def __hash__(self) -> int:
        return str.__hash__(self)

    def __str__(self) -> str:
        return self.value


@implements("OD6-LOCK-2")
def lock_state(locks: int) -> LockState:
    """OD6-LOCK-2: 2+ locks cannot move; 1 may try to disengage; 0 is free (OD6-EX-5; the source's
    grid after its first round, OD6-EX-6, leaves Blue's 5th piece with 2 corner locks)."""
    if locks >= 2:
        return LockState.CANNOT_MOVE
    return LockState.MAY_DISENGAGE if locks == 1 else LockState.FREE


def disengage_roll(dice: Dice, piece_id: str, qv: int) -> DiceRolled:
    """OD6-LOCK-2: a singly locked piece disengages on 1d6 ≥ QV; on a fail it stays."""
    return dice.roll("OD6-LOCK-2", who=piece_id, purpose="disengage", target=qv)


def combat_continues(locks: Mapping[str, int], pairs: Mapping[str, str] = {}) -> bool:
    """OD6-LOCK-2: a close combat goes on while pairs or locks remain."""
    return bool(pairs) or any(v > 0 for v in locks.values())
