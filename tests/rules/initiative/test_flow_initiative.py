"""PRE-INI-1 flow: INI-SEQ-1 spells, seizing, counters, order cards, melee, reactions, volley."""

import pytest

from game.rules.decisions import PASS, Decision, IllegalDecision, Item
from game.rules.events import DiceRolled, Note, TurnStarted
from game.rules.rangers.events import AttackResolved, ShotResolved
from tests.rules.rangers.flow_helpers import events_of, has, pick, setup

RANGERS_ACTIVE = [20, 1]  # INI-SEQ-1 d20 roll-off


def test_INI_SEQ_1_two_passes_in_a_row_end_the_game_turn():
    m = setup({"rogers": (3, 3), "lieutenant": (22, 22)}, preset="initiative", faces=RANGERS_ACTIVE + [1, 20])
    assert events_of(m, TurnStarted)[-1].rule == "INI-SEQ-1" and m.pending.side == "rangers"
    m.apply(PASS)  # initiative changes hands without a roll
    assert m.pending.side == "french" and m.pending.kind == "action"
    assert not [e for e in m.log if isinstance(e, DiceRolled) and e.rule == "INI-SEIZE-1"]
    m.apply(PASS)
    assert [e.turn for e in events_of(m, TurnStarted)] == [1, 2] and m.pending.side == "french"


def test_INI_SEIZE_3_a_shot_gives_a_counter_spent_on_the_next_seize():
    m = setup(
        {"scout": (3, 3), "lieutenant": (12, 3), "warrior_1": (22, 22)},
        preset="initiative",
        options={"start_loaded": True, "reactive_shooting": False},
        faces=RANGERS_ACTIVE + [20, 10],
    )
    m.apply(pick(m, "shoot", figure="scout", target="lieutenant"))
    assert m.state.system.counters["french"] == 1
    assert m.pending.kind == "seize" and m.pending.side == "french"
    m.apply(pick(m, "seize", figure="warrior_1", option="move"))
    roll = [e for e in m.log if isinstance(e, DiceRolled) and e.rule == "INI-SEIZE-1"][-1]
    assert roll.modifier == 2 and roll.target == 18 and not roll.success
    assert m.state.system.counters["french"] == 0
    assert m.pending.side == "rangers" and m.pending.kind == "action"  # failure: the active side continues


def test_INI_SEIZE_5_success_makes_the_nominee_act_and_its_side_active():
    m = setup({"rogers": (3, 3), "warrior_1": (12, 12)}, preset="initiative", faces=RANGERS_ACTIVE + [18])
    m.apply(pick(m, "aim", figure="rogers") if has(m, "aim", figure="rogers") else pick(m, "load", figure="rogers"))
    m.apply(pick(m, "seize", figure="warrior_1", option="move"))
    assert m.pending.kind == "destination" and m.pending.side == "french"
    m.apply(m.pending.default)
    assert m.state.active == "french"
    assert m.pending.side == "rangers" and m.pending.kind in ("seize", "react_shoot")


def test_INI_MEL_2_natural_1_to_3_on_a_seize_fights_every_contact():
    m = setup(
        {"rogers": (10, 8.9), "warrior_1": (10, 10), "ranger_1": (3, 3), "lieutenant": (22, 22)},
        preset="initiative",
        faces=RANGERS_ACTIVE + [2, 20, 20],
    )
    m.apply(pick(m, "choose", figure="ranger_1", option="move"))
    m.apply(pick(m, "move", figure="ranger_1"))
    if m.pending.kind == "react_shoot":
        m.apply(PASS)
    m.apply(pick(m, "seize", figure="lieutenant", option="move"))
    assert [e for e in m.log if isinstance(e, Note) and e.rule == "INI-MEL-2"]
    atts = events_of(m, AttackResolved)
    assert [(a.attacker, a.defender) for a in atts] == [("warrior_1", "rogers"), ("rogers", "warrior_1")]


def test_INI_MEL_1_engaging_move_fights_a_first_round():
    m = setup(
        {"rogers": (5, 5), "warrior_1": (9, 5), "lieutenant": (22, 22)},
        preset="initiative",
        faces=RANGERS_ACTIVE + [20, 20],
    )
    m.apply(pick(m, "engage", figure="rogers", target="warrior_1"))
    atts = events_of(m, AttackResolved)
    assert [(a.attacker, a.how) for a in atts] == [("rogers", "melee"), ("warrior_1", "retaliate")]
    assert m.state.system.last["engagers"] == ["rogers"]


