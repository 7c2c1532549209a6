"""PYR-DICE-1 hands per quota, PYR-DICE-2 reroll policy and the rolling code."""

import itertools
from fractions import Fraction

import pytest

from game.rules.dice import Dice, DiceExhausted, ScriptedDice
from game.rules.events import DiceRolled
from game.rules.pyrates import (
    DieRerolled,
    Hand,
    HandScored,
    auto_reroll_choice,
    classify_hand,
    dice_for_quota,
    hand_damage,
    roll_hand,
    roll_hand_faces,
    roll_pool,
)


def test_PYR_DICE_1_table():
    assert dice_for_quota(1) == [(3, 0)]
    assert dice_for_quota(2) == [(4, 0)]
    assert dice_for_quota(3) == [(5, 0)]
    assert dice_for_quota(4) == [(5, 1)]
    assert dice_for_quota(5) == [(5, 2)]


def test_PYR_DICE_1_mq12_hands():
    assert dice_for_quota(12) == [(5, 2), (5, 2), (4, 0)]


def test_PYR_DICE_1_mq7_and_mq0():
    assert dice_for_quota(7) == [(5, 2), (4, 0)]
    assert dice_for_quota(0) == []
    assert dice_for_quota(10) == [(5, 2), (5, 2)]


def test_PYR_DICE_1_fraction_rounds_up_once():
    assert dice_for_quota(Fraction(3, 2)) == [(4, 0)]  # PYR-MQ-7: 3 wounded crew
    assert dice_for_quota(Fraction(1, 2)) == [(3, 0)]
    assert dice_for_quota(Fraction(11, 2)) == [(5, 2), (3, 0)]


@pytest.mark.parametrize("bad, exc", [(-1, ValueError), (1.5, TypeError), (True, TypeError), ("3", TypeError)])
def test_PYR_DICE_1_rejects_bad_quota(bad, exc):
    with pytest.raises(exc):
        dice_for_quota(bad)


# -- PYR-DICE-2 policy, checked against a literal transcription of the rule -------------------------
def naive_score(faces):
    d = hand_damage(classify_hand(faces))
    return 2 * d.knockdowns + d.wounds


def naive_choice(faces, rerolls_left):
    """The PYR-DICE-2 text, word for word, with Fractions, on the ordered dice."""
    if rerolls_left <= 0:
        return None
    e = []
    for i in range(len(faces)):
        e.append(Fraction(sum(naive_score(faces[:i] + (f,) + faces[i + 1 :]) for f in range(1, 7)), 6))
    best = max(e)
    if best > naive_score(faces):
        return e.index(best)  # lowest index on ties
    return None


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_PYR_DICE_2_policy_matches_rule_text_for_every_ordered_hand(n):
    for t in itertools.product(range(1, 7), repeat=n):
        assert auto_reroll_choice(t, 2) == naive_choice(t, 2), t
        assert auto_reroll_choice(t, 0) is None


def test_PYR_DICE_2_policy_examples():
    assert auto_reroll_choice((6, 6, 6, 6, 6), 2) is None  # five of a kind: stop
    assert auto_reroll_choice((1, 2, 3, 4, 5), 2) is None  # straight (score 6)
    assert auto_reroll_choice((1, 2, 3, 4, 6), 1) == 0  # 1 and 6 tie → lowest index
    assert auto_reroll_choice((6, 2, 3, 4, 1), 1) == 0
    assert auto_reroll_choice((2, 2, 2, 5, 1), 1) == 3  # three + singletons: first singleton


def test_PYR_DICE_2_roll_hand_scripted_rerolls_one_at_a_time():
    # 1 2 3 4 6: reroll die 0 (the 1) → 1 again; reroll die 0 again → 5 → straight 2..6
    dice = ScriptedDice([1, 2, 3, 4, 6, 1, 5])
    h = roll_hand(dice, 5, 2, who="A")
    assert h.first == (1, 2, 3, 4, 6)
    assert h.rerolled == ((0, 1, 1), (0, 1, 5))
    assert h.faces == (5, 2, 3, 4, 6)
    assert h.hand is Hand.STRAIGHT
    assert h.history == ((1, 2, 3, 4, 6), (1, 2, 3, 4, 6), (5, 2, 3, 4, 6))
    assert dice.remaining == 0
    kinds = [type(e) for e in h.events]
    assert kinds == [DiceRolled, DieRerolled, DieRerolled, HandScored]
    assert h.events[0].rule == "PYR-DICE-1" and h.events[1].rule == "PYR-DICE-2"
    assert h.events[-1].rule == "PYR-DMG-1" and h.events[-1].knockdowns == 2 and h.events[-1].wounds == 2
    assert all(e.text() for e in h.events)


def test_PYR_DICE_2_unused_rerolls_lapse():
    dice = ScriptedDice([3, 3, 3, 3, 3])
    h = roll_hand(dice, 5, 2)
    assert h.rerolled == () and h.hand is Hand.FIVE_OF_A_KIND


def test_PYR_DICE_2_chooser_stop_and_bad_index():
    h = roll_hand(ScriptedDice([1, 2, 3, 4, 6]), 5, 2, chooser=lambda faces, left: None)
    assert h.faces == (1, 2, 3, 4, 6) and h.hand is Hand.NOTHING
    with pytest.raises(ValueError):
        roll_hand(ScriptedDice([1, 2, 3, 4, 6, 5]), 5, 1, chooser=lambda faces, left: 5)
    with pytest.raises(DiceExhausted):
        roll_hand(ScriptedDice([1, 2, 3, 4, 6]), 5, 1)


def test_PYR_DICE_2_same_die_may_be_chosen_again():
    seen = []

    def chooser(faces, left):
        seen.append((faces, left))
        return 4

    h = roll_hand(ScriptedDice([1, 1, 2, 3, 4, 5, 6]), 5, 2, chooser=chooser)
    assert seen == [((1, 1, 2, 3, 4), 2), ((1, 1, 2, 3, 5), 1)]
    assert h.faces == (1, 1, 2, 3, 6)


def test_PYR_DICE_3_pool_is_deterministic_from_seed():
    a = roll_pool(Dice(7), 12, who="A")
    b = roll_pool(Dice(7), 12, who="A")
    assert a[0] == b[0] and [h.faces for h in a[1]] == [h.faces for h in b[1]]
    assert [(h.dice, h.rerolls) for h in a[1]] == [(5, 2), (5, 2), (4, 0)]
    assert a[0] == sum((h.damage for h in a[1]), start=type(a[0])())


def test_PYR_DICE_2_roll_hand_faces_validates():
    with pytest.raises(ValueError):
        roll_hand_faces(Dice(1), 6, 0)
    with pytest.raises(ValueError):
        roll_hand_faces(Dice(1), 5, -1)
