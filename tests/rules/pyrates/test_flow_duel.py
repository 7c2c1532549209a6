"""Duels and Mutinous Dog points through the Match (PYR-DUEL-1..5, PYR-MDP-1)."""

import math

import pytest
from flow_helpers import Decision, answer, choose, fig, match, scenario

from game.match import Match
from game.rules.decisions import IllegalDecision, Item
from game.rules.dice import ScriptedDice
from game.rules.events import DiceRolled
from game.rules.model import Status
from game.rules.pyrates.mdp import add_mdp, camp_mdp
from game.table import TacticalMap

MORALE_PASS = [1]  # PYR-DUEL-3: the loser's party tests morale (a natural 1 passes)


def leaders(pistols=False, **kw):
    extra = {"missile": "pistol"} if pistols else {}
    return [
        fig("A1", "A", 6, 8, rank="captain", traits=frozenset({"leader"}), **extra, **kw),
        fig("B1", "B", 12, 8, rank="captain", traits=frozenset({"leader"}), **extra),
    ]


def challenged(m):
    answer(m, "activate", Decision("activate", figure="A1"))
    assert Decision("challenge", figure="A1", target="B1") in m.pending.options
    answer(m, "action", Decision("challenge", figure="A1", target="B1"))


def test_PYR_DUEL_1_challenge_offered_within_12in_with_los_only():
    figs = leaders() + [fig("B2", "B", 20, 8, rank="officer", traits=frozenset({"leader"}))]
    m = match(figs, dice=ScriptedDice([6, 1]))
    answer(m, "activate", Decision("activate", figure="A1"))
    targets = {o.target for o in m.pending.options if o.kind == "challenge"}
    assert targets == {"B1"}  # B2 is 13 in away (edge to edge)
    # the default never challenges without the scenario option
    assert m.pending.default.kind != "challenge"
    with pytest.raises(IllegalDecision):
        m.apply(Decision("challenge", figure="A1", target="B2"))


def test_PYR_DUEL_1_refusal_gives_mdp():
    m = match(leaders(), dice=ScriptedDice([6, 1]))
    challenged(m)
    assert m.pending.kind == "duel_accept" and m.pending.side == "B"
    answer(m, "duel_accept", choose("refuse"))
    assert m.state.system.mdp["B"] == 1
    assert m.state.system.duel is None
    assert (m.figure("A1").x, m.figure("B1").x) == (6.0, 12.0)


def test_PYR_MDP_1_never_negative_and_camp_sum():
    m = match(leaders(), dice=ScriptedDice([6, 1]))
    ctx_like = type("C", (), {"state": m.state, "emit": lambda self, *e: None})()
    assert add_mdp(ctx_like, "A", -1, "panache") == 0
    assert add_mdp(ctx_like, "A", +2, "refusal") == 2
    assert camp_mdp(m.state, "A") == 2 and camp_mdp(m.state, "B") == 0


def test_PYR_DUEL_2_blades_meet_at_midpoint_pushback_not_followed_up_wins():
    # A: 5d6 three of a kind (1 KD); B: nothing
    m = match(leaders(), dice=ScriptedDice([6, 1, 6, 6, 6, 2, 3, 1, 2, 4, 5, 6] + MORALE_PASS))
    challenged(m)
    answer(m, "duel_accept", choose("accept"))
    a, b = m.figure("A1"), m.figure("B1")
    assert math.isclose(math.hypot(a.x - b.x, a.y - b.y), 1.0, abs_tol=0.01)  # BtB
    assert math.isclose((a.x + b.x) / 2, 9.0, abs_tol=0.01)  # at the midpoint
    answer(m, "panache", choose("no"))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "kd"),)))
    answer(m, "pushback", choose("pushback_wounded"))
    answer(m, "follow_up", choose("stay"))
    assert m.state.system.duels[-1]["winner"] == "A1"
    assert m.state.system.duel is None
    # the duellists are carried back where they stood; B1 keeps its wound
    assert (m.figure("A1").x, m.figure("B1").x) == (6.0, 12.0)
    assert m.figure("B1").is_wounded
    assert m.pending.kind == "activate"


def test_PYR_DUEL_2_panache_discards_damage_and_redeems_mdp():
    m = match(leaders(), dice=ScriptedDice([6, 1, 6, 6, 6, 2, 3, 1, 2, 4, 5, 6] + [1, 2, 4, 5, 6] * 2))
    m.state.system.mdp = {"A": 1}
    challenged(m)
    answer(m, "duel_accept", choose("accept"))
    answer(m, "panache", choose("panache"))
    assert m.state.system.mdp["A"] == 0
    assert m.figure("B1").status == Status.UNWOUNDED
    # nothing else to allocate: quarter questions, then round 2 (no panache question: used once)
    answer(m, "duel_quarter", choose("fight_on"))
    answer(m, "duel_quarter", choose("fight_on"))
    assert m.state.system.duel["round"] == 2  # round 2 asked nothing until the quarter question
    assert m.pending.kind == "duel_quarter"


