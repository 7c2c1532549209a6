"""Rangers! parts through the Match door, as amended: RNG-TURN-1 (one roll-off,
a broken faction cannot dodge its rolls), RNG-AP-1 on wound rolls and the roll-off, RNG-ACT-1 /
RNG-MOT-3 cover without a roll, INI-RSHOOT-3 per mover, INI-TOME-1 offered only when someone moves."""

from dataclasses import replace

import pytest

from game.match import Match
from game.rules.decisions import PASS, Decision, IllegalDecision, Item
from game.rules.dice import ScriptedDice
from game.rules.events import DiceRolled, Moved, TurnStarted
from game.rules.model import Status
from game.rules.rangers import turns
from game.rules.rangers.events import ActionTaken, AggressionSpent, WoundsDealt
from game.scenario import find_scenario

from .flow_helpers import events_of, has, pick, setup

RANGERS_FIRST = [6, 1]


def rolls(m, rule):
    return [e for e in m.log if isinstance(e, DiceRolled) and e.rule == rule]


# -- RNG-TURN-1 -------------------------------------------------------------------------------------
def test_rng_turn_1_one_roll_off_function_for_every_rng_turn_preset(monkeypatch):
    calls = []
    real = turns.roll_first_player

    def spy(dice, bonuses):
        calls.append(dict(bonuses))
        return real(dice, bonuses)

    monkeypatch.setattr(turns, "roll_first_player", spy)
    setup({"rogers": (3, 3), "warrior_1": (20, 20)}, faces=RANGERS_FIRST)  # rangers
    setup({"rogers": (3, 3), "warrior_1": (20, 20)}, preset="pyrates", seed=3)  # pyrates
    from game.scenario import load_scenario

    from .flow_helpers import DATA

    Match(load_scenario(DATA / "esc_open.toml"), seed=1)  # escarmouche
    assert len(calls) == 3 and calls[0] == {"rangers": 0, "french": 0}


def test_rng_turn_1_legendary_leader_bonus_and_ties_reroll():
    m = setup(
        {"rogers": (3, 3), "warrior_1": (20, 20)},
        faces=[3, 4, 5, 5],
        changes={"rogers": {"traits": frozenset({"legendary_leader"})}},
    )
    # 3+1 v 4 ties → reroll 5+1 v 5: the rangers go first
    off = rolls(m, "RNG-TURN-1")
    assert [e.faces[0] for e in off] == [3, 4, 5, 5] and off[0].modifier == 1
    assert events_of(m, TurnStarted)[-1].first == "rangers"


def test_rng_turn_1_broken_faction_that_ends_its_turn_still_rolls_in_roster_order():
    # Rogers kills the French leader (d20 5 hits, wound roll 2 → dead): the French are broken
    m = setup(
        {"rogers": (5, 5), "lieutenant": (8.5, 5), "marine_1": (20, 20), "marine_2": (22, 20), "warrior_1": (20, 22)},
        faces=RANGERS_FIRST + [5, 2] + [2, 5, 6] + RANGERS_FIRST,
        changes={"warrior_1": {"traits": frozenset({"determined"})}},
    )
    m.apply(pick(m, "activate", figure="rogers"))
    m.apply(pick(m, "charge", target="lieutenant"))
    assert m.figure("lieutenant").status is Status.KNOCKED_DOWN
    assert m.pending.side == "french" and m.pending.kind == "activate"
    m.apply(PASS)  # ending the player-turn does not dodge the rolls
    mot = rolls(m, "RNG-MOT-1")
    assert [e.who for e in mot] == ["marine_1", "marine_2", "warrior_1"]
    assert m.figure("marine_1").in_play  # 2: success, holds
    assert m.figure("marine_2").status is Status.FLED  # 5: failure → flees (RNG-MOR-1)
    assert m.figure("warrior_1").in_play  # 6, but Determined: a plain failure
    assert m.pending.side == "rangers"


