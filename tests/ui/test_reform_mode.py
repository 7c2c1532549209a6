"""A re-form of the player's own, placed piece by piece on the table (OD6-SEQ-1, amended)."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.match import Match
from game.rules.decisions import IllegalDecision


def _battle_at_action(app_factory):
    """pike_and_shot seed 1: the first action question of a unit with pieces free to re-form."""
    app = app_factory()
    scen = app.find_scenario("pike_and_shot")
    m = Match(scen, seed=1)
    for _ in range(500):
        p = m.pending
        if p is None or (p.kind == "action" and p.info.get("reform_movers")):
            break
        m.apply(m.auto())
    if m.pending is None:
        pytest.skip("no re-form reached")
    from game.ui.scenes.battle import BattleScene

    scene = BattleScene(app, m, mode="solo", human=m.pending.side, ai="easy")
    app.reset_to(scene)
    app.step([], 1 / 60)
    app.step([], 1 / 60)
    return app, scene, m


def _pick_reform(app, scene):
    text = next(t for t, c in scene.option_map.items() if isinstance(c, tuple) and c[0] == "reform")
    app.step(
        [pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, text=text, ui_element=scene.options_list)], 0
    )
    from game.ui.reform_mode import ReformMode

    assert isinstance(scene.mode_obj, ReformMode)
    return scene.mode_obj


def _at(scene, x, y):
    return tuple(int(v) for v in scene.camera.to_screen(x, y))


def _click(app, pos):
    app.step(
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
        1 / 60,
    )


def _key(app, key):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)], 1 / 60)


def test_od6_seq_1_reform_of_ones_own_is_placed_by_clicks_and_the_wheel(app_factory):
    app, scene, m = _battle_at_action(app_factory)
    mode = _pick_reform(app, scene)
    assert mode.movers == m.pending.info["reform_movers"]
    pid = mode.movers[0]
    f = m.state.figures[pid]
    scene.camera.centre_on(f.x, f.y)
    _click(app, _at(scene, f.x, f.y))
    assert mode.held == pid
    zoom = scene.camera.ppi
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0)], 0)
    assert scene.camera.ppi == zoom  # the wheel turned the piece in hand, it did not zoom
    _click(app, _at(scene, f.x + 3.0, f.y + 0.5))
    assert mode.held is None and mode.error is None
    d = mode.decision()
    end = next(s for s in d.spots if s.figure == pid)
    assert end.facing == pytest.approx((f.facing + 30.0) % 360.0)
    assert abs(end.x - (f.x + 3.0)) < 0.2 and abs(end.y - (f.y + 0.5)) < 0.2
    m.pending.check(d)  # the rules accept what the screen built
    n = len(m.decisions)
    _key(app, pygame.K_RETURN)
    assert m.decisions[n] == d
    moved = m.state.figures[pid]
    assert (moved.x, moved.y, moved.facing) == (end.x, end.y, end.facing)


def test_od6_seq_1_reform_too_far_shows_the_rules_reason_and_enter_does_not_decide(app_factory):
    app, scene, m = _battle_at_action(app_factory)
    mode = _pick_reform(app, scene)
    pid = mode.movers[0]
    f = m.state.figures[pid]
    far = m.pending.info["allowance"] + 2.0
    scene.camera.centre_on(f.x + far / 2, f.y)
    _click(app, _at(scene, f.x, f.y))
    _click(app, _at(scene, f.x + far, f.y))
    with pytest.raises(IllegalDecision) as e:
        m.pending.check(mode.decision())
    assert mode.error == str(e.value) and "OD6-SEQ-1" in mode.error
    n = len(m.decisions)
    _key(app, pygame.K_RETURN)
    assert len(m.decisions) == n  # refused on screen: the question stays
    _key(app, pygame.K_ESCAPE)
    assert type(scene.mode_obj).__name__ != "ReformMode"


def test_reform_entry_only_where_the_question_offers_it(app_factory):
    from game.ui.reform_mode import offers_reform

    app, scene, m = _battle_at_action(app_factory)
    assert offers_reform(m.pending)
    pyr = Match(app.find_scenario("boarding_action"), seed=1)
    assert not offers_reform(pyr.pending)
