"""A layout that holds: widget fonts scale with the window (theme.py), a resize
re-themes, the objective bar shows every side's goals whole, the question box shows its whole
prompt, and no two widgets or panels overlap."""

from __future__ import annotations

import glob
import os
import re

import pygame
import pygame_gui
import pytest
from seeded_games import questions

from game.match import Match
from game.scenario import load_scenario

MAPS = os.path.join(os.path.dirname(__file__), "..", "..", "maps")
SCENARIOS = sorted(glob.glob(os.path.join(MAPS, "*.toml")))
SIZES = [(1280, 720), (1920, 1080), (2560, 1440)]


def _battle(app, path, seed=1):
    """A solo battle whose human side is asked first, so the question panel shows its widgets."""
    from game.ui.scenes.battle import BattleScene

    m = Match(load_scenario(path), seed=seed)
    scene = BattleScene(app, m, mode="solo", human=m.pending.side, ai="easy")
    app.reset_to(scene)
    return scene


def _font_size(manager, ids) -> int:
    return manager.get_theme().get_font_info(ids)["size"]


def test_widget_font_size_grows_with_the_window(app_factory):
    sizes = []
    for size in SIZES:
        app = app_factory(size)
        scene = _battle(app, os.path.join(MAPS, "boarding_action.toml"))
        m = app.manager
        button = scene.buttons["menu"]
        sizes.append(
            (
                _font_size(m, button.combined_element_ids),
                _font_size(m, scene.prompt_box.combined_element_ids),
                scene.options_list.list_item_height,
                button.rect.h,
            )
        )
        app.quit()
    for small, big in zip(sizes, sizes[1:]):
        assert all(b > s for s, b in zip(small, big)), sizes
    assert sizes[0][0] >= 14 and sizes[0][1] >= 13  # never below the sizes laid out for 1280×800


def test_a_resize_rethemes_the_widgets(app_factory):
    app = app_factory((1280, 720))
    scene = _battle(app, os.path.join(MAPS, "boarding_action.toml"))
    before = _font_size(app.manager, scene.buttons["menu"].combined_element_ids), scene.buttons["menu"].rect.h

    def resize(w, h):
        pygame.display.set_mode((w, h), pygame.RESIZABLE)  # what the window system does before telling us
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))], 0.016)

    resize(1920, 1080)
    after = _font_size(app.manager, scene.buttons["menu"].combined_element_ids), scene.buttons["menu"].rect.h
    assert after[0] > before[0] and after[1] > before[1]
    assert scene.top_h > scene.buttons["menu"].rect.bottom - 1
    resize(1280, 720)
    assert (_font_size(app.manager, scene.buttons["menu"].combined_element_ids), scene.buttons["menu"].rect.h) == before


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: os.path.basename(p)[:-5])
def test_objective_bar_shows_both_sides_goals_whole_at_1280x720(app_factory, path):
    from game.ui import fonts
    from game.ui.objective_bar import _lines, _size, _text_x, objectives

    app = app_factory((1280, 720))
    scene = _battle(app, path)
    match = scene.match
    size = _size(app.screen.get_size())
    width = scene.bar_rect.w - _text_x(match, size) - 8
    lines = _lines(match, width, size, **scene.bar_who())
    shown = " ".join(lines)
    for _, goal in objectives(match):
        assert goal in shown, (goal, lines)
    assert all(fonts.font(size).size(fonts.safe(line))[0] <= width for line in lines)
    line_h = fonts.font(size).get_linesize()
    cards = 1 if scene.own_cards() else 0
    assert scene.bar_rect.h >= line_h * (len(lines) + cards) + 8


def _visible(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


# one worker plays the shared seeded games once for every test that reads them (--dist loadgroup)
@pytest.mark.xdist_group("seeded_games")
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_question_box_fits_every_prompt_the_ai_games_ask(app_factory, size):
    """The question box grows to its prompt and never scrolls: every question the seeded AI games of
    every scenario asked fits in the room the question panel keeps for it."""
    app = app_factory(size)
    scene = _battle(app, os.path.join(MAPS, "boarding_action.toml"))
    assert scene.prompt_box.scroll_bar is None
    r, um = scene.ask_rect, scene.metrics
    room = r.bottom - (r.y + 8) - (scene.list_need() + um.button_h + 14)
    asked = sorted(questions(), key=lambda h: len(_visible(h)))[-30:]  # the longest
    for html in asked:
        box = pygame_gui.elements.UITextBox(
            html, pygame.Rect(r.x + 8, r.y + 8, r.w - 16, -1), app.manager, object_id="#small"
        )
        assert box.rect.h <= room, (questions()[html], _visible(html), box.rect.h, room)
        box.kill()


def _no_overlaps(rects: dict) -> None:
    names = list(rects)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not rects[a].colliderect(rects[b]), (a, rects[a], b, rects[b])


@pytest.mark.parametrize("size", SIZES)
def test_no_widget_or_panel_overlaps_in_battle(app_factory, size):
    """Top-bar buttons, the objective bar, the map, the question box, the option list, Auto, the
    dice and the log: no two overlap, each inside the window, in every scenario."""
    app = app_factory(size)
    screen = pygame.Rect((0, 0), size)
    for path in SCENARIOS:
        scene = _battle(app, path)
        rects = {f"button {k}": b.rect for k, b in scene.buttons.items()}
        rects.update(
            bar=scene.bar_rect,
            map=scene.map_rect,
            prompt=scene.prompt_box.rect,
            options=scene.options_list.rect,
            dice=scene.dice_panel.rect,
            log=scene.log_panel.rect,
        )
        if getattr(scene, "auto_button", None) is not None and scene.auto_button.alive():
            rects["auto"] = scene.auto_button.rect
        _no_overlaps(rects)
        for name, r in rects.items():
            assert screen.contains(r), (name, r)
        for name in ("prompt", "options", "auto"):
            if name in rects:
                assert scene.ask_rect.contains(rects[name]), (name, rects[name], scene.ask_rect)
        assert all(b.rect.bottom <= scene.top_h for b in scene.buttons.values())
        assert scene.options_list.rect.h // scene.options_list.list_item_height >= 6
