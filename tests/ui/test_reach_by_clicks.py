"""By clicks alone, on the real App (posted pygame events, dummy video driver), a figure
climbs the shrouds into the rigging, goes below through a hatch and crosses the quarterdeck break;
the hover preview shows the route first; the reachability sweep finds no unreachable option."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from seeded_games import games, unreachable_options

from game.match import load_record, replay

DATA = Path(__file__).resolve().parent / "data" / "boarding_reach.json"


def frame(app, events=(), n=1):
    for _ in range(n):
        app.step(list(events) + pygame.event.get(), 1 / 60)
        events = ()


def battle_at(app_factory, upto: int, size=(1280, 720)):
    """The boarding action of the saved record after ``upto`` decisions, hot-seat, hand-over passed."""
    from game.ui.scenes.battle import BattleScene

    app = app_factory(size)
    m = replay(load_record(DATA), verify=False, upto=upto).match
    scene = BattleScene(app, m, mode="hotseat")
    app.reset_to(scene)
    frame(app, n=2)
    assert type(app.top).__name__ == "HandoverScene"
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)], n=2)
    assert app.top is scene
    return app, scene


def click_at(app, scene, x, y):
    pos = scene.camera.to_screen(x, y)
    frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)], n=2)
    preview = scene.mode_obj
    frame(
        app,
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False),
        ],
        n=1,
    )
    return preview


def option_at(scene, prefix):
    return next(d for d in scene.match.pending.options if d.option and f"{d.option}:{d.label}".startswith(prefix))


@pytest.mark.parametrize(
    "upto, prefix, level", [(25, "climb:mainmast_shrouds", "rigging"), (9, "climb:main_hatch", "hold")]
)
def test_a_click_on_the_far_end_climbs_into_the_rigging_or_goes_below(app_factory, upto, prefix, level):
    app, scene = battle_at(app_factory, upto)
    d = option_at(scene, prefix)
    preview = click_at(app, scene, d.x, d.y)
    assert type(preview).__name__ == "RouteMode" and preview.decision == d  # the preview showed this option
    assert preview.route is not None and preview.route.level == level
    assert scene.match.decisions[-1] == d
    assert scene.match.state.figures[d.figure].level == level


def test_a_click_across_the_quarterdeck_break_crosses_it(app_factory):
    app, scene = battle_at(app_factory, 165)
    d = option_at(scene, "cross:quarterdeck_break")
    click_at(app, scene, d.x, d.y)
    assert scene.match.decisions[-1] == d
    f = scene.match.state.figures[d.figure]
    assert (round(f.x, 2), round(f.y, 2)) == (round(d.x, 2), round(d.y, 2))


def test_hover_previews_before_any_click_and_c_cycles(app_factory):
    app, scene = battle_at(app_factory, 25)
    d = option_at(scene, "climb:mainmast_shrouds")
    n = len(scene.match.decisions)
    pos = scene.camera.to_screen(d.x, d.y)
    frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)], n=2)
    rm = scene.mode_obj
    assert type(rm).__name__ == "RouteMode" and rm.decision == d and rm.route.cost > 0
    assert len(scene.match.decisions) == n  # hovering decides nothing
    before = list(rm.cands)
    frame(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c", scancode=0)])
    if len(before) > 1:
        assert rm.decision == before[1]
    assert len(scene.match.decisions) == n


def test_a_free_destination_off_the_headings_is_taken(app_factory):
    app, scene = battle_at(app_factory, 25)
    p = scene.match.pending
    fid = p.info["figure"]
    f = scene.match.state.figures[fid]
    from game.ui.spot_pick import spot_candidates

    # a spot no offered option ends near: a little off the figure, between headings
    for dx, dy in ((0.7, 0.3), (-0.7, 0.3), (0.3, -0.7), (-0.3, -0.7), (0.6, 0.6)):
        cands, _ = spot_candidates(scene.match, p, fid, f.x + dx, f.y + dy)
        if cands and cands[0] not in p.options:
            break
    else:
        pytest.skip("no free spot near this figure")
    click_at(app, scene, f.x + dx, f.y + dy)
    last = scene.match.decisions[-1]
    assert last.kind == "move" and last not in p.options


# one worker plays the shared seeded games once for every test that reads them (--dist loadgroup)
@pytest.mark.xdist_group("seeded_games")
def test_reachability_sweep_every_shipped_scenario_has_no_unreachable_option():
    """Seeded games of every shipped scenario, the AI answering (tests/ui/seeded_games.py: the random
    and the easy AI); at every question each offered option is produced by a list row, a figure click
    or a table click (C cycling)."""
    from game.scenario import list_scenarios

    assert len(list_scenarios([])) >= 9
    assert {sid for sid, _ in games()} >= {s.id for s in list_scenarios([])}
    asked, bad = unreachable_options()
    assert asked > 600
    assert bad == []


def test_a_spot_out_of_reach_says_why_before_any_click():
    from game.ui.spot_pick import spot_candidates

    m = replay(load_record(DATA), verify=False, upto=40).match
    p = m.pending
    fid = p.info["figure"]
    f = m.state.figures[fid]
    cands, why = spot_candidates(m, p, fid, f.x + p.info["move"] + 3, f.y)
    assert cands == [] and why == f"{p.info['move'] + 3:g} in away — {f.name} moves {p.info['move']:g} in (RNG-MOVE-1)"
