"""Text that stays inside its box at every window size: the hint along the map's foot wraps inside
the map (never over the log's newest line), and the odds cards keep above it."""

from __future__ import annotations

import os

import pygame
import pygame_gui
import pytest
from text_boxes import Recording

from game.match import Match
from game.scenario import load_scenario

MAPS = os.path.join(os.path.dirname(__file__), "..", "..", "maps")
SIZES = [(1280, 720), (1280, 800), (1920, 1080), (2560, 1440)]
LONG_HINT = (
    "Click a spot to move there (route, cost and level show on hover) · C: next option at this spot · "
    "click an enemy to charge or shoot · Esc/right-click: stop previewing"
)


class LongHint:
    name = "select"
    hint = LONG_HINT


def _battle(app):
    from game.ui.scenes.battle import BattleScene

    m = Match(load_scenario(os.path.join(MAPS, "boarding_action.toml")), seed=1)
    scene = BattleScene(app, m, mode="solo", human=m.pending.side, ai="easy")
    app.reset_to(scene)
    return scene


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_hint_wraps_inside_the_map_and_the_odds_cards_keep_above_it(app_factory, size):
    app = app_factory(size)
    scene = _battle(app)
    scene.mode_obj = LongHint()
    rec = Recording(size)
    scene.draw_status(rec)
    hint = [r for r in rec.rects if r.top > scene.top_h]
    assert len(hint) == len(scene.hint_lines()) >= 1
    for r in hint:
        assert scene.map_rect.contains(r), (r, scene.map_rect)
        assert not r.colliderect(scene.log_panel.rect), (r, scene.log_panel.rect)
    room = scene.above_hint()
    assert room.bottom <= min(r.top for r in hint), (room, hint)
    assert room.h > scene.map_rect.h // 2


def _text_w(size: int, text: str) -> int:
    from game.ui import fonts

    return fonts.font(size).size(text)[0]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_option_rows_wrap_whole_inside_the_list_and_every_row_answers(app_factory, size):
    from game.ui.scenes.battle_options import LIST_CHROME
    from game.ui.spot_pick import listed_options

    app = app_factory(size)
    scene = _battle(app)
    um = scene.metrics
    lst = scene.options_list
    rows = list(scene.option_map)
    assert len(rows) > len(listed_options(scene.match.pending, scene.match.state))  # some option took two rows
    for row in rows:
        assert _text_w(um.button, row.rstrip()) <= lst.rect.w - LIST_CHROME, row
    # a continuation row answers with its option: clicking it decides the same as its first line
    first = next(r for r in rows if not r.startswith(" "))
    cont = rows[rows.index(first) + 1] if rows[rows.index(first) + 1].startswith(" ") else None
    if cont is not None:
        assert scene.option_map[cont] == scene.option_map[first]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_long_auto_answer_wraps_inside_its_button(app_factory, size, monkeypatch):
    from game.ui.scenes import battle_options

    name = "Hold Ordinary Seaman Bartholomew Lamb-Featherstonehaugh of the larboard watch and the foretop"
    monkeypatch.setattr(battle_options, "option_label", lambda d, st: name)
    app = app_factory(size)
    scene = _battle(app)
    um = scene.metrics
    auto = scene.auto_button
    labels = [w for w in scene.option_widgets if isinstance(w, pygame_gui.elements.UILabel)]
    assert len(labels) >= 2
    assert " ".join(lab.text for lab in labels) == f"Auto: {name}"
    for lab in labels:
        assert auto.rect.contains(lab.rect), (lab.rect, auto.rect)
        assert _text_w(um.button, lab.text) <= lab.rect.w, lab.text
    assert scene.ask_rect.contains(auto.rect)
    assert not auto.rect.colliderect(scene.options_list.rect)
    # the lines take no clicks: a click on one presses the button under it
    before = len(scene.match.decisions)
    pos = labels[0].rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 0.016)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], 0.016)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 0.016)
    app.step(pygame.event.get(), 0.016)  # the button's press, posted by pygame_gui
    assert len(scene.match.decisions) == before + 1


def _tap_scene(app_factory, size):
    """boarding_action at its first tap question, a tapper picked and one target given an item."""
    app = app_factory(size)
    scen = app.find_scenario("boarding_action")
    m = Match(scen, seed=3)
    while m.pending is not None and m.pending.kind != "tap":
        m.apply(m.auto())
    assert m.pending is not None, "boarding_action at seed 3 reaches a tap"
    scene = app.start_battle(scen, mode="hotseat", seed=3)
    scene.set_match(m)
    scene.looking = m.pending.side
    app.step([], 1 / 60)
    tapper = m.pending.info["tappers"][0]
    for fid in (tapper, scene.mode_obj.targets(scene, tapper)[0]):
        f = m.state.figures[fid]
        scene.camera.centre_on(f.x, f.y)
        pos = tuple(int(v) for v in scene.camera.to_screen(f.x, f.y))
        down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        app.step([down, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], 1 / 60)
    return app, scene, fid


def test_tap_label_and_hovered_name_scale_and_never_overprint(app_factory):
    heights = []
    for size in SIZES:
        app, scene, target = _tap_scene(app_factory, size)
        assert scene.mode_obj.items, "the target took an item"
        scene.hover = target  # its name label wants the same spot as its tap label
        rec = Recording(size)
        scene.draw(rec)
        taken = scene.table_labels.taken
        assert len(taken) >= 2
        for i, a in enumerate(taken):
            assert scene.map_rect.contains(a), (a, scene.map_rect)
            assert rec.rects.count(a) == 1, "each placed label is blitted where it was placed"
            for b in taken[i + 1 :]:
                assert not a.colliderect(b), (size, a, b)
        heights.append(taken[0].h)
        app.quit()
    assert heights == sorted(heights) and heights[-1] > heights[0], heights
