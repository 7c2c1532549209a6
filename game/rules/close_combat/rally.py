"""OD6-DIS-1 rallying Disrupted pieces, OD6-PIECE-1 unit breaking, OD6-SEQ-1 actions per phase."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from ..decisions import IllegalDecision
from ..dice import Dice
from ..events import DiceRolled
from ..implements import implements
from .config import CLOSE_COMBAT


class RallyResult(str, enum.Enum):
    RALLIED = "rallied"
    STAYS_DISRUPTED = "stays_disrupted"
    ELIMINATED = "eliminated"

    def __hash__(self) -> int:
        return str.__hash__(self)

    def __str__(self) -> str:
        return self.value


def rally_outcome(face: int, qv: int) -> RallyResult:
    """OD6-DIS-1: natural 1 eliminates; ≥ QV removes Disrupted; otherwise it stays Disrupted (OD6-EX-3)."""
    if face == 1:
        return RallyResult.ELIMINATED
    return RallyResult.RALLIED if face >= qv else RallyResult.STAYS_DISRUPTED


@implements("OD6-DIS-1")
def rally(dice: Dice, piece_id: str, qv: int) -> tuple[RallyResult, DiceRolled]:
    """OD6-DIS-1: the start-of-phase rally roll of a Disrupted piece."""
    ev = dice.roll("OD6-DIS-1", who=piece_id, purpose="rally", target=qv, natural_fail={1})
    return rally_outcome(ev.faces[0], qv), ev


@implements("OD6-PIECE-1")
def unit_breaks(losses: int, break_after: int = CLOSE_COMBAT.break_after) -> bool:
    """OD6-PIECE-1: a unit breaks when its losses exceed break_after (example 2: on the third)."""
    return losses > break_after


def broken_units(
    losses: Mapping[str, int], break_after: Mapping[str, int] | int = CLOSE_COMBAT.break_after
) -> list[str]:
    """OD6-PIECE-1: units whose other pieces are removed at the end of this close-combat round."""

    def limit(u: str) -> int:
        return break_after if isinstance(break_after, int) else break_after.get(u, CLOSE_COMBAT.break_after)

    return sorted(u for u, n in losses.items() if unit_breaks(n, limit(u)))


#: OD6-SEQ-1 action kinds.
ACTIONS = ("move", "engage", "re_engage", "reorganise")


@dataclass
class UnitActions:
    """OD6-SEQ-1: a unit's actions in one player phase (default 1, as in the source)."""

    unit: str
    actions: int = 1
    spent: list[str] = field(default_factory=list)

    @property
    def left(self) -> int:
        return self.actions - len(self.spent)

    def spend(self, kind: str) -> None:
        if kind not in ACTIONS:
            raise IllegalDecision(f"{kind!r} is not an action (choose from {', '.join(ACTIONS)})")
        if self.left <= 0:
            raise IllegalDecision(f"unit {self.unit} has no actions left this phase")
        self.spent.append(kind)

    def give_up_for_bonus(self) -> int:
        """OD6-ROLL-2: actions left at contact may become the first-round bonus; they are spent."""
        n = self.left
        self.spent.extend(["engage_bonus"] * n)
        return n


def is_continuation(fight_has_locks: bool) -> bool:
    """OD6-SEQ-1: moving into a fight that still has locks continues it (no new engage test)."""
    return fight_has_locks
