"""RNG-TURN-1 first player, RNG-MOT-1/2 motivation, RNG-MOR-1 morale."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from game.rules.dice import ScriptedDice
from game.rules.model import Figure, Status
from game.rules.rangers import (
    failed_motivation_outcome,
    figure_motivation_modifier,
    first_player_odds,
    initiative_bonus,
    leader_in_range,
    morale_broken,
    motivation_modifier,
    motivation_odds,
    motivation_passes,
    motivation_target,
    needs_motivation_roll,
    roll_first_player,
    roll_motivation,
    side_initiative_bonus,
)
from tests.montecarlo import N, assert_matches, run


def _fig(fid, x, y=0.0, traits=(), side="a", status=Status.UNWOUNDED):
    return Figure(id=fid, name=fid, side=side, x=x, y=y, traits=frozenset(traits), status=status)


def test_RNG_TURN_1_legendary_leader_gives_plus_one():
    assert initiative_bonus([["legendary_leader"], ["veteran"]]) == 1
    assert initiative_bonus([["leader"], []]) == 0
    assert initiative_bonus([["legendary_leader"], ["legendary_leader"]]) == 1  # not cumulative
    dead = _fig("l", 0, traits=["legendary_leader"], status=Status.KNOCKED_DOWN)
    assert side_initiative_bonus([dead, _fig("x", 1)]) == 0


def test_RNG_TURN_1_ties_reroll_and_highest_goes_first():
    dice = ScriptedDice([4, 4, 2, 5])
    first, events = roll_first_player(dice, {"british": 0, "french": 0})
    assert first == "french" and len(events) == 4 and all(e.rule == "RNG-TURN-1" for e in events)
    # the bonus counts: 3 + 1 beats 3, and 3 + 1 ties 4 (reroll)
    assert roll_first_player(ScriptedDice([3, 3]), {"a": 1, "b": 0})[0] == "a"
    assert roll_first_player(ScriptedDice([3, 4, 1, 6]), {"a": 1, "b": 0})[0] == "b"


def test_RNG_TURN_1_first_player_odds_exact_and_monte_carlo():
    assert first_player_odds(0, 0) == Fraction(1, 2)
    assert first_player_odds(1, 0) == Fraction(21, 31)  # P(A>B)=21/36 (a ≥ b), P(tie)=5/36
    counts = run(11, lambda d: roll_first_player(d, {"a": 1, "b": 0})[0], n=50_000)
    assert_matches(first_player_odds(1, 0), counts["a"], 50_000, "first player +1")


def test_RNG_MOT_1_who_rolls_and_targets():
    assert needs_motivation_roll("enlisted", [])
    assert not needs_motivation_roll("enlisted", ["leader"])
    assert not needs_motivation_roll("militia", ["legendary_leader"])
    assert not needs_motivation_roll("civilian", [])
    assert motivation_target() == 3 and motivation_target(wounded=True) == 2
    assert [motivation_passes(n) for n in range(1, 7)] == [True, True, True, False, False, False]


def test_RNG_MOT_1_roll_is_an_event():
    ev = roll_motivation(ScriptedDice([3]), who="m1")
    assert ev.success and ev.rule == "RNG-MOT-1" and ev.roll_under and ev.target == 3
    assert not roll_motivation(ScriptedDice([4]), who="m1").success
    assert roll_motivation(ScriptedDice([4]), modifier=-1).success


def test_RNG_MOT_2_modifiers_not_cumulative():
    assert motivation_modifier() == 0
    assert motivation_modifier(leader_within_6=True) == -1
    assert motivation_modifier(legendary_within_12=True) == -1
    assert motivation_modifier(leader_within_6=True, legendary_within_12=True) == -1
    assert motivation_modifier(leader_within_6=True, initiative=True) == -2
    assert motivation_odds(modifier=-2) == Fraction(5, 6)
    assert motivation_odds(wounded=True, modifier=-1) == Fraction(1, 2)


def test_RNG_MOT_2_leader_ranges_edge_to_edge():
    me = _fig("me", 0.0)
    leader_6 = _fig("l", 7.0, traits=["leader"])  # edge distance 6.0
    leader_far = _fig("l", 7.1, traits=["leader"])
    legend_12 = _fig("g", 13.0, traits=["legendary_leader"])
    legend_far = _fig("g", 13.1, traits=["legendary_leader"])
    assert leader_in_range(me, [me, leader_6]) and not leader_in_range(me, [leader_far])
    assert leader_in_range(me, [legend_12]) and not leader_in_range(me, [legend_far])
    dead = _fig("d", 2.0, traits=["leader"], status=Status.KNOCKED_DOWN)
    assert not leader_in_range(me, [dead])
    # a leader's own presence does not motivate itself
    assert not leader_in_range(leader_6, [leader_6])
    initiative_man = _fig("i", 0.0, traits=["initiative"])
    assert figure_motivation_modifier(initiative_man, [initiative_man, leader_6]) == -2


@given(st.booleans(), st.integers(-2, 0), st.integers(0, 2))
def test_RNG_MOT_2_odds_count_faces(wounded, modifier, ap):
    exact = motivation_odds(wounded=wounded, modifier=modifier, ap=ap)
    target = motivation_target(wounded) - modifier + ap
    assert exact == Fraction(max(0, min(6, target)), 6)


def test_RNG_MOT_1_monte_carlo_matches_exact():
    for seed, wounded, mod in ((1, False, -1), (2, True, 0)):
        counts = run(seed, lambda d: roll_motivation(d, wounded=wounded, modifier=mod).success, n=N // 2)
        assert_matches(
            motivation_odds(wounded=wounded, modifier=mod), counts[True], N // 2, f"motivation {wounded} {mod}"
        )


def test_RNG_MOR_1_condition_and_outcome():
    assert morale_broken(leader_killed=True, start_points=200, current_points=200)
    assert morale_broken(leader_killed=False, start_points=200, current_points=100)
    assert not morale_broken(leader_killed=False, start_points=200, current_points=101)
    assert morale_broken(leader_killed=False, start_points=205, current_points=102)
    assert not morale_broken(leader_killed=False, start_points=205, current_points=103)
    assert failed_motivation_outcome(morale_broken=True) == "flee"
    assert failed_motivation_outcome(morale_broken=True, determined=True) == "fail"
    assert failed_motivation_outcome(morale_broken=False) == "fail"
