"""UI tests: a fresh data folder per test, and the tiny scenario."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "data" / "scenarios"
sys.path.insert(0, str(HERE))


@pytest.fixture(autouse=True)
def _user_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))


@pytest.fixture
def tiny_path():
    return str(DATA / "tiny.toml")


@pytest.fixture
def app_factory():
    made = []

    def make(size=(1280, 800)):
        from game.ui.scenes.app import App

        app = App(size, extra_dirs=[DATA])
        # the tests count frames: the AI answers on the frame loop, not on the worker thread, whose
        # answer arrives after a wall-clock time a loaded machine stretches (tests/ai/test_ai_worker.py
        # checks that the threaded answers are the same decisions)
        app.settings["ai_thread"] = False
        made.append(app)
        return app

    yield make
    for a in made:
        if a.scenes:
            a.quit()
