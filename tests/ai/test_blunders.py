"""normal does not blunder: a charge is priced by its first round after the enemy's reactions, a
non-combatant does not charge at poor odds, a leader keeps out of reach of loaded muskets, and a
figure under fire with nothing to gain gets out of it. Real boarding positions; the dice play no part."""

from __future__ import annotations

import dataclasses

import pytest

from game.ai import evaluate, levels_actions
from game.ai.levels import Ctx, score_options
from game.ai.scripted import PublicMatch, make_scripted
from game.match.match import Match
from game.rules.model import Rank
from game.scenario import find_scenario


def _match(name: str = "boarding_action") -> Match:
    return Match(find_scenario(name), seed=1)


def _put(m: Match, fid: str, x: float, y: float, **changes) -> None:
    f = m.state.figures[fid]
    m.state.figures[fid] = dataclasses.replace(f, x=x, y=y, **changes)
    m.table.place(fid, x, y, f.radius, f.level)


def _ctx(m: Match, ask=None) -> Ctx:
    ask = ask or m.pending
    view = PublicMatch(m, ask.side)
    ctl = make_scripted("normal", 1)
    ctx = Ctx(view, ask, ctl.evaluator(view, ask.side), None)
    ctx.evaluator_for = lambda side: ctl.evaluator(view, side)
    return ctx


@pytest.fixture(scope="module")
def poor_charge():
    """The first charge a normal-v-normal boarding game offers into a crowd: the target's friends
    react and the charger's first round drops under 35 %."""
    from game.ai.charge_outlook import charge_outlook
    from game.ai.controller import make_controller

    m = _match()
    ctl = {s: make_controller("normal", 0) for s in m.state.side_ids()}
    while not m.over:
        p = m.pending
        if p.kind == "action":
            for d in p.options:
                if d.kind == "charge" and d.option is None:
                    o = charge_outlook(m, p.side, d.figure, d.target, charge=d)
                    if o is not None and o.chance < levels_actions.POOR <= o.before:
                        return m, d, o
        m.apply(ctl[p.side].decide(m))
    pytest.skip("no such charge")


def test_pyr_react_1_a_charge_into_a_crowd_is_priced_after_the_reactions(poor_charge):
    m, d, o = poor_charge
    ctx = _ctx(m)
    change, chance = levels_actions._pool_charge(ctx, d)
    assert chance == float(o.chance) < levels_actions.POOR
    assert change < -levels_actions.POOR_STEP  # the poor odds and the price of losing the round
    scores = score_options("normal", ctx)
    best = max(scores)
    assert scores[ctx.ask.options.index(d)] < best  # something else beats the blunder


def test_a_non_combatant_pays_more_for_the_same_poor_charge(poor_charge):
    m, d, o = poor_charge
    fighter = levels_actions._pool_charge(_ctx(m), d)[0]
    f = m.state.figures[d.figure]
    m2 = m.clone()
    m2.state.figures[d.figure] = dataclasses.replace(f, rank=Rank.NONCOMBATANT)
    cabin_boy = levels_actions._pool_charge(_ctx(m2), d)[0]
    assert cabin_boy <= fighter - levels_actions.NONCOMBATANT_POOR + 1.0


def test_a_leader_in_reach_of_loaded_muskets_is_worth_less():
    """The same place for Blackbeard is worth less once a merchant musket in range is loaded, and
    the same out of its range."""
    m = _match()
    st = m.state
    bb = st.figures["blackbeard"]
    gun = next(f for f in st.figures.values() if f.side == "merchants" and f.missile == "musket")
    near = (gun.x, gun.y + 6.0 if gun.y < bb.y else gun.y - 6.0)
    far = (bb.x, bb.y)
    ev = evaluate.Evaluator(m.scenario, m.table, st, "pirates")
    empty = (ev(st, {"blackbeard": near}), ev(st, {"blackbeard": far}))
    _put(m, gun.id, gun.x, gun.y, loaded=True)
    loaded = (ev(st, {"blackbeard": near}), ev(st, {"blackbeard": far}))
    assert loaded[0] < empty[0] - 0.5  # in reach: its exposure counts against the side
    if (
        evaluate.Evaluator(m.scenario, m.table, st, "pirates").leaders_exposed(
            [(st.figures[gun.id], gun.x, gun.y, False, True, True), (bb, *far, True, False, True)]
        )
        == 0
    ):
        assert loaded[1] == pytest.approx(empty[1])


def test_under_fire_with_nothing_to_gain_a_figure_moves_out_of_range():
    """An idle answer under the loaded enemy muskets pays their exact expected harm; a move that
    ends out of their range pays nothing of it."""
    m = _match()
    st = m.state
    pirate = next(f for f in st.figures.values() if f.side == "pirates" and f.rank == Rank.ORDINARY)
    gun = next(f for f in st.figures.values() if f.side == "merchants" and f.missile == "musket")
    _put(m, gun.id, gun.x, gun.y, loaded=True)
    ctx = _ctx(m)
    shots = levels_actions._under_fire(ctx, pirate)
    if not shots:
        pytest.skip("the musket does not see the pirate from the deployment")
    from game.rules.decisions import Decision

    hold = levels_actions._out_of_fire(ctx, pirate, Decision("hold", figure=pirate.id))
    away = levels_actions._out_of_fire(ctx, pirate, Decision("move", figure=pirate.id, x=pirate.x, y=pirate.y + 60.0))
    stay = levels_actions._out_of_fire(ctx, pirate, Decision("move", figure=pirate.id, x=pirate.x, y=pirate.y))
    assert hold < 0 < away and stay == pytest.approx(0.0)


def test_easy_prices_the_same_charge_without_the_reactions(poor_charge):
    """easy has no model of the enemy's replies: it prices the charge where the figures stand, so
    the charge into the crowd scores higher for it than for normal."""
    from game.ai.levels import easy_scores

    m, d, o = poor_charge
    ctx = _ctx(m)
    i = ctx.ask.options.index(d)
    assert easy_scores(_ctx(m))[i] > score_options("normal", ctx)[i]
