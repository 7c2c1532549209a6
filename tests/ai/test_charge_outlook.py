"""A charge's first round after the enemy's reactions (``charge_outlook``), checked against the engine
played out from a real boarding state: the same reactors, the same quotas, and the first round's
pools rolling to the exact chance in a seeded Monte Carlo."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from tests.ai.conftest import ROOT, new_match, playable


def _charge_with_reactors(sc, seed: int):
    """The first charge a normal-v-normal game offers whose target's friends would react to it."""
    from game.ai.charge_outlook import charge_outlook
    from game.ai.controller import make_controller

    m = new_match(sc, seed)
    ctl = {s.id: make_controller("normal", seed) for s in sc.sides}
    while not m.over:
        p = m.pending
        if p.kind == "action":
            for d in p.options:
                if d.kind == "charge" and d.option is None:
                    o = charge_outlook(m, p.side, d.figure, d.target, charge=d)
                    if o is not None and o.reactors and o.chance != o.before and 0.1 < o.chance < 0.9:
                        return m, d, o
        m.apply(ctl[p.side].decide(m))
    pytest.skip("no charge with reactors in this game")


def _first_round(m, d, dice_seed: int, reactor_ctl):
    """Play the charge on a copy: the charging side ends its player-turn, the enemy reacts as the
    normal AI does, the mêlée starts with no card played; the first round's events."""
    from game.rules.pyrates.events import MeleeRoundStarted, RoundTallied

    m2 = m.clone(dice_seed=dice_seed)
    side = m.pending.side
    evs = list(m2.apply(d))
    seen: list = []
    started = False
    for _ in range(400):
        for e in evs:
            if isinstance(e, MeleeRoundStarted):
                started = e.round == 1 and any(d.figure in fs for _, fs in e.sides)
            if started:
                seen.append(e)
                if isinstance(e, RoundTallied):
                    return seen
            elif type(e).__name__ == "Moved" and e.how == "reaction":
                seen.append(e)
        p = m2.pending
        if p.kind == "activate" and p.side == side:
            dd = next(o for o in p.options if o.kind == "pass")
        elif p.kind == "reaction":
            dd = reactor_ctl.decide(m2)
        elif p.kind == "flashing_blades":
            dd = next(o for o in p.options if o.option == "no")
        else:
            dd = m2.auto()
        evs = m2.apply(dd)
    raise AssertionError("the charge's first round never came")


@pytest.fixture(scope="module")
def boarding_charge():
    sc = playable(ROOT / "maps" / "boarding_action.toml")
    return _charge_with_reactors(sc, 0)


def test_pyr_react_1_outlook_has_the_engines_reactors_and_quotas(boarding_charge):
    from game.ai.controller import make_controller
    from game.rules.pyrates.events import QuotaSet

    m, d, o = boarding_charge
    before = m.state_hash()
    ctl = make_controller("normal", 0)
    own = m.state.figures[d.figure].side
    for seed in range(6):
        evs = _first_round(m, d, 7000 + seed, ctl)
        quotas = {e.who: e.mq for e in evs if isinstance(e, QuotaSet)}
        assert o.quotas == (quotas[own], next(q for s, q in quotas.items() if s != own))
        assert tuple(e.figure for e in evs if type(e).__name__ == "Moved" and e.how == "reaction") == o.reactors
    assert m.state_hash() == before  # the outlook plays the charge on a copy only
    assert o.chance < o.before  # the reactors joined the target's side
    assert set(o.reactors) >= set(o.joined) - {d.figure}


def test_pyr_win_1_outlook_is_the_engines_first_round_on_the_dice(boarding_charge):
    """PYR-DMG-1/PYR-WIN-1 on the dice alone: the pools' knock-downs, then wounds, a tie counting one
    half, over the engine's own rolls (rerolls as the rules' default takes them)."""
    from game.ai.controller import make_controller
    from game.rules.pyrates.events import HandScored

    m, d, o = boarding_charge
    own = m.state.figures[d.figure].side
    ctl = make_controller("normal", 0)
    n, score = 300, 0.0
    for seed in range(n):
        dealt: dict[str, list[int]] = {}
        for e in _first_round(m, d, 9000 + seed, ctl):
            if isinstance(e, HandScored):
                kd_w = dealt.setdefault(e.who, [0, 0])
                kd_w[0] += e.knockdowns
                kd_w[1] += e.wounds
        mine = tuple(dealt.get(own, [0, 0]))
        theirs = tuple(next((v for s, v in dealt.items() if s != own), [0, 0]))
        score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    p = float(o.chance)
    assert abs(score / n - p) <= 4 * math.sqrt(p * (1 - p) / n), (score / n, p)


def test_outlook_is_none_where_no_charge_is_offered(boarding_charge):
    from game.ai.charge_outlook import charge_outlook, first_round_chance

    m, d, o = boarding_charge
    assert first_round_chance(m, m.pending.side, d.figure, d.target, charge=d) == o.chance
    assert isinstance(o.chance, Fraction)
    assert charge_outlook(m, m.pending.side, d.target, d.figure) is None  # not an offered charge