def test_rng_turn_1_closing_rolls_skip_figures_already_rolled_for_and_leaders():
    m = setup(
        {"rogers": (20, 3), "ranger_1": (3, 6), "ranger_2": (3, 9), "warrior_1": (20, 20)},
        faces=RANGERS_FIRST + [1, 6] + RANGERS_FIRST,
    )
    m.state.system.leader_lost["rangers"] = True  # as if Rogers had been killed
    m.apply(pick(m, "activate", figure="ranger_1"))
    m.apply(pick(m, "hold"))
    m.apply(PASS)
    mot = rolls(m, "RNG-MOT-1")
    assert [e.who for e in mot] == ["ranger_1", "ranger_2"]  # rogers (Leader) never rolls
    assert m.figure("ranger_2").status is Status.FLED and m.figure("rogers").in_play


def test_rng_turn_1_unbroken_side_may_end_its_turn_without_rolls():
    m = setup({"rogers": (20, 3), "ranger_1": (3, 6), "warrior_1": (20, 20)}, faces=RANGERS_FIRST)
    m.apply(PASS)
    assert not rolls(m, "RNG-MOT-1") and m.pending.side == "french"


# -- RNG-AP-1 ------------------------------------------------------------------------------------------
def test_rng_ap_1_points_on_the_turn_roll_off():
    m = setup({"rogers": (3, 3), "warrior_1": (20, 20)}, options={"aggression_points": True}, faces=[3, 3] + [2, 3])
    assert m.pending.kind == "aggression" and m.pending.side == "rangers"
    m.apply(Decision("choose", option="ap", number=2))
    m.apply(Decision("choose", option="ap", number=0))
    off = rolls(m, "RNG-TURN-1")
    assert off[0].faces == (2,) and off[0].modifier == 2 and events_of(m, TurnStarted)[-1].first == "rangers"
    assert m.state.system.ap["rangers"] == 1
    assert [e.purpose for e in events_of(m, AggressionSpent)] == ["turn roll-off"]


def test_rng_ap_1_points_on_the_attackers_wound_roll():
    m = setup(
        {"rogers": (5, 5), "warrior_1": (8.5, 5), "lieutenant": (22, 22)},
        options={"aggression_points": True},
        faces=[4, 2] + RANGERS_FIRST + [5, 5],
    )
    m.apply(Decision("choose", option="ap", number=0))
    m.apply(Decision("choose", option="ap", number=0))
    m.apply(pick(m, "activate", figure="rogers"))
    m.apply(pick(m, "charge", target="warrior_1"))
    assert m.pending.info["purpose"] == "hand-combat roll"
    m.apply(Decision("choose", option="ap", number=0))
    assert m.pending.kind == "aggression" and m.pending.info["purpose"] == "wound roll"
    m.apply(Decision("choose", option="ap", number=2))
    wr = rolls(m, "RNG-WND-1")[-1]
    assert wr.faces == (5,) and wr.modifier == -2  # 5 − 2 = 3 → 2 wounds instead of 1
    assert events_of(m, WoundsDealt)[-1].dealt == 2 and m.figure("warrior_1").status is Status.KNOCKED_DOWN


# -- RNG-ACT-1 / RNG-MOT-3 --------------------------------------------------------------------------------
def _forest(positions, faces):
    sc = find_scenario("forest_clearing")
    figs = [
        replace(f, x=float(positions[f.id][0]), y=float(positions[f.id][1])) for f in sc.figures if f.id in positions
    ]
    return Match(replace(sc, figures=tuple(figs)), seed=0, dice=ScriptedDice(faces))


def test_rng_act_1_rng_mot_3_unrolled_figure_moves_into_cover_without_a_roll():
    m = _forest({"major_rogers": (40, 30), "ranger_3": (5, 10), "lieutenant_langy": (44, 20)}, RANGERS_FIRST)
    m.apply(pick(m, "activate", figure="ranger_3"))
    assert m.pending.kind == "motivate" and m.pending.rule == "RNG-MOT-3"
    cover = pick(m, "cover")
    m.apply(cover)
    assert not rolls(m, "RNG-MOT-1")
    assert m.table.zone_of("ranger_3").cover == "soft"
    assert [e for e in events_of(m, ActionTaken) if e.action == "cover" and e.rule == "RNG-MOT-3"]


def test_rng_mot_3_cover_move_may_not_pass_within_3_of_an_enemy():
    m = _forest(
        {"major_rogers": (40, 30), "ranger_3": (5, 10), "lieutenant_langy": (44, 20), "regular_1": (9.5, 6.5)},
        RANGERS_FIRST,
    )
    m.apply(pick(m, "activate", figure="ranger_3"))
    with pytest.raises(IllegalDecision, match="3"):
        m.apply(Decision("cover", figure="ranger_3", x=6.5, y=7.5))


