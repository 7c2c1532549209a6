"""Screenshot tests at the four window sizes: no words leave their box. Widgets stay inside their
container and the window with their one line of words whole (text_boxes.widget_faults); hand-drawn
text (the dice, the log, the hint, the odds cards, the labels on the table) stays inside the panel
or the map it is drawn for (blits recorded on a screen that remembers them)."""

from __future__ import annotations

import pygame
import pytest
from text_boxes import Recording, blit_faults, widget_faults

from game.match import Match

SIZES = [(1280, 720), (1280, 800), (1920, 1080), (2560, 1440)]
IDS = [f"{w}x{h}" for w, h in SIZES]


def _frames(app, n=2):
    for _ in range(n):
        app.step(pygame.event.get(), 1 / 60)


def _battle_at(app, stop, seed=3):
    """boarding_action in hot-seat, answered automatically up to the first question ``stop`` accepts."""
    scen = app.find_scenario("boarding_action")
    m = Match(scen, seed=seed)
    while m.pending is not None and not stop(m):
        m.apply(m.auto())
    assert m.pending is not None, "the game reaches that question"
    scene = app.start_battle(scen, mode="hotseat", seed=seed)
    scene.set_match(m)
    scene.looking = m.pending.side
    _frames(app)
    return scene


def _on(app, scene, fid, click=False):
    f = scene.match.state.figures[fid]
    scene.camera.centre_on(f.x, f.y)
    pos = tuple(int(v) for v in scene.camera.to_screen(f.x, f.y))
    events = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
    if click:
        events += [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ]
    app.step(events, 1 / 60)
    scene.mouse = pos
    _frames(app)


def _battle_faults(app, scene) -> list[str]:
    size = app.screen.get_size()
    faults = widget_faults(app)
    for panel in (scene.dice_panel, scene.log_panel):
        rec = Recording(size)
        panel.draw(rec)
        faults += blit_faults(rec.rects, {type(panel).__name__: panel.rect})
    rec = Recording(size)
    scene.draw_status(rec)
    scene.draw_overlays(rec)
    top = pygame.Rect(0, 0, size[0], scene.top_h)  # the top bar, the width of the window
    faults += [f"{r} leaves the map" for r in rec.rects if not (scene.map_rect.contains(r) or top.contains(r))]
    rec = Recording(size)
    scene.target_hover.draw(scene, rec)
    room = scene.above_hint()
    faults += [f"odds card {r} leaves the map above the hint {room}" for r in rec.rects if not room.contains(r)]
    full = Recording(size)
    scene.draw(full)
    taken = scene.table_labels.taken
    for i, a in enumerate(taken):
        if not scene.map_rect.contains(a):
            faults.append(f"table label {a} leaves the map")
        faults += [f"table labels {a} and {b} overprint" for b in taken[i + 1 :] if a.colliderect(b)]
    return faults


def _melee_in_progress(m) -> bool:
    return any(type(ev).__name__ == "MeleeRoundStarted" for ev in m.log[-6:])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_battle_with_a_melee_in_progress_keeps_its_words_in_their_boxes(app_factory, size):
    app = app_factory(size)
    scene = _battle_at(app, _melee_in_progress)
    assert scene.dice_panel.rows, "the dice panel shows the mêlée"
    assert _battle_faults(app, scene) == []


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_battle_with_an_odds_card_keeps_it_above_the_hint(app_factory, size):
    app = app_factory(size)
    scene = _battle_at(app, lambda m: m.pending.kind == "action" and any(d.kind == "charge" for d in m.pending.options))
    target = next(d.target for d in scene.match.pending.options if d.kind == "charge")
    _on(app, scene, target)
    assert scene.target_hover.shown, "the charge's odds show"
    assert _battle_faults(app, scene) == []


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_battle_in_tap_mode_keeps_its_words_in_their_boxes(app_factory, size):
    app = app_factory(size)
    scene = _battle_at(app, lambda m: m.pending.kind == "tap")
    tapper = scene.match.pending.info["tappers"][0]
    _on(app, scene, tapper, click=True)
    target = scene.mode_obj.targets(scene, tapper)[0]
    _on(app, scene, target, click=True)
    assert scene.mode_obj.items and scene.hover == target
    assert _battle_faults(app, scene) == []


def _other_scene(app, which):
    from game.ai import make_controller, play_out
    from game.ui.scenes.load import LoadScene
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.results import ResultsScene
    from game.ui.scenes.rules_ref import RulesScene

    if which == "results":
        scen = app.find_scenario("boarding_action")
        m = Match(scen, seed=2)
        play_out(m, {s.id: make_controller("random", 1) for s in scen.sides})
        return ResultsScene(app, m)
    return {"menu": MenuScene, "load": LoadScene, "rules": RulesScene}[which](app)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("which", ["menu", "load", "results", "rules"])
def test_menu_load_results_and_rules_keep_their_words_in_the_window(app_factory, size, which):
    app = app_factory(size)
    scene = _other_scene(app, which)
    app.reset_to(scene)
    _frames(app)
    assert widget_faults(app) == []
    rec = Recording(size)
    scene.draw(rec)
    assert blit_faults(rec.rects, {"window": rec.get_rect()}) == []
