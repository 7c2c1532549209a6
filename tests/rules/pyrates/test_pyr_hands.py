"""PYR-DMG-1: hand categories and their casualties."""

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.pyrates import HAND_DAMAGE, Damage, Hand, classify_hand, hand_damage


@pytest.mark.parametrize(
    "faces, hand",
    [
        ((1, 2, 3, 4, 6), Hand.NOTHING),
        ((4, 4, 1, 2, 6), Hand.PAIR),
        ((3, 3, 5, 5, 1), Hand.TWO_PAIR),
        ((6, 6, 6, 1, 2), Hand.THREE_OF_A_KIND),
        ((2, 2, 2, 5, 5), Hand.FULL_HOUSE),
        ((5, 3, 1, 4, 2), Hand.STRAIGHT),
        ((2, 3, 4, 5, 6), Hand.STRAIGHT),
        ((1, 1, 1, 1, 2), Hand.FOUR_OF_A_KIND),
        ((3, 3, 3, 3, 3), Hand.FIVE_OF_A_KIND),
        ((1, 2, 3), Hand.NOTHING),
        ((2, 2, 3), Hand.PAIR),
        ((4, 4, 4), Hand.THREE_OF_A_KIND),
        ((1, 1, 2, 2), Hand.TWO_PAIR),
        ((6, 6, 6, 6), Hand.FOUR_OF_A_KIND),
        ((5,), Hand.NOTHING),
        ((5, 5), Hand.PAIR),
        ((1, 2, 3, 4), Hand.NOTHING),
    ],
)
def test_PYR_DMG_1_classify_examples(faces, hand):
    assert classify_hand(faces) is hand


def test_PYR_DMG_1_straight_needs_five_dice():
    assert classify_hand((1, 2, 3, 4)) is Hand.NOTHING
    assert classify_hand((3, 4, 5, 6)) is Hand.NOTHING
    assert classify_hand((1, 3, 4, 5, 6)) is Hand.NOTHING


@pytest.mark.parametrize(
    "hand, kd, w",
    [
        (Hand.NOTHING, 0, 0),
        (Hand.PAIR, 0, 1),
        (Hand.TWO_PAIR, 0, 2),
        (Hand.THREE_OF_A_KIND, 1, 0),
        (Hand.FULL_HOUSE, 2, 0),
        (Hand.STRAIGHT, 2, 2),
        (Hand.FOUR_OF_A_KIND, 3, 0),
        (Hand.FIVE_OF_A_KIND, 4, 0),
    ],
)
def test_PYR_DMG_1_table(hand, kd, w):
    d = hand_damage(hand)
    assert (d.knockdowns, d.wounds) == (kd, w)


def test_PYR_DMG_1_straight_is_2kd_2w():
    assert hand_damage(classify_hand((6, 5, 4, 3, 2))) == Damage(knockdowns=2, wounds=2)


def test_PYR_DMG_1_hand_members():
    assert {h.name for h in Hand} == {
        "NOTHING",
        "PAIR",
        "TWO_PAIR",
        "THREE_OF_A_KIND",
        "FULL_HOUSE",
        "STRAIGHT",
        "FOUR_OF_A_KIND",
        "FIVE_OF_A_KIND",
    }
    assert set(HAND_DAMAGE) == set(Hand)


def test_PYR_DMG_1_damage_is_hashable_and_sums():
    pools = {Damage(1, 2): "a"}
    assert pools[Damage(1, 2)] == "a"
    assert Damage(1, 2) + Damage(2, 0) == Damage(3, 2)
    assert sum([Damage(1, 0), Damage(0, 1), Damage(2, 2)], Damage()) == Damage(3, 3)
    assert sum([Damage(1, 0), Damage(0, 1)]) == Damage(1, 1)
    assert Damage(2, 2).score == 6
    with pytest.raises(AttributeError):
        Damage().knockdowns = 3  # frozen


@pytest.mark.parametrize("bad", [(), (1, 2, 3, 4, 5, 6), (0, 1), (7,), (1.0, 2)])
def test_PYR_DMG_1_rejects_bad_hands(bad):
    with pytest.raises(ValueError):
        classify_hand(bad)


def _independent(faces):
    """Written apart from the code under test."""
    if sorted(faces) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6]):
        return Hand.STRAIGHT
    groups = tuple(sorted((c for c in Counter(faces).values() if c > 1), reverse=True))
    return {
        (5,): Hand.FIVE_OF_A_KIND,
        (4,): Hand.FOUR_OF_A_KIND,
        (3, 2): Hand.FULL_HOUSE,
        (3,): Hand.THREE_OF_A_KIND,
        (2, 2): Hand.TWO_PAIR,
        (2,): Hand.PAIR,
        (): Hand.NOTHING,
    }[groups]


def test_PYR_DMG_1_every_hand_in_exactly_one_category():
    for n in range(1, 6):
        for t in itertools.product(range(1, 7), repeat=n):
            assert classify_hand(t) is _independent(t), t


@given(st.lists(st.integers(1, 6), min_size=1, max_size=5), st.randoms())
def test_PYR_DMG_1_order_does_not_matter(faces, rnd):
    shuffled = list(faces)
    rnd.shuffle(shuffled)
    assert classify_hand(faces) is classify_hand(shuffled)
