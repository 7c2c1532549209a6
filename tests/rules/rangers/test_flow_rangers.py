"""PRE-RNG-1 flow: activation, motivation, actions, hand combat, shooting, morale, options."""

import pytest

from game.rules.decisions import PASS, Decision, IllegalDecision, Item
from game.rules.events import DiceRolled, Moved, PlayerTurnStarted, TurnStarted
from game.rules.model import Status
from game.rules.rangers.events import AttackResolved, ShotResolved
from game.rules.refusals import Cause

from .flow_helpers import events_of, has, pick, setup

# roll-off: rangers 6, french 1 → rangers first
RANGERS_FIRST = [6, 1]
FRENCH_FIRST = [1, 6]


def test_RNG_TURN_1_rolloff_then_player_turns():
    m = setup({"rogers": (3, 3), "warrior_1": (20, 20)}, faces=RANGERS_FIRST + [1, 6])
    ts = events_of(m, TurnStarted)
    assert ts and ts[0].first == "rangers" and ts[0].rule == "RNG-TURN-1"
    assert m.pending.side == "rangers" and m.pending.kind == "activate"
    m.apply(PASS)
    assert m.pending.side == "french"
    m.apply(PASS)
    assert [e.turn for e in events_of(m, TurnStarted)] == [1, 2]
    assert len(events_of(m, PlayerTurnStarted)) == 3


def test_RNG_MOT_1_leader_acts_without_a_roll_and_figures_roll():
    m = setup({"rogers": (3, 3), "ranger_1": (3, 6), "warrior_1": (20, 20)}, faces=RANGERS_FIRST + [3])
    m.apply(pick(m, "activate", figure="rogers"))
    assert m.pending.kind == "action" and not [
        e for e in m.log if isinstance(e, DiceRolled) and e.purpose == "motivation"
    ]
    m.apply(pick(m, "hold"))
    m.apply(pick(m, "activate", figure="ranger_1"))
    mot = [e for e in m.log if isinstance(e, DiceRolled) and e.rule == "RNG-MOT-1"]
    # RNG-MOT-2: Leader within 6" → −1
    assert mot[-1].faces == (3,) and mot[-1].modifier == -1 and mot[-1].success
    assert m.pending.kind == "action"


def test_RNG_MOT_3_failed_figure_may_not_attack_or_shoot():
    m = setup({"rogers": (20, 3), "ranger_1": (3, 6), "warrior_1": (3, 7.6)}, faces=RANGERS_FIRST + [6])
    m.apply(pick(m, "activate", figure="ranger_1"))
    # engaged, not a retaliator: it may first choose to act without rolling (RNG-HAND-4)
    assert m.pending.kind == "motivate"
    m.apply(pick(m, "choose", option="roll"))
    assert m.pending.kind == "unmotivated" and m.pending.rule == "RNG-MOT-3"
    kinds = {o.kind for o in m.pending.options}
    assert kinds <= {"hold", "retreat", "flee"} and "hold" in kinds and "retreat" in kinds
    with pytest.raises(IllegalDecision):
        m.apply(Decision("attack", figure="ranger_1", target="warrior_1"))


def test_RNG_ACT_1_charge_moves_into_contact_and_attacks():
    m = setup({"rogers": (5, 5), "warrior_1": (8.5, 5), "lieutenant": (22, 22)}, faces=RANGERS_FIRST + [5, 2])
    m.apply(pick(m, "activate", figure="rogers"))
    ch = pick(m, "charge", target="warrior_1")
    m.apply(ch)
    mv = [e for e in events_of(m, Moved) if e.how == "charge"]
    assert mv and mv[0].cost <= 3.0 + 1e-6
    att = events_of(m, AttackResolved)[-1]
    assert (att.attacker, att.defender, att.how, att.dv, att.hit) == ("rogers", "warrior_1", "charge", 6, True)
    # wound roll 2 with a sword (+0) → 2 wounds → dead (RNG-WND-1/2)
    assert m.figure("warrior_1").status is Status.KNOCKED_DOWN
    assert m.figure("warrior_1").facing == pytest.approx(180.0)  # turned to face its attacker (RNG-HAND-2)


