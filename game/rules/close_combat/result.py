"""OD6-RES-1: classify an opposed-d6 result; OD6-RES-2/3: what it does to each piece.

Pure functions: no dice, no geometry. ``opposed_result`` answers the catalog's W/L ladder;
``loser_outcome`` / ``consequences`` turn it into per-piece effects, and ``worsen`` applies the
one-step-worse ruling for a piece that cannot move back (OD6-RES-3).
The source's rolls (OD6-EX-1, OD6-EX-2) are checked in tests/rules/close_combat.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..implements import implements


class ResultKind(str, enum.Enum):
    """OD6-RES-1 result kinds; compares and hashes equal to its value ("tie", "simple", ...)."""

    TIE = "tie"
    SIMPLE = "simple"
    DOUBLE = "double"
    TRIPLE = "triple"

    def __hash__(self) -> int:  # so that {"tie": ...} and {ResultKind.TIE: ...} are the same key
        return str.__hash__(self)

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class OpposedResult:
    """Outcome of one pair's opposed roll (OD6-RES-1)."""

    kind: ResultKind
    """tie, simple, double or triple."""
    winner: str | None
    """"a", "b", or None on a tie."""
    a_total: int
    """Side a's total (natural face + netted bonus)."""
    b_total: int
    """Side b's total."""

    @property
    def loser(self) -> str | None:
        return None if self.winner is None else ("b" if self.winner == "a" else "a")


@implements("OD6-RES-1")
def opposed_result(a_total: int, b_total: int) -> OpposedResult:
    """OD6-RES-1: W = higher total, L = lower; W = L tie; W ≥ 3L triple; W ≥ 2L double; else simple."""
    a_total, b_total = int(a_total), int(b_total)
    if a_total < 1 or b_total < 1:
        raise ValueError(f"opposed totals are at least 1 (OD6-ROLL-1), got {a_total} and {b_total}")
    if a_total == b_total:
        return OpposedResult(ResultKind.TIE, None, a_total, b_total)
    winner = "a" if a_total > b_total else "b"
    hi, lo = max(a_total, b_total), min(a_total, b_total)
    if hi >= 3 * lo:
        kind = ResultKind.TRIPLE
    elif hi >= 2 * lo:
        kind = ResultKind.DOUBLE
    else:
        kind = ResultKind.SIMPLE
    return OpposedResult(kind, winner, a_total, b_total)


class Outcome(str, enum.Enum):
    """What happens to one piece after its pair's result (OD6-RES-2/3)."""

    STAYS = "stays"
    MOVE_BACK = "move_back"
    DISRUPTED_IN_PLACE = "disrupted_in_place"
    MOVE_BACK_DISRUPTED = "move_back_disrupted"
    ELIMINATED = "eliminated"

    def __hash__(self) -> int:
        return str.__hash__(self)

    def __str__(self) -> str:
        return self.value

    @property
    def moves_back(self) -> bool:
        return self in (Outcome.MOVE_BACK, Outcome.MOVE_BACK_DISRUPTED)


@implements("OD6-RES-3")
def loser_outcome(kind: ResultKind | str, already_disrupted: bool = False) -> Outcome:
    """OD6-RES-2 for a piece that lost (or tied) with this result kind, before any blocked move.

    Tie and simple: move back. Double: move back and Disrupted; a double on a piece already
    Disrupted eliminates it (OD6-RES-3). Triple: eliminated.
    """
    kind = ResultKind(kind)
    if kind in (ResultKind.TIE, ResultKind.SIMPLE):
        return Outcome.MOVE_BACK
    if kind is ResultKind.DOUBLE:
        return Outcome.ELIMINATED if already_disrupted else Outcome.MOVE_BACK_DISRUPTED
    return Outcome.ELIMINATED


@implements("OD6-RES-2")
def consequences(result: OpposedResult, a_disrupted: bool = False, b_disrupted: bool = False) -> dict[str, Outcome]:
    """OD6-RES-2: {"a": outcome, "b": outcome}. A tie moves both back; the winner stays."""
    if result.winner is None:
        return {"a": Outcome.MOVE_BACK, "b": Outcome.MOVE_BACK}
    loser = result.loser
    assert loser is not None, "a result with a winner has a loser"
    out = {
        result.winner: Outcome.STAYS,
        loser: loser_outcome(result.kind, a_disrupted if loser == "a" else b_disrupted),
    }
    return out


def worsen(outcome: Outcome, already_disrupted: bool = False) -> Outcome:
    """OD6-RES-3 [HOUSE]: one step worse for a piece that cannot move back.

    move back → Disrupted in place; move back and Disrupted → eliminated. **Ruling** (the catalog
    is silent): a piece already Disrupted that cannot make a plain move-back is eliminated, since
    "Disrupted in place" would change nothing and a second disruption eliminates elsewhere
    (OD6-RES-3 double on a Disrupted piece, OD6-FIRE-1).
    """
    if outcome is Outcome.MOVE_BACK:
        return Outcome.ELIMINATED if already_disrupted else Outcome.DISRUPTED_IN_PLACE
    if outcome is Outcome.MOVE_BACK_DISRUPTED:
        return Outcome.ELIMINATED
    return outcome


def fire_hit(disrupted: bool) -> Outcome:
    """OD6-FIRE-1 [HOUSE]: a hit Disrupts a piece in place; an already Disrupted piece is eliminated."""
    return Outcome.ELIMINATED if disrupted else Outcome.DISRUPTED_IN_PLACE


def total(face: int, bonus: int) -> int:
    """OD6-ROLL-1: a side's total, at least 1."""
    return max(1, face + bonus)
