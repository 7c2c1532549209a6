"""What the opposed-d6 close-combat system keeps between steps (PRE-OD6-1): ``CloseCombatState``.

Disrupted pieces (OD6-RES-2), unit losses and breaks (OD6-PIECE-1), actions spent in the phase
(OD6-SEQ-1) and, with the scenario's ``shooting``, who moved and who reacted with fire. Nothing in
it is hidden from either side.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from ..observation import Observation
from ..state import MatchState
from ..system_state import SystemState


@dataclass(slots=True)
class CloseCombatState(SystemState):
    """The close-combat system's state (its encoding keys are the field names)."""

    disrupted: list[str] = field(default_factory=list)
    """Pieces carrying a Disrupted mark (OD6-RES-2), sorted."""
    losses: dict[str, int] = field(default_factory=dict)
    """Unit -> pieces lost (OD6-PIECE-1)."""
    broken: list[str] = field(default_factory=list)
    """Units that broke (OD6-PIECE-1)."""
    spent: dict[str, int] = field(default_factory=dict)
    """Unit -> actions spent in the running phase (OD6-SEQ-1)."""
    bonus: dict[str, int] = field(default_factory=dict)
    """Unit -> its first round's bonus from the engage move (OD6-ENG)."""
    fought: list[str] = field(default_factory=list)
    """Units that fought in the phase's close combat (OD6-SEQ-1: they may reorganise after)."""
    order: list[str] | None = None
    """The sides in phase order (the roll-off's winner first)."""
    new_turn: bool | None = None
    """The next phase starts a new game turn."""
    moved: dict[str, list[str]] | None = None
    """With ``shooting``: side -> pieces that moved in its latest phase (RNG-SHOOT-1)."""
    rshoot_used: list[str] | None = None
    """With ``shooting``: sides that reacted with fire this phase (INI-RSHOOT-1)."""

    def observe(self, side: str) -> Observation:
        return Observation(disrupted=frozenset(self.disrupted))


def od6(st: MatchState) -> CloseCombatState:
    """The close-combat state of a match of this system."""
    return cast(CloseCombatState, st.system)
