"""What the Rangers! system keeps between steps (PRE-RNG-1): ``RangersState``.

Who attacked whom (RNG-MOT-4), who moved this player-turn (RNG-SHOOT-1), DV budgets (RNG-HAND-3),
morale (RNG-MOR-1), aggression points (RNG-AP-1), special actions (RNG-SPEC-1) and reactive shooting
(INI-RSHOOT). Nothing in it is hidden from either side.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from ..observation import Observation
from ..state import MatchState
from ..turn_state import TurnState


@dataclass(slots=True)
class RangersState(TurnState):
    """The Rangers! system's state (its encoding keys are the field names)."""

    attacks: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    """Side -> {defender: [attackers]} made in that side's latest player-turn (RNG-MOT-4)."""
    moved_pt: dict[str, list[str]] = field(default_factory=dict)
    """Side -> figures that moved in its latest player-turn (a moving target, RNG-SHOOT-1)."""
    at_obstacle: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Figure -> {"id": obstacle, "pt": player-turn}: stopped at an obstacle (RNG-MOVE-2)."""
    pt: int = 0
    """Player-turns (actions, in initiative) begun so far (RNG-MOVE-2: "the next player-turn")."""
    rs_used: bool = False
    """The passive side has shot reactively this player-turn (INI-RSHOOT-1)."""
    defence: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Defender -> {"left": DV, "n": attackers so far, "first": id, "by": [ids]} (RNG-HAND-3)."""
    special: dict[str, Any] = field(default_factory=dict)
    """Special action -> {side: successes}; "_done" -> {action: side} (RNG-SPEC-1)."""
    leader_lost: dict[str, bool] = field(default_factory=dict)
    """Sides whose Leader was killed (RNG-MOR-1)."""
    broken: dict[str, bool] = field(default_factory=dict)
    """Sides whose morale has broken (RNG-MOR-1)."""
    ap: dict[str, int] | None = None
    """Side -> aggression points left (RNG-AP-1, scenario option ``aggression_points``)."""
    rs_movers: dict[str, float] | None = None
    """Figure -> inches moved by the acting figure's activation (INI-RSHOOT-3 caps)."""
    rs_shooters: list[str] | None = None
    """Figures that shot in the activation (INI-RSHOOT-1 "shot at")."""
    rs: dict[str, Any] | None = None
    """The reactive shooting about to be asked (INI-RSHOOT-1)."""

    def observe(self, side: str) -> Observation:
        return Observation(
            acted=frozenset(self.acted), broken=bool(self.broken.get(side)), start_points=self.start_points.get(side, 0)
        )


def rng(st: MatchState) -> RangersState:
    """The Rangers! state of a match of this system (or of the initiative system built on it)."""
    return cast(RangersState, st.system)
