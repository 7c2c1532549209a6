"""RNG-SHOOT-1 shooting targets and odds, RNG-COVER-1 cover, INI-RSHOOT-4 on the RNG d20."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.dice import ScriptedDice
from game.rules.rangers import (
    range_band,
    roll_shot,
    shooting_modifier,
    shooting_odds,
    shooting_target,
    shot_wound_odds,
    wound_odds,
)
from tests.montecarlo import N, assert_matches, run


def test_RNG_SHOOT_1_band_edges():
    assert range_band(0) == "short" and range_band(5.0) == "short"
    assert range_band(5.001) == "effective" and range_band(10.0) == "effective"
    assert range_band(10.001) == "long" and range_band(15.0) == "long"
    assert range_band(15.001) is None
    assert shooting_target(14, range_in=5.0) == 15
    assert shooting_target(14, range_in=5.5) == 14
    assert shooting_target(14, range_in=10.0) == 14
    assert shooting_target(14, range_in=10.5) == 7
    assert shooting_target(14, range_in=15.0) == 7
    assert shooting_target(14, range_in=15.01) is None


def test_RNG_SHOOT_1_each_modifier():
    base = dict(range_in=8.0)
    assert shooting_target(14, **base) == 14
    assert shooting_target(14, aim=1, **base) == 15
    assert shooting_target(14, aim=3, **base) == 17
    assert shooting_target(14, aim=5, **base) == 17  # only 3 counters count
    assert shooting_target(14, cover="soft", **base) == 12
    assert shooting_target(14, cover="hard", **base) == 11
    assert shooting_target(14, target_moved=True, **base) == 13
    assert shooting_target(14, keen_eyed=True, **base) == 16
    assert shooting_target(14, reactive=True, **base) == 12  # INI-RSHOOT-4
    assert shooting_target(14, ap=2, **base) == 16  # RNG-AP-1
    assert shooting_modifier(range_in=12, aim=2, cover="hard", target_moved=True, keen_eyed=True) == -2 + 7 + 3 + 1 - 2
    with pytest.raises(ValueError):
        shooting_target(14, range_in=8, cover="thick")
    with pytest.raises(ValueError):
        shooting_target(14, range_in=-1)


def test_RNG_SHOOT_1_natural_20_misses_and_cap_19():
    assert shooting_target(14, range_in=3, aim=3, keen_eyed=True) == 19  # 14 + 6 = 20 → capped
    assert shooting_odds(14, range_in=3, aim=3, keen_eyed=True) == Fraction(19, 20)
    assert not roll_shot(ScriptedDice([20]), 14, range_in=3, aim=3, keen_eyed=True).hit
    assert roll_shot(ScriptedDice([19]), 14, range_in=3, aim=3, keen_eyed=True).hit


def test_RNG_SHOOT_1_natural_1_is_not_automatic():
    # civilian AV 10, long range, hard cover, target moved: 10 − 11 = −1 → no natural hits
    assert shooting_target(10, range_in=12, cover="hard", target_moved=True) == 0
    assert shooting_odds(10, range_in=12, cover="hard", target_moved=True) == 0
    r = roll_shot(ScriptedDice([1]), 10, range_in=12, cover="hard", target_moved=True)
    assert not r.hit and not r.critical and r.roll.rule == "RNG-SHOOT-1"
    assert shooting_target(10, range_in=12, cover="hard") == 0  # exactly 0
    assert shooting_target(10, range_in=12, cover="soft") == 1


def test_RNG_SHOOT_1_weapon_range_and_out_of_range():
    assert shooting_target(14, range_in=6, weapon="pistol") is None
    assert shooting_target(14, range_in=5, weapon="pistol") == 15
    assert shooting_target(14, range_in=14, weapon="musket") == 7
    assert shooting_odds(14, range_in=20) == 0
    with pytest.raises(ValueError, match="out of range"):
        roll_shot(ScriptedDice([1]), 14, range_in=16)


@given(
    st.integers(5, 20),
    st.floats(0, 15),
    st.integers(0, 3),
    st.sampled_from([None, "soft", "hard"]),
    st.booleans(),
    st.booleans(),
    st.integers(1, 20),
)
def test_RNG_SHOOT_1_target_agrees_with_the_rolling_code(av, rng, aim, cover, moved, keen, face):
    t = shooting_target(av, range_in=rng, aim=aim, cover=cover, target_moved=moved, keen_eyed=keen)
    r = roll_shot(ScriptedDice([face]), av, range_in=rng, aim=aim, cover=cover, target_moved=moved, keen_eyed=keen)
    assert 0 <= t <= 19
    assert r.hit == (face <= t)


def test_RNG_SHOOT_1_odds_match_monte_carlo():
    cases = [dict(range_in=8.0), dict(range_in=12.0, cover="soft", aim=2), dict(range_in=4.0, target_moved=True)]
    for seed, kw in enumerate(cases):
        counts = run(200 + seed, lambda d: roll_shot(d, 14, **kw).hit, n=N // 2)
        assert_matches(shooting_odds(14, **kw), counts[True], N // 2, f"shot {kw}")


def test_RNG_SHOOT_1_shot_wound_distribution():
    d = shot_wound_odds(14, 1, range_in=8.0)
    assert sum(d.values()) == 1
    assert d[2] == Fraction(14, 20) * wound_odds(1)[2]
