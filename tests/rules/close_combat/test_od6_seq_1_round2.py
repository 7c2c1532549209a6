"""OD6-SEQ-1 as amended, through the Match door: per-unit actions, re-forming a unit into a
new formation (a corner lock-up allowed, never an edge contact), reorganising with actions left."""

import pytest

from game.match import Decision, IllegalDecision, Match
from game.rules.decisions import Item, Spot
from game.rules.dice import ScriptedDice
from game.rules.events import Note
from tests.rules.close_combat.test_flow_close_combat import lines, piece, scenario

RED_FIRST = [5, 3]


def test_od6_seq_1_actions_are_a_unit_field():
    m = Match(scenario(lines(8.5, 20.5), actions={"red_regiment": 2}), dice=ScriptedDice(RED_FIRST + [4] * 60))
    m.apply(Decision("act", option="red_regiment"))
    m.apply(next(d for d in m.pending.options if d.kind == "move" and d.label == "forward 1"))
    assert m.pending.side == "red" and m.pending.kind == "activate"  # a second action
    m.apply(Decision("act", option="red_regiment"))
    m.apply(next(d for d in m.pending.options if d.kind == "move" and d.label == "forward 1"))
    assert m.pending.side == "blue"
    m.apply(Decision("act", option="blue_regiment"))
    m.apply(next(d for d in m.pending.options if d.kind == "move" and d.label == "forward 1"))
    assert m.pending.side == "red"  # blue: the default one


def _scattered():
    return [
        piece("R1", "red", 5.0, 5.0, 0.0),
        piece("R2", "red", 5.0, 8.0, 0.0),
        piece("B1", "blue", 9.0, 5.0, 180.0),
        piece("B2", "blue", 25.0, 15.0, 180.0),
    ]


def test_od6_seq_1_re_form_line_is_offered_and_closes_the_ranks():
    m = Match(scenario(_scattered()), dice=ScriptedDice(RED_FIRST + [4] * 60))
    m.apply(Decision("act", option="red_regiment"))
    opt = next(
        d
        for d in m.pending.options
        if d.kind == "reorganise" and (d.option, d.label) == ("red_regiment", "re-form line")
    )
    m.apply(opt)
    r1, r2 = m.figure("R1"), m.figure("R2")
    assert (r1.x, r2.x) == (5.0, 5.0) and abs(r2.y - r1.y) == pytest.approx(2.0)  # side by side
    assert (r1.y + r2.y) / 2 == pytest.approx(6.5)  # about their centre
    assert [e for e in m.log if isinstance(e, Note) and "re-form line" in e.message]


def test_od6_seq_1_re_form_may_end_in_a_corner_lock_up():
    m = Match(scenario(_scattered()), dice=ScriptedDice(RED_FIRST + [4] * 60))
    m.apply(Decision("act", option="red_regiment"))
    m.apply(
        Decision(
            "reorganise",
            option="red_regiment",
            label="re-form",
            spots=(Spot("R1", 8.0, 3.0, 0.0), Spot("R2", 5.0, 8.0, 0.0)),
        )
    )
    assert (m.figure("R1").x, m.figure("R1").y) == (8.0, 3.0)  # its corner touches B1's corner


def test_od6_seq_1_re_form_may_not_end_in_edge_contact_or_beyond_the_allowance():
    m = Match(scenario(_scattered()), dice=ScriptedDice(RED_FIRST + [4] * 60))
    m.apply(Decision("act", option="red_regiment"))
    with pytest.raises(IllegalDecision, match="corner"):
        m.apply(
            Decision(
                "reorganise",
                option="red_regiment",
                label="re-form",
                spots=(Spot("R1", 8.0, 5.0, 0.0), Spot("R2", 5.0, 8.0, 0.0)),
            )
        )
    with pytest.raises(IllegalDecision, match="more than 6"):
        m.apply(
            Decision(
                "reorganise",
                option="red_regiment",
                label="re-form",
                spots=(Spot("R1", 5.0, 12.5, 0.0), Spot("R2", 5.0, 18.0, 0.0)),
            )
        )
    with pytest.raises(IllegalDecision, match="needs an end"):
        m.apply(Decision("reorganise", option="red_regiment", label="re-form", spots=(Spot("R1", 6.0, 5.0, 0.0),)))


def test_od6_seq_1_re_form_ends_are_typed_spots_not_strings():
    m = Match(scenario(_scattered()), dice=ScriptedDice(RED_FIRST + [4] * 60))
    m.apply(Decision("act", option="red_regiment"))
    before = m.state_hash()
    old = Decision("reorganise", option="red_regiment", label="re-form", items=(Item("R1", "8.0,3.0,0"),))
    with pytest.raises(IllegalDecision, match="needs an end"):
        m.apply(old)
    with pytest.raises(IllegalDecision, match="give the end as x, y"):
        m.apply(Decision("reorganise", option="red_regiment", label="re-form", spots=(Spot("R1", "8", None, 0),)))  # type: ignore[arg-type]
    assert m.state_hash() == before
    m.apply(
        Decision("reorganise", option="red_regiment", label="re-form", spots=(Spot("R1", 8, 3, 0), Spot("R2", 5, 8, 0)))
    )
    assert (m.figure("R1").x, m.figure("R1").y, m.figure("R2").y) == (8.0, 3.0, 8.0)
