"""RNG-ACT-1 actions, RNG-MOT-3/4 unmotivated figures, RNG-SHOOT-2/3 legality."""

import pytest

from game.rules.model import Figure
from game.rules.rangers import (
    FREE_ACTIONS,
    MOTIVATED_ACTIONS,
    Action,
    Motivation,
    action_problem,
    after_action,
    legal_actions,
    needs_motivation,
    retaliation_targets,
    shot_into_melee,
)


def test_RNG_ACT_1_which_actions_need_motivation():
    assert {a.value for a in MOTIVATED_ACTIONS} == {"charge", "load", "aim", "shoot", "move", "special", "attack"}
    assert {a.value for a in FREE_ACTIONS} == {"defend", "move_into_cover", "retreat", "flee"}
    assert not needs_motivation("retaliate") and needs_motivation(Action.CHARGE)
    assert len(Action) == 12


def test_RNG_ACT_1_one_action_per_player_turn():
    assert "already taken" in action_problem(Action.MOVE, Motivation.PASSED, acted=True)
    assert action_problem(Action.DEFEND, Motivation.PASSED, acted=True) is None


def test_RNG_ACT_1_passed_and_exempt_figures():
    kw = dict(missile="musket", loaded=True, aim=1)
    assert set(legal_actions(Motivation.PASSED, **kw)) == {
        Action.CHARGE,
        Action.AIM,
        Action.SHOOT,
        Action.MOVE,
        Action.SPECIAL,
        Action.DEFEND,
        Action.MOVE_INTO_COVER,
    }
    assert Action.MOVE in legal_actions(Motivation.EXEMPT)
    assert Action.ATTACK in legal_actions(Motivation.EXEMPT, engaged=True)


def test_RNG_MOT_3_failed_figure_options():
    assert set(legal_actions(Motivation.FAILED, engaged=True, retaliation_available=True)) == {
        Action.DEFEND,
        Action.RETREAT,
        Action.FLEE,
    }
    assert set(legal_actions(Motivation.FAILED)) == {Action.DEFEND, Action.MOVE_INTO_COVER}
    assert "failed" in action_problem(Action.ATTACK, Motivation.FAILED, engaged=True)
    assert "motivation roll first" in action_problem(Action.SHOOT, Motivation.NOT_ROLLED, missile="bow")


def test_RNG_MOT_4_retaliation_instead_of_rolling():
    assert action_problem(Action.RETALIATE, Motivation.NOT_ROLLED, engaged=True, retaliation_available=True) is None
    assert "already rolled" in action_problem(Action.RETALIATE, Motivation.FAILED, retaliation_available=True)
    assert "already rolled" in action_problem(Action.RETALIATE, Motivation.PASSED, retaliation_available=True)
    assert "within 1" in action_problem(Action.RETALIATE, Motivation.NOT_ROLLED)
    me = Figure(id="me", name="me", side="a", x=0, y=0)
    near = Figure(id="n", name="n", side="b", x=2.0, y=0)  # edge 1.0
    far = Figure(id="f", name="f", side="b", x=2.5, y=0)
    assert retaliation_targets(me, [near, far]) == [near]


def test_RNG_HAND_4_retreat_and_flee_only_from_hand_combat():
    assert "only possible from hand combat" in action_problem(Action.FLEE, Motivation.FAILED)
    assert action_problem(Action.RETREAT, Motivation.NOT_ROLLED, engaged=True) is None
    assert "retreating or fleeing" in action_problem(Action.MOVE, Motivation.PASSED, engaged=True)


def test_RNG_SHOOT_2_load_aim_shoot():
    p = Motivation.PASSED
    assert "not loaded" in action_problem(Action.SHOOT, p, missile="musket", loaded=False)
    assert action_problem(Action.SHOOT, p, missile="bow") is None
    assert "needs no loading" in action_problem(Action.LOAD, p, missile="bow")
    assert "already loaded" in action_problem(Action.LOAD, p, missile="pistol", loaded=True)
    assert "load before aiming" in action_problem(Action.AIM, p, missile="musket", loaded=False)
    assert "maximum" in action_problem(Action.AIM, p, missile="musket", loaded=True, aim=3)
    assert "missile weapon" in action_problem(Action.SHOOT, p)
    assert after_action(Action.AIM, loaded=True, aim=2) == (True, 3)
    assert after_action(Action.AIM, loaded=True, aim=3) == (True, 3)
    assert after_action(Action.SHOOT, loaded=True, aim=3) == (False, 0)
    assert after_action(Action.MOVE, loaded=True, aim=2) == (True, 0)
    assert after_action(Action.LOAD, loaded=False, aim=0) == (True, 0)
    assert after_action(Action.DEFEND, loaded=True, aim=2) == (True, 2)


def test_RNG_SHOOT_3_no_shooting_into_hand_combat():
    target = (0.0, 0.0, 0.5)
    assert shot_into_melee(target, [(2.0, 0.0, 0.5)])  # edge distance 1.0
    assert not shot_into_melee(target, [(2.01, 0.0, 0.5)])
    assert not shot_into_melee(target, [])


def test_RNG_ACT_1_unknown_action_is_refused():
    with pytest.raises(ValueError):
        action_problem("dance", Motivation.PASSED)
