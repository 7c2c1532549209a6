"""What one side may see of a match: ``public_view`` and the re-deal of what it may not.

DESIGN.md, "Contracts other parts rely on", **Hidden information**: what a side may not see (the
other side's cards and hands, dice to come) is stripped by ``public_view``; the AI and the hot-seat
screen read only that. Dice to come are not in the state at all (they are the match's ``Dice``,
beside it). What the state does hold that a side may not see, by where the rulesets keep it:

- ``data["cards"][other]`` — the other sides' chance-card hands (PYR-CARD, a list of card names);
- ``data["deck"]`` as a list — the undealt chance cards, in their order (PYR-CARD);
- ``data["deck"]["cards"]`` — the ESC-DECK-1 draw pile, in its order (its discards and the cards
  face up in a duel are public: every drawn card is shown);
- ``data["orders"][other]`` — the other sides' INI-ORD-1 order cards (each side sees only its own).

The fields are found by their shape, not by a preset's name, so a ruleset that keeps its hidden
cards in the same places is covered without a branch here.

Pure: stdlib only, no dice of the match are touched (the re-deal takes the caller's RNG).
"""

from __future__ import annotations

from typing import Protocol

from .state import MatchState

HIDDEN = "?"
"""What stands in for a card a side may not see (hand and pile sizes stay public)."""


class Shuffler(Protocol):
    """The AI's own RNG (a ``random.Random``): the rules never draw from it, the look-ahead passes it."""

    def shuffle(self, x: list) -> None: ...


def public_view(state: MatchState, side: str) -> MatchState:
    """A copy of ``state`` as ``side`` sees it: other sides' hands and order cards and the order
    of every undealt pile replaced by ``HIDDEN`` (sizes kept). ``state`` is not changed."""
    view = state.copy()
    data = view.data
    cards = data.get("cards")
    if isinstance(cards, dict):
        for s, hand in cards.items():
            if s != side and isinstance(hand, list):
                cards[s] = [HIDDEN] * len(hand)
    pile = _pile(data)
    if pile is not None:
        pile[:] = [HIDDEN] * len(pile)
    orders = data.get("orders")
    if isinstance(orders, dict):
        for s, hand in orders.items():
            if s != side and isinstance(hand, list):
                orders[s] = [{"id": HIDDEN, "hidden": True} for _ in hand]
    return view


def redeal(state: MatchState, side: str, rng: Shuffler) -> None:
    """Re-deal, in place and with ``rng``, everything ``side`` may not see (what ``public_view``
    hides), keeping every public size: the one place the AI's look-ahead and the no-peeking test
    take it from.

    The chance cards ``side`` cannot see are the other hands plus the undealt pile, as one multiset
    (which the side could work out from the deck's make-up, its own hand and the cards played):
    sorted, shuffled with ``rng`` and dealt back in the same hand sizes. The ESC-DECK-1 draw pile is
    shuffled. The other sides' order cards swap objectives and conditions among themselves. The
    result depends only on what ``side`` can see and on ``rng``: two states that look the same to
    ``side`` re-deal to the same state with the same seed. Lists are changed in place, so a step
    that holds a hand keeps holding the re-dealt one.
    """
    data = state.data
    cards = data.get("cards")
    deck = data.get("deck")
    dealt = isinstance(cards, dict)
    if isinstance(cards, dict):
        others = sorted(s for s in cards if s != side and isinstance(cards[s], list))
        undealt = deck if isinstance(deck, list) else []
        unseen = sorted([c for s in others for c in cards[s]] + list(undealt), key=str)
        if unseen:
            rng.shuffle(unseen)
            for s in others:
                n = len(cards[s])
                cards[s][:] = unseen[:n]
                unseen = unseen[n:]
            if isinstance(deck, list):
                deck[:] = unseen
    pile = _pile(data)
    if pile is not None and not (dealt and pile is deck):
        pile.sort(key=str)
        rng.shuffle(pile)
    orders = data.get("orders")
    if isinstance(orders, dict):
        hidden = [
            c
            for s in sorted(orders)
            if s != side and isinstance(orders[s], list)
            for c in orders[s]
            if isinstance(c, dict)
        ]
        faces = sorted(((str(c.get("objective", "")), c.get("condition")) for c in hidden), key=repr)
        rng.shuffle(faces)
        for c, (objective, condition) in zip(hidden, faces):
            c["objective"] = objective
            c["condition"] = condition


def _pile(data: dict):
    """The undealt pile whose order nobody may see: the chance deck, or the ESC-DECK-1 draw pile."""
    deck = data.get("deck")
    if isinstance(deck, list):
        return deck
    if isinstance(deck, dict) and isinstance(deck.get("cards"), list):
        return deck["cards"]
    return None
