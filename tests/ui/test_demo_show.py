"""The demo that sells the game: `make play` opens the menu on Boarders Away!; the demo
pauses, steps and runs at 1×–8×, narrates key events (boarders aboard, falls from the rigging,
colours struck, the alarm, the fire), then plays the next scenario with a new seed; headless, the
same demo prints the battle with those headlines."""

from __future__ import annotations

import io
import types

import pygame

from game.rules.events import GameOver, Moved, Note, StatusChanged
from game.rules.pyrates.events import RoundResult


def frame(app, events=(), n=1, dt=1 / 60):
    for _ in range(n):
        app.step(list(events) + pygame.event.get(), dt)
        events = ()


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_make_play_opens_the_menu_on_boarders_away(app_factory):
    app = app_factory()
    args = types.SimpleNamespace(scenario=None, mode=None)
    app.start_from_args(args)
    assert app.top.scenario.id == "boarding_action"
    frame(app)


def test_demo_speed_pause_and_step(app_factory, tiny_path):
    app = app_factory()
    sc = app.start_battle(app.find_scenario(tiny_path), mode="demo", seed=3, ai="random")
    frame(app)
    for k, speed in ((pygame.K_1, 1), (pygame.K_2, 2), (pygame.K_3, 4), (pygame.K_4, 8)):
        frame(app, [key(k)])
        assert sc.speed == speed
    frame(app, [key(pygame.K_SPACE)])
    assert sc.paused
    n = len(sc.match.decisions)
    frame(app, n=30, dt=0.1)
    assert len(sc.match.decisions) == n  # paused: nothing happens
    sc.anims.clear()
    frame(app, [key(pygame.K_n)])
    frame(app)
    assert len(sc.match.decisions) == n + 1  # one step
    frame(app, [key(pygame.K_SPACE)])
    assert not sc.paused


def test_demo_plays_the_next_scenario_with_a_new_seed(app_factory, tiny_path):
    app = app_factory()
    sc = app.start_battle(app.find_scenario(tiny_path), mode="demo", seed=3, ai="random")
    sc.speed = 8
    ids = [s.id for s in app.scenarios()]
    for _ in range(20000):
        if app.top is not sc:
            break
        sc.anims.clear()
        sc.turns.ai_timer = 10.0
        frame(app, dt=0.1)
    results = app.top  # each game ends on its results for a few seconds
    assert type(results).__name__ == "ResultsScene" and results.then is not None
    frame(app, n=30, dt=0.1)
    assert app.top is results and "The next battle starts in 5 s" in results.countdown.text
    frame(app, n=60, dt=0.1)
    nxt = app.top
    assert nxt is not sc and nxt.mode == "demo"
    assert nxt.match.seed == sc.match.seed + 1
    assert nxt.match.scenario.id == ids[(ids.index(sc.match.scenario.id) + 1) % len(ids)]
    assert nxt.speed == 8


class _M:
    """Just enough of a match for the headlines."""

    def __init__(self, scenario_id="cutting_out"):
        from game.match import Match
        from game.scenario import find_scenario

        self.real = Match(find_scenario(scenario_id), seed=1)
        self.state, self.table = self.real.state, self.real.table


def test_headlines_for_the_key_events():
    from game.ui.narration import headline

    m = _M()
    memo: dict = {}
    assert "falls from the rigging" in headline(
        Moved(rule="PYR-RIG-2", figure="seaman_ames", path=((1, 1), (2, 2)), how="fall"), m, memo
    )
    assert "strike their colours" in headline(
        RoundResult(rule="PYR-WIN-3", winner="navy", loser="privateers", choice="strike_colours"), m, memo
    )
    assert "alarm" in headline(Note(rule="SCN-ALARM-2", message="The watch raises the alarm (x): up!"), m, memo)
    assert "cut down" in headline(
        StatusChanged(rule="PRE-PYR-1", figure="lookout_paco", status="knocked_down", wounds=2, cause="shot"), m, memo
    )
    assert (
        headline(
            StatusChanged(rule="PRE-PYR-1", figure="lookout_paco", status="wounded", wounds=1, cause="shot"), m, memo
        )
        is None
    )  # every wound would flood the screen
    assert " win — x" in headline(GameOver(rule="GEN-TURN-1", winner="navy", reason="x"), m, memo)
    # the first boarder aboard her deck: once
    m.real.preset  # noqa: B018 - the match is real, its table answers zones
    from game.rules.flow import Ctx

    ctx = Ctx(m.state, m.real.dice, m.table, m.real.scenario)
    ev = ctx.move("seaman_ames", 21.5, 17.5, rule="RNG-MOVE-1")
    assert "first aboard" in headline(ev, m, memo)
    assert headline(ev, m, memo) is None


def test_headless_demo_prints_the_battle_with_headlines():
    from game.play import run_headless

    out = io.StringIO()
    assert run_headless("boarding_action", seed=2, level="random", out=out) == 0
    text = out.getvalue()
    assert text.startswith("Boarders Away!") and "Result:" in text
    assert "  >> Turn 1 — first to move: " in text


def test_demo_results_go_on_at_a_key_and_stop_at_escape(app_factory, tiny_path):
    from game.ui.scenes.results import ResultsScene

    app = app_factory()
    sc = app.start_battle(app.find_scenario(tiny_path), mode="demo", seed=3, ai="random")
    went = []
    res = ResultsScene(app, sc.match, sc.session_meta(), then=lambda: went.append(1))
    app.push(res)
    frame(app, [key(pygame.K_SPACE)])
    assert went == [1]
    res2 = ResultsScene(app, sc.match, sc.session_meta(), then=lambda: went.append(2))
    app.push(res2)
    frame(app, [key(pygame.K_ESCAPE)])
    assert went == [1] and type(app.top).__name__ == "MenuScene"
