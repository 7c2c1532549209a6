"""game/ai/concede.py: when a side can no longer win, and the game's turning point."""

from __future__ import annotations

import dataclasses

from game.ai.concede import can_still_win, concession, strength, turning_point
from game.rules.events import GameOver, StatusChanged, TurnStarted
from game.rules.model import Status
from game.scenario.model import Victory

from .conftest import TINY, new_match, playable


def _match(victory=None, seed=1):
    m = new_match(playable(TINY), seed)
    if victory is not None:  # after the start: tiny's open map has no zones for Match to check
        m.scenario = dataclasses.replace(m.scenario, victory=tuple(victory))
    return m


def _set(m, fid, status):
    m.state.figures[fid] = dataclasses.replace(m.state.figures[fid], status=status)


def _ids(m, side):
    return [f.id for f in m.state.figures.values() if f.side == side]


def test_fresh_match_both_sides_can_win():
    m = _match()
    assert can_still_win(m, "red") == (True, "") and can_still_win(m, "blue") == (True, "")


def test_strength_under_a_third_cannot_win():
    m = _match()
    red = _ids(m, "red")
    for fid in red:
        if m.state.figures[fid].rank.value != "captain":
            _set(m, fid, Status.KNOCKED_DOWN)
    # a lone captain (value by rank) against a full crew: compute the ratio the rule judges
    me, them = strength(m.state.figures, "red"), strength(m.state.figures, "blue")
    ok, why = can_still_win(m, "red")
    assert ok == (me >= them / 3)
    _set(m, red[0], Status.WOUNDED)
    m.state.figures[red[0]] = dataclasses.replace(m.state.figures[red[0]], wounds=1)
    _set(m, red[0], Status.DISARMED)
    ok, why = can_still_win(m, "red")
    assert not ok and "under a third" in why and "Blue crew" in why
    assert can_still_win(m, "blue") == (True, "")


def test_no_figure_left_cannot_win():
    m = _match()
    for fid in _ids(m, "blue"):
        _set(m, fid, Status.FLED)
    ok, why = can_still_win(m, "blue")
    assert not ok and "no figure left" in why


def test_capture_target_gone_and_clock_theirs_cannot_win():
    m = _match()
    target = _ids(m, "blue")[0]
    m = _match([Victory(type="capture", side="red", figure=target), Victory(type="turn_limit", side="blue")])
    assert can_still_win(m, "red") == (True, "")
    _set(m, target, Status.FLED)  # gone off the table: never captured now
    ok, why = can_still_win(m, "red")
    assert not ok and "cannot be taken" in why
    assert can_still_win(m, "blue") == (True, "")  # holding out to the turn limit still wins


def test_zone_conditions_closed_by_turns_and_figures():
    m = _match(
        [
            Victory(type="hold_zone", side="red", zone="deck", turns=9),
            Victory(type="reach_zone", side="red", zone="boats", count=5),
            Victory(type="turn_limit", side="blue"),
        ]
    )
    ok, why = can_still_win(m, "red")  # tiny's limit is 4 turns; red has 3 figures
    assert not ok and "more turns than are left" in why and "needs 5 figures" in why
    m = _match([Victory(type="hold_zone", side="red", zone="deck", turns=2), Victory(type="turn_limit", side="blue")])
    assert can_still_win(m, "red") == (True, "")


def _ev(cls, **kw):
    return cls(rule=kw.pop("rule", "GEN-TURN-1"), **kw)


def test_turning_point_names_the_largest_swing():
    m = _match()
    red, blue = _ids(m, "red"), _ids(m, "blue")
    events = [
        _ev(TurnStarted, turn=1),
        _ev(StatusChanged, figure=red[1], status="knocked_down", rule="PYR-MEL-1"),
        _ev(TurnStarted, turn=2),
        _ev(StatusChanged, figure=blue[0], status="knocked_down", rule="PYR-MEL-1"),
        _ev(StatusChanged, figure=blue[1], status="wounded", wounds=1, rule="PYR-MEL-1"),
        _ev(StatusChanged, figure=blue[2], status="captive", rule="PYR-MEL-1"),
        _ev(TurnStarted, turn=3),
        _ev(GameOver, winner="red", reason="Blue crew is routed"),
    ]
    text = turning_point(events, m.state.figures)
    names = {fid: m.state.figures[fid].name for fid in blue}
    assert text.startswith("turn 2: blue lost ") and names[blue[0]] in text and names[blue[2]] in text
    assert "to red" in text
    named = {s.id: s.name for s in m.state.sides}
    said = turning_point(events, m.state.figures, named)
    assert said.startswith(f"turn 2: {named['blue']} lost ") and said.endswith(f"the fight swung to {named['red']}")
    assert f"{names[blue[0]]} and {names[blue[2]]}" in said or f"{names[blue[2]]} and {names[blue[0]]}" in said


def test_turning_point_first_rout_and_none():
    m = _match()
    red = _ids(m, "red")
    events = [_ev(TurnStarted, turn=1), _ev(StatusChanged, figure=red[0], status="fled", rule="PYR-MOR-3")]
    assert "fled first" in turning_point(events)
    assert turning_point([_ev(TurnStarted, turn=1)], m.state.figures) is None
    assert turning_point([]) is None


def test_concession_headline_names_the_side_and_why():
    m = _match()
    assert concession(m) is None
    for fid in _ids(m, "blue"):
        _set(m, fid, Status.FLED)
    side, line = concession(m)
    assert side == "blue" and line.startswith("Blue crew concede: ") and "no figure left" in line
