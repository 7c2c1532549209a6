"""The initiative preset through the Match door, as amended: INI-TOME-1, INI-ORD-1 and
PRE-INI-1, INI-RSHOOT-3 per mover, INI-MS-1 move-and-shoot, PRE-INI-1 free hits on walking out."""

import pytest

from game.rules.decisions import Decision, IllegalDecision, Item
from game.rules.events import DiceRolled, Moved
from game.rules.model import Status
from game.rules.rangers import validate_roster
from game.rules.rangers.events import ActionTaken, AttackResolved, ShotResolved
from tests.rules.rangers.flow_helpers import events_of, has, pick, setup

RANGERS_ACTIVE = [20, 1]
FRENCH_ACTIVE = [1, 20]


def rolls(m, rule):
    return [e for e in m.log if isinstance(e, DiceRolled) and e.rule == rule]


# -- INI-TOME-1 ------------------------------------------------------------------------------------------
def test_ini_tome_1_offered_only_when_at_least_one_figure_would_move():
    # ranger_1 is within 4" of the enemy: nobody could answer, so neither the action nor the seize offers it
    m = setup(
        {"rogers": (3, 3), "ranger_1": (3, 12), "warrior_1": (3, 15.5), "lieutenant": (22, 22)},
        preset="initiative",
        options={"reactive_shooting": False},
        faces=FRENCH_ACTIVE,
    )
    assert m.pending.side == "french"
    m.apply(
        pick(m, "aim", figure="lieutenant")
        if has(m, "aim", figure="lieutenant")
        else pick(m, "load", figure="lieutenant")
    )
    assert m.pending.kind == "seize"
    assert not has(m, "seize", figure="rogers", option="tome")
    m2 = setup(
        {"rogers": (3, 3), "ranger_1": (3, 12), "warrior_1": (3, 15.5), "lieutenant": (22, 22)},
        preset="initiative",
        faces=RANGERS_ACTIVE,
    )
    assert not has(m2, "tome", figure="rogers")


def test_ini_tome_1_every_call_moves_someone_nearer_the_leader():
    m = setup(
        {"rogers": (3, 3), "ranger_1": (3, 12), "ranger_2": (12, 3), "warrior_1": (22, 22)},
        preset="initiative",
        faces=RANGERS_ACTIVE,
    )
    m.apply(pick(m, "tome", figure="rogers"))
    while m.pending.kind == "tome":
        m.apply(m.pending.default)
    moved = [e for e in events_of(m, Moved) if e.rule == "INI-TOME-1"]
    assert {e.figure for e in moved} == {"ranger_1", "ranger_2"}
    for e in moved:
        (x0, y0), (x1, y1) = e.path[0], e.path[-1]
        assert (x1 - 3) ** 2 + (y1 - 3) ** 2 < (x0 - 3) ** 2 + (y0 - 3) ** 2


# -- INI-ORD-1 -------------------------------------------------------------------------------------------------
def test_ini_ord_1_card_whose_enemy_is_out_of_play_is_not_offered_and_gives_nothing():
    orders = [
        {"id": "get_langlade", "side": "rangers", "figures": ["rogers"], "objective": "enemy:lieutenant"},
        {"id": "get_warrior", "side": "rangers", "figures": ["ranger_1"], "objective": "enemy:warrior_1"},
    ]
    m = setup(
        {"rogers": (3, 3), "ranger_1": (3, 6), "lieutenant": (8, 3), "warrior_1": (20, 20), "marine_1": (22, 22)},
        preset="initiative",
        options={"reactive_shooting": False},
        faces=FRENCH_ACTIVE,
        orders=orders,
        changes={"warrior_1": {"status": Status.KNOCKED_DOWN}},
    )
    m.apply(
        pick(m, "load", figure="marine_1") if has(m, "load", figure="marine_1") else pick(m, "aim", figure="marine_1")
    )
    assert m.pending.kind == "seize" and m.pending.side == "rangers"
    assert has(m, "seize", figure="rogers", option="order", label="get_langlade")
    assert not has(m, "seize", figure="ranger_1", option="order", label="get_warrior")
    # a player who declares it anyway gets no +4
    _rate, _lead, _fac, reasons = m.preset.seize_factors(
        m._ctx(), "ranger_1", Decision("seize", figure="ranger_1", option="order", label="get_warrior")
    )
    assert "+4 order card" not in reasons
    with pytest.raises(IllegalDecision):
        m.apply(Decision("seize", figure="ranger_1", option="order", label="get_warrior"))


