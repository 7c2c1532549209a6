"""The window's memory is bounded by the map bounds (maps/README.md "Images and memory"): the zoom
stops before the table's pre-scaled ground passes its pixel bound, and a tileset's tiles are views
into its one decoded picture."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.ui.camera import MAX_GROUND_PIXELS, ZOOM_STEPS, Camera  # noqa: E402


def test_a_big_table_zooms_in_only_as_far_as_its_ground_fits():
    cam = Camera(200, 200, pygame.Rect(0, 0, 1600, 1000))
    for _ in range(len(ZOOM_STEPS)):
        cam.zoom(1)
    assert (200 * cam.ppi) ** 2 <= MAX_GROUND_PIXELS < (200 * ZOOM_STEPS[cam.step + 1]) ** 2


def test_the_shipped_table_size_keeps_every_zoom_step():
    cam = Camera(48, 32, pygame.Rect(0, 0, 1600, 1000))
    for _ in range(len(ZOOM_STEPS)):
        cam.zoom(1)
    assert cam.ppi == ZOOM_STEPS[-1]


def test_tiles_are_views_of_the_one_decoded_picture(tmp_path):
    from game.ui.map_render import _shared_tiles

    pic = pygame.Surface((64, 64))
    pic.fill((10, 20, 30))
    pygame.image.save(pic, str(tmp_path / "t.png"))
    load = _shared_tiles(str(tmp_path / "t.png"), None)
    a, b = load(pygame.Rect(0, 0, 32, 32)), load(pygame.Rect(32, 32, 32, 32))
    assert a.get_parent() is b.get_parent() is not None  # no copy per tile
    assert a.get_at((0, 0))[:3] == (10, 20, 30)
