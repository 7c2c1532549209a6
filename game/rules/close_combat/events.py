"""OD6 events: what a close-combat round did, for the log, animations and tests."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..events import Event

#: the opposed results from the attacker's best to the defender's best
_ORDER = [
    ("a", "triple"),
    ("a", "double"),
    ("a", "simple"),
    ("", "tie"),
    ("b", "simple"),
    ("b", "double"),
    ("b", "triple"),
]


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
    values: tuple[tuple[int, int], tuple[int, int]] = ((0, 0), (0, 0))
    """(combat value, modifiers: flank support and first-round bonus) of a and of b, before netting."""

    def roll_parts(self):
        """OD6-ROLL-1 / OD6-RES-1: both dice with their netted bonus, every result of the 36 face
        pairs with its exact chance, and where this one fell for each piece."""
        from ..roll_odds import Outcome, RollParts, percentile
        from .result import opposed_result, total

        ba, bb = self.bonus
        counts: dict[tuple[str, str], int] = {}
        margin: list[tuple[int, int]] = []
        for fa in range(1, 7):
            for fb in range(1, 7):
                ta, tb = total(fa, ba), total(fb, bb)
                r = opposed_result(ta, tb)
                key = (r.winner or "", r.kind.value)
                counts[key] = counts.get(key, 0) + 1
                margin.append((ta - tb, 1))
        won = "a" if self.winner and self.winner == self.attacker else ("b" if self.winner else "")
        names = {"a": "the attacker", "b": "the defender"}
        outs = tuple(
            Outcome(f"a {k} win for {names[w]}" if w else "a tie", Fraction(n, 36), (w, k) == (won, self.kind))
            for (w, k), n in sorted(counts.items(), key=lambda kv: _ORDER.index(kv[0]))
        )
        diff = self.totals[0] - self.totals[1]
        mine = percentile(margin, diff)
        return RollParts(
            rule="OD6-ROLL-1",
            dice=((6, self.faces[0]), (6, self.faces[1])),
            parts=self._bonus_parts(),
            outcomes=outs,
            luck=((self.attacker, mine), (self.defender, 1 - mine)),
        )

    def _bonus_parts(self) -> tuple[tuple[str, int, str], ...]:
        """Each side's combat value and modifiers, and the netted bonus the higher side adds."""
        out: list[tuple[str, int, str]] = []
        if self.values != ((0, 0), (0, 0)):
            for (cv, mods), who in zip(self.values, ("the attacker", "the defender")):
                out.append(("OD6-ROLL-1", cv, f"{who}'s combat value (compared, not added)"))
                if mods:
                    out.append(("OD6-ROLL-2", mods, f"{who}'s flank support and first-round bonus (compared)"))
        for b, who in zip(self.bonus, ("the attacker", "the defender")):
            if b:
                out.append(("OD6-ROLL-1", b, f"{who} adds the difference"))
        return tuple(out)

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
