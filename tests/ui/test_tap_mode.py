"""Taps made on the table: click the tapper, then its targets, then the tapper again (PYR-ALLOC-2)."""

from __future__ import annotations

import pygame
import pytest

from game.match import Match
from game.rules.decisions import Decision, Item


def _offers_main_gauche(p) -> bool:
    return any("mg" in i.extras for d in p.options for i in d.items)


def _battle_at_tap(app_factory, seed=3, wanted=lambda p: True):
    """boarding_action with automatic answers up to the first tap question ``wanted`` accepts."""
    app = app_factory()
    scen = app.find_scenario("boarding_action")
    m = Match(scen, seed=seed)
    for _ in range(3000):
        p = m.pending
        if p is None or (p.kind == "tap" and wanted(p)):
            break
        m.apply(m.auto())
    if m.pending is None:
        pytest.skip("no such tap reached")
    scene = app.start_battle(scen, mode="hotseat", seed=seed)
    scene.set_match(m)
    scene.looking = m.pending.side
    app.step([], 1 / 60)
    app.step([], 1 / 60)
    return app, scene, m


def _click(app, scene, fid):
    f = scene.match.state.figures[fid]
    scene.camera.centre_on(f.x, f.y)
    pos = tuple(int(v) for v in scene.camera.to_screen(f.x, f.y))
    app.step(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
        1 / 60,
    )


def test_click_tapper_then_target_then_tapper_makes_the_tap(app_factory):
    app, scene, m = _battle_at_tap(app_factory)
    from game.ui.tap_mode import TapMode

    assert isinstance(scene.mode_obj, TapMode)
    tapper = m.pending.info["tappers"][0]
    kd = m.pending.info["pool"]["knockdowns"]
    _click(app, scene, tapper)
    assert scene.mode_obj.tapper == tapper
    target = scene.mode_obj.targets(scene, tapper)[0]
    _click(app, scene, target)
    item = "kd" if kd else "w"
    assert scene.mode_obj.items == {target: Item(target, item)}
    assert scene.mode_obj.error is None
    n = len(m.decisions)
    _click(app, scene, tapper)
    assert m.decisions[n] == Decision("tap", figure=tapper, items=(Item(target, item),))


def test_clicking_a_target_cycles_its_item_and_shows_illegal_ones(app_factory):
    app, scene, m = _battle_at_tap(app_factory)
    tapper = m.pending.info["tappers"][0]
    _click(app, scene, tapper)
    mode = scene.mode_obj
    target = mode.targets(scene, tapper)[0]
    seen = []
    for _ in range(len(mode.variants(scene, tapper, target)) + 1):
        mode.step_item(scene, target)
        seen.append(mode.items.get(target))
    assert None in seen  # the cycle passes through "no item"
    # a disarm the rules refuse is explained before any confirm
    mode.items = {target: Item(target, "disarm")}
    mode._check(scene)
    try:
        m.pending.check(mode.decision())
        assert mode.error is None
    except Exception as e:  # noqa: BLE001
        assert mode.error == str(e)
    # right-click cancels the tapper: a fresh tap mode comes back
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.map_rect.center, button=3)], 1 / 60)
    assert getattr(scene.mode_obj, "tapper", None) is None


def test_pyr_mg_1_tap_mode_declares_a_main_gauche_by_clicks(app_factory):
    # seed 2: One-Eyed Jack (dagger in the off hand) taps with a Main Gauche on offer
    app, scene, m = _battle_at_tap(app_factory, seed=2, wanted=_offers_main_gauche)
    offered = next(d for d in m.pending.options if d.kind == "tap" and any("mg" in i.extras for i in d.items))
    tapper, target = offered.figure, offered.items[0].target
    _click(app, scene, tapper)
    mode = scene.mode_obj
    assert mode.tapper == tapper
    cycle = mode.variants(scene, tapper, target)
    assert offered.items[0] in cycle and cycle.index(offered.items[0]) > 0  # plain kinds first
    seen = []
    for _ in range(len(cycle) + 1):
        _click(app, scene, target)
        seen.append(mode.items.get(target))
        if mode.items.get(target) == offered.items[0]:
            break
    assert mode.items[target] == offered.items[0], seen
    assert mode.error is None
    # the chance beside the target is the Main Gauche's own (its blow is Close, PYR-MG-1)
    view = m.ruleset.public_view(m.state, m.pending.side)
    o = m.ruleset.attack_odds(view, m.table, tapper, target, "tap", extras=("mg",))
    assert mode.chance(scene, target) == f"lands {o.success.numerator}/{o.success.denominator}"
    n = len(m.decisions)
    _click(app, scene, tapper)
    assert m.decisions[n] == Decision("tap", figure=tapper, items=(offered.items[0],))


def test_tap_mode_item_words_name_the_riders():
    from game.ui.tap_mode import item_words

    assert item_words(Item("x", "w", ("mg",))) == "W + Main Gauche"
    assert item_words(Item("x", "kd", ("sneaky",))) == "KD + Sneaky"
    assert item_words(Item("x", "disarm")) == "Disarm"
