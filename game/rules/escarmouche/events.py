"""ESC events: cards drawn, duels won, decks reshuffled (for the log, animations and tests)."""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event


@dataclass(frozen=True, slots=True)
class MeleeStarted(Event):
    """Attackers entered a defended sector: a melee begins there (ESC-ENG-1)."""

    sector: str = ""
    """The sector fought over."""
    attackers: int = 0
    """How many attackers came in."""
    defenders: int = 0
    """How many defenders stand there."""

    def text(self) -> str:
        # the words the log has always shown for it (it was a Note before it had fields)
        return f"melee in {self.sector}: {self.attackers} attackers against {self.defenders} defenders ({self.rule})"


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """A figure drew its cards for a duel (ESC-DUEL-1)."""

    figure: str = ""
    """Figure id."""
    cards: tuple[str, ...] = ()
    """Cards drawn, "14S"-style, in draw order."""
    advantages: tuple[str, ...] = ()
    """Names of the advantages that earned extra cards (ESC-ADV-1)."""

    def text(self) -> str:
        extra = f" (+{len(self.advantages)}: {', '.join(self.advantages)})" if self.advantages else ""
        return f"{self.figure} draws {' '.join(self.cards)}{extra} ({self.rule})"


@dataclass(frozen=True, slots=True)
class DuelWon(Event):
    """One pairwise duel result (ESC-DUEL-2/3, ESC-RES-1)."""

    winner: str = ""
    """Winning figure id."""
    victim: str = ""
    """Defeated figure id."""
    card: str = ""
    """Winning card that counts."""
    effect: str = ""
    """killed, wounded or evicted."""

    def text(self) -> str:
        return f"{self.winner}'s {self.card} beats {self.victim}: {self.effect} ({self.rule})"


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    """The discard pile became a new deck mid-draw (ESC-DECK-1)."""

    cards: int = 0
    """Cards in the new deck."""

    def text(self) -> str:
        return f"the discards ({self.cards} cards) are shuffled into a new deck ({self.rule})"
