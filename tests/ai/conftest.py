"""Shared set-up for the AI tests: the scenarios to play, each cut short so a whole game is quick."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "scenarios" / "tiny.toml"
LEVELS = ("random", "easy", "normal", "hard")


def load(path):
    from game.scenario import load_scenario

    return load_scenario(path)


def playable(path, turns: int | None = None):
    """The scenario at ``path`` if it loads and its preset's turn sequence exists, else skip."""
    from game.rules.presets import UnknownPreset, get_preset

    try:
        sc = load(path)
        get_preset(sc.preset)
    except UnknownPreset as e:
        pytest.skip(f"{Path(path).name}: {e}")
    except ValueError as e:  # a map or scenario still being written
        pytest.skip(f"{Path(path).name}: does not load yet ({str(e)[:120]})")
    if turns is not None:
        sc = dataclasses.replace(sc, turn_limit=min(sc.turn_limit or turns, turns))
    return sc


def scenario_paths():
    return [TINY] + sorted((ROOT / "maps").glob("*.toml"))


def new_match(sc, seed):
    """A Match, or a skip naming what part of the framework is not ready yet."""
    from game.match.match import Match

    try:
        return Match(sc, seed=seed)
    except (AttributeError, NotImplementedError) as e:
        pytest.skip(f"{sc.id}: the match cannot start yet ({type(e).__name__}: {e})")


def has_melee(preset_name: str = "pyrates") -> bool:
    from game.rules.presets import get_preset

    p = get_preset(preset_name)
    return hasattr(p, "phase_melee_round")


@pytest.fixture
def tiny():
    return load(TINY)
