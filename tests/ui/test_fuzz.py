"""20,000 seeded random mouse and key events across every scene: no exception may escape."""

from __future__ import annotations

from tests.screen_fuzz import drive, scene_makers


def test_random_input_across_scenes(app_factory, tiny_path):
    app = app_factory((1024, 700))
    makers = scene_makers(app, app.find_scenario(tiny_path))
    drive(app, makers, 20_000, seed=20240601)
