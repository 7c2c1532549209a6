"""What the Escarmouche system keeps between steps (PRE-ESC-1): ``EscarmoucheState``.

The ESC-DECK-1 deck (its draw pile's order is the system's secret; discards and the cards face up
in a duel are public: every drawn card is shown), the turn's order and who has acted (ESC-ADV-2),
who moved (RNG-SHOOT-1), the figures stopped at an obstacle (RNG-MOVE-2) and the melee in progress.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from ..observation import Observation
from ..state import MatchState
from ..system_state import HIDDEN, Shuffler, SystemState


@dataclass(slots=True)
class EscarmoucheState(SystemState):
    """The Escarmouche system's state (its encoding keys are the field names)."""

    deck: dict[str, list[str]] = field(default_factory=dict)
    """The ESC-DECK-1 deck (``Deck.to_json``): "cards" (the draw pile, in order), "discards", "face_up"."""
    acted: list[str] = field(default_factory=list)
    """Figures whose group has activated this game turn (ESC-ADV-2)."""
    moved_this_turn: list[str] = field(default_factory=list)
    """Figures that moved this game turn."""
    moved_last_turn: list[str] = field(default_factory=list)
    """Figures that moved in the previous game turn (RNG-SHOOT-1: a moving target)."""
    start_count: dict[str, int] = field(default_factory=dict)
    """Each side's figures at the start (RNG-MOR-1, option ``morale``)."""
    order: list[str] | None = None
    """The sides in this game turn's order (the roll-off's winner first)."""
    next: str | None = None
    """The side to activate next."""
    at_obstacle: dict[str, dict[str, Any]] | None = None
    """Figure -> {"id": obstacle, "turn": game turn} stopped at a linear obstacle (RNG-MOVE-2)."""
    melee: dict[str, Any] | None = None
    """The melee in progress (melee_flow.py)."""

    def hide(self, side: str) -> None:
        """ESC-DECK-1: the draw pile's order (its size kept)."""
        pile = self.deck.get("cards")
        if pile is not None:
            self.deck["cards"] = [HIDDEN] * len(pile)

    def redeal(self, side: str, rng: Shuffler) -> None:
        """The draw pile, shuffled (in place)."""
        pile = self.deck.get("cards")
        if pile is not None:
            pile.sort(key=str)
            rng.shuffle(pile)

    def observe(self, side: str) -> Observation:
        return Observation(acted=frozenset(self.acted))


def esc(st: MatchState) -> EscarmoucheState:
    """The Escarmouche state of a match of this system."""
    return cast(EscarmoucheState, st.system)
