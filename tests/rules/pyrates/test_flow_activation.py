"""Activation in the pyrates preset (PRE-PYR-1 step 1): charge, move, shoot, To me!, reactions."""

import math

import pytest
from flow_helpers import Decision, answer, fig, match

from game.rules.decisions import IllegalDecision
from game.rules.events import Moved
from game.rules.pyrates.events import MeleeRoundStarted, ShotResolved
from game.rules.refusals import Cause

LEAD = frozenset({"leader"})


def a_first(figs, **kw):
    """A match where side A takes the first player-turn (seed search, deterministic)."""
    for seed in range(50):
        m = match(figs, seed=seed, **kw)
        if m.pending.side == "A" and m.pending.kind == "activate":
            return m
    raise AssertionError("no seed gives A the first turn")


def activate(m, fid):
    answer(m, "activate", Decision("activate", figure=fid))
    assert m.pending.kind == "action"
    return m.pending


def test_RNG_ACT_1_charge_ends_in_btb_and_starts_a_melee():
    m = a_first([fig("A1", "A", 5, 8, traits=LEAD), fig("B1", "B", 8, 8)])
    p = activate(m, "A1")
    charges = [o for o in p.options if o.kind == "charge"]
    assert charges and charges[0].target == "B1"
    assert p.default == charges[0]
    ev = m.apply(charges[0])
    assert "B1" in m.table.contacts("A1")
    assert any(isinstance(e, Moved) and e.how == "charge" for e in ev)
    assert any(isinstance(e, MeleeRoundStarted) for e in m.log)


def test_RNG_ACT_1_charge_beyond_3_inches_is_refused():
    m = a_first([fig("A1", "A", 5, 8, traits=LEAD), fig("B1", "B", 10, 8)])
    p = activate(m, "A1")
    assert not [o for o in p.options if o.kind == "charge"]
    with pytest.raises(IllegalDecision):
        m.apply(Decision("charge", figure="A1", target="B1", x=9.0, y=8.0))


def test_RNG_ACT_1_free_charge_destination_is_validated():
    m = a_first([fig("A1", "A", 5, 8, traits=LEAD), fig("B1", "B", 8, 8)])
    activate(m, "A1")
    with pytest.raises(IllegalDecision, match="would not end in contact") as e:
        m.apply(Decision("charge", figure="A1", target="B1", x=6.0, y=8.0))
    assert e.value.refusal.cause == Cause.NO_CONTACT and e.value.refusal.things[0].id == "B1"
    m.apply(Decision("charge", figure="A1", target="B1", x=7.134, y=8.5))  # from the south-west
    assert (m.figure("A1").x, m.figure("A1").y) == (7.134, 8.5)
    assert "B1" in m.table.contacts("A1")


def test_RNG_MOVE_1_move_may_not_end_in_enemy_contact():
    m = a_first([fig("A1", "A", 5, 8, traits=LEAD), fig("B1", "B", 9, 8)])
    p = activate(m, "A1")
    for o in p.options:
        if o.kind == "move":
            assert math.hypot(o.x - 9, o.y - 8) > 1.02
    with pytest.raises(IllegalDecision, match="charge instead"):
        m.apply(Decision("move", figure="A1", x=8.0, y=8.0))


def test_PYR_ENG_3_engaged_figures_take_no_action():
    m = a_first([fig("A1", "A", 5, 8, traits=LEAD), fig("A2", "A", 2, 2, traits=LEAD), fig("B1", "B", 6, 8)])
    ready = {o.figure for o in m.pending.options if o.kind == "activate"}
    assert ready == {"A2"}


def test_RNG_SHOOT_1_shot_and_PYR_SHOOT_1_engaged_party_does_not_shoot():
    figs = [fig("A1", "A", 5, 8, traits=LEAD, missile="musket", loaded=True), fig("B1", "B", 12, 8)]
    m = a_first(figs)
    p = activate(m, "A1")
    shots = [o for o in p.options if o.kind == "shoot"]
    assert shots and shots[0].target == "B1"
    ev = m.apply(shots[0])
    assert any(isinstance(e, ShotResolved) for e in ev)
    assert not m.figure("A1").loaded
    # same party engaged elsewhere: no shooting (PYR-SHOOT-1)
    figs2 = figs + [fig("A2", "A", 20, 3), fig("B2", "B", 21, 3)]
    m2 = a_first(figs2)
    p2 = activate(m2, "A1")
    assert not [o for o in p2.options if o.kind == "shoot"]


def test_RNG_SHOOT_3_no_shot_at_a_figure_in_hand_combat():
    figs = [
        fig("A1", "A", 5, 8, traits=LEAD, missile="musket", loaded=True, party="gun"),
        fig("B1", "B", 12, 8),
        fig("A2", "A", 13, 8, party="blades"),
    ]
    m = a_first(figs)
    p = activate(m, "A1")
    assert not [o for o in p.options if o.kind == "shoot"]


def test_INI_TOME_1_captain_calls_crew():
    figs = [fig("C", "A", 5, 8, rank="captain", traits=LEAD), fig("A2", "A", 5, 14), fig("B1", "B", 20, 8)]
    m = a_first(figs)
    activate(m, "C")
    before = math.hypot(m.figure("A2").x - 5, m.figure("A2").y - 8)
    m.apply(Decision("tome", figure="C"))
    after = math.hypot(m.figure("A2").x - 5, m.figure("A2").y - 8)
    assert after < before
    assert "A2" in m.state.system.acted or m.state.active != "A"


def test_PYR_REACT_1_reaction_offered_after_a_charge():
    figs = [fig("A1", "A", 5, 8, traits=LEAD), fig("B1", "B", 8, 8), fig("B2", "B", 9.5, 10.5)]
    m = a_first(figs)
    p = activate(m, "A1")
    m.apply(next(o for o in p.options if o.kind == "charge"))
    assert m.pending.kind == "reaction" and m.pending.side == "B"
    opts = [o for o in m.pending.options if o.kind == "react"]
    assert opts and all(o.figure == "B2" for o in opts)
    with pytest.raises(IllegalDecision):  # more than 2 in
        m.apply(Decision("react", figure="B2", x=13.0, y=10.5))
    with pytest.raises(IllegalDecision, match="must end"):  # closer, not engaged, not supporting
        m.apply(Decision("react", figure="B2", x=9.0, y=10.0))
    a = next(o for o in opts if o.option in ("a", "c"))
    m.apply(a)
    assert math.hypot(m.figure("B2").x - 9.5, m.figure("B2").y - 10.5) <= 2.0 + 1e-6
