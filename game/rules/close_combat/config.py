"""The numbers of the opposed-d6 close-combat rules (PRE-OD6-1), as a variant may change them.

Each field is read by the one function that implements its rule (named in its docstring); a variant
is a registry entry whose ruleset's ``config`` is ``replace(CLOSE_COMBAT, break_after=3, …)``
(docs/ARCHITECTURE.md, "How to add a preset"). A scenario's options (``move``, ``break_after``)
still win over these defaults for that scenario.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..config import RulesConfig


@dataclass(frozen=True, slots=True)
class CloseCombatConfig(RulesConfig):
    """The close-combat rules' numbers; the defaults are the rules as written."""

    move_allowance: float = 6.0
    """OD6-SEQ-1 [HOUSE] (``formation.move_allowance``): how far a unit's pieces move in one action,
    in inches, when the scenario sets no ``move`` option."""
    actions_per_phase: int = 1
    """OD6-SEQ-1 (``CloseCombatMoves.actions_per_phase``): each unit's actions in its player phase,
    when the scenario sets no ``actions`` option."""
    break_after: int = 2
    """OD6-PIECE-1 (``rally.unit_breaks``, ``CloseCombatMoves.break_after``): the losses a unit takes
    without breaking (it breaks on the next), when the scenario sets no ``break_after`` option."""
    flank_support: int = 1
    """OD6-ROLL-2 [HOUSE] (``roll.flank_support``): what a free friend in side contact adds to a
    piece's close-combat roll."""


#: the rules as written: the shipped ``close-combat-d6`` preset's configuration
CLOSE_COMBAT = CloseCombatConfig()


def close_combat_config(state) -> CloseCombatConfig:
    """The close-combat numbers of the match ``state`` belongs to; the rules as written for a state
    that carries none of its own."""
    c = state.config
    return c if isinstance(c, CloseCombatConfig) else CLOSE_COMBAT
