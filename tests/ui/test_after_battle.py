"""After the battle, driven by a player's clicks (posted events) on seeded records of the three
presets the report is judged on: the results page's report (chart marks and moment links open the
replay there), "Why?" on a log line's dice, and "What happens next?" from a replay, whose table
opens any of its games as a replay that ends as the table says."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from clicks import click, frames, key, link_spot, press

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"
SAVES = Path(__file__).resolve().parents[1] / "data" / "saves"
#: (record, the kind of roll whose "Why?" is opened, a moment the battle is still on)
CASES = {
    "pyrates": ("duel_on_the_quarterdeck_seed1", "PYR-SAVE-1", 100),
    "escarmouche": ("farm_skirmish_seed5", "ESC-ENG-2", 40),
    "close-combat-d6": ("pike_and_shot_seed13", "OD6-RES-1", 18),
}


def _record(name):
    from game.match import load_record

    return load_record(RECORDS / f"{name}.json")


def _results(app, name):
    from game.match import replay
    from game.ui.scenes.results import ResultsScene

    res = ResultsScene(app, replay(_record(name), verify=False).match)
    app.reset_to(res)
    assert res.wait_for_report() is not None
    frames(app)
    return res


@pytest.mark.parametrize("preset", list(CASES))
def test_results_chart_marks_and_moment_links_open_the_replay_at_that_decision(app_factory, preset):
    from game.ui.scenes.replay import ReplayScene

    app = app_factory((1280, 720))
    res = _results(app, CASES[preset][0])
    press(app, res.page_btns["strength"])
    assert res.page == "strength" and res.chart is not None
    frames(app)
    rep = res.report
    assert rep.moments and len(res.chart.marks) == len(rep.moments)
    box, i = res.chart.marks[-1]
    click(app, box.center)
    top = app.top
    assert isinstance(top, ReplayScene) and top.k == rep.moments[i].decision + 1
    key(app, pygame.K_ESCAPE)
    assert app.top is res and res.page == "strength"
    spot = link_spot(app, res.moments_box, "replay:0")
    assert spot is not None
    click(app, spot, n=4)
    assert isinstance(app.top, ReplayScene) and app.top.k == rep.moments[0].decision + 1
    key(app, pygame.K_ESCAPE)
    from game.ui.scenes.what_if import WhatIfScene

    click(app, link_spot(app, app.top.moments_box, "whatif:0"), n=3)
    assert isinstance(app.top, WhatIfScene) and app.top.at == rep.moments[0].decision
    key(app, pygame.K_ESCAPE)
    assert app.top is res
    for page in ("figures", "luck", "battle"):
        press(app, app.top.page_btns[page])
        assert app.top.page == page


@pytest.mark.parametrize("preset", list(CASES))
def test_clicking_a_log_lines_dice_opens_why_with_the_chance_and_the_rules_text(app_factory, preset):
    from game.ui.rules_text import entry
    from game.ui.scenes.replay import ReplayScene
    from game.ui.scenes.why import WhyScene
    from game.ui.why_words import lines

    name, rule, _ = CASES[preset]
    app = app_factory((1280, 720))
    rec = _record(name)
    rs = ReplayScene(app, rec)
    app.reset_to(rs)
    k = next(k + 1 for k in range(len(rec.decisions)) if any(e.rule == rule for e in rs.match.apply(rec.decisions[k])))
    rs = ReplayScene(app, rec)
    app.reset_to(rs)
    rs.goto(k)
    frames(app)
    lp = rs.log_panel
    idx = max(i for i, e in enumerate(lp.entries) if e.rule == rule and e.dice)
    lp.reveal(idx)
    frames(app)
    click(app, lp.dice_spot(idx))
    why = app.top
    assert isinstance(why, WhyScene) and why.event is lp.entries[idx].event
    head, body, rules = lines(why.event, rs.match)
    text = why.text.html_text
    assert rule in rules and entry(rules[0]) and entry(rules[0])[:40] in text.replace("&#x27;", "'")
    parts = rs.match.ruleset.roll_parts(why.event)
    if parts.chance is not None:
        assert "Its chance" in text
    else:
        assert "Every way it could have come out" in text
    key(app, pygame.K_ESCAPE)
    assert app.top is rs


def _set_games(app, wi, n):
    while wi.games != n:
        press(app, wi.games_btn)


def test_what_if_from_a_replay_plays_its_games_off_the_frame_loop_and_opens_one(app_factory):
    from game.ui.scenes.continuation import ContinuationScene
    from game.ui.scenes.replay import ReplayScene
    from game.ui.scenes.what_if import WhatIfScene

    name, _, at = CASES["close-combat-d6"]
    app = app_factory((1280, 720))
    rs = ReplayScene(app, _record(name))
    app.reset_to(rs)
    rs.goto(at)
    frames(app)
    press(app, rs.buttons["whatif"])
    wi = app.top
    assert isinstance(wi, WhatIfScene) and wi.at == at
    _set_games(app, wi, 10)
    wi.seed_entry.set_text("2026")
    wi.seed_text = "2026"
    press(app, wi.run_btn)
    assert wi.running and wi.run_btn.text == "Stop"
    frames(app, 3)  # the page keeps drawing while the games run
    wi.wait()
    frames(app)
    w = wi.result
    assert len(w.played) == 10 and sum(k for _, k, *_ in w.wins()) == 10
    assert "likely between" in wi.table.html_text and "seed 2026" in wi.table.html_text
    o = w.played[3]
    click(app, link_spot(app, wi.table, f"game:{o.index}"))
    wi.wait_open()
    frames(app)
    cr = app.top
    assert isinstance(cr, ContinuationScene)
    press(app, cr.buttons["last"])
    assert cr.match.over and cr.match.winner == o.winner and cr.match.state.turn == o.turns


def test_what_if_stops_when_asked(app_factory):
    from game.ui.scenes.what_if import WhatIfScene

    app = app_factory((1280, 720))
    wi = WhatIfScene(app, _record(CASES["close-combat-d6"][0]), CASES["close-combat-d6"][2])
    app.reset_to(wi)
    _set_games(app, wi, 100)
    press(app, wi.run_btn)
    press(app, wi.run_btn)  # Stop
    wi.wait()
    frames(app)
    assert not wi.running and wi.done < 100 and "Stopped" in wi.msg_text


def test_what_if_forty_games_from_a_mid_game_boarding_save_reports_and_opens_one(app_factory):
    from game.match import load_record
    from game.ui.scenes.continuation import ContinuationScene
    from game.ui.scenes.what_if import WhatIfScene

    rec = load_record(SAVES / "boarding_action_midgame.json")
    app = app_factory((1920, 1080))
    wi = WhatIfScene(app, rec, len(rec.decisions))
    app.reset_to(wi)
    assert wi.games == 40 and not wi.over
    for sid in list(wi.levels):  # random moves on both sides keep the forty games short
        while wi.levels[sid] != "random":
            press(app, wi.level_btns[sid])
    press(app, wi.run_btn)
    wi.wait()
    frames(app)
    w = wi.result
    assert len(w.played) == 40 and "40 of 40 games played" in wi.table.html_text
    assert w.fallen() or w.turns()
    o = w.played[-1]
    click(app, link_spot(app, wi.table, f"game:{o.index}"))
    wi.wait_open()
    frames(app)
    cr = app.top
    assert isinstance(cr, ContinuationScene)
    cr.goto(len(cr.source.decisions))
    assert cr.match.winner == o.winner and cr.match.state.turn == o.turns


def test_a_continuation_starts_from_the_asking_sides_view(app_factory):
    """The other side's hidden cards are dealt afresh (Match.clone_redealt): what the asking side
    sees is the moment's, and the run's seeds are its own, not the match's dice."""
    from game.ai.whatif import seed_of, start_of
    from game.match import replay

    rec = _record(CASES["escarmouche"][0])
    at = CASES["escarmouche"][2]
    real = replay(rec, verify=False, upto=at).match
    side = real.pending.side
    start = start_of(rec.dumps(), at, side, seed_of(7, 0))
    rs = real.ruleset
    assert rs.public_view(start.state, side) == rs.public_view(real.state, side)
    assert start.dice.fingerprint() != real.dice.fingerprint()


