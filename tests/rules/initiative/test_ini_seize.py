"""INI-BASE-1/2 rates, INI-SEIZE-1..5 seizing the initiative, INI-MEL-1/2 melee rounds."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.dice import ScriptedDice
from game.rules.initiative import (
    BASE_RATES,
    automatic_break_off,
    base_rate,
    can_nominate,
    counters_after_seize_attempt,
    counters_after_shooting,
    first_contact_round,
    leadership_factor,
    melee_round_triggered,
    rng_base_rate,
    rng_leadership,
    rng_rating,
    roll_seize,
    seize_odds,
    tactical_factors,
    within_medium_range,
)
from game.rules.initiative.config import INITIATIVE
from tests.montecarlo import N, assert_matches, run


def test_INI_BASE_1_rates_and_leadership():
    assert [base_rate(n) for n in ("Sub-human", "Rubbish", "Poor", "Average", "Good", "Excellent", "Demigods")] == [
        22,
        21,
        20,
        19,
        18,
        17,
        16,
    ]
    assert [leadership_factor(n) for n in ("Useless", "Adequate", "Good", "Heroic", "Inspired")] == [0, 1, 2, 3, 4]
    with pytest.raises(ValueError, match="INI-BASE-1"):
        base_rate("elite")


def test_INI_BASE_2_ratings_for_rangers_rosters():
    assert rng_rating("civilian") == "poor" and rng_base_rate("civilian") == 20
    assert rng_rating("militia") == "average" and rng_base_rate("militia") == 19
    assert rng_base_rate("enlisted") == 18 and rng_base_rate("native") == 18
    assert rng_base_rate("militia", ["veteran"]) == 18
    assert rng_base_rate("enlisted", ["veteran", "initiative"]) == 16
    assert rng_base_rate("civilian", ["initiative"]) == 19
    assert rng_leadership([]) == 0 and rng_leadership(["leader"]) == 2 and rng_leadership(["legendary_leader"]) == 3
    assert rng_leadership(["leader", "legendary_leader"]) == 3


def test_INI_SEIZE_1_equal_or_beat_the_base_rate():
    assert roll_seize(ScriptedDice([18]), 18).success
    assert not roll_seize(ScriptedDice([17]), 18).success
    assert roll_seize(ScriptedDice([15]), 18, leadership=2, factors=1).success
    r = roll_seize(ScriptedDice([16]), 18, leadership=2, who="gawain")
    assert r.success and r.roll.rule == "INI-SEIZE-1" and not r.roll.roll_under and r.roll.total == 18


def test_INI_SEIZE_1_odds_exact():
    assert seize_odds(18) == Fraction(3, 20)
    assert seize_odds(18, 2, 2) == Fraction(7, 20)
    assert seize_odds(16, 0, 15) == 1 and seize_odds(16, 0, 40) == 1
    assert seize_odds(22) == 0 and seize_odds(21) == 0  # no natural-20 success
    assert seize_odds(22, 0, 2) == Fraction(1, 20)
    assert seize_odds(20, 0, -25) == 0  # no natural-20 success either


@given(st.integers(16, 22), st.integers(0, 4), st.integers(-6, 16))
def test_INI_SEIZE_1_odds_formula(rate, lead, factors):
    need = rate - lead - factors
    assert seize_odds(rate, lead, factors) == Fraction(max(0, min(20, 21 - need)), 20)


def test_INI_SEIZE_1_odds_match_monte_carlo():
    for seed, (rate, lead, f) in enumerate([(18, 2, 2), (19, 0, 6)]):
        counts = run(400 + seed, lambda d: roll_seize(d, rate, lead, f)[1:], n=N // 2)
        assert_matches(seize_odds(rate, lead, f), counts[(True, True)] + counts[(True, False)], N // 2, "seize")
        melee = counts[(True, True)] + counts[(False, True)]
        assert_matches(Fraction(3, 20), melee, N // 2, "melee on 1-3")


def test_INI_SEIZE_2_tactical_factors():
    assert tactical_factors(INITIATIVE) == 0
    assert tactical_factors(INITIATIVE, can_engage=True) == 2
    assert tactical_factors(INITIATIVE, can_engage=True, can_reach_objective=True, can_shoot_within_medium=True) == 2
    assert tactical_factors(INITIATIVE, shooting_counters=3) == 6
    assert tactical_factors(INITIATIVE, destination_out_of_los=True) == -2
    assert tactical_factors(INITIATIVE, engaged=True) == -4
    assert tactical_factors(INITIATIVE, engaged=True, can_break_off=True) == 0
    assert tactical_factors(INITIATIVE, order_card=4) == 4
    assert (
        tactical_factors(
            INITIATIVE, can_engage=True, shooting_counters=1, destination_out_of_los=True, engaged=True, order_card=4
        )
        == 2 + 2 - 2 - 4 + 4
    )
    assert within_medium_range(10.0) and not within_medium_range(10.01)
    assert automatic_break_off([True, True]) and not automatic_break_off([True, False])
    assert not automatic_break_off([])
    with pytest.raises(ValueError):
        tactical_factors(INITIATIVE, shooting_counters=-1)


def test_INI_SEIZE_3_shooting_counters():
    assert counters_after_shooting(0) == 1
    assert counters_after_shooting(2) == 3
    assert counters_after_shooting(2, reactive=True) == 2
    assert counters_after_seize_attempt(3) == 0


def test_INI_SEIZE_4_rubbish_and_sub_human_cannot_be_nominated():
    assert can_nominate(BASE_RATES["poor"]) and can_nominate(16)
    assert not can_nominate(BASE_RATES["rubbish"]) and not can_nominate(BASE_RATES["sub_human"])


def test_INI_SEIZE_5_success_hands_over_the_initiative():
    from game.rules.initiative import IniTurn, after_seize

    assert after_seize(IniTurn(1, "a", "b"), True).active == "b"
    assert after_seize(IniTurn(1, "a", "b"), False).active == "a"


def test_INI_MEL_1_first_contact_fights_a_round():
    assert first_contact_round(False, True)
    assert not first_contact_round(True, True) and not first_contact_round(False, False)


def test_INI_MEL_2_natural_1_to_3_triggers_a_melee_round():
    assert [melee_round_triggered(n) for n in range(1, 21)] == [True] * 3 + [False] * 17
    r = roll_seize(ScriptedDice([2]), 16, 0, 20)
    assert r.success and r.melee_round  # melee round, and the seize still succeeds
    assert not roll_seize(ScriptedDice([4]), 20).melee_round