def test_ini_ord_1_objective_live_rules():
    from game.rules.initiative.orders import objective_live

    assert objective_live("enemy:blackheart", enemies_in_play={"blackheart"})
    assert not objective_live("enemy:blackheart", enemies_in_play=set())
    assert not objective_live("place:barn", places_taken={"barn"})
    assert objective_live("place:barn")
    assert not objective_live("task:fire_barn", tasks_done={"fire_barn"})


# -- PRE-INI-1 -------------------------------------------------------------------------------------------------
def test_pre_ini_1_walking_out_of_a_fight_takes_free_hits_at_half_dv():
    m = setup(
        {"rogers": (10, 8.9), "warrior_1": (10, 10), "lieutenant": (22, 22)},
        preset="initiative",
        options={"reactive_shooting": False},
        faces=RANGERS_ACTIVE + [20, 20],
    )
    m.apply(pick(m, "choose", figure="rogers", option="move"))
    m.apply(Decision("move", figure="rogers", x=10.0, y=4.0))
    free = events_of(m, AttackResolved)
    assert len(free) == 1 and free[0].attacker == "warrior_1" and free[0].how == "free"
    assert free[0].rule == "RNG-HAND-4" and free[0].dv == 3  # DV 6 halved
    assert (m.figure("rogers").x, m.figure("rogers").y) == (10.0, 4.0)
    assert [e for e in events_of(m, ActionTaken) if e.rule == "PRE-INI-1" and e.action == "break_off"]


def test_pre_ini_1_walking_out_can_be_fatal():
    # natural 1 on the free attack: critical; wound roll 1 − 2 → 2 wounds: Rogers dies before moving
    m = setup(
        {"rogers": (10, 8.9), "warrior_1": (10, 10), "lieutenant": (22, 22)},
        preset="initiative",
        options={"reactive_shooting": False},
        faces=RANGERS_ACTIVE + [1, 1, 20],
    )
    m.apply(pick(m, "choose", figure="rogers", option="move"))
    m.apply(Decision("move", figure="rogers", x=10.0, y=4.0))
    assert m.figure("rogers").status is Status.KNOCKED_DOWN
    assert not [e for e in events_of(m, Moved) if e.figure == "rogers"]


def test_pre_ini_1_broken_nominee_whose_seize_fails_flees_unless_determined():
    for determined, expect in ((False, Status.FLED), (True, None)):
        changes = {"warrior_1": {"traits": frozenset({"determined"})}} if determined else {}
        m = setup(
            {"rogers": (3, 3), "warrior_1": (12, 12), "warrior_2": (14, 12)},
            preset="initiative",
            options={"reactive_shooting": False},
            faces=RANGERS_ACTIVE + [5],
            changes=changes,
        )
        m.state.system.leader_lost["french"] = True
        m.apply(pick(m, "aim", figure="rogers") if has(m, "aim", figure="rogers") else pick(m, "load", figure="rogers"))
        m.apply(pick(m, "seize", figure="warrior_1", option="move"))
        assert not rolls(m, "INI-SEIZE-1")[-1].success
        if expect is None:
            assert m.figure("warrior_1").in_play
        else:
            assert m.figure("warrior_1").status is expect


