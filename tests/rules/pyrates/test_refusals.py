"""Typed refusals in the pyrates flow: each way a move, charge, shot or crossing is refused names its
cause from the closed list, the figures and things involved and the inches; the words hold no
coordinates or ids. Motivation odds come from the terms the roll uses."""

import re
from fractions import Fraction
from pathlib import Path

import pytest
from flow_helpers import Decision, answer, fig, match

from game.rules.decisions import IllegalDecision
from game.rules.dice import ScriptedDice
from game.rules.refusals import Cause, Refusal
from game.table import Obstacle, TacticalMap

LEAD = frozenset({"leader"})
COORDS = re.compile(r"\(\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*\)")


def a_first(figs, **kw):
    for seed in range(50):
        m = match(figs, seed=seed, **kw)
        if m.pending.side == "A" and m.pending.kind == "activate":
            return m
    raise AssertionError("no seed gives A the first turn")


def activate(m, fid):
    answer(m, "activate", Decision("activate", figure=fid))
    assert m.pending.kind == "action"
    return m.pending


def refusal_of(p, d) -> Refusal:
    with pytest.raises(IllegalDecision) as e:
        p.check(d)
    r = e.value.refusal
    assert str(e.value) == r.words() and not COORDS.search(r.words())
    return r


def test_RNG_ACT_1_charge_out_of_reach_says_how_far_and_how_far_a_charge_goes():
    m = a_first([fig("A1", "A", 5, 8, traits=LEAD, name="Israel Hands"), fig("B1", "B", 11.7, 8, name="Able Dunn")])
    p = activate(m, "A1")
    r = refusal_of(p, Decision("charge", figure="A1", target="B1"))
    assert r.cause == Cause.BEYOND_CHARGE and r.limit == 3.0 and r.distance == pytest.approx(5.7)
    assert r.things[0].id == "B1" and r.words() == "5.7 in away — a charge reaches 3 in (RNG-ACT-1)"


def test_RNG_ACT_1_charge_blocked_by_a_friend_names_the_friend_to_outline():
    m = a_first(
        [
            fig("A1", "A", 5, 8, traits=LEAD),
            fig("A2", "A", 6.6, 8, name="Salty Pete"),
            fig("B1", "B", 8.2, 8, name="Able Dunn"),
        ]
    )
    p = activate(m, "A1")
    assert not [o for o in p.options if o.kind == "charge"]
    r = refusal_of(p, Decision("charge", figure="A1", target="B1"))
    assert r.cause == Cause.CHARGE_BLOCKED and r.target.id == "B1" and [t.id for t in r.blockers] == ["A2"]
    assert r.words() == "cannot reach Able Dunn: Salty Pete stands in the way (RNG-ACT-1)"


def test_RNG_MOVE_2_a_spot_past_a_rail_says_walk_up_to_it_first():
    rail = Obstacle.line("rail_7", [(8, 2), (8, 14)], thickness=0.2, name="waist rail")
    m = a_first(
        [fig("A1", "A", 5, 8, traits=LEAD), fig("B1", "B", 20, 8)],
        tmap=TacticalMap.open_ground(24, 16, obstacles=[rail]),
    )
    p = activate(m, "A1")
    r = refusal_of(p, Decision("move", figure="A1", x=10.0, y=8.0))
    assert r.cause == Cause.CROSS_FROM_OBSTACLE and r.things[0].id == "rail_7"
    assert r.words().startswith("walk up to the waist rail first") and "rail_7" not in r.words()
    assert r.blockers[0].id == "rail_7"


def test_RNG_MOVE_1_spot_beyond_the_allowance_and_a_spot_another_figure_stands_on():
    m = a_first([fig("A1", "A", 5, 8, traits=LEAD), fig("A2", "A", 7, 8, name="Salty Pete"), fig("B1", "B", 20, 8)])
    p = activate(m, "A1")
    far = refusal_of(p, Decision("move", figure="A1", x=5.0, y=15.5))
    assert far.cause == Cause.BEYOND_MOVE and far.distance == pytest.approx(7.5) and far.limit == p.info["move"]
    on = refusal_of(p, Decision("move", figure="A1", x=7.0, y=8.0))
    assert on.cause == Cause.OCCUPIED and on.things[0].id == "A2" and on.words().startswith("Salty Pete stands there")


def test_RNG_ACT_1_a_move_into_contact_names_the_enemy():
    m = a_first([fig("A1", "A", 5, 8, traits=LEAD), fig("B1", "B", 9, 8, name="Able Dunn")])
    p = activate(m, "A1")
    r = refusal_of(p, Decision("move", figure="A1", x=8.0, y=8.0))
    assert r.cause == Cause.ENDS_IN_CONTACT and r.things[0].id == "B1" and "Able Dunn" in r.words()


def test_GEO_LOS_1_a_shot_through_a_wall_names_the_wall_and_one_out_of_range_gives_both_numbers():
    wall = Obstacle.box("wall_3", 10, 4, 1, 8, kind="single", cover="hard", blocks_los=True, name="mainmast")
    figs = [
        fig("A1", "A", 5, 8, traits=LEAD, missile="pistol", loaded=True),
        fig("B1", "B", 14, 8, name="Able Dunn"),
        fig("B2", "B", 5, 15, name="Cookie"),
    ]
    m = a_first(figs, tmap=TacticalMap.open_ground(24, 16, obstacles=[wall]))
    p = activate(m, "A1")
    r = refusal_of(p, Decision("shoot", figure="A1", target="B1", option="pistol"))
    assert r.cause == Cause.NO_SIGHT and [t.id for t in r.blockers] == ["wall_3"]
    assert r.words() == "no line of sight: the mainmast is in the way (GEO-LOS-1)"
    r = refusal_of(p, Decision("shoot", figure="A1", target="B2", option="pistol"))
    assert r.cause == Cause.BEYOND_RANGE and r.limit == 5.0 and r.distance == pytest.approx(6.0)
    assert r.words() == "out of pistol range: 6 in, the pistol reaches 5 in (RNG-SHOOT-1)"


def test_RNG_MOT_1_motivation_odds_are_the_faces_the_roll_passes_on():
    """The activation row's chance (ruleset odds) against the roll itself, face by face."""
    figs = [fig("A1", "A", 5, 8), fig("A2", "A", 6, 9, traits=LEAD), fig("B1", "B", 20, 8)]
    m = a_first(figs)
    p = m.pending
    d = Decision("activate", figure="A1")
    odds = m.ruleset.odds(m.ruleset.public_view(m.state, "A"), m.table, p, d)
    assert odds is not None and odds.rule == "RNG-MOT-1" and odds.target == 4  # ≤ 3, the leader near: −1
    passed = 0
    for face in range(1, 7):
        c = m.clone()
        c._swap_dice(ScriptedDice([face] * 5))  # the copy rolls this face next
        c.apply(d)
        passed += c.pending is not None and c.pending.kind == "action" and c.pending.info.get("figure") == "A1"
    assert odds.success == Fraction(passed, 6) == Fraction(4, 6)


def test_the_closed_list_is_documented():
    doc = (Path(__file__).resolve().parents[3] / "docs" / "refusals.md").read_text(encoding="utf-8")
    for c in Cause:
        assert f"`{c.name}`" in doc, c
