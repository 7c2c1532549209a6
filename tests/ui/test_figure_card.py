"""Know what you look at — the figure card, the objective bar, the marks (engaged,
surrounded, mêlée, may react, pushback destination) and a layout that holds."""

from __future__ import annotations

import glob
import os
import types

import pygame
import pytest

from game.match import Match
from game.scenario import load_scenario
from game.ui.camera import Camera
from game.ui.figure_card import card_lines, place
from game.ui.figure_marks import may_react, pushback_preview
from game.ui.objective_bar import bar_text, objectives

MAPS = os.path.join(os.path.dirname(__file__), "..", "..", "maps")
BOARDING = os.path.join(MAPS, "boarding_action.toml")


@pytest.fixture(scope="module")
def boarding():
    return Match(load_scenario(BOARDING), seed=3)


def test_figure_card_tells_rank_weapon_class_quota_save_wounds_status(boarding):
    m = boarding
    cap = next(f for f in m.state.figures.values() if f.rank.value == "captain")
    rows = dict(card_lines(m, cap.id))
    assert rows[""] == cap.name
    assert rows["Rank"] == "Captain"
    assert "(" in rows["Weapon"] and any(c in rows["Weapon"] for c in ("Reach", "General", "Close"))
    assert rows["Mêlée Quota"].startswith("3")  # PYR-MQ-2: an unwounded captain counts 3
    assert rows["Save"].startswith("4+")  # PYR-SAVE-1/2: 6 − 2 for a captain
    assert rows["Wounds"] == f"0 of {cap.max_wounds}" and rows["Status"].startswith("Unhurt")
    assert "Armour" in rows and "Stands" in rows


def test_figure_card_shows_chance_cards_only_to_their_side(boarding):
    m = boarding
    f = next(iter(m.state.figures.values()))
    m.state.system.cards[f.side] = ["flashing_blades"]
    assert "Your cards" in dict(card_lines(m, f.id, viewer=f.side))
    other = next(s.id for s in m.state.sides if s.id != f.side)
    assert "Your cards" not in dict(card_lines(m, f.id, viewer=other))
    assert "Your cards" not in dict(card_lines(m, f.id, viewer=None))


def test_objective_bar_says_turn_of_limit_and_each_sides_goal(boarding):
    m = boarding
    assert bar_text(m).startswith(f"Turn {max(1, m.state.turn)}/{m.scenario.turn_limit}")
    goals = objectives(m)
    assert len(goals) == len(m.state.sides) and all(g for _, g in goals)
    assert "strike their colours" in bar_text(m)


def _fig(fid, x, y, side="a", base=1.0):
    return types.SimpleNamespace(id=fid, x=x, y=y, side=side, base=base, in_play=True)


def test_pushback_destination_is_a_base_depth_straight_away_from_the_striker():
    st = types.SimpleNamespace(figures={"v": _fig("v", 10, 10), "t": _fig("t", 9, 10, "b")})
    ask = types.SimpleNamespace(kind="pushback", info={"victim": "v", "tapper": "t"}, options=())
    vid, a, b = pushback_preview(types.SimpleNamespace(pending=ask, state=st))
    assert vid == "v" and a == (10, 10) and b == pytest.approx((11.0, 10.0))


def test_figures_that_may_react_are_those_the_question_offers():
    opts = [types.SimpleNamespace(figure="x"), types.SimpleNamespace(figure="y"), types.SimpleNamespace(figure="")]
    ask = types.SimpleNamespace(kind="react", info={}, options=opts)
    assert may_react(types.SimpleNamespace(pending=ask)) == {"x", "y"}
    ask.kind = "tap"
    assert may_react(types.SimpleNamespace(pending=ask)) == set()


def test_figure_card_goes_in_a_corner_away_from_the_figure_inside_the_map():
    bounds = pygame.Rect(0, 100, 1400, 900)
    for anchor in ((100, 150), (1300, 150), (700, 500), (1390, 990)):
        r = place(pygame.Rect(0, 0, 380, 300), anchor, bounds)
        assert bounds.contains(r) and not r.collidepoint(anchor)


def test_camera_refits_on_resize():
    cam = Camera(48, 32, pygame.Rect(0, 0, 1480, 980))
    big = cam.ppi
    cam.zoom(1)
    cam.set_viewport(pygame.Rect(0, 0, 700, 480))
    assert cam.ppi < big and 48 * cam.ppi <= 700
    cam.set_viewport(pygame.Rect(0, 0, 1480, 980))
    assert cam.ppi == big


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_battle_layout_holds_and_bases_read_at_default_zoom(app_factory, size):
    """The objective bar, map and side panel never overlap; at 1920×1080 every shipped scenario's
    bases are at least 20 px across at the default zoom."""
    app = app_factory(size)
    for path in sorted(glob.glob(os.path.join(MAPS, "*.toml"))):
        sc = app.start_battle(load_scenario(path), mode="hotseat", seed=1)
        assert not sc.bar_rect.colliderect(sc.map_rect) and not sc.map_rect.colliderect(sc.panel_rect)
        assert not sc.bar_rect.colliderect(sc.panel_rect)
        if size == (1920, 1080):
            base = min(f.base for f in sc.match.state.figures.values())
            assert base * sc.camera.ppi >= 20, sc.match.scenario.id


@pytest.mark.parametrize("anchor", [(100, 100), (1200, 100), (640, 690), (1270, 700)])
def test_preview_cards_never_overlap_and_stay_on_the_map(anchor):
    from game.ui.odds_chart import stack_cards

    bounds = pygame.Rect(0, 40, 1280, 680)
    sizes = [(380, 260), (300, 180), (380, 300)]
    rects = stack_cards(sizes, anchor, bounds)
    for i, r in enumerate(rects):
        assert bounds.contains(r), (anchor, r)
        for q in rects[i + 1 :]:
            assert not r.colliderect(q), (anchor, r, q)
