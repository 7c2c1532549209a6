"""INI-TOME-1 "To me!", INI-SEQ-1 turn bookkeeping, INI-SEQ-2 groups, PRE-INI-1 engaged."""

import pytest

from game.rules.dice import ScriptedDice
from game.rules.initiative import (
    IniTurn,
    after_action,
    after_pass,
    after_seize,
    engaged,
    group_of,
    groups,
    in_command,
    roll_turn_start,
    tome_move_problem,
    tome_movers,
)
from game.rules.model import Figure


def test_INI_TOME_1_who_answers():
    enemies = [(20.0, 0.0, 0.5)]
    command = {"c1": (0.0, 0.0, 0.5), "c2": (15.0, 0.0, 0.5), "c3": (5.0, 0.0, 0.5)}  # c2 is 4" from the enemy
    others = {
        "ally_near": (0.0, 4.0, 0.5),  # edge 3 from c1
        "ally_far": (0.0, 9.0, 0.5),
        "ally_by_c2": (15.0, 2.0, 0.5),
    }  # near c2 only, which is not a mover
    assert tome_movers(command, others, enemies) == ["c1", "c3", "ally_near"]


def test_INI_TOME_1_move_must_close_and_keep_4_inches_away():
    leader = (0.0, 0.0, 0.5)
    enemy = [(10.0, 10.0, 0.5)]
    assert tome_move_problem([(0.0, 8.0), (0.0, 3.0)], 0.5, leader, enemy, 6.0) is None
    assert "nearer" in tome_move_problem([(0.0, 3.0), (0.0, 5.0)], 0.5, leader, enemy, 6.0)
    assert "more than the move" in tome_move_problem([(0.0, 9.0), (0.0, 1.0)], 0.5, leader, enemy, 6.0)
    # passing within 4" of the enemy at any point is illegal
    assert "within 4" in tome_move_problem([(7.0, 7.0), (3.0, 3.0)], 0.5, leader, enemy, 6.0)


def test_INI_TOME_1_command_tags():
    lead = Figure(id="l", name="l", side="a", x=0, y=0, command="north")
    untagged_lead = Figure(id="u", name="u", side="a", x=0, y=0)
    f_north = Figure(id="n", name="n", side="a", x=0, y=0, command="north")
    f_south = Figure(id="s", name="s", side="a", x=0, y=0, command="south")
    foe = Figure(id="f", name="f", side="b", x=0, y=0, command="north")
    assert in_command(lead, f_north) and not in_command(lead, f_south) and not in_command(lead, foe)
    assert in_command(untagged_lead, f_south) and not in_command(untagged_lead, foe)


def test_INI_SEQ_1_roll_off_and_passes():
    t, events = roll_turn_start(ScriptedDice([7, 7, 3, 12]), ["a", "b"], 1)
    assert (t.active, t.passive, t.turn) == ("b", "a", 1) and len(events) == 4
    assert all(e.rule == "INI-SEQ-1" and e.die == 20 for e in events)
    t = after_pass(t)  # b passes: a active, no roll
    assert (t.active, t.passes, t.over) == ("a", 1, False)
    t = after_action(t)  # a acts: streak broken
    assert t.passes == 0
    t = after_pass(after_pass(t))  # two passes in a row end the game turn
    assert t.over
    with pytest.raises(ValueError):
        roll_turn_start(ScriptedDice([1]), ["a", "b", "c"], 1)


def test_INI_SEQ_1_seize_changes_hands_and_resets_reactive_shooting():
    t = IniTurn(3, "a", "b", rshoot_used=True)
    assert after_seize(t, False) == t
    s = after_seize(t, True)
    assert (s.active, s.passive, s.rshoot_used) == ("b", "a", False)
    assert s.to_json()["active"] == "b"


def test_INI_SEQ_2_groups_are_connected_components():
    figs = {
        "a": (0.0, 0.0, 0.5),
        "b": (2.0, 0.0, 0.5),  # gap 1.0: linked
        "c": (4.0, 0.0, 0.5),  # linked to b: chain
        "d": (10.0, 0.0, 0.5),
        "e": (12.1, 0.0, 0.5),  # gap 1.1: not linked
        "big": (10.0, 3.5, 1.0),
    }  # 2" base: gap 1.5 to d ≤ its 2" diameter
    assert groups(figs) == [("a", "b", "c"), ("d", "big"), ("e",)]
    assert group_of("big", figs) == ("d", "big")
    with pytest.raises(KeyError):
        group_of("zz", figs)


def test_PRE_INI_1_engaged_means_within_1_inch():
    assert engaged((0.0, 0.0, 0.5), [(2.0, 0.0, 0.5)])
    assert not engaged((0.0, 0.0, 0.5), [(2.01, 0.0, 0.5)])
