"""RNG-WND-1..3 wounds."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from game.rules.dice import ScriptedDice
from game.rules.rangers import (
    apply_lucky,
    apply_wounds,
    hand_weapon,
    is_dead,
    roll_wounds,
    wound_modifier,
    wound_odds,
    wound_result,
)
from tests.montecarlo import N, assert_distribution, run


def test_RNG_WND_1_table():
    assert [wound_result(t) for t in range(-3, 11)] == [2] * 7 + [1] * 3 + [0] * 4
    assert wound_result(3) == 2 and wound_result(4) == 1 and wound_result(6) == 1 and wound_result(7) == 0


def test_RNG_WND_1_modifiers():
    assert wound_modifier(improvised=True) == 2
    assert wound_modifier(musket_club=True) == 1
    assert wound_modifier(critical=True) == -2
    assert wound_modifier(strongman=True) == -1
    assert wound_modifier(strongman=True, hand_combat=False) == 0
    assert wound_modifier(improvised=True, hand_combat=False) == 0
    assert wound_modifier(target_tough=True) == 1
    assert wound_modifier(hand_combat=False, target_tough=True) == 1
    assert wound_modifier(improvised=True, critical=True, strongman=True, target_tough=True) == 0
    assert wound_modifier(weapon_mod=hand_weapon("fists")[1]) == 2


def test_RNG_WND_1_lucky_reduces_by_one():
    assert apply_lucky(2, True) == 1 and apply_lucky(1, True) == 0 and apply_lucky(0, True) == 0
    assert apply_lucky(2, False) == 2
    assert roll_wounds(ScriptedDice([1]), 0, lucky=True).wounds == 1
    assert roll_wounds(ScriptedDice([5]), 0, lucky=True).wounds == 0
    r = roll_wounds(ScriptedDice([2]), 2, who="x")
    assert r.wounds == 1 and r.roll.total == 4 and r.roll.rule == "RNG-WND-1"


def test_RNG_WND_1_odds():
    assert wound_odds(0) == {2: Fraction(1, 2), 1: Fraction(1, 2), 0: Fraction(0)}
    assert wound_odds(2) == {2: Fraction(1, 6), 1: Fraction(1, 2), 0: Fraction(1, 3)}
    assert wound_odds(2, lucky=True) == {2: Fraction(0), 1: Fraction(1, 6), 0: Fraction(5, 6)}
    assert wound_odds(-2) == {2: Fraction(5, 6), 1: Fraction(1, 6), 0: Fraction(0)}


@given(st.integers(-6, 10), st.booleans())
def test_RNG_WND_1_odds_are_a_distribution(mod, lucky):
    d = wound_odds(mod, lucky)
    assert set(d) == {0, 1, 2} and sum(d.values()) == 1 and all(p >= 0 for p in d.values())
    if lucky:
        assert d[2] == 0


def test_RNG_WND_1_odds_match_monte_carlo():
    for seed, (mod, lucky) in enumerate([(1, False), (-1, True)]):
        counts = run(300 + seed, lambda d: roll_wounds(d, mod, lucky=lucky).wounds, n=N // 2)
        assert_distribution(wound_odds(mod, lucky), counts, N // 2, f"wounds {mod} {lucky}")


def test_RNG_WND_2_death_at_wounds_value():
    assert apply_wounds(0, 1, 2) == (1, False)
    assert apply_wounds(1, 1, 2) == (2, True)
    assert apply_wounds(0, 2, 2) == (2, True)
    assert apply_wounds(0, 1, 1) == (1, True)  # civilian
    assert apply_wounds(0, 0, 1) == (0, False)
    assert is_dead(2, 2) and not is_dead(1, 2)


def test_RNG_WND_3_hand_weapons():
    assert hand_weapon("sword") == ("sword", 0)
    assert hand_weapon("hatchet", "musket") == ("hatchet", 0)
    assert hand_weapon("fists", "musket") == ("musket_club", 1)
    assert hand_weapon("musket") == ("musket_club", 1)
    assert hand_weapon("fists", "pistol") == ("improvised", 2)
    assert hand_weapon(None) == ("improvised", 2)
