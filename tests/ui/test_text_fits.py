"""Text that stays inside its box at every window size: the hint along the map's foot wraps inside
the map (never over the log's newest line), and the odds cards keep above it."""

from __future__ import annotations

import os

import pygame
import pytest

from game.match import Match
from game.scenario import load_scenario

MAPS = os.path.join(os.path.dirname(__file__), "..", "..", "maps")
SIZES = [(1280, 720), (1280, 800), (1920, 1080), (2560, 1440)]
LONG_HINT = (
    "Click a spot to move there (route, cost and level show on hover) · C: next option at this spot · "
    "click an enemy to charge or shoot · Esc/right-click: stop previewing"
)


class Recording(pygame.Surface):
    """A screen that remembers where each blit landed."""

    def __init__(self, size):
        super().__init__(size)
        self.rects: list[pygame.Rect] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        r = super().blit(source, dest, area, special_flags)
        w, h = source.get_size() if area is None else pygame.Rect(area).size
        self.rects.append(pygame.Rect(dest[0], dest[1], w, h))
        return r


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
