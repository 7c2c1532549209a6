from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "data" / "scenarios"


@pytest.fixture
def tiny():
    from game.scenario import load_scenario

    return load_scenario(DATA / "tiny.toml")


@pytest.fixture
def scenario_dirs():
    return [DATA]
