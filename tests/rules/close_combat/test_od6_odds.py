"""Exact OD6 odds: combat_odds against enumeration facts and a seeded Monte Carlo run of roll_pair."""
import math
from fractions import Fraction

import pytest

from game.rules.close_combat import OUTCOMES, combat_odds, odds_report_close_combat, roll_pair
from game.rules.dice import Dice


def test_OD6_ROLL_1_exact_odds_sum_to_one_and_are_symmetric():
    for cv_a, cv_b in [(3, 3), (5, 3), (3, 5), (10, 1)]:
        o = combat_odds(cv_a, cv_b)
        assert set(o) == set(OUTCOMES) and sum(o.values()) == 1
        mirror = combat_odds(cv_b, cv_a)
        for (w, k), v in o.items():
            assert mirror[({"a": "b", "b": "a"}.get(w), k)] == v


def test_OD6_RES_1_equal_cv_exact_table():
    o = combat_odds(3, 3)
    assert o[(None, "tie")] == Fraction(1, 6)
    # a wins triple with (3,1),(4,1),(5,1),(6,1),(6,2)
    assert o[("a", "triple")] == Fraction(5, 36)
    assert o[("a", "double")] == Fraction(4, 36)   # (2,1),(4,2),(5,2),(6,3)
    assert o[("a", "simple")] == Fraction(6, 36)
    assert o[("a", "double")] == o[("a", "double")]


def test_OD6_ROLL_1_mods_net_like_cv():
    assert combat_odds(3, 3, mods_a=2) == combat_odds(5, 3)
    assert combat_odds(4, 4, mods_a=1, mods_b=1) == combat_odds(1, 1)


def test_OD6_ROLL_1_exact_odds_match_seeded_monte_carlo():
    n = 30000
    for cv_a, cv_b in [(5, 3), (3, 3)]:
        exact = combat_odds(cv_a, cv_b)
        dice = Dice(20240607 + cv_a)
        counts = {k: 0 for k in OUTCOMES}
        for _ in range(n):
            pr = roll_pair(dice, "a", "b", cv_a, cv_b)
            counts[(pr.result.winner, pr.result.kind.value)] += 1
        for k, p in exact.items():
            se = math.sqrt(float(p) * (1 - float(p)) / n) or 1 / n
            assert abs(counts[k] / n - float(p)) <= 4 * se, (cv_a, cv_b, k, counts[k] / n, float(p))


def test_OD6_RES_1_odds_report_lists_fractions_and_percentages():
    text = odds_report_close_combat(5, 3)
    assert "A d6+2 v B d6" in text and "1/4" in text and "25.00%" in text and "Tie" in text
