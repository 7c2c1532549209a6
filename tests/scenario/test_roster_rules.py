"""RNG-PTS-1 through the ruleset: the loader asks the scenario's ``Ruleset.roster_problems`` (one
registry, game/rules/presets.py); the rangers and initiative rulesets check Rangers! rosters with
``validate_roster``, the other systems have no roster rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules.presets import PRESETS, get_ruleset
from game.scenario import ScenarioError, load_scenario
from game.scenario.loader import parse_scenario

DATA = Path(__file__).resolve().parents[1] / "data" / "scenarios"
MINI = (DATA / "forest_mini_rangers.toml").read_text()
LEADERLESS = MINI.replace('traits = ["leader"]\n', "", 1)


def _load(text: str, tmp_path: Path):
    p = tmp_path / "roster.toml"
    p.write_text(text)
    return load_scenario(p)


@pytest.mark.parametrize("preset", ["rangers", "initiative"])
def test_RNG_PTS_1_loader_refuses_a_side_without_a_leader(tmp_path, preset):
    text = LEADERLESS.replace('preset = "rangers"', f'preset = "{preset}"')
    with pytest.raises(ScenarioError) as e:
        _load(text, tmp_path)
    assert "roster.toml: figures:" in str(e.value) and "leader" in str(e.value).lower()


@pytest.mark.parametrize("preset", ["rangers", "initiative"])
def test_RNG_PTS_1_roster_problems_of_the_rangers_rosters(tmp_path, preset):
    scen = _load(MINI, tmp_path)
    rs = get_ruleset(preset)
    assert rs.roster_problems(scen) == []
    from dataclasses import replace

    tight = replace(scen, points_limit=10)  # far under any side's total
    problems = rs.roster_problems(tight)
    assert problems and all(isinstance(p, str) for p in problems)


@pytest.mark.parametrize("preset", [p for p in PRESETS if p not in ("rangers", "initiative")])
def test_RNG_PTS_1_other_systems_field_any_roster(tmp_path, preset):
    """The same leaderless file loads under a preset without Rangers! roster rules."""
    scen = _load(LEADERLESS.replace('preset = "rangers"', f'preset = "{preset}"'), tmp_path)
    assert scen.preset == preset and get_ruleset(preset).roster_problems(scen) == []


def test_loader_checks_rosters_through_the_registry(monkeypatch):
    """A ruleset's roster rules are what the loader applies: no list of preset names in the loader."""
    import tomllib

    from game.rules.pyrates.ruleset import PyratesRuleset

    monkeypatch.setattr(PyratesRuleset, "roster_problems", lambda self, s: ["no more than 3 figures a side"])
    data = tomllib.loads((DATA / "tiny.toml").read_text())
    with pytest.raises(ScenarioError, match="figures: no more than 3 figures a side"):
        parse_scenario(data, "tiny.toml", DATA)
