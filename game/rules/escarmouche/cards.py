"""ESC-DUEL-2 cards: rank 2..14 (14 = Ace, high), suits Spades > Hearts > Diamonds > Clubs.

A card writes as rank + suit: "14S" (Ace of Spades), "10H", "2C".
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..implements import implements

#: Suits, lowest first (ESC-DUEL-2: Bridge order).
SUITS = ("C", "D", "H", "S")
SUIT_ORDER = {s: i for i, s in enumerate(SUITS)}
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}


class Effect(str, enum.Enum):
    """ESC-RES-1: what a winning card does to the defeated figure."""

    KILLED = "killed"
    WOUNDED = "wounded"
    EVICTED = "evicted"

    def __hash__(self) -> int:  # same key as the plain string
        return str.__hash__(self)

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One playing card (ESC-DECK-1: 52 cards, no jokers)."""

    rank: int
    """2..14; 11 J, 12 Q, 13 K, 14 A (Ace high, ESC-DUEL-2)."""
    suit: str
    """S, H, D or C."""

    def __post_init__(self) -> None:
        if isinstance(self.rank, bool) or not isinstance(self.rank, int) or not 2 <= self.rank <= 14:
            raise ValueError(f"card rank must be an integer 2..14, got {self.rank!r}")
        if self.suit not in SUIT_ORDER:
            raise ValueError(f"card suit must be one of S, H, D, C, got {self.suit!r}")

    @property
    def key(self) -> int:
        """Total order 0..51: rank first, then suit (ESC-DUEL-2)."""
        return (self.rank - 2) * 4 + SUIT_ORDER[self.suit]

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.key < other.key

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.key <= other.key

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.key > other.key

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.key >= other.key

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"

    def label(self) -> str:
        """Readable: "A♠", "10♥"."""
        sym = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[self.suit]
        return f"{RANK_NAMES.get(self.rank, str(self.rank))}{sym}"

    def to_json(self) -> str:
        return str(self)

    @classmethod
    def parse(cls, text: str) -> Card:
        """From "14S"-style text; raises ValueError on anything else."""
        if not isinstance(text, str) or not 2 <= len(text) <= 3 or not text[:-1].isdigit() or text[0] == "0":
            raise ValueError(f"not a card: {text!r} (expected rank 2..14 and suit S/H/D/C, e.g. '14S')")
        return cls(int(text[:-1]), text[-1])

    @classmethod
    def from_key(cls, key: int) -> Card:
        return cls(key // 4 + 2, SUITS[key % 4])


def full_deck() -> list[Card]:
    """The 52 cards, lowest first (2C … 14S)."""
    return [Card.from_key(k) for k in range(52)]


@implements("ESC-RES-1")
def card_effect(card: Card) -> Effect:
    """ESC-RES-1: Hearts killed, Diamonds wounded, Spades or Clubs evicted."""
    if card.suit == "H":
        return Effect.KILLED
    if card.suit == "D":
        return Effect.WOUNDED
    return Effect.EVICTED
