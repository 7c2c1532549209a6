"""OD6-RES-2..4: resolve all pairs of one close-combat round, in the catalog's order.

All pairs roll first (top to bottom), then eliminations apply, then move-backs top to bottom
(smallest centre y, then x, then id). Geometry stays outside: ``can_move_back(piece_id, dx, dy)``
answers GEO-SWEEP-1 for the move at the moment it is made (after the eliminations and the earlier
move-backs; call ``on_move`` — or update your table inside ``can_move_back`` — to keep it current).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..dice import Dice
from ..events import Event
from ..implements import implements
from .contact import classify, move_back_vector
from .events import PieceResolved
from .pieces import Piece
from .result import Outcome, consequences, worsen
from .roll import PairRoll, roll_pair


@dataclass(frozen=True, slots=True)
class PairSpec:
    """One pair to resolve: the two pieces and their OD6-ROLL-2 modifiers."""

    a: Piece
    """Piece of the phasing side."""
    b: Piece
    """Its opponent."""
    mods_a: int = 0
    """a's modifiers (flank support, first-round bonus)."""
    mods_b: int = 0
    """b's modifiers."""


@dataclass
class RoundResult:
    rolls: list[PairRoll] = field(default_factory=list)
    outcomes: dict[str, Outcome] = field(default_factory=dict)
    """Final outcome of every piece in a pair."""
    moves: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Move-back vectors of the pieces that moved."""
    eliminated: list[str] = field(default_factory=list)
    disrupted: list[str] = field(default_factory=list)
    """Pieces newly Disrupted (in place or after moving back)."""
    events: list[Event] = field(default_factory=list)


def _top(p: Piece) -> tuple:
    return (p.y, p.x, p.id)


@implements("OD6-RES-4")
def resolve_round(
    pairs: Sequence[PairSpec],
    dice: Dice,
    can_move_back: Callable[[str, float, float], bool],
    on_move: Callable[[str, float, float], None] | None = None,
    on_eliminate: Callable[[str], None] | None = None,
) -> RoundResult:
    """OD6-RES-4: roll every pair (top to bottom), apply eliminations, then move-backs top to bottom.

    ``on_eliminate(piece_id)`` is called for each elimination before any move-back, so a caller's
    geometry no longer counts the eliminated piece as blocking (OD6-RES-3)."""
    out = RoundResult()
    ordered = sorted(pairs, key=lambda s: min(_top(s.a), _top(s.b)))
    pending: list[tuple[Piece, Outcome, tuple[float, float]]] = []
    for spec in ordered:
        pr = roll_pair(dice, spec.a.id, spec.b.id, spec.a.cv, spec.b.cv, spec.mods_a, spec.mods_b)
        out.rolls.append(pr)
        out.events.extend(pr.dice)
        out.events.append(pr.combat)
        contact = classify(spec.a, spec.b)
        if not contact.edge:
            raise ValueError(f"pair {spec.a.id}/{spec.b.id} is not in edge contact (OD6-ENG-1)")
        cons = consequences(pr.result, spec.a.disrupted, spec.b.disrupted)
        for key, piece, edge in (("a", spec.a, contact.edge_a), ("b", spec.b, contact.edge_b)):
            oc = cons[key]
            assert edge is not None, "an edge contact names the edge of each piece"
            out.outcomes[piece.id] = oc
            pending.append((piece, oc, move_back_vector(piece, edge)))
    # eliminations first
    for piece, oc, _ in pending:
        if oc is Outcome.ELIMINATED:
            out.eliminated.append(piece.id)
            out.events.append(PieceResolved(rule="OD6-RES-2", figure=piece.id, outcome=oc.value))
            if on_eliminate is not None:
                on_eliminate(piece.id)
    # then move-backs, top to bottom
    for piece, oc, (dx, dy) in sorted((t for t in pending if t[1].moves_back), key=lambda t: _top(t[0])):
        if can_move_back(piece.id, dx, dy):
            if on_move is not None:
                on_move(piece.id, dx, dy)
            out.moves[piece.id] = (dx, dy)
            if oc is Outcome.MOVE_BACK_DISRUPTED:
                out.disrupted.append(piece.id)
            out.events.append(PieceResolved(rule="OD6-RES-2", figure=piece.id, outcome=oc.value, dx=dx, dy=dy))
            continue
        worse = worsen(oc, piece.disrupted)
        out.outcomes[piece.id] = worse
        if worse is Outcome.ELIMINATED:
            out.eliminated.append(piece.id)
        else:
            out.disrupted.append(piece.id)
        out.events.append(PieceResolved(rule="OD6-RES-3", figure=piece.id, outcome=worse.value, blocked=True))
    return out
