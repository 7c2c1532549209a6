"""The AI goes for its scenario's objective and comes to blows: the rearguard walks
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


def test_a_limit_that_makes_a_draw_presses_over_the_second_half():
    """pike_and_shot's limit names no side (a draw at turn 10): an inch toward the enemy weighs 1 up
    to mid-game and PRESS at the limit; boarding_action's limit names a side, so its press stays."""
    from game.ai.evaluate import PRESS

    ev = _ctx(_match("pike_and_shot"), "red").ev
    assert ev.draw_at_limit
    assert ev.press_at(1) == 1.0 == ev.press_at(ev.turn_limit // 2)
    assert 1.0 < ev.press_at(ev.turn_limit - 2) < PRESS == ev.press_at(ev.turn_limit)
    m = _match("boarding_action")
    for side in (s.id for s in m.scenario.sides):
        ev2 = _ctx(m, side).ev
        assert not ev2.draw_at_limit
        assert ev2.press_at(1) == ev2.press_at(ev2.turn_limit) == ev2.press


def test_the_crew_behind_the_nearest_three_close_on_a_capture_target():
    """Duel on the Quarterdeck (capture the enemy captain): the pirate farthest from Captain Grey,
    not one of the three nearest, gains by walking toward him (it scored every move 0 and stood)."""
    m = _match("duel_on_the_quarterdeck")
    ev = _ctx(m, "pirates").ev
    st = m.state
    grey = st.figures["captain_grey"]
    assert (grey.x, grey.y) == (9.5, 16.0)
    last = st.figures["pirate_vic"]  # the last fighter of the pirates' line along the waist
    assert (last.x, last.y) == (29.5, 22.5)
    toward = ev(st, {last.id: (last.x - 3.0, last.y)})
    away = ev(st, {last.id: (last.x + 1.0, last.y)})
    assert toward > ev(st) > away
