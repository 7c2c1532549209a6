"""A scenario that cannot produce a first decision is refused when its match is built (no 0-turn
"game" to play, simulate or record), naming the scenario file."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.match import Match
from game.scenario import ScenarioError, load_scenario

TINY = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "tiny.toml"


def test_a_match_whose_flow_asks_nothing_is_refused(monkeypatch):
    scen = load_scenario(TINY)
    assert Match(scen, seed=1).pending is not None
    monkeypatch.setattr(Match, "_advance", lambda self, events: None)  # a flow that never asks
    with pytest.raises(ScenarioError, match=r"tiny\.toml: scenario: the game ends before anyone has a decision"):
        Match(scen, seed=1)


def test_a_side_with_no_figures_is_refused_at_load(tmp_path):
    text = TINY.read_text().replace(
        '[[sides]]\nid = "blue"', '[[sides]]\nid = "green"\ncolour = "#27ae60"\n\n[[sides]]\nid = "blue"', 1
    )
    p = tmp_path / "s.toml"
    p.write_text(text)
    with pytest.raises(ScenarioError, match=r"sides\[1\]: side 'green' has no figures"):
        load_scenario(p)
