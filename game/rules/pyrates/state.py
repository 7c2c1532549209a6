"""What the Pyrates system keeps between steps (PRE-PYR-1): ``PyratesState``.

The chance cards (PYR-CARD: hands and the undealt deck, the system's secrets), captives and
prisoners (PYR-DIS), the mêlée step in progress (``ms``, PYR-SEQ-1), the captains' duel (PYR-DUEL),
the scenario rules it plays (SCN-ALARM-1 sleepers, SCN-FIRE-1 fire) and what a player-turn keeps
(PYR-MQ-5 movers, INI-RSHOOT-1). Nested parts (the mêlée step, the duel, the fire) are JSON-like
trees, the encoding the records' hashes were made with.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

from ..observation import Observation
from ..state import MatchState
from ..system_state import HIDDEN, UNSET, Shuffler, Unset
from ..turn_state import TurnState


@dataclass(slots=True)
class PyratesState(TurnState):
    """The Pyrates system's state (its encoding keys are the field names)."""

    NULLABLE: ClassVar[frozenset[str]] = frozenset({"duel", "pt_stage", "ms"})

    cards: dict[str, list[str]] = field(default_factory=dict)
    """Each side's hand of chance cards (PYR-CARD); the other sides' are hidden."""
    deck: list[str] = field(default_factory=list)
    """The undealt chance cards in their order (hidden from every side)."""
    captives: dict[str, str] = field(default_factory=dict)
    """Captive -> captor, every capture (PYR-DIS-2)."""
    prisoners: dict[str, str] | None = None
    """Prisoner -> captor, those whose mêlée is over (PYR-DIS-4)."""
    disarmed_by: dict[str, str] | None = None
    """Disarmed figure -> who disarmed it (PYR-DIS-1), until it is taken or re-armed."""
    mdp: dict[str, int] = field(default_factory=dict)
    """Side -> mêlée dice points left (PYR-MDP)."""
    thrown_used: list[str] = field(default_factory=list)
    """Figures that have thrown their weapon (RNG-SHOOT-3)."""
    duel: dict[str, Any] | None = None
    """The captains' duel in progress (PYR-DUEL), else None."""
    duels: list[dict[str, Any]] | None = None
    """Duels fought (PYR-DUEL-4: a pair duels once)."""
    treaty: bool = False
    """PYR-DUEL-5: a treaty holds until an offence is given."""
    offence: bool | None = None
    """PYR-DUEL-5: an offence was given."""
    mor_shaken: list[str] | None = None
    """Parties whose next PYR-MOR-2 test takes +1 (PYR-MOR-3)."""
    horses: dict[str, list[float]] | None = None
    """Dismounted rider -> where its horse stands (PYR-HORSE)."""
    pt_stage: str | None = None
    """How far the player-turn's end has gone: None, "react" (PYR-REACT-1), "done"."""
    moved_pt: list[str] = field(default_factory=list)
    """Figures that moved this player-turn (PYR-MQ-5)."""
    rshoot_used: list[str] = field(default_factory=list)
    """Sides that have shot reactively this player-turn (INI-RSHOOT-1)."""
    new_contact: bool = False
    """A figure came into contact this player-turn (reactions follow, PYR-REACT-1)."""
    ms: dict[str, Any] | None | Unset = UNSET
    """The mêlée step in progress (PYR-SEQ-1): groups to fight, the current mêlée, rats, fought."""
    asleep: list[str] | None = None
    """Figures asleep until the alarm (SCN-ALARM-1)."""
    alarm: bool | None = None
    """SCN-ALARM-1: the alarm has been raised."""
    fire: dict[str, Any] | None = None
    """SCN-FIRE-1: the fire's settings and its burning cells."""

    def melee(self) -> dict[str, Any]:
        """The mêlée step in progress (only while one runs)."""
        assert isinstance(self.ms, dict), "a mêlée step is running"
        return self.ms

    # -- the chance cards are the secrets --------------------------------------------------------------
    def hide(self, side: str) -> None:
        """PYR-CARD: the other sides' hands and the undealt deck, sizes kept."""
        for s, hand in self.cards.items():
            if s != side:
                self.cards[s] = [HIDDEN] * len(hand)
        self.deck = [HIDDEN] * len(self.deck)

    def redeal(self, side: str, rng: Shuffler) -> None:
        """The cards ``side`` cannot see (the other hands plus the undealt deck, one multiset that
        the side could work out from the deck's make-up, its own hand and the cards played):
        sorted, shuffled with ``rng`` and dealt back in the same hand sizes. Lists are changed in
        place, so a step that holds a hand keeps holding the re-dealt one."""
        cards = self.cards
        others = sorted(s for s in cards if s != side)
        unseen = sorted([c for s in others for c in cards[s]] + list(self.deck), key=str)
        if not unseen:
            return
        rng.shuffle(unseen)
        for s in others:
            n = len(cards[s])
            cards[s][:] = unseen[:n]
            unseen = unseen[n:]
        self.deck[:] = unseen

    def observe(self, side: str) -> Observation:
        return Observation(
            deals_cards=True,
            hand=tuple(self.cards.get(side, ())),
            acted=frozenset(self.acted),
            sleepers=tuple(self.asleep or ()),
            start_points=self.start_points.get(side, 0),
        )


def pyr(st: MatchState) -> PyratesState:
    """The Pyrates state of a match of this system."""
    return cast(PyratesState, st.system)