def test_PYR_DUEL_3_quarter_ends_the_duel():
    m = match(leaders(), dice=ScriptedDice([6, 1, 1, 2, 4, 5, 6, 1, 2, 4, 5, 6] + MORALE_PASS))
    challenged(m)
    answer(m, "duel_accept", choose("accept"))
    answer(m, "duel_quarter", choose("fight_on"))
    answer(m, "duel_quarter", choose("quarter"))
    assert m.state.system.duels[-1]["winner"] == "A1"


def test_PYR_DUEL_4_pistols_first_shot_4d6():
    # first-fire rolls 5 v 2: A fires 4d6 [3 3 3 1] = 1 KD; B's captain saves on 4+, rolls 2 → down
    m = match(leaders(pistols=True), dice=ScriptedDice([6, 1, 5, 2, 3, 3, 3, 1, 2] + MORALE_PASS))
    challenged(m)
    answer(m, "duel_accept", choose("accept"))
    assert m.pending.kind == "duel_weapons" and m.pending.side == "B"
    answer(m, "duel_weapons", choose("pistols"))
    a, b = m.figure("A1"), m.figure("B1")
    assert math.isclose(math.hypot(a.x - b.x, a.y - b.y), 3.0, abs_tol=0.01)  # 2 in apart, edge to edge
    ev = answer(m, "duel_disarm", choose("no"))
    shots = [e for e in m.log if isinstance(e, DiceRolled) and e.rule == "PYR-DUEL-4" and "pistol" in e.purpose]
    assert len(shots[0].faces) == 4 and shots[0].who == "A1"
    assert m.figure("B1").status == Status.KNOCKED_DOWN
    assert m.state.system.duels[-1]["winner"] == "A1"
    assert ev


def test_PYR_DUEL_4_reply_5d6_then_honour_satisfied():
    # A first: 4d6 no match; B unhurt replies with 5d6, no match; A declares honour satisfied
    m = match(leaders(pistols=True), dice=ScriptedDice([6, 1, 5, 2, 1, 2, 3, 5, 1, 2, 4, 5, 6]))
    challenged(m)
    answer(m, "duel_accept", choose("accept"))
    answer(m, "duel_weapons", choose("pistols"))
    shots = [e for e in m.log if isinstance(e, DiceRolled) and e.rule == "PYR-DUEL-4" and "pistol" in e.purpose]
    assert [len(s.faces) for s in shots] == [4, 5] and shots[1].who == "B1"
    answer(m, "duel_honour", choose("satisfied"))
    assert m.state.system.duels[-1]["winner"] == "draw"


def test_PYR_DUEL_4_second_pistols_then_blades():
    miss = [1, 2, 3, 5]
    m = match(
        leaders(pistols=True),
        dice=ScriptedDice(
            [6, 1, 5, 2] + miss + [1, 2, 4, 5, 6] + [2, 5] + miss + [1, 2, 4, 5, 6] + [1, 2, 4, 5, 6] * 2
        ),
    )
    challenged(m)
    answer(m, "duel_accept", choose("accept"))
    answer(m, "duel_weapons", choose("pistols"))
    answer(m, "duel_honour", choose("continue"))
    answer(m, "duel_honour", choose("continue"))
    answer(m, "duel_honour", choose("continue"))
    answer(m, "duel_honour", choose("continue"))
    answer(m, "duel_blades", choose("blades"))
    assert m.state.system.duel["weapons"] == "blades"
    a, b = m.figure("A1"), m.figure("B1")
    assert math.isclose(math.hypot(a.x - b.x, a.y - b.y), 1.0, abs_tol=0.01)
    assert m.pending.kind == "duel_quarter"


def test_PYR_DUEL_5_treaty_victor_decides():
    sc = scenario(leaders(pistols=True))
    m = Match(
        sc,
        seed=0,
        dice=ScriptedDice([6, 1, 5, 2, 3, 3, 3, 1, 2]),
        tmap=TacticalMap.open_ground(24, 16),
        options={"cards": False, "treaty": True},
    )
    answer(m, "activate", Decision("activate", figure="A1"))
    assert not any(o.kind == "challenge" for o in m.pending.options)  # no Offence given yet
    m2 = Match(
        sc,
        seed=0,
        dice=ScriptedDice([6, 1, 5, 2, 3, 3, 3, 1, 2] + MORALE_PASS),
        tmap=TacticalMap.open_ground(24, 16),
        options={"cards": False, "treaty": True},
    )
    m2.state.system.offence = True
    challenged(m2)
    answer(m2, "duel_accept", choose("accept"))
    answer(m2, "duel_weapons", choose("pistols"))
    answer(m2, "duel_disarm", choose("no"))
    assert m2.pending.kind == "treaty" and m2.pending.side == "A"
    answer(m2, "treaty", choose("break"))
    assert m2.state.system.treaty is False


