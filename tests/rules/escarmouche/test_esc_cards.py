"""ESC-DUEL-1..3, ESC-RES-1 and ESC-MULTI-1: cards, comparison, the winner's pick, one-v-many."""

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.decisions import IllegalDecision
from game.rules.escarmouche import (
    Card,
    Duel,
    Effect,
    card_effect,
    default_pick,
    draw_count,
    duel_winner,
    full_deck,
    resolve_duel,
    resolve_pair,
    winning_options,
)


def C(s):
    return Card.parse(s)


def test_ESC_DUEL_2_card_validation_and_text():
    assert str(Card(14, "S")) == "14S" and Card.parse("10H") == Card(10, "H") and Card(14, "S").label() == "A♠"
    for bad in [(1, "S"), (15, "H"), (5, "X"), ("5", "S"), (True, "S")]:
        with pytest.raises(ValueError):
            Card(*bad)
    for bad in ["", "S", "1S", "15H", "AS", "10", "010S", "02C", "14s"]:
        with pytest.raises(ValueError):
            Card.parse(bad)


def test_ESC_DUEL_2_cards_are_frozen_and_hashable():
    c = Card(12, "D")
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.rank = 3
    assert len({Card(12, "D"), Card(12, "D"), Card(12, "H")}) == 2


def test_ESC_DUEL_2_order_by_rank_then_suit_spades_hearts_diamonds_clubs():
    assert Card(14, "C") > Card(13, "S")  # Ace high
    assert Card(7, "S") > Card(7, "H") > Card(7, "D") > Card(7, "C")
    deck = full_deck()
    assert len(set(deck)) == 52 and deck == sorted(deck)
    assert deck[0] == Card(2, "C") and deck[-1] == Card(14, "S")


def test_ESC_DUEL_2_winner_owns_the_highest_card():
    assert duel_winner([C("9C"), C("2H")], [C("8S")]) == "a"
    assert duel_winner([C("9C")], [C("9D")]) == "b"
    with pytest.raises(ValueError):
        duel_winner([C("9C")], [C("9C")])
    with pytest.raises(ValueError):
        duel_winner([], [C("9C")])


@given(st.lists(st.integers(0, 51), min_size=2, max_size=12, unique=True), st.data())
def test_ESC_DUEL_2_never_ties_with_unique_cards(keys, data):
    cut = data.draw(st.integers(1, len(keys) - 1))
    a = [Card.from_key(k) for k in keys[:cut]]
    b = [Card.from_key(k) for k in keys[cut:]]
    w = duel_winner(a, b)
    assert (max(a) > max(b)) == (w == "a")


def test_ESC_DUEL_1_draws_one_plus_advantages():
    assert draw_count(0) == 1 and draw_count(2) == 3 and draw_count(("charging", "pike")) == 3
    with pytest.raises(ValueError):
        draw_count(-1)


def test_ESC_RES_1_suit_effects():
    assert card_effect(C("5H")) == "killed" and card_effect(C("5H")) is Effect.KILLED
    assert card_effect(C("5D")) is Effect.WOUNDED
    assert card_effect(C("5S")) is Effect.EVICTED and card_effect(C("5C")) is Effect.EVICTED
    assert {"killed": 1}[Effect.KILLED] == 1


def test_ESC_DUEL_3_options_are_cards_beating_all_of_the_losers():
    opts = winning_options([C("13H"), C("12D"), C("4S")], [C("10C"), C("11C")])
    assert opts == [C("13H"), C("12D")]


def test_ESC_DUEL_3_default_pick_hearts_then_diamonds_then_spades_clubs():
    assert default_pick([C("14S"), C("12D"), C("11H")]) == C("11H")
    assert default_pick([C("14S"), C("12D")]) == C("12D")
    assert default_pick([C("14C"), C("13S")]) == C("14C")
    assert default_pick([C("14S"), C("12D")], ("evicted", "wounded", "killed")) == C("14S")


def test_ESC_DUEL_3_winner_may_pick_and_illegal_pick_is_refused():
    r = resolve_pair("att", [C("13H"), C("12D")], "def", [C("11C")], pick=C("12D"))
    assert (r.winner, r.loser, r.card, r.effect) == ("att", "def", C("12D"), "wounded")
    assert r.options == (C("13H"), C("12D"))
    with pytest.raises(IllegalDecision):
        resolve_pair("att", [C("13H"), C("2D")], "def", [C("11C")], pick=C("2D"))
    auto = resolve_pair("att", [C("13H"), C("12D")], "def", [C("11C")])
    assert auto.effect is Effect.KILLED


def test_ESC_MULTI_1_lone_figure_compared_pairwise_with_each_opponent():
    duel = Duel(("a1", "a2"), ("d",))
    hands = {"a1": [C("14H")], "a2": [C("3C")], "d": [C("10S"), C("9D")]}
    res = resolve_duel(duel, hands)
    assert [(r.winner, r.loser, r.effect.value) for r in res] == [("a1", "d", "killed"), ("d", "a2", "wounded")]
    assert res[1].card == C("9D")  # vs a2 only: both of d's cards win; the default prefers Diamonds
    picked = resolve_duel(duel, hands, {("d", "a2"): C("10S")})
    assert picked[1].effect is Effect.EVICTED


def test_ESC_MULTI_1_duel_shapes_and_shared_cards_refused():
    with pytest.raises(ValueError):
        Duel(("a1", "a2"), ("d1", "d2"))
    with pytest.raises(ValueError):
        resolve_duel(Duel(("a",), ("d",)), {"a": [C("3C")], "d": [C("3C")]})
    d = Duel(("a",), ("d1", "d2"))
    assert d.lone == "a" and d.many == ("d1", "d2")
    one = Duel(("a",), ("d",))
    assert len(resolve_duel(one, {"a": [C("3C")], "d": [C("4C")]})) == 1