# -- INI-RSHOOT-3 ------------------------------------------------------------------------------------------------
def test_ini_rshoot_3_group_move_caps_shooters_per_mover():
    m = setup(
        {
            "rogers": (3, 3),
            "ranger_1": (4.1, 3),
            "marine_1": (12, 3),
            "marine_2": (12, 5),
            "warrior_1": (12, 7),
            "lieutenant": (22, 22),
        },
        preset="initiative",
        options={"start_loaded": True},
        faces=RANGERS_ACTIVE + [20, 20],
    )
    m.apply(pick(m, "choose", figure="rogers", option="group_move"))
    m.apply(Decision("move", figure="rogers", x=3.0, y=5.0, option="group"))
    assert m.pending.kind == "react_shoot"
    assert m.pending.info["caps"] == {"rogers": 2, "ranger_1": 2}
    with pytest.raises(IllegalDecision, match="INI-RSHOOT-3"):  # 3 at one mover: the total (4) is no licence
        m.apply(
            Decision(
                "react_shoot",
                items=(Item("marine_1", "rogers"), Item("marine_2", "rogers"), Item("warrior_1", "rogers")),
            )
        )
    m.apply(Decision("react_shoot", items=(Item("marine_1", "rogers"), Item("marine_2", "ranger_1"))))
    assert len([e for e in events_of(m, ShotResolved) if e.reactive]) == 2


# -- INI-MS-1 ------------------------------------------------------------------------------------------------------
def test_ini_ms_1_bow_moves_half_and_shoots_in_one_action():
    m = setup(
        {"ranger_1": (3, 3), "rogers": (3, 20), "warrior_1": (3, 14), "lieutenant": (22, 22)},
        preset="initiative",
        options={"reactive_shooting": False},
        faces=RANGERS_ACTIVE + [2, 5],
        changes={"ranger_1": {"missile": "bow"}},
    )
    m.apply(pick(m, "choose", figure="ranger_1", option="move_shoot"))
    assert m.pending.kind == "destination" and m.pending.info["move"] == 3.0
    with pytest.raises(IllegalDecision, match="INI-MS-1"):
        m.apply(Decision("move", figure="ranger_1", x=3.0, y=7.0))  # 4 in: more than half
    m.apply(Decision("move", figure="ranger_1", x=3.0, y=6.0))
    assert m.pending.kind == "ms_target"
    m.apply(pick(m, "shoot", target="warrior_1"))
    shot = events_of(m, ShotResolved)[-1]
    assert shot.attacker == "ranger_1" and shot.target == "warrior_1" and shot.hit
    assert m.state.system.counters["french"] == 1  # INI-SEIZE-3


def test_ini_ms_1_javelin_moves_full_and_throws_and_muskets_get_no_such_option():
    m = setup(
        {"ranger_1": (3, 3), "ranger_2": (6, 3), "rogers": (3, 20), "warrior_1": (3, 12), "lieutenant": (22, 22)},
        preset="initiative",
        options={"reactive_shooting": False},
        faces=RANGERS_ACTIVE + [20],
        changes={"ranger_1": {"missile": "javelin"}},
    )
    assert not has(m, "choose", figure="ranger_2", option="move_shoot")  # a musket must not move
    m.apply(pick(m, "choose", figure="ranger_1", option="move_shoot"))
    assert m.pending.info["move"] == 6.0
    m.apply(Decision("move", figure="ranger_1", x=3.0, y=9.0))
    m.apply(pick(m, "shoot", target="warrior_1"))
    assert events_of(m, ShotResolved)[-1].attacker == "ranger_1"


def test_ini_ms_1_rosters_with_bows_slings_and_javelins_are_accepted():
    side = [
        ("enlisted", ["hatchet"], ["leader"]),
        ("native", ["bow"], []),
        ("militia", ["sling"], []),
        ("native", ["javelin", "tomahawk"], []),
    ]
    assert validate_roster({"a": side, "b": side}) == []