def test_INI_REACT_1_unengaged_friends_within_4_may_react_declared_first():
    m = setup(
        {"rogers": (5, 5), "warrior_1": (9, 5), "warrior_2": (9, 8.5), "lieutenant": (22, 22)},
        preset="initiative",
        options={"reactive_shooting": False},
        faces=RANGERS_ACTIVE + [20, 20, 20, 20],
    )
    m.apply(pick(m, "engage", figure="rogers", target="warrior_1"))
    while m.pending.kind == "dv_share":  # RNG-HAND-3: warrior_2 is near, so warrior_1 is asked
        m.apply(m.pending.default)
    assert m.pending.kind == "react" and m.pending.side == "french" and m.pending.info["candidates"] == ["warrior_2"]
    with pytest.raises(IllegalDecision):
        m.apply(Decision("react", items=(Item("warrior_1", "engage"),)))  # engaged figures cannot react
    m.apply(pick(m, "react", items=(Item("warrior_2", "engage"),)))
    assert m.pending.kind == "react_move"
    m.apply(m.pending.default)
    while m.pending.kind == "dv_share":
        m.apply(m.pending.default)
    atts = events_of(m, AttackResolved)
    assert atts[-2].attacker == "warrior_2" and atts[-2].defender == "rogers"
    assert m.pending.kind == "seize"  # INI-REACT-4: initiative is rolled normally after reactions


def test_INI_VOLLEY_1_all_shooters_fire_as_one_action_for_one_counter():
    m = setup(
        {"scout": (3, 3), "ranger_1": (3, 5), "lieutenant": (12, 3), "warrior_1": (12, 8)},
        preset="initiative",
        options={"start_loaded": True, "reactive_shooting": False},
        faces=RANGERS_ACTIVE + [20, 20],
    )
    m.apply(pick(m, "volley"))
    shots = events_of(m, ShotResolved)
    assert {s.attacker for s in shots} == {"scout", "ranger_1"}
    assert m.state.system.counters["french"] == 1


def test_INI_EX_4_reactive_shooters_one_per_inch_per_mover():
    # two rangers in one group each move 2 in: at most 4 reacting shooters (INI-RSHOOT-3)
    m = setup(
        {
            "ranger_1": (3, 3),
            "ranger_2": (3, 4.2),
            "marine_1": (14, 3),
            "marine_2": (14, 5),
            "lieutenant": (14, 7),
            "warrior_1": (14, 9),
            "warrior_2": (14, 11),
        },
        preset="initiative",
        options={"start_loaded": True},
        faces=RANGERS_ACTIVE,
        changes={"lieutenant": {"missile": "musket"}},
    )
    m.apply(pick(m, "choose", figure="ranger_1", option="group_move"))
    m.apply(Decision("move", figure="ranger_1", x=5.0, y=3.0, option="group"))
    assert m.pending.kind == "react_shoot" and m.pending.info["limit"] == 4
    five = tuple(Item(s, "ranger_1") for s in ("marine_1", "marine_2", "lieutenant", "warrior_1", "warrior_2"))
    with pytest.raises(IllegalDecision, match="INI-RSHOOT-3"):
        m.apply(Decision("react_shoot", items=five))


def test_INI_EX_5_one_inch_move_allows_one_reactive_shooter():
    m = setup(
        {"ranger_1": (3, 3), "marine_1": (14, 3), "marine_2": (14, 5)},
        preset="initiative",
        options={"start_loaded": True},
        faces=RANGERS_ACTIVE,
    )
    m.apply(Decision("move", figure="ranger_1", x=3.0, y=4.0))
    assert m.pending.kind == "react_shoot" and m.pending.info["limit"] == 1


def test_INI_ORD_1_cards_give_plus_4_and_stay_hidden_from_the_other_side():
    orders = [
        {"id": "get_langlade", "side": "rangers", "figures": ["rogers"], "objective": "enemy:lieutenant"},
        {"id": "fr_card", "side": "french", "figures": ["warrior_1"], "objective": "enemy:rogers"},
    ]
    m = setup(
        {"rogers": (3, 3), "lieutenant": (8, 3), "warrior_1": (20, 20)},
        preset="initiative",
        options={"reactive_shooting": False},
        faces=[1, 20, 5, 20, 20],
        orders=orders,
    )
    assert m.pending.side == "french"
    assert [c["id"] for c in m.pending.info["orders"]] == ["fr_card"]
    m.apply(pick(m, "aim", figure="lieutenant") if has(m, "aim", figure="lieutenant") else PASS)
    if m.pending.kind != "seize":
        pytest.skip("the french pass handed the initiative over")
    assert [c["id"] for c in m.pending.info["orders"]] == ["get_langlade"]
    m.apply(pick(m, "seize", figure="rogers", option="order", label="get_langlade"))
    roll = [e for e in m.log if isinstance(e, DiceRolled) and e.rule == "INI-SEIZE-1"][-1]
    # leadership 2 (Leader = Good), +2 can engage, +4 order card; 5 + 8 = 13 < 18
    assert roll.modifier == 8 and not roll.success


def test_INI_TOME_1_to_me_moves_the_command():
    m = setup({"rogers": (3, 3), "ranger_1": (3, 12), "warrior_1": (22, 22)}, preset="initiative", faces=RANGERS_ACTIVE)
    m.apply(pick(m, "tome", figure="rogers"))
    assert m.pending.kind == "tome"
    m.apply(m.pending.default)
    assert m.figure("ranger_1").y < 12 and m.figure("rogers").y == 3
