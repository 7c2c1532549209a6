"""ESC-DECK-1: one 52-card deck per match, shuffled by the match Dice.

Draws come off the top (index 0 of ``cards``); drawn cards are face up until ``discard`` puts them
on the discard pile after their duel. If the deck runs out mid-draw, the discard pile — never the
cards face up in the current duel — is shuffled into a new deck. The state is JSON: lists of
"14S"-style strings, top card first.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..dice import Dice
from ..implements import implements
from .cards import Card, full_deck


class DeckExhausted(RuntimeError):
    """More cards were asked for than exist outside the current duel."""


class Deck:
    """Draw pile, discard pile and the cards face up in the current duel."""

    def __init__(self, cards: Iterable[Card] = (), discards: Iterable[Card] = (), face_up: Iterable[Card] = ()):
        self.cards: list[Card] = list(cards)
        self.discards: list[Card] = list(discards)
        self.face_up: list[Card] = list(face_up)
        self.reshuffles = 0
        """How many times this object reshuffled its discards (for events; not part of the state)."""
        self._check()

    @classmethod
    def shuffled(cls, dice: Dice) -> Deck:
        """ESC-DECK-1: a fresh 52-card deck shuffled by ``dice``."""
        cards = full_deck()
        dice.shuffle(cards)
        return cls(cards)

    def _check(self) -> None:
        allc = self.cards + self.discards + self.face_up
        if len(set(allc)) != len(allc):
            dup = next(c for c in allc if allc.count(c) > 1)
            raise ValueError(f"deck state holds {dup} twice (ESC-DECK-1: cards are unique)")
        if len(allc) > 52:
            raise ValueError("deck state holds more than 52 cards")

    def __len__(self) -> int:
        return len(self.cards)

    @implements("ESC-DECK-1")
    def draw(self, n: int, dice: Dice) -> list[Card]:
        """Draw ``n`` cards off the top; they stay face up until ``discard``. Reshuffles the discard
        pile into a new deck if the deck empties mid-draw (reported by ``reshuffles``)."""
        if n < 0:
            raise ValueError("cannot draw a negative number of cards")
        out: list[Card] = []
        for _ in range(n):
            if not self.cards:
                if not self.discards:
                    raise DeckExhausted(f"no cards left to draw ({len(self.face_up) + len(out)} face up)")
                self.cards = self.discards
                self.discards = []
                dice.shuffle(self.cards)
                self.reshuffles += 1
            out.append(self.cards.pop(0))
        self.face_up.extend(out)
        return out

    def discard(self, cards: Iterable[Card] | None = None) -> None:
        """ESC-DECK-1: after a duel its cards go to the discard pile (default: every face-up card)."""
        cards = list(self.face_up) if cards is None else list(cards)
        for c in cards:
            if c not in self.face_up:
                raise ValueError(f"{c} is not face up, so it cannot be discarded")
            self.face_up.remove(c)
            self.discards.append(c)

    # -- state ------------------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "cards": [str(c) for c in self.cards],
            "discards": [str(c) for c in self.discards],
            "face_up": [str(c) for c in self.face_up],
        }

    @classmethod
    def from_json(cls, data) -> Deck:
        """Restore from ``to_json`` output (untrusted: validated, ValueError naming the fault)."""
        if not isinstance(data, dict):
            raise ValueError("deck state: expected an object")
        unknown = set(data) - {"cards", "discards", "face_up"}
        if unknown:
            raise ValueError(f"deck state: unknown field {sorted(unknown)[0]!r}")
        lists = {}
        for name in ("cards", "discards", "face_up"):
            v = data.get(name, [])
            if not isinstance(v, list) or len(v) > 52:
                raise ValueError(f"deck state.{name}: expected a list of at most 52 cards")
            lists[name] = [Card.parse(s) for s in v]
        if sum(len(v) for v in lists.values()) != 52:
            raise ValueError("deck state: cards, discards and face_up must hold the 52 cards between them")
        return cls(lists["cards"], lists["discards"], lists["face_up"])

    def __eq__(self, other) -> bool:
        return isinstance(other, Deck) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"Deck({len(self.cards)} to draw, {len(self.discards)} discarded, {len(self.face_up)} face up)"
