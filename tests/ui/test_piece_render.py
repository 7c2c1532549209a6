"""OD6-PIECE-2 on screen: pieces are rectangles of their true size with a facing mark; clicks hit
the rectangle; Disrupted pieces carry a marker; casualties keep their outline."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.match import Match  # noqa: E402
from game.scenario.loader import parse_scenario  # noqa: E402
from game.ui import piece_render  # noqa: E402
from game.ui.camera import Camera  # noqa: E402
from game.ui.figures_render import FigureStyle, draw_figures, figure_at, markers_of  # noqa: E402

BLUE = (46, 134, 193)


def match(facing=0.0, **fig):
    figs = [
        {
            "id": "P",
            "side": "red",
            "x": 10.0,
            "y": 8.0,
            "facing": facing,
            "cv": 3,
            "qv": 4,
            "width": 2.0,
            "depth": 1.0,
            "unit": "u",
            **fig,
        },
        {
            "id": "Q",
            "side": "blue",
            "x": 3.0,
            "y": 3.0,
            "facing": 0.0,
            "cv": 3,
            "qv": 4,
            "width": 2.0,
            "depth": 1.0,
            "unit": "v",
        },
    ]
    data = {
        "title": "t",
        "map": "open:20x16",
        "preset": "close-combat-d6",
        "sides": [{"id": "red", "colour": "#c0392b"}, {"id": "blue", "colour": "#2e86c1"}],
        "figures": figs,
        "victory": [{"type": "rout", "side": "red"}, {"type": "rout", "side": "blue"}],
    }
    return Match(parse_scenario(data, "t.toml"), seed=1)


def render(m, ppi_step=9):
    pygame.init()
    surf = pygame.Surface((800, 600))
    surf.fill((0, 0, 0))
    cam = Camera(20, 16, pygame.Rect(0, 0, 800, 600))
    cam.step = ppi_step  # 32 pixels an inch
    cam.ox = cam.oy = 0.0
    draw_figures(surf, cam, m.state, FigureStyle(m.state), disrupted=m.ruleset.observe(m.state, "").disrupted)
    return surf, cam


def lit(surf, cam, x, y):
    return surf.get_at(cam.to_screen(x, y))[:3] != (0, 0, 0)


def test_OD6_PIECE_2_piece_drawn_as_a_true_size_rectangle():
    m = match(facing=0.0)  # front faces +x: 1" deep along x, 2" wide along y
    surf, cam = render(m)
    assert cam.ppi == 32
    assert lit(surf, cam, 10.0, 8.0) and lit(surf, cam, 10.0, 7.1) and lit(surf, cam, 10.0, 8.9)
    assert lit(surf, cam, 9.6, 8.0) and lit(surf, cam, 10.4, 8.0)
    # not a 1" circle and not 2" deep: outside the rectangle stays dark
    assert not lit(surf, cam, 10.0, 9.15) and not lit(surf, cam, 10.65, 8.0) and not lit(surf, cam, 9.35, 8.0)


def test_OD6_PIECE_2_facing_mark_is_on_the_front_edge():
    for facing, front, rear in ((0.0, (10.35, 7.4), (9.65, 7.4)), (90.0, (10.6, 8.35), (10.6, 7.65))):
        m = match(facing=facing)
        surf, cam = render(m)
        f, r = surf.get_at(cam.to_screen(*front))[:3], surf.get_at(cam.to_screen(*rear))[:3]
        # the front band is lighter than the body behind it
        assert sum(f) > sum(r) + 60, (facing, f, r)


def test_OD6_PIECE_2_clicks_hit_the_rectangle_not_a_circle():
    m = match(facing=90.0)  # rotated: 2" wide along x, 1" deep along y
    _, cam = render(m)
    assert figure_at(m.state, cam, *cam.to_screen(10.9, 8.0)) == "P"  # a circle of 1" would miss
    assert figure_at(m.state, cam, *cam.to_screen(10.0, 8.7)) is None  # past its 1" depth
    assert piece_render.contains(m.figure("P"), 10.0, 8.0, 10.9, 8.45)


def test_OD6_DIS_1_disrupted_piece_shows_its_marker():
    m = match()
    assert markers_of(m.figure("P"), ["P"]) == ["disrupted"]
    before, cam = render(m)
    m.state.system.disrupted = ["P"]
    after, _ = render(m)
    rear_mid = cam.to_screen(9.5, 8.0)
    assert before.get_at(rear_mid) != after.get_at(rear_mid)
