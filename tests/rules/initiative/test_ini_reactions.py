"""INI-REACT-1..4, INI-RSHOOT-1..4, INI-VOLLEY-1, INI-MS-1, worked examples INI-EX-4..6."""

import pytest

from game.rules.initiative import (
    IniTurn,
    ReactionWindow,
    after_reactions,
    after_reactive_shooting,
    can_react_shoot,
    eligible_enemies,
    max_reactive_shooters,
    move_and_shoot_allowance,
    move_and_shoot_problem,
    reaction_candidates,
    reaction_end_problem,
    run_away_problem,
    volley_allowed,
)
from game.rules.initiative.config import INITIATIVE
from game.rules.rangers import shooting_modifier, shooting_target
from game.rules.rangers.turn_common import reactive_shooter_caps


def _scene():
    # enemies "m" (mover) engaged our "v" (victim); "c" is contiguous with m; "x" stands apart
    enemies = {"m": (0.0, 0.0, 0.5), "c": (2.0, 0.0, 0.5), "x": (12.0, 0.0, 0.5)}
    friends = {
        "v": (-1.5, 0.0, 0.5),  # engaged (edge 0.5 to m)
        "near": (0.0, 4.5, 0.5),  # edge 3.5 to m: candidate
        "edge": (0.0, 5.0, 0.5),  # edge exactly 4.0: candidate
        "far": (0.0, 6.0, 0.5),  # edge 5.0: too far
        "busy": (12.0, 1.5, 0.5),
    }  # engaged with x
    return enemies, friends


def test_INI_REACT_1_candidates_within_4_and_unengaged():
    enemies, friends = _scene()
    assert reaction_candidates(INITIATIVE, friends, {"m": enemies["m"]}, enemies.values()) == ["near", "edge"]


def test_INI_REACT_1_run_away_every_step_farther():
    foes = [(0.0, 0.0, 0.5)]
    assert run_away_problem([(0.0, 3.0), (0.0, 9.0)], 0.5, foes, 6.0) is None
    assert run_away_problem([(0.0, 3.0), (3.0, 3.0)], 0.5, foes, 6.0) is None  # sideways but still away
    assert "farther" in run_away_problem([(3.0, 0.0), (0.0, 3.0)], 0.5, foes, 6.0)  # dips closer mid-way
    assert "farther" in run_away_problem([(0.0, 3.0), (0.0, 1.5)], 0.5, foes, 6.0)
    assert "more than the move" in run_away_problem([(0.0, 3.0), (0.0, 10.0)], 0.5, foes, 6.0)


def test_INI_REACT_2_eligible_enemies_are_movers_and_contiguous():
    enemies, _ = _scene()
    assert eligible_enemies(["m"], enemies) == {"m", "c"}
    # a chain: c2 is within a base diameter of c, so it joins
    enemies["c2"] = (4.0, 0.0, 0.5)
    enemies["gap"] = (6.1, 0.0, 0.5)  # gap 1.1 > 1.0
    assert eligible_enemies(["m"], enemies) == {"m", "c", "c2"}


def test_INI_REACT_2_reacting_figures_engage_only_eligible_enemies():
    enemies, _ = _scene()
    el = eligible_enemies(["m"], enemies)
    assert reaction_end_problem((0.0, 1.5, 0.5), "engage", el, enemies) is None
    assert "that just engaged" in reaction_end_problem((11.0, -1.5, 0.5), "engage", el, enemies)
    both = {**enemies, "y": (1.0, 3.0, 0.5)}
    assert "'y'" in reaction_end_problem((0.5, 1.5, 0.5), "engage", el, both)
    assert reaction_end_problem((0.0, 8.0, 0.5), "run", el, enemies) is None
    assert reaction_end_problem((0.0, 1.5, 0.5), "run", el, enemies)
    with pytest.raises(ValueError):
        reaction_end_problem((0.0, 1.5, 0.5), "dance", el, enemies)


def test_INI_REACT_3_declare_all_before_resolving():
    w = ReactionWindow(frozenset({"near", "edge"}))
    w2 = w.declare(["near"])
    assert w2.declared == {"near"}
    with pytest.raises(ValueError, match="INI-REACT-3"):
        w2.declare(["edge"])
    with pytest.raises(ValueError, match="INI-REACT-1"):
        w.declare(["far"])


def test_INI_REACT_4_initiative_rolled_normally_after_reactions():
    assert after_reactions("a") == ("a", "seize")


def test_INI_RSHOOT_1_once_per_enemy_initiative_spell():
    t = IniTurn(1, "a", "b")
    assert can_react_shoot(t.rshoot_used)
    t = after_reactive_shooting(t)
    assert not can_react_shoot(t.rshoot_used)
    with pytest.raises(ValueError, match="INI-RSHOOT-1"):
        after_reactive_shooting(t)


def test_INI_RSHOOT_2_all_reacting_shooters_declared_first():
    w = ReactionWindow(frozenset({"s1", "s2", "s3"}), limit=2)
    with pytest.raises(ValueError, match="INI-RSHOOT-3"):
        w.declare(["s1", "s2", "s3"])
    w = w.declare(["s1", "s2"])
    with pytest.raises(ValueError):
        w.declare(["s3"])


def test_INI_RSHOOT_3_one_shooter_per_inch_moved():
    assert max_reactive_shooters(0.0) == 1
    assert max_reactive_shooters(2.5) == 3
    assert max_reactive_shooters(2.0000001) == 2  # rounded to 1/1000 first
    assert max_reactive_shooters(6.0) == 6


