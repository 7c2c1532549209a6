"""What RNG-TURN-1 game turns keep between steps (the pyrates, rangers and initiative systems' states
build on it): the order of the player-turns, who has acted, who moved, the sides' starting points."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from .observation import Observation
from .state import MatchState
from .system_state import SystemState


@dataclass(slots=True)
class TurnState(SystemState):
    """What RNG-TURN-1 game turns keep: the turn's order, who has acted, who moved."""

    acted: list[str] = field(default_factory=list)
    """Figures activated (or rolled for) in the running player-turn, in order (RNG-MOT-1)."""
    done_sides: list[str] = field(default_factory=list)
    """Sides whose player-turn of this game turn is over."""
    moved_last_turn: dict[str, bool] = field(default_factory=dict)
    """Figures that moved in the previous game turn (a moving target, RNG-SHOOT-1)."""
    order: list[str] | None = None
    """The sides in the order of this game turn's player-turns (the roll-off's winner first)."""
    moved_this_turn: list[str] | None = None
    """Figures that moved in this game turn."""
    start_points: dict[str, int] = field(default_factory=dict)
    """Each side's points at the start (RNG-MOR-1: half of them lost breaks its morale)."""

    def observe(self, side: str) -> Observation:
        return Observation(acted=frozenset(self.acted), start_points=self.start_points.get(side, 0))


def turn_state(st: MatchState) -> TurnState:
    """The state of a system that plays RNG-TURN-1 game turns."""
    return cast(TurnState, st.system)


def moved_now(ts: TurnState) -> list[str]:
    """``moved_this_turn``, begun if the game turn has none yet."""
    if ts.moved_this_turn is None:
        ts.moved_this_turn = []
    return ts.moved_this_turn