def test_who_may_ask_what_happens_next_from_a_replay():
    """Any side of a finished game; in a game's own past only the side at the screen; a solo save's
    player; nobody in a hot-seat game still being played."""
    from types import SimpleNamespace

    from game.ui.scenes.what_if import sides_that_may_ask

    def replay(meta, over, live=None, seat=None):
        sides = [SimpleNamespace(id="a"), SimpleNamespace(id="b")]
        marks = [SimpleNamespace(side=None if over else "a")]
        return SimpleNamespace(
            match=SimpleNamespace(state=SimpleNamespace(sides=sides)),
            timeline=SimpleNamespace(marks=marks, last=0),
            source=SimpleNamespace(meta=meta),
            live=live,
            seat=seat,
        )

    assert sides_that_may_ask(replay({"mode": "hotseat"}, over=True)) == ["a", "b"]
    assert sides_that_may_ask(replay({"mode": "hotseat"}, over=False)) == []
    assert sides_that_may_ask(replay({"mode": "solo", "humans": ["b"]}, over=False)) == ["b"]
    assert sides_that_may_ask(replay({"mode": "demo"}, over=False)) == ["a", "b"]
    assert sides_that_may_ask(replay({"mode": "hotseat"}, over=False, live=object(), seat="a")) == ["a"]
    assert sides_that_may_ask(replay({}, over=False, live=object(), seat=None)) == []