def test_RNG_ACT_1_move_may_not_end_in_contact_and_arbitrary_moves_are_validated():
    m = setup({"rogers": (5, 5), "warrior_1": (9, 5), "lieutenant": (22, 22)}, faces=RANGERS_FIRST)
    m.apply(pick(m, "activate", figure="rogers"))
    with pytest.raises(IllegalDecision, match="charge instead") as e:
        m.apply(Decision("move", figure="rogers", x=7.6, y=5.0))
    assert e.value.refusal.cause == Cause.ENDS_IN_CONTACT and e.value.refusal.things[0].id == "warrior_1"
    with pytest.raises(IllegalDecision, match="10 in away") as e:
        m.apply(Decision("move", figure="rogers", x=5.0, y=15.0))
    assert e.value.refusal.cause == Cause.BEYOND_MOVE and e.value.refusal.limit == m.figure("rogers").move
    m.apply(Decision("move", figure="rogers", x=5.0, y=9.5))
    assert (m.figure("rogers").x, m.figure("rogers").y) == (5.0, 9.5)


def test_RNG_HAND_3_defender_splits_dv_and_RNG_HAND_2_rear_attack_halves():
    # warrior_1 between rogers (north, first attacker) and ranger_1 (south, in its rear)
    m = setup(
        {"rogers": (10, 8.9), "ranger_1": (10, 11.1), "warrior_1": (10, 10), "lieutenant": (22, 22)},
        faces=RANGERS_FIRST + [20, 1, 15],
    )
    m.apply(pick(m, "activate", figure="rogers"))
    m.apply(pick(m, "attack", target="warrior_1"))
    assert m.pending.kind == "dv_share" and m.pending.side == "french" and m.pending.rule == "RNG-HAND-3"
    assert m.pending.default == Decision("choose", option="dv", number=3)  # auto: ceil(6 / 2)
    m.apply(Decision("choose", option="dv", number=2))
    first = events_of(m, AttackResolved)[-1]
    assert first.dv == 2 and not first.hit
    m.apply(pick(m, "activate", figure="ranger_1"))
    m.apply(pick(m, "choose", option="roll"))  # ranger_1 is engaged: roll first
    m.apply(pick(m, "attack", target="warrior_1"))
    second = events_of(m, AttackResolved)[-1]
    assert second.rear and second.dv == 2 and second.rule == "RNG-HAND-2"  # 4 left, halved (round up)


def test_RNG_HAND_4_flee_gives_free_attacks_at_half_dv():
    m = setup({"rogers": (10, 8.9), "warrior_1": (10, 10), "lieutenant": (22, 22)}, faces=FRENCH_FIRST + [20])
    m.apply(pick(m, "activate", figure="warrior_1"))
    assert m.pending.kind == "motivate"
    m.apply(pick(m, "flee"))
    att = events_of(m, AttackResolved)[-1]
    assert att.how == "free" and att.attacker == "rogers" and att.dv == 3 and att.rule == "RNG-HAND-4"
    assert [e for e in events_of(m, Moved) if e.how == "flee"]
    assert not [e for e in m.log if isinstance(e, DiceRolled) and e.rule == "RNG-MOT-1"]


def test_RNG_MOT_4_retaliation_without_a_roll():
    m = setup({"rogers": (10, 8.9), "warrior_1": (10, 10), "lieutenant": (22, 22)}, faces=RANGERS_FIRST + [20] + [20])
    m.apply(pick(m, "activate", figure="rogers"))
    m.apply(pick(m, "attack", target="warrior_1"))
    assert m.pending.side == "french"  # rogers was the rangers' only figure: their player-turn is over
    m.apply(pick(m, "activate", figure="warrior_1"))
    assert m.pending.kind == "motivate" and m.pending.default == Decision(
        "retaliate", figure="warrior_1", target="rogers"
    )
    m.apply(m.pending.default)
    att = events_of(m, AttackResolved)[-1]
    assert att.attacker == "warrior_1" and att.how == "retaliate"
    assert not [e for e in m.log if isinstance(e, DiceRolled) and e.rule == "RNG-MOT-1"]


