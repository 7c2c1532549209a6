"""OD6 — opposed-d6 close combat (source 003): pure mechanics and geometry (RULES.md section 6).

Modules: result (OD6-RES-1..3, OD6-FIRE-1), pieces (OD6-PIECE-1/2), contact (OD6-PIECE-2,
OD6-ENG-1), matching (OD6-ENG-2/3), locks (OD6-LOCK-1/2), roll (OD6-ROLL-1/2), resolve (OD6-RES-2..4),
rally (OD6-DIS-1, OD6-PIECE-1 breaking, OD6-SEQ-1), fire (OD6-FIRE-1 with RNG-SHOOT when a scenario
enables it), odds (exact tables), events.
"""

from .contact import Contact, classify, engaged, gap, illegal_contacts, move_back_vector, penetration, touching
from .events import CombatRolled, PieceResolved, UnitBroken
from .locks import LockState, combat_continues, disengage_roll, lock_counts, lock_state
from .matching import engage_is_legal, engaged_edges, max_matching, pair_count, pair_pieces
from .odds import OUTCOMES, combat_odds, odds_report_close_combat
from .pieces import DEFAULT_DEPTH, DEFAULT_WIDTH, Piece
from .rally import (
    ACTIONS,
    RallyResult,
    UnitActions,
    broken_units,
    is_continuation,
    rally,
    rally_outcome,
    unit_breaks,
)
from .resolve import PairSpec, RoundResult, resolve_round
from .result import OpposedResult, Outcome, ResultKind, consequences, fire_hit, loser_outcome, opposed_result, worsen
from .roll import PairRoll, first_round_bonus, flank_support, net_bonus, roll_pair, total

__all__ = [
    "Contact",
    "classify",
    "engaged",
    "gap",
    "illegal_contacts",
    "move_back_vector",
    "penetration",
    "touching",
    "CombatRolled",
    "PieceResolved",
    "UnitBroken",
    "LockState",
    "combat_continues",
    "disengage_roll",
    "lock_counts",
    "lock_state",
    "engage_is_legal",
    "engaged_edges",
    "max_matching",
    "pair_count",
    "pair_pieces",
    "OUTCOMES",
    "combat_odds",
    "odds_report_close_combat",
    "DEFAULT_DEPTH",
    "DEFAULT_WIDTH",
    "Piece",
    "ACTIONS",
    "RallyResult",
    "UnitActions",
    "broken_units",
    "is_continuation",
    "rally",
    "rally_outcome",
    "unit_breaks",
    "PairSpec",
    "RoundResult",
    "resolve_round",
    "OpposedResult",
    "Outcome",
    "ResultKind",
    "consequences",
    "fire_hit",
    "loser_outcome",
    "opposed_result",
    "worsen",
    "PairRoll",
    "first_round_bonus",
    "flank_support",
    "net_bonus",
    "roll_pair",
    "total",
]