def test_PYR_DUEL_1_option_duel_makes_default_challenge():
    sc = scenario(leaders())
    m = Match(sc, seed=4, tmap=TacticalMap.open_ground(24, 16), options={"cards": False, "duel": True})
    for _ in range(20):
        if m.pending.kind == "action" and m.pending.side == "A" or m.pending.kind == "duel_accept":
            break
        m.apply(m.auto())
    if m.pending.kind == "action":
        assert m.pending.default.kind == "challenge"


def test_PYR_DUEL_1_offence_under_treaty_frees_challenges():
    figs = leaders() + [fig("A2", "A", 2, 14), fig("B2", "B", 4.5, 14)]
    m = Match(
        scenario(figs),
        dice=ScriptedDice([6, 1, 1] + [3, 4] * 20),
        tmap=TacticalMap.open_ground(24, 16),
        options={"cards": False, "treaty": True},
    )
    answer(m, "activate", Decision("activate", figure="A1"))
    assert not any(o.kind == "challenge" for o in m.pending.options)
    answer(m, "action", Decision("hold", figure="A1"))
    answer(m, "activate", Decision("activate", figure="A2"))
    charge = next(o for o in m.pending.options if o.kind == "charge" and o.target == "B2")
    answer(m, "action", charge)
    assert m.state.system.offence is True
    assert any(getattr(e, "rule", "") == "PYR-DUEL-1" and "Offence" in getattr(e, "message", "") for e in m.log)
    # the scenario option gives the Offence before play
    m2 = Match(
        scenario(leaders()),
        dice=ScriptedDice([6, 1]),
        tmap=TacticalMap.open_ground(24, 16),
        options={"cards": False, "treaty": True, "offence": True},
    )
    answer(m2, "activate", Decision("activate", figure="A1"))
    assert Decision("challenge", figure="A1", target="B1") in m2.pending.options


def test_PYR_DUEL_2_supporters_behind_their_duellist_limited_to_two_and_home_after():
    friends = [fig("A2", "A", 5, 10), fig("A3", "A", 4, 8), fig("A4", "A", 5, 6), fig("B2", "B", 13, 10)]
    m = match(leaders() + friends, dice=ScriptedDice([6, 1, 1, 2, 4, 5, 6, 1, 2, 4, 5, 6] + MORALE_PASS))
    challenged(m)
    answer(m, "duel_accept", choose("accept"))
    assert m.pending.kind == "duel_supporters" and m.pending.side == "B"
    answer(m, "duel_supporters", choose("two"))
    du = m.state.system.duel
    assert sorted(du["supporters"]) == ["A2", "A3", "B2"]  # A1's two nearest; A4 ties A2 and loses on id
    a, b = m.figure("A1"), m.figure("B1")
    for sid in du["supporters"]:
        s, me, other = m.figure(sid), (a if sid[0] == "A" else b), (b if sid[0] == "A" else a)
        assert math.hypot(s.x - other.x, s.y - other.y) > math.hypot(me.x - other.x, me.y - other.y)  # behind
    stay = [g for g in ("A2", "A3", "A4") if g not in du["supporters"]]
    assert len(stay) == 1
    homes = {sid: tuple(du["home"][sid]) for sid in du["supporters"]}
    answer(m, "duel_quarter", choose("fight_on"))
    answer(m, "duel_quarter", choose("quarter"))
    for sid, home in homes.items():
        assert (m.figure(sid).x, m.figure(sid).y) == home


def test_PYR_DUEL_3_stakes_must_be_honoured_or_cost_a_mdp():
    m = match(leaders(), dice=ScriptedDice([6, 1, 1, 2, 4, 5, 6, 1, 2, 4, 5, 6] + MORALE_PASS))
    answer(m, "activate", Decision("activate", figure="A1"))
    answer(m, "action", Decision("challenge", figure="A1", target="B1", option="stakes"))
    assert m.pending.info["stakes"] is True
    answer(m, "duel_accept", choose("accept"))
    answer(m, "duel_quarter", choose("fight_on"))
    answer(m, "duel_quarter", choose("quarter"))
    assert m.pending.kind == "duel_stakes_honour" and m.pending.side == "B"
    answer(m, "duel_stakes_honour", choose("renege"))
    # +1 for asking quarter (PYR-DUEL-3 digital ruling), +1 for breaking the terms
    assert m.state.system.mdp["B"] == 2 and m.state.system.duels[-1]["stakes"] == "renege"
