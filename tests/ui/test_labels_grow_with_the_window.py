"""The words drawn beside the pointer (route, refusal and tap labels), the ring labels of reach and
the odds cards grow with the window like the panels; the status line fits beside the buttons."""

from __future__ import annotations

import glob
import os

import pygame
import pytest
from text_boxes import Recording

MAPS = os.path.join(os.path.dirname(__file__), "..", "..", "maps")
SCENARIOS = sorted(glob.glob(os.path.join(MAPS, "*.toml")))


def _label_height(size) -> int:
    from game.ui.input_modes import _refusal_lines

    rec = Recording(size)
    rec.set_clip(rec.get_rect())
    _refusal_lines(rec, "a figure answering the call must end nearer its leader, and this spot is not", (40, 40))
    assert rec.rects, "the refusal was drawn"
    return max(r.bottom for r in rec.rects) - min(r.top for r in rec.rects)


def test_pointer_labels_grow_with_the_window():
    small, mid, big = (_label_height(s) for s in ((1280, 800), (1920, 1080), (2560, 1440)))
    assert small < mid < big
    assert big >= small * 1.6  # 1440 / 800 = 1.8, less rounding


def test_odds_cards_grow_with_the_window():
    from game.ai import make_controller
    from game.match import Match
    from game.scenario import find_scenario
    from game.ui.odds_chart import charge_card
    from game.ui.previews import charge_preview

    pygame.font.init()
    sc = find_scenario("boarding_action")
    m = Match(sc, seed=3)
    ai = {s.id: make_controller("easy", i) for i, s in enumerate(sc.sides)}
    while not (m.pending.kind == "action" and any(d.kind == "charge" for d in m.pending.options)):
        m.apply(ai[m.pending.side].decide(m))
    d = next(d for d in m.pending.options if d.kind == "charge")
    pv = charge_preview(m, d)
    names = {f.id: f.name for f in m.state.figures.values()}
    one, big = charge_card(pv, names), charge_card(pv, names, scale=1.8)
    assert big.get_width() >= one.get_width() * 1.6 and big.get_height() >= one.get_height() * 1.6


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: os.path.basename(p)[:-5])
def test_the_status_line_fits_beside_the_buttons_at_1280x720_in_hot_seat(app_factory, path):
    app = app_factory((1280, 720))
    app.start_battle(app.find_scenario(path), mode="hotseat", seed=1)
    app.step([], 1 / 30)
    scene = next(s for s in app.scenes if hasattr(s, "draw_status"))  # under the hand-over page
    rec = Recording(app.screen.get_size())
    scene.draw_status(rec)
    for status in rec.rects:
        assert status.left >= scene.buttons_right() and status.right <= scene.map_rect.right, (
            status,
            scene.buttons_right(),
            scene.map_rect.right,
        )
    title = scene.match.scenario.title
    assert scene.status_text(10_000, 13) == f"{title} · seed 1 · hot-seat"
    from game.ui import fonts

    assert scene.status_text(fonts.measure(f"{title} · hot-seat", 13), 13) == f"{title} · hot-seat"
    assert scene.status_text(4, 13) == ""