def test_INI_EX_4_two_movers_four_shooters():
    assert sum(reactive_shooter_caps({"m1": 2.0, "m2": 2.0}).values()) == 4
    assert max_reactive_shooters(2.0) == 2


def test_INI_EX_5_one_inch_or_less_one_shooter():
    assert max_reactive_shooters(1.0) == 1 and max_reactive_shooters(0.4) == 1


def test_INI_RSHOOT_4_reactive_penalty_on_rangers_roll():
    assert shooting_target(14, range_in=8.0, reactive=True) == shooting_target(14, range_in=8.0) - 2


def test_INI_EX_6_ten_percent_penalty():
    """10% of the RNG d20 = +2 to the roll (the d10 case has no d10 system here)."""
    assert shooting_modifier(range_in=8.0, reactive=True) - shooting_modifier(range_in=8.0) == 2


def test_INI_EX_6_the_reactive_penalty_is_exactly_ten_percent_of_the_hit_chance():
    from fractions import Fraction

    from game.rules.rangers.shooting import shooting_odds

    for av in (8, 12, 16):
        for rng in (3.0, 8.0):
            plain, reactive = shooting_odds(av, range_in=rng), shooting_odds(av, range_in=rng, reactive=True)
            assert plain - reactive == Fraction(1, 10), (av, rng)


def test_INI_RSHOOT_4_every_reactive_shot_in_play_is_a_d20_roll_taking_the_plus_2():
    """The recorded initiative games' reactive shots: each rolls one d20 (no d10 anywhere), and its
    modifier is a reactive shot's (+2); no roll of any recorded game, of any system, is a d10."""
    from pathlib import Path

    from game.match import load_record
    from game.match.replay import replay
    from game.rules.events import DiceRolled
    from game.rules.rangers.events import ShotResolved

    records = sorted((Path(__file__).resolve().parents[2] / "data" / "records").glob("*.json"))
    reactive = 0
    for p in records:
        m = replay(load_record(p)).match
        assert not [e for e in m.log if isinstance(e, DiceRolled) and e.die == 10], p.name
        for i, e in enumerate(m.log):
            if isinstance(e, ShotResolved) and e.reactive:
                roll = next(r for r in reversed(m.log[:i]) if isinstance(r, DiceRolled))
                assert e.rule == "INI-RSHOOT-4" and roll.die == 20 and roll.faces == (e.natural,)
                shooter = m.figure(e.attacker)
                # aim counters and a moving target are not in the event: the modifier is one of the
                # reactive ones for some aim and movement
                can = {
                    shooting_modifier(
                        range_in=e.range_in,
                        cover=e.cover or None,
                        keen_eyed="keen_eyed" in shooter.traits,
                        aim=aim,
                        target_moved=moved,
                        reactive=True,
                    )
                    for aim in range(4)
                    for moved in (False, True)
                }
                assert roll.modifier in can, (p.name, e)
                reactive += 1
    assert reactive >= 10


def test_INI_VOLLEY_1_volley_only_without_movement():
    assert volley_allowed(moved_any=False, shooting_only=True)
    assert not volley_allowed(moved_any=True, shooting_only=True)
    assert not volley_allowed(moved_any=False, shooting_only=False)


def test_INI_MS_1_move_and_shoot_by_weapon():
    assert move_and_shoot_allowance("bow", 6.0) == 3.0 and move_and_shoot_allowance("sling", 8.0) == 4.0
    assert move_and_shoot_allowance("javelin", 6.0) == 6.0
    assert move_and_shoot_allowance("crossbow", 6.0) == 0 and move_and_shoot_allowance("musket", 6.0) == 0
    assert move_and_shoot_problem("bow", 3.0, 6.0) is None
    assert "at most 3" in move_and_shoot_problem("bow", 3.1, 6.0)
    assert "stay still" in move_and_shoot_problem("pistol", 0.5, 6.0)
    assert move_and_shoot_problem("musket", 0.0, 6.0) is None
    with pytest.raises(ValueError):
        move_and_shoot_allowance("trebuchet", 6.0)


def test_INI_RSHOOT_4_a_reactive_shot_in_the_initiative_game_rolls_a_d20_at_plus_2():
    from game.rules.decisions import Decision
    from game.rules.events import DiceRolled
    from game.rules.rangers.events import ShotResolved
    from tests.rules.rangers.flow_helpers import events_of, pick, setup

    # the rangers win the roll-off (d20s) and Rogers walks 1.5 in past two loaded marines 9 in off
    m = setup(
        {"rogers": (3, 3), "marine_1": (12, 3), "marine_2": (12, 5), "lieutenant": (22, 22)},
        preset="initiative",
        options={"start_loaded": True},
        faces=[20, 1] + [18] + [10] * 20,
    )
    assert m.pending.side == "rangers"
    m.apply(pick(m, "choose", figure="rogers", option="move"))
    m.apply(Decision("move", figure="rogers", x=3.0, y=4.5))
    assert m.pending.kind == "react_shoot" and m.pending.side == "french"
    m.apply(pick(m, "react_shoot", items=(m.pending.options[-1].items[0],)))
    shot = events_of(m, ShotResolved)[-1]
    assert shot.reactive and shot.rule == "INI-RSHOOT-4" and shot.natural == 18
    roll = [e for e in m.log if isinstance(e, DiceRolled) and e.faces == (18,)][-1]
    assert roll.die == 20 and roll.modifier == 0 + 2 + 1  # effective range, reactive +2, moved +1
