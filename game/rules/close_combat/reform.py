"""OD6-SEQ-1 re-forming a unit (amended): the pieces that may move take up a new formation.

Digital ruling (RULES.md OD6-SEQ-1): reorganise = face about, turn, or re-form; in a re-form every
piece of the unit that is neither Disrupted nor corner-locked moves up to the allowance into a new
formation; a re-formed piece may end in corner contact with an enemy (a lock-up, the source's example
1c) but never in edge contact (a frontal one would be an engage; a partial or side one is illegal).
Formations offered: a line abreast about the pieces' centre, keeping the lead's facing ("re-form
line") or facing the nearest enemy ("re-form facing the enemy"); a player may give any other.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..decisions import Spot
from .contact import classify
from .formation import Board, near, norm_deg, place
from .pieces import Piece

LABELS = ("re-form line", "re-form facing the enemy")
#: the label of a re-form of the player's own, its ends in ``Decision.spots``
CUSTOM = "re-form"


def is_reform(label: str | None) -> bool:
    """A reorganise label that re-forms the unit (an offered formation or the player's own)."""
    return label == CUSTOM or label in LABELS


ALLOW_SLACK = 0.002


def reform_movers(board: Board, ids: Sequence[str], side: str) -> list[Piece]:
    """OD6-SEQ-1: the unit's pieces that may re-form — neither Disrupted nor corner-locked
    (OD6-LOCK-1), and not paired in a fight (a piece in frontal contact is fighting, not re-forming)."""
    locks = board.locks(side)
    out = []
    for i in ids:
        p = board.pieces.get(i)
        if p is None or p.disrupted or locks.get(i, 0) or board.touching_enemy(i):
            continue
        out.append(p)
    return out


def line_abreast(movers: Sequence[Piece], facing: float) -> list[Piece]:
    """A line abreast of ``movers`` centred on their centre, facing ``facing``; pieces keep their
    order across the new front (no piece crosses another)."""
    cx = sum(m.x for m in movers) / len(movers)
    cy = sum(m.y for m in movers) / len(movers)
    t = math.radians(facing)
    rx, ry = -math.sin(t), math.cos(t)
    order = sorted(movers, key=lambda m: ((m.x - cx) * rx + (m.y - cy) * ry, m.id))
    total = sum(m.width for m in order)
    at = -total / 2.0
    out = []
    for m in order:
        mid = at + m.width / 2.0
        out.append(place(m, cx + rx * mid, cy + ry * mid, facing))
        at += m.width
    by_id = {p.id: p for p in out}
    return [by_id[m.id] for m in movers]


def reform_ends(board: Board, movers: Sequence[Piece], label: str) -> list[Piece] | None:
    """The end placement of one offered re-form, or None when it is not open (OD6-SEQ-1)."""
    if not movers:
        return None
    if label == "re-form line":
        facing = movers[0].facing
    elif label == "re-form facing the enemy":
        foes = board.enemies_of(movers[0].side)
        if not foes:
            return None
        cx = sum(m.x for m in movers) / len(movers)
        cy = sum(m.y for m in movers) / len(movers)
        q = min(foes, key=lambda e: (math.hypot(e.x - cx, e.y - cy), e.id))
        facing = norm_deg(math.degrees(math.atan2(q.y - cy, q.x - cx)))
    else:
        return None
    ends = line_abreast(movers, facing)
    if all(abs(e.x - m.x) < 1e-3 and abs(e.y - m.y) < 1e-3 and e.facing == m.facing for e, m in zip(ends, movers)):
        return None  # already so: nothing to do
    return ends


def reform_problem(board: Board, starts: Sequence[Piece], ends: Sequence[Piece], allowance: float) -> str | None:
    """OD6-SEQ-1: why these re-form end placements are illegal, or None. Each piece's centre moves
    at most the allowance; no overlap; the way is clear (GEO-SWEEP-1); the pieces stay on the
    table; an enemy may be touched at a corner only (a lock-up), never along an edge."""
    for s, e in zip(starts, ends):
        if math.hypot(e.x - s.x, e.y - s.y) > allowance + ALLOW_SLACK:
            return f"{s.id} would move {math.hypot(e.x - s.x, e.y - s.y):.2f} in, more than {allowance:g} (OD6-SEQ-1)"
        if not board.on_map(e):
            return f"{s.id} would leave the table"
    if board.overlaps(ends):
        return "the pieces would overlap another piece"
    foes = near(ends, board.enemies_of(starts[0].side)) if starts else []
    for e in ends:
        for q in foes:
            c = classify(e, q)
            if c.kind == "edge":
                return (
                    f"{e.id} would end in edge contact with {q.id}: a re-formed piece may touch an enemy "
                    f"only at a corner (OD6-SEQ-1)"
                )
    if not board.sweep_clear(starts, ends):
        return "the way is blocked (GEO-SWEEP-1)"
    return None


def placed_ends(spots: Sequence[Spot], movers: Sequence[Piece]) -> list[Piece]:
    """A re-form of the player's own: its spots (piece, x, y, facing) → end pieces, one per mover;
    ValueError naming the fault otherwise (OD6-SEQ-1)."""
    by = {m.id: m for m in movers}
    got: dict[str, Piece] = {}
    for pid, *end in spots:
        if pid not in by:
            raise ValueError(f"{pid!r} may not re-form (Disrupted, corner-locked, fighting or not of this unit)")
        try:  # a spot built in code is not checked as one read from a record is
            x, y, f = (float(v) for v in end)
        except (TypeError, ValueError):
            raise ValueError(f"{pid!r}: give the end as x, y in inches and a facing in degrees") from None
        if not all(math.isfinite(v) for v in (x, y, f)):
            raise ValueError(f"{pid!r}: the end must be finite numbers")
        got[pid] = place(by[pid], x, y, f)
    missing = [m.id for m in movers if m.id not in got]
    if missing:
        raise ValueError(f"every piece that may re-form needs an end; {missing[0]!r} has none")
    return [got[m.id] for m in movers]
