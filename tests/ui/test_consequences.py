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
    """The boarding action played by the normal AI until a figure is offered a charge."""
    m = Match(load_scenario(os.path.join(MAPS, "boarding_action.toml")), seed=seed)
    ai = make_controller("normal", seed)
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
    # the morale test a lost figure calls for (PYR-MOR-2: d6 ≤ 4, a 1 passes, a 6 fails); here no
    # modifier applies (no leader within 6 in of the fight, the captain up, under half lost)
    assert pv.morale == Fraction(4, 6) and pv.morale_needs == 4


def test_PYR_MOR_2_charge_preview_morale_chance_counts_its_modifiers():
    """The preview's morale chance is the rules' own test with the modifiers a lost round would leave
    (``aftermath.party_morale_modifiers``, which ``party_test`` rolls with): the captain down adds 1,
    so the test passes on 3 or less."""
    from dataclasses import replace

    from game.rules.model import Rank, Status

    m, d = first_charge()
    side = m.state.figures[d.figure].side
    charged = m.clone()
    charged.apply(d)
    view = charged.ruleset.public_view(charged.state, side)
    plain = charged.ruleset.attack_odds(view, charged.table, d.figure, d.target, "charge")
    captain = next(f for f in view.figures.values() if f.side == side and f.rank == Rank.CAPTAIN)
    assert captain.id != d.figure and captain.in_play
    view.figures[captain.id] = replace(captain, status=Status.FLED)  # "captain down"
    down = charged.ruleset.attack_odds(view, charged.table, d.figure, d.target, "charge")
    assert (plain.morale_needs, plain.morale_pass) == (4, Fraction(4, 6))
    assert (down.morale_needs, down.morale_pass) == (3, Fraction(3, 6))


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


def test_PYR_CARD_1_flashing_blades_rows_show_the_round_chance_with_and_without_the_card():
    """A card question that changes the dice shows its chance: playing Flashing Blades adds 1 to the
    side's Mêlée Quota (PYR-CARD-1), so its row gives the round's exact chance at the raised quota and
    "no" at the quota as it stands (PYR-WIN-1, the other side's hidden hand counted as playing none)."""
    from game.rules.pyrates.chances import round_odds

    m = Match(load_scenario(os.path.join(MAPS, "boarding_action.toml")), seed=1)
    ai = make_controller("easy", 1)
    for _ in range(900):
        if m.pending is None or m.pending.kind == "flashing_blades":
            break
        m.apply(ai.decide(m))
    p = m.pending
    assert p is not None and p.kind == "flashing_blades"
    mine, theirs = p.info["quotas"][p.side], next(v for k, v in p.info["quotas"].items() if k != p.side)
    rows = {d.option: option_chance(m, p, d) for d in p.options}
    for option, mq in (("play", mine + 1), ("no", mine)):
        assert rows[option] == f" · wins the round {float(round_odds(mq, theirs).success):.0%}"
    assert rows["play"] != rows["no"]
