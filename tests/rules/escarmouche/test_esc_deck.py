"""ESC-DECK-1: one 52-card deck, shuffled by Dice, top draws, discards, mid-draw reshuffle, JSON state."""

import json

import pytest

from game.rules.dice import Dice
from game.rules.escarmouche import Card, Deck, DeckExhausted, full_deck


def test_ESC_DECK_1_full_shuffled_deck_is_deterministic_per_seed():
    a, b, c = Deck.shuffled(Dice(7)), Deck.shuffled(Dice(7)), Deck.shuffled(Dice(8))
    assert sorted(a.cards) == full_deck() and len(a) == 52
    assert a == b and a.cards != c.cards


def test_ESC_DECK_1_draws_from_the_top_and_discards_after_the_duel():
    deck = Deck.shuffled(Dice(1))
    top = deck.cards[:3]
    drawn = deck.draw(3, Dice(0))
    assert drawn == top and len(deck) == 49 and deck.face_up == top
    deck.discard()
    assert deck.face_up == [] and deck.discards == top
    with pytest.raises(ValueError):
        deck.discard([Card(2, "C")])  # nothing is face up any more


def test_ESC_DECK_1_reshuffles_discards_but_never_face_up_cards():
    dice = Dice(3)
    deck = Deck.shuffled(dice)
    deck.draw(50, dice)
    deck.discard()  # 50 in the discard pile, 2 left
    first = deck.draw(1, dice)
    deck.discard()
    current = deck.draw(1, dice)  # last card of the deck, face up in this duel
    more = deck.draw(3, dice)  # empties mid-draw: discards become the new deck
    assert deck.reshuffles == 1
    assert current[0] not in more and first[0] in deck.cards + more
    assert set(current + more).isdisjoint(deck.cards) and not deck.discards
    assert len(deck.cards) + len(deck.face_up) == 52


def test_ESC_DECK_1_exhausted_when_all_cards_are_face_up():
    dice = Dice(4)
    deck = Deck.shuffled(dice)
    deck.draw(52, dice)
    with pytest.raises(DeckExhausted):
        deck.draw(1, dice)


def test_ESC_DECK_1_state_round_trips_through_json():
    dice = Dice(5)
    deck = Deck.shuffled(dice)
    deck.draw(4, dice)
    deck.discard(deck.face_up[:2])
    data = json.loads(json.dumps(deck.to_json()))
    assert all(isinstance(s, str) for v in data.values() for s in v) and "14S" in sum(data.values(), [])
    again = Deck.from_json(data)
    assert again == deck
    assert again.draw(5, Dice(9)) == deck.draw(5, Dice(9))


def test_ESC_DECK_1_restoring_refuses_bad_states():
    good = Deck.shuffled(Dice(6)).to_json()
    dup = dict(good, cards=good["cards"][:-1] + [good["cards"][0]])
    short = dict(good, cards=good["cards"][:-1])
    for bad in [[], {"cards": "x"}, dict(good, extra=[]), dup, short, dict(good, cards=["99Z"] + good["cards"][1:])]:
        with pytest.raises(ValueError):
            Deck.from_json(bad)
