"""normal in close-combat-d6: it knows the points decision at the limit (SCN-PTS-1) and prices an
engage and a re-engage by every pair they make. Real Pike and Shot positions; no dice are rolled."""

from __future__ import annotations

import dataclasses

from game.ai import levels_actions
from game.ai import preset_odds as PO
from game.ai.levels import Ctx
from game.ai.scripted import PublicMatch, make_scripted
from game.match.match import Match
from game.rules.model import Status
from game.scenario import find_scenario


def _ctx(m: Match, side: str | None = None) -> Ctx:
    ask = m.pending
    if side is not None:
        ask = dataclasses.replace(ask, side=side)
    view = PublicMatch(m, ask.side)
    ctl = make_scripted("normal", 1)
    return Ctx(view, ask, ctl.evaluator(view, ask.side), None)


def _pike() -> Match:
    return Match(find_scenario("pike_and_shot"), seed=3)


def test_scn_pts_1_a_side_ahead_on_points_shuns_an_even_fight_the_other_seeks_it():
    m = _pike()
    even = levels_actions._draw_aversion(_ctx(m, "red"))
    assert even > 0  # level on points: the limit would be a draw, so an even fight is worth starting
    f = m.state.figures["B1"]
    m.state.figures["B1"] = dataclasses.replace(f, status=Status.KNOCKED_DOWN)
    red, blue = _ctx(m, "red"), _ctx(m, "blue")
    assert levels_actions.points_lead(red) > 0 > levels_actions.points_lead(blue)
    assert levels_actions._draw_aversion(red) < 0 < levels_actions._draw_aversion(blue)


def test_scn_pts_1_no_points_decision_no_lead():
    m = Match(find_scenario("boarding_action"), seed=3)
    assert levels_actions.points_lead(_ctx(m)) is None


def test_od6_eng_2_normal_scores_an_engage_by_all_its_pairs_easy_by_the_lead_pair():
    """Red walked up to Blue's line: normal's engage is the exact first round of every pair the
    line makes (the ruleset's engage odds), easy's the lead piece's pair alone."""
    from tests.rules.close_combat.test_od6_odds import _pike_match_at_contact

    m, engages = _pike_match_at_contact()
    d = engages[0]
    ctx = _ctx(m)
    whole = PO.od6_engage_value(ctx, d)
    lead = PO.od6_value(ctx, d.figure, d.target)
    odds = ctx.odds(d)
    assert len(odds.effects) > 2
    assert whole == sum(PO.harm(ctx, e, PO.BACK_SHARE) * (1 if e.figure.startswith("B") else -1) for e in odds.effects)
    assert levels_actions._preset_option(ctx, d, "easy") == lead + 0.1
    assert levels_actions._preset_option(ctx, d, "normal") == whole + 0.1


def test_scn_pts_1_easy_races_over_the_last_turns_only_when_the_limit_gives_it_nothing():
    """easy keeps its goal (less noise) once a points decision at the limit would not give it the
    match: level or behind over the last four turns; ahead, or earlier, it stays blurred."""
    from game.ai.scripted import _racing

    m = _pike()
    assert not _racing(_ctx(m, "red"))  # turn 1 of 10
    m.state.turn = 6
    assert not _racing(_ctx(m, "red")) and not _racing(_ctx(m, "blue"))  # level, five turns left
    m.state.turn = 7
    assert _racing(_ctx(m, "red")) and _racing(_ctx(m, "blue"))  # level: the limit is a draw
    f = m.state.figures["B1"]
    m.state.figures["B1"] = dataclasses.replace(f, status=Status.KNOCKED_DOWN)
    assert not _racing(_ctx(m, "red")) and _racing(_ctx(m, "blue"))


def test_easy_races_over_the_last_turns_when_the_clock_is_against_its_side():
    """The Rusty Anchor (six turns): the pirates must hold the pier by the limit, the press gang
    need only hold out; the pirates race from turn 3, when four turns are left."""
    from game.ai.scripted import _racing

    m = Match(find_scenario("harbour_tavern"), seed=3)
    assert not _racing(_ctx(m, "pirates")) and not _racing(_ctx(m, "navy"))  # turn 1 of 6
    m.state.turn = 3
    assert _racing(_ctx(m, "pirates")) and not _racing(_ctx(m, "navy"))
