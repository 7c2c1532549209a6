"""OD6 events: what a close-combat round did, for the log, animations and tests."""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event


@dataclass(frozen=True, slots=True)
class CombatRolled(Event):
    """One pair's opposed roll (OD6-ROLL-1) and its result (OD6-RES-1)."""

    attacker: str = ""
    """Piece id on side a (the phasing side)."""
    defender: str = ""
    """Piece id on side b."""
    faces: tuple[int, int] = (0, 0)
    """Natural d6 faces of a and b."""
    bonus: tuple[int, int] = (0, 0)
    """Netted bonus of a and b (only the higher side's is non-zero)."""
    totals: tuple[int, int] = (0, 0)
    """Totals of a and b (each ≥ 1)."""
    kind: str = ""
    """tie, simple, double or triple."""
    winner: str = ""
    """Winning piece id, empty on a tie."""

    def text(self) -> str:
        a, b = self.totals
        who = f"{self.winner} wins" if self.winner else "tie"
        return f"{self.attacker} {a} v {b} {self.defender}: {self.kind} — {who} ({self.rule})"


@dataclass(frozen=True, slots=True)
class PieceResolved(Event):
    """What a pair's result did to one piece (OD6-RES-2/3/4)."""

    figure: str = ""
    """Piece id."""
    outcome: str = ""
    """stays, move_back, disrupted_in_place, move_back_disrupted or eliminated."""
    dx: float = 0.0
    """Move-back vector x, inches (0 unless it moved)."""
    dy: float = 0.0
    """Move-back vector y, inches."""
    blocked: bool = False
    """True when a blocked move-back made the outcome one step worse (OD6-RES-3)."""

    def text(self) -> str:
        extra = " (could not move back)" if self.blocked else ""
        return f"{self.figure}: {self.outcome.replace('_', ' ')}{extra} ({self.rule})"


@dataclass(frozen=True, slots=True)
class UnitBroken(Event):
    """A unit's losses exceeded break_after; its other pieces are removed (OD6-PIECE-1)."""

    unit: str = ""
    """Unit tag."""
    losses: int = 0
    """Pieces lost."""
    removed: tuple[str, ...] = ()
    """Ids of the remaining pieces removed."""

    def text(self) -> str:
        return f"unit {self.unit} breaks after {self.losses} losses ({self.rule})"
