"""Poker-dice hands and the casualties they inflict (PYR-DMG-1).

``classify_hand`` takes 1 to 5 natural d6 faces; a straight needs five dice (1-5 or 2-6).
``Damage`` is a pool of knockdowns and wounds: frozen, hashable, summable with ``+``.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache


class Hand(str, enum.Enum):
    """The PYR-DMG-1 categories, weakest first; each hand falls in exactly one."""

    NOTHING = "nothing"
    PAIR = "pair"
    TWO_PAIR = "two_pair"
    THREE_OF_A_KIND = "three_of_a_kind"
    FULL_HOUSE = "full_house"
    STRAIGHT = "straight"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FIVE_OF_A_KIND = "five_of_a_kind"

    @property
    def label(self) -> str:
        """Name shown to players ("Full house")."""
        return _LABELS[self]

    @property
    def damage(self) -> Damage:
        return hand_damage(self)


_LABELS = {
    Hand.NOTHING: "No match",
    Hand.PAIR: "Pair",
    Hand.TWO_PAIR: "Two pair",
    Hand.THREE_OF_A_KIND: "Three of a kind",
    Hand.FULL_HOUSE: "Full house",
    Hand.STRAIGHT: "Straight",
    Hand.FOUR_OF_A_KIND: "Four of a kind",
    Hand.FIVE_OF_A_KIND: "Five of a kind",
}


@dataclass(frozen=True, slots=True, order=True)
class Damage:
    """A pool of casualties: knockdowns and wounds (PYR-DMG-1). Pools add with ``+``."""

    knockdowns: int = 0
    """Knockdown items."""
    wounds: int = 0
    """Wound items."""

    def __add__(self, other: Damage) -> Damage:
        if not isinstance(other, Damage):
            return NotImplemented
        return Damage(self.knockdowns + other.knockdowns, self.wounds + other.wounds)

    def __radd__(self, other):
        # lets sum(pools) start from 0
        if other == 0:
            return self
        return NotImplemented

    @property
    def score(self) -> int:
        """2×KD + W: the PYR-DICE-2 reroll score and the PYR-ALLOC-1 "best dice" score."""
        return 2 * self.knockdowns + self.wounds

    @property
    def empty(self) -> bool:
        return self.knockdowns == 0 and self.wounds == 0

    def text(self) -> str:
        parts = []
        if self.knockdowns:
            parts.append(f"{self.knockdowns} KD")
        if self.wounds:
            parts.append(f"{self.wounds} W")
        return " + ".join(parts) if parts else "nothing"

    def to_json(self) -> dict:
        return {"knockdowns": self.knockdowns, "wounds": self.wounds}


NO_DAMAGE = Damage(0, 0)

#: PYR-DMG-1 table.
HAND_DAMAGE: dict[Hand, Damage] = {
    Hand.NOTHING: Damage(0, 0),
    Hand.PAIR: Damage(0, 1),
    Hand.TWO_PAIR: Damage(0, 2),
    Hand.THREE_OF_A_KIND: Damage(1, 0),
    Hand.FULL_HOUSE: Damage(2, 0),
    Hand.STRAIGHT: Damage(2, 2),
    Hand.FOUR_OF_A_KIND: Damage(3, 0),
    Hand.FIVE_OF_A_KIND: Damage(4, 0),
}

#: PYR-DICE-2 score (2×KD + W) of each hand.
HAND_SCORE: dict[Hand, int] = {h: d.score for h, d in HAND_DAMAGE.items()}

MAX_HAND_DICE = 5
_STRAIGHTS = ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6))


def hand_damage(hand: Hand) -> Damage:
    """Casualties a hand inflicts (PYR-DMG-1)."""
    return HAND_DAMAGE[Hand(hand)]


def classify_hand(faces: Iterable[int]) -> Hand:
    """The PYR-DMG-1 category of 1 to 5 natural d6 faces (order does not matter).

    A straight needs five dice: 1-2-3-4-5 or 2-3-4-5-6. Raises ValueError for 0 or more than 5
    dice or a face outside 1..6.
    """
    t = tuple(faces)
    if not 1 <= len(t) <= MAX_HAND_DICE:
        raise ValueError(f"a mêlée hand has 1 to {MAX_HAND_DICE} dice, got {len(t)} (PYR-DMG-1)")
    for v in t:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
            raise ValueError(f"{v!r} is not a d6 face (PYR-DMG-1)")
    return _classify_sorted(tuple(sorted(t)))


@cache
def _classify_sorted(s: tuple[int, ...]) -> Hand:
    counts = sorted(Counter(s).values(), reverse=True)
    top = counts[0]
    second = counts[1] if len(counts) > 1 else 0
    if top == 5:
        return Hand.FIVE_OF_A_KIND
    if top == 4:
        return Hand.FOUR_OF_A_KIND
    if top == 3:
        return Hand.FULL_HOUSE if second == 2 else Hand.THREE_OF_A_KIND
    if top == 2:
        return Hand.TWO_PAIR if second == 2 else Hand.PAIR
    if s in _STRAIGHTS:
        return Hand.STRAIGHT
    return Hand.NOTHING


def hand_score(faces: Iterable[int]) -> int:
    """PYR-DICE-2 score of a hand: 2×KD + W of its PYR-DMG-1 category."""
    return HAND_SCORE[classify_hand(faces)]
