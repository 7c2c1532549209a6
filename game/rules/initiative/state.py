"""What the initiative system keeps between steps (PRE-INI-1): ``InitiativeState``.

The Rangers! state (it plays those rules) plus the initiative turn (INI-SEQ-1), counters
(INI-SEIZE-3), the order cards (INI-ORD-1: each side sees only its own — the system's secrets) and
what the last action did (INI-REACT, INI-RSHOOT).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, cast

from ..observation import Observation
from ..rangers.state import RangersState
from ..state import MatchState
from ..system_state import HIDDEN, Shuffler


@dataclass(slots=True)
class InitiativeState(RangersState):
    """The initiative system's state (its encoding keys are the field names)."""

    counters: dict[str, int] = field(default_factory=dict)
    """Side -> initiative counters (INI-SEIZE-3)."""
    moved_turn: dict[str, int] = field(default_factory=dict)
    """Figure -> the game turn it last moved (PRE-INI-1: a moving target)."""
    actions: int = 0
    """Actions taken this game turn (INI-SEQ-1's cap)."""
    orders: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    """Side -> its order cards (INI-ORD-1): {"id", "figures", "objective", "condition"}."""
    ini: dict[str, Any] = field(default_factory=dict)
    """The initiative turn in progress (``sequence.IniTurn``, INI-SEQ-1)."""
    last: dict[str, Any] = field(default_factory=dict)
    """The last action: {"movers": {id: inches}, "engagers", "shooters", "side"} (INI-REACT-1)."""

    def hide(self, side: str) -> None:
        """INI-ORD-1: the other sides' order cards, their number kept."""
        for s, hand in self.orders.items():
            if s != side:
                self.orders[s] = [{"id": HIDDEN, "hidden": True} for _ in hand]

    def redeal(self, side: str, rng: Shuffler) -> None:
        """The other sides' order cards swap objectives and conditions among themselves (their
        figures and number stay: which figures a card commands shows on the table)."""
        hidden = [c for s in sorted(self.orders) if s != side for c in self.orders[s]]
        faces = sorted(((str(c.get("objective", "")), c.get("condition")) for c in hidden), key=repr)
        rng.shuffle(faces)
        for c, (objective, condition) in zip(hidden, faces):
            c["objective"] = objective
            c["condition"] = condition

    def observe(self, side: str) -> Observation:
        return replace(RangersState.observe(self, side), counters=int(self.counters.get(side, 0)))


def ini_state(st: MatchState) -> InitiativeState:
    """The initiative state of a match of this system."""
    return cast(InitiativeState, st.system)
