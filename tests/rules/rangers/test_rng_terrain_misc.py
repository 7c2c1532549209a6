"""RNG-MOVE-1/2 terrain, RNG-AP-1 aggression points, RNG-SPEC-1 special actions."""

from fractions import Fraction

from game.rules.dice import ScriptedDice
from game.rules.rangers import (
    AP_MAX_PER_ROLL,
    ap_problem,
    apply_ap,
    crossing_allowance,
    hand_combat_odds,
    may_cross,
    obstacle_defended,
    roll_aggression_points,
    roll_special_action,
    special_action_odds,
    special_action_target,
)
from game.rules.rangers.special import actions_needed


def test_RNG_MOVE_2_linear_obstacle_crossing():
    wall = (0.0, 0.0, 0.0, 10.0)  # vertical wall on x = 0
    mover = (-1.0, 5.0, 0.5)
    assert obstacle_defended(mover, wall, [(1.5, 5.0, 0.5)])  # edge 1.0 from the far side
    assert not obstacle_defended(mover, wall, [(1.6, 5.0, 0.5)])
    assert not obstacle_defended(mover, wall, [(-1.2, 5.0, 0.5)])  # on the mover's side
    assert not obstacle_defended(mover, wall, [])
    assert crossing_allowance(6.0) == 3.0 and crossing_allowance(8.0) == 4.0
    assert may_cross(stopped_last_turn=True, defended=False)
    assert not may_cross(stopped_last_turn=False, defended=False)
    assert not may_cross(stopped_last_turn=True, defended=True)


def test_RNG_AP_1_points_and_limits():
    ev = roll_aggression_points(ScriptedDice([4]), who="british")
    assert ev.total == 4 and ev.rule == "RNG-AP-1"
    assert AP_MAX_PER_ROLL == 2
    assert ap_problem(2, 4) is None and ap_problem(0, 0) is None
    assert "at most 2" in ap_problem(3, 6)
    assert "only 1" in ap_problem(2, 1)
    assert ap_problem(-1, 3)
    assert apply_ap(10, 2) == 8 and apply_ap(10, 2, roll_under=False) == 12
    # one point is one face in the spender's favour on a d20 roll-under
    assert hand_combat_odds(14, 6, ap=2) - hand_combat_odds(14, 6) == Fraction(2, 20)


def test_RNG_SPEC_1_special_action_test():
    assert special_action_target(14, 4) == 10
    assert special_action_odds(14, 4) == Fraction(1, 2)
    assert special_action_odds(14, -10) == 1 and special_action_odds(10, 12) == 0
    assert roll_special_action(ScriptedDice([10]), 14, 4, who="x", purpose="force the door").success
    assert not roll_special_action(ScriptedDice([11]), 14, 4).success
    assert actions_needed("scalping") == 1
    assert actions_needed("search_cabin", {"search_cabin": 3}) == 3
