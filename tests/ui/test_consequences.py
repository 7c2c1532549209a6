"""Consequences before committing: the charge preview gives the chance after the enemy's reactions
and what a lost first round costs in figures; the option list gives each dice answer's chance."""

from __future__ import annotations

import os
from fractions import Fraction

from game.ai import make_controller
from game.match import Match
from game.scenario import load_scenario
from game.ui.previews import charge_preview, option_chance
from game.ui.spot_pick import listed_options

MAPS = os.path.join(os.path.dirname(__file__), "..", "..", "maps")


def first_charge(seed: int = 1, limit: int = 300):
    """The boarding action played by the easy AI until a figure is offered a charge."""
    m = Match(load_scenario(os.path.join(MAPS, "boarding_action.toml")), seed=seed)
    ai = make_controller("easy", seed)
    for _ in range(limit):
        p = m.pending
        if p.kind == "action" and any(d.kind == "charge" for d in p.options):
            return m, next(d for d in p.options if d.kind == "charge")
        m.apply(ai.decide(m))
    raise AssertionError("no charge offered")


def test_PYR_WIN_3_charge_preview_counts_the_party_a_lost_round_sends_back():
    m, d = first_charge()
    before = m.state_hash()
    pv = charge_preview(m, d)
    assert m.state_hash() == before  # a preview never touches the game
    assert not pv.error and pv.win is not None
    st = m.state
    side = st.figures[d.figure].side
    assert pv.stake and all(st.figures[f].side == side for f in pv.stake)
    assert d.figure in pv.fighting and set(pv.fighting) <= set(pv.stake)
    assert len(pv.stake) > len(pv.fighting)  # figures far from the fight go back too (PYR-WIN-5)
    assert pv.toward == ("toward your ship" if st.side(side).boarder else "")
    # the outlook after the enemy's reactions: an exact chance, its reactors enemies of the charger
    assert isinstance(pv.after, Fraction) and 0 <= pv.after <= 1
    assert all(st.figures[r].side in st.enemies_of(side) for r in pv.reactors)
    # the morale test a lost figure calls for (PYR-MOR-2: d6 ≤ 4, a 1 passes, a 6 fails), unmodified
    assert pv.morale == Fraction(4, 6)


def test_RNG_MOT_1_each_activation_row_shows_its_motivation_chance():
    m = Match(load_scenario(os.path.join(MAPS, "boarding_action.toml")), seed=4)
    p = m.pending
    while p.kind != "activate":
        m.apply(m.auto())
        p = m.pending
    rows = {d.figure: option_chance(m, p, d) for _, d in listed_options(p, m.state) if d.kind == "activate"}
    view = m.ruleset.public_view(m.state, p.side)
    for fid, text in rows.items():
        odds = m.ruleset.odds(view, m.table, p, next(o for o in p.options if o.figure == fid))
        f = m.state.figures[fid]
        if f.is_leader or f.type == "civilian":
            assert odds is None and text == ""
        else:
            assert text == f" · motivated {float(odds.success):.0%}, d6 ≤ {odds.target}"
            assert odds.success == Fraction(max(0, min(6, odds.target)), 6)
