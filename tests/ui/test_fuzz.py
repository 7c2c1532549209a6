"""Seeded random mouse and key events across every scene, one full cycle of them (1,000 events a
scene, 10,000 in all): no exception may escape. The repeats, more cycles of the same scenes with
memory watched, are tests/proof/test_proof_screen_fuzz.py (100,000 events, slow: `make test-long`)."""

from __future__ import annotations

from tests.screen_fuzz import drive, scene_makers

PER_FRAME, FRAMES_PER_SCENE = 10, 100


def test_random_input_across_scenes(app_factory, tiny_path):
    app = app_factory((1024, 700))
    makers = scene_makers(app, app.find_scenario(tiny_path))
    total = len(makers) * FRAMES_PER_SCENE * PER_FRAME  # every scene once, each with its share
    frames = drive(app, makers, total, seed=20240601, per_frame=PER_FRAME, frames_per_scene=FRAMES_PER_SCENE)
    assert frames == len(makers) * FRAMES_PER_SCENE
