"""RNG-HAND-1..5 hand combat."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.dice import ScriptedDice
from game.rules.rangers import (
    auto_dv_share,
    dv_share_options,
    effective_dv,
    face_towards,
    free_attack_dv,
    hand_attack_wound_odds,
    hand_combat_hits,
    hand_combat_odds,
    hand_combat_target,
    obstacle_dv_bonus,
    rear_attack,
    roll_hand_combat,
    wound_odds,
)
from game.rules.rangers.geometry import arc_of
from tests.montecarlo import N, assert_distribution, assert_matches, run


def test_RNG_HAND_1_target_is_raw_av_minus_dv():
    assert hand_combat_target(14, 6) == 8
    assert hand_combat_target(10, 12) == -2
    assert hand_combat_target(30, 4) == 26


def test_RNG_HAND_1_naturals_override_the_target():
    assert hand_combat_hits(1, 10, 12)  # target −2: natural 1 still hits
    assert not hand_combat_hits(2, 10, 12)
    assert not hand_combat_hits(20, 30, 4)  # target 26: natural 20 still misses
    assert hand_combat_hits(19, 30, 4)
    assert hand_combat_hits(8, 14, 6) and not hand_combat_hits(9, 14, 6)


def test_RNG_HAND_1_scripted_rolls_and_criticals():
    r = roll_hand_combat(ScriptedDice([1]), 10, 12, who="a")
    assert r.hit and r.critical and r.roll.rule == "RNG-HAND-1"
    r = roll_hand_combat(ScriptedDice([8]), 14, 6)
    assert r.hit and not r.critical
    r = roll_hand_combat(ScriptedDice([20]), 30, 4)
    assert not r.hit and not r.critical
    # aggression points shift the total, never the natural
    assert roll_hand_combat(ScriptedDice([9]), 14, 6, ap=1).hit
    assert not roll_hand_combat(ScriptedDice([20]), 14, 6, ap=2).hit


@given(st.integers(-5, 40), st.integers(0, 15), st.integers(0, 2))
def test_RNG_HAND_1_odds_count_every_face(av, dv, ap):
    target = av - dv + ap
    expected = Fraction(1 + max(0, min(target, 19) - 1), 20)
    assert hand_combat_odds(av, dv, ap=ap) == expected
    assert hand_combat_odds(av, dv, crit=True) == Fraction(1, 20)


def test_RNG_HAND_1_odds_match_monte_carlo():
    for seed, (av, dv) in enumerate([(14, 6), (12, 12), (16, 0)]):
        counts = run(100 + seed, lambda d: roll_hand_combat(d, av, dv)[1:], n=N // 2)
        hits = counts[(True, False)] + counts[(True, True)]
        assert_matches(hand_combat_odds(av, dv), hits, N // 2, f"hit {av} vs {dv}")
        assert_matches(hand_combat_odds(av, dv, crit=True), counts[(True, True)], N // 2, f"crit {av} vs {dv}")


def test_RNG_HAND_1_attack_wound_distribution_matches_monte_carlo():
    from game.rules.rangers import roll_wounds

    def trial(d):
        h = roll_hand_combat(d, 14, 6)
        if not h.hit:
            return 0
        return roll_wounds(d, 1 + (-2 if h.critical else 0), lucky=False).wounds

    exact = hand_attack_wound_odds(14, 6, 1)
    assert sum(exact.values()) == 1
    assert_distribution(exact, run(7, trial), N, "attack wounds")
    # a miss never wounds; a crit adds −2
    assert (
        hand_attack_wound_odds(14, 6, 1)[2] == Fraction(7, 20) * wound_odds(1)[2] + Fraction(1, 20) * wound_odds(-1)[2]
    )


def test_RNG_HAND_2_rear_attack_halves_dv_round_up():
    d = (0.0, 0.0, 0.5)
    first = (1.5, 0.0, 0.5)  # in front (east)
    facing = face_towards(d, first)
    assert facing == 0.0
    behind = (-1.5, 0.0, 0.5)
    flank = (0.0, 1.5, 0.5)
    assert arc_of(d, facing, behind) == "rear" and arc_of(d, facing, flank) == "flank"
    assert rear_attack(d, facing, behind, first)
    assert not rear_attack(d, facing, flank, first)
    assert not rear_attack(d, facing, behind, (3.0, 0.0, 0.5))  # first attacker no longer within 1"
    assert not rear_attack(d, facing, behind, None)
    assert effective_dv(6, rear=True) == 3 and effective_dv(5, rear=True) == 3 and effective_dv(5) == 5
    assert effective_dv(1, rear=True) == 1 and effective_dv(0, rear=True) == 0


def test_RNG_HAND_3_split_dv_and_auto_policy():
    assert list(dv_share_options(6, 0)) == list(range(7))
    assert list(dv_share_options(2, 2)) == [0, 1, 2]
    assert list(dv_share_options(6, 3)) == [0]  # 4th attacker faces DV 0
    # three enemies within 3": 6 → 2, 2, 2
    assert auto_dv_share(6, 0, 3) == 2 and auto_dv_share(4, 1, 2) == 2 and auto_dv_share(2, 2, 1) == 2
    # five enemies: k capped at 3 − attackers so far
    assert auto_dv_share(7, 0, 5) == 3 and auto_dv_share(4, 1, 4) == 2 and auto_dv_share(2, 2, 3) == 2
    assert auto_dv_share(6, 3, 2) == 0
    # one attacker alone gets the lot; k is at least 1
    assert auto_dv_share(6, 0, 1) == 6 and auto_dv_share(6, 0, 0) == 6
    assert auto_dv_share(0, 1, 2) == 0


@given(st.integers(0, 12), st.integers(1, 8))
def test_RNG_HAND_3_auto_never_overspends(dv, enemies):
    remaining = dv
    for i in range(enemies):
        share = auto_dv_share(remaining, i, enemies - i)
        assert share in dv_share_options(remaining, i)
        remaining -= share
    assert remaining >= 0
    if enemies <= 3:
        assert remaining == 0


def test_RNG_HAND_4_fleeing_gives_free_attacks_at_half_dv():
    assert free_attack_dv(6) == 3 and free_attack_dv(7) == 4 and free_attack_dv(5) == 3
    assert effective_dv(5, fleeing=True) == 3


def test_RNG_HAND_5_obstacle_dv_bonus():
    assert obstacle_dv_bonus(None) == 0 and obstacle_dv_bonus("soft") == 1 and obstacle_dv_bonus("hard") == 2
    with pytest.raises(ValueError):
        obstacle_dv_bonus("concrete")