def test_rng_move_2_a_move_to_a_spot_past_a_fence_is_refused_not_cut_short_at_the_fence():
    """(8, 6) lies past the fence: the path stops at it, so the move does not reach (8, 6) and is
    refused with the fence named, instead of being taken as a walk up to the fence."""
    m = _forest(
        {"major_rogers": (40, 30), "ranger_3": (5, 10), "lieutenant_langy": (44, 20), "regular_1": (9.5, 6.5)},
        RANGERS_FIRST,
    )
    m.apply(pick(m, "activate", figure="ranger_3"))
    before = (m.figure("ranger_3").x, m.figure("ranger_3").y)
    with pytest.raises(IllegalDecision, match="walk up to the fence"):
        m.apply(Decision("cover", figure="ranger_3", x=8.0, y=6.0))
    assert (m.figure("ranger_3").x, m.figure("ranger_3").y) == before


# -- INI-RSHOOT-3 (rangers toggle) ---------------------------------------------------------------------------
def test_ini_rshoot_3_cap_is_per_moving_figure_not_the_total():
    m = setup(
        {
            "rogers": (3, 3),
            "ranger_1": (3, 12),
            "marine_1": (12, 3),
            "marine_2": (12, 5),
            "warrior_1": (12, 8),
            "lieutenant": (22, 22),
        },
        options={"reactive_shooting": True, "start_loaded": True, "to_me": True},
        faces=RANGERS_FIRST + [3],
    )
    m.apply(pick(m, "activate", figure="rogers"))
    m.apply(Decision("tome", figure="rogers"))
    m.apply(m.pending.default)  # ranger_1 answers: 6 in toward Rogers
    assert m.pending.kind == "react_shoot" and m.pending.info["caps"] == {"ranger_1": 6}
    with pytest.raises(IllegalDecision, match="INI-RSHOOT-1"):
        m.apply(Decision("react_shoot", items=(Item("marine_1", "rogers"),)))  # Rogers stood still


def test_ini_rshoot_3_two_movers_each_keep_their_own_cap():
    from game.rules.rangers.turn_common import reactive_cap_problem, reactive_shooter_caps

    caps = reactive_shooter_caps({"a": 2.0, "b": 0.4})
    assert caps == {"a": 2, "b": 1}  # INI-EX-4/5
    assert reactive_cap_problem([("s1", "a"), ("s2", "a"), ("s3", "b")], caps) is None
    assert "INI-RSHOOT-3" in reactive_cap_problem([("s1", "b"), ("s2", "b")], caps)


# -- INI-TOME-1 (rangers toggle) -----------------------------------------------------------------------------
def test_ini_tome_1_not_offered_when_nobody_would_move():
    # ranger_1 is within 4" of an enemy: it may not answer; nobody else could
    m = setup(
        {"rogers": (3, 3), "ranger_1": (3, 12), "warrior_1": (3, 15.5), "lieutenant": (22, 22)},
        options={"to_me": True},
        faces=RANGERS_FIRST,
    )
    m.apply(pick(m, "activate", figure="rogers"))
    assert not has(m, "tome")


def test_ini_tome_1_each_answer_ends_nearer_the_leader():
    m = setup(
        {"rogers": (3, 3), "ranger_1": (3, 12), "ranger_2": (10, 3), "warrior_1": (22, 22)},
        options={"to_me": True},
        faces=RANGERS_FIRST,
    )
    m.apply(pick(m, "activate", figure="rogers"))
    m.apply(pick(m, "tome"))
    while m.pending.kind == "tome":
        m.apply(m.pending.default)
    moved = [e for e in events_of(m, Moved) if e.rule == "INI-TOME-1"]
    assert {e.figure for e in moved} == {"ranger_1", "ranger_2"}
    r = m.figure("rogers")
    for e in moved:
        (x0, y0), (x1, y1) = e.path[0], e.path[-1]
        assert (x1 - r.x) ** 2 + (y1 - r.y) ** 2 < (x0 - r.x) ** 2 + (y0 - r.y) ** 2
