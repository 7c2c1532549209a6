"""The AI goes for its scenario's objective and comes to blows (issue 19 item 4): the rearguard walks
up behind the leading three, a side that must hold a zone alone closes on the enemies standing in it,
and a charge counts the shots it escapes (RNG-SHOOT-3). Positions are set by hand: no dice."""

from __future__ import annotations

import dataclasses

import pytest

from game.ai import levels
from game.ai.scripted import PublicMatch, make_scripted
from game.match.match import Match
from game.rules.decisions import Decision
from game.scenario import find_scenario


def _match(name: str) -> Match:
    try:
        sc = find_scenario(name)
    except ValueError as e:
        pytest.skip(f"{name}: {e}")
    return Match(sc, seed=1)


def _put(m: Match, fid: str, x: float, y: float, **changes) -> None:
    f = m.state.figures[fid]
    m.state.figures[fid] = dataclasses.replace(f, x=x, y=y, **changes)
    m.table.place(fid, x, y, f.radius, f.level)


def _ctx(m: Match, side: str) -> levels.Ctx:
    view = PublicMatch(m, side)
    ctl = make_scripted("normal", 1)
    return levels.Ctx(view, m.pending, ctl.evaluator(view, side), None)


def test_rearguard_walks_up_to_the_goal_behind_the_nearest_three():
    """The Clearing: a ranger far behind the leading three gains by walking toward the clearing (it
    used to score every move exactly 0 and stood at its deployment all game)."""
    m = _match("forest_clearing")
    ev = _ctx(m, "rangers").ev
    st = m.state
    last = min(st.in_play("rangers"), key=lambda f: f.x)  # the clearing lies east of the rangers' woods
    forward = ev(st, {last.id: (last.x + 3.0, last.y)})
    back = ev(st, {last.id: (last.x - 1.0, last.y)})
    assert forward > ev(st) > back


def test_hold_zone_side_closes_on_the_enemies_standing_in_it():
    """A zone won only by holding it alone: between two places inside the clearing, both out of
    touch with the enemy, the one nearer the Frenchman standing in it is better."""
    m = _match("forest_clearing")
    _put(m, "regular_1", 26.0, 14.5)
    ev = _ctx(m, "rangers").ev
    st = m.state
    near = ev(st, {"ranger_1": (21.5, 14.5)})
    far = ev(st, {"ranger_1": (20.0, 12.0)})
    assert near > far
    # with nobody of the enemy in the clearing, the two places are worth the same
    _put(m, "regular_1", 43.1, 17.6)
    ev2 = _ctx(m, "rangers").ev
    assert ev2(st, {"ranger_1": (21.5, 14.5)}) == pytest.approx(ev2(st, {"ranger_1": (20.0, 12.0)}))


def test_rng_shoot_3_charge_counts_the_shots_it_escapes():
    """Nobody shoots at a figure in hand combat (RNG-SHOOT-3): a charge is worth SHIELD times the
    exact expected harm of the loaded enemy muskets that see the charger where it stands, and
    nothing more when their muskets are empty."""
    m = _match("forest_clearing")
    _put(m, "ranger_1", 22.0, 14.5)
    _put(m, "regular_1", 25.0, 14.5)
    _put(m, "regular_2", 28.0, 12.0, loaded=True)
    _put(m, "regular_3", 28.0, 17.0, loaded=True)
    ctx = _ctx(m, "rangers")
    threat = levels._shots_at(ctx, "ranger_1")
    assert threat > 0.0
    charge = Decision("charge", figure="ranger_1", target="regular_1", x=23.9, y=14.5)
    loaded = levels._preset_option(ctx, charge)
    for fid in ("regular_1", "regular_2", "regular_3"):
        f = m.state.figures[fid]
        _put(m, fid, f.x, f.y, loaded=False)
    ctx2 = _ctx(m, "rangers")
    assert levels._shots_at(ctx2, "ranger_1") == 0.0
    empty = levels._preset_option(ctx2, charge)
    assert loaded - empty == pytest.approx(levels.SHIELD * threat)