def test_RNG_SHOOT_3_no_shot_into_hand_combat_and_RNG_SHOOT_2_unloads():
    m = setup(
        {"scout": (3, 3), "rogers": (10, 4.1), "warrior_1": (10, 3), "warrior_2": (10, 12), "lieutenant": (22, 22)},
        faces=RANGERS_FIRST + [1, 2, 6],
    )
    m.apply(pick(m, "activate", figure="scout"))
    assert m.pending.kind == "action"
    assert not has(m, "shoot", target="warrior_1") and has(m, "shoot", target="warrior_2")
    m.apply(pick(m, "shoot", target="warrior_2"))
    shot = events_of(m, ShotResolved)[-1]
    assert shot.target == "warrior_2" and shot.hit
    assert not m.figure("scout").loaded and m.figure("scout").aim == 0


def test_RNG_MOR_1_failed_motivation_flees_once_broken_unless_determined():
    m = setup(
        {"rogers": (20, 3), "ranger_1": (3, 6), "ranger_2": (3, 9), "warrior_1": (20, 20)},
        faces=RANGERS_FIRST + [6, 6],
        changes={"ranger_2": {"traits": frozenset({"determined"})}},
    )
    m.state.system.leader_lost["rangers"] = True
    m.apply(pick(m, "activate", figure="ranger_1"))
    assert m.figure("ranger_1").status is Status.FLED
    m.apply(pick(m, "activate", figure="ranger_2"))
    assert m.figure("ranger_2").in_play  # Determined: a plain failure


def test_RNG_AP_1_points_declared_before_the_roll_shift_it():
    m = setup(
        {"ranger_1": (3, 6), "rogers": (20, 3), "warrior_1": (20, 20)},
        options={"aggression_points": True},
        faces=[4, 2] + RANGERS_FIRST + [5],
    )
    assert m.state.system.ap == {"rangers": 4, "french": 2}
    assert m.pending.kind == "aggression" and m.pending.info["purpose"] == "turn roll-off"  # RNG-TURN-1
    m.apply(Decision("choose", option="ap", number=0))
    m.apply(Decision("choose", option="ap", number=0))
    m.apply(pick(m, "activate", figure="ranger_1"))
    assert m.pending.kind == "aggression" and m.pending.default == Decision("choose", option="ap", number=0)
    m.apply(Decision("choose", option="ap", number=2))
    mot = [e for e in m.log if isinstance(e, DiceRolled) and e.rule == "RNG-MOT-1"][-1]
    assert mot.faces == (5,) and mot.total == 3 and mot.success
    assert m.state.system.ap["rangers"] == 2


def test_INI_RSHOOT_toggle_in_rangers_reacts_to_movement():
    m = setup(
        {"rogers": (3, 3), "marine_1": (12, 3), "marine_2": (12, 5), "lieutenant": (22, 22)},
        options={"reactive_shooting": True, "start_loaded": True},
        faces=RANGERS_FIRST + [18],
    )
    m.apply(pick(m, "activate", figure="rogers"))
    m.apply(Decision("move", figure="rogers", x=3.0, y=4.5))
    assert m.pending.kind == "react_shoot" and m.pending.side == "french"
    assert m.pending.info["limit"] == 2  # 1.5 in moved → 2 shooters (INI-RSHOOT-3)
    with pytest.raises(IllegalDecision):
        m.apply(Decision("react_shoot", items=(Item("marine_1", "rogers"), Item("marine_1", "rogers"))))
    m.apply(pick(m, "react_shoot", items=(Item("marine_1", "rogers"),)))
    shot = events_of(m, ShotResolved)[-1]
    assert shot.reactive and shot.rule == "INI-RSHOOT-4"
    roll = [e for e in m.log if isinstance(e, DiceRolled) and e.rule == "RNG-SHOOT-1"][-1]
    assert roll.modifier == 0 + 2 + 1 - 0  # effective range 0, reactive +2, moved +1
    assert m.pending.kind == "activate"


def test_INI_TOME_toggle_leader_calls_his_command():
    m = setup(
        {"rogers": (3, 3), "ranger_1": (3, 12), "warrior_1": (22, 22)}, options={"to_me": True}, faces=RANGERS_FIRST
    )
    m.apply(pick(m, "activate", figure="rogers"))
    m.apply(pick(m, "tome"))
    assert m.pending.kind == "tome" and m.pending.info["figure"] == "ranger_1"
    before = m.figure("ranger_1").y
    m.apply(m.pending.default)
    assert m.figure("ranger_1").y < before and m.figure("rogers").y == 3
    assert m.pending.side == "french"  # ranger_1 answered: it counts as having acted
