"""RNG-PTS-1 through the ruleset: the loader asks the scenario's ``Ruleset.roster_problems`` (one
registry, game/rules/presets/); the rangers and initiative rulesets check Rangers! rosters with
``validate_roster``, the other systems have no roster rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules.presets import PRESETS, get_ruleset
from game.rules.ruleset import Ruleset
from game.scenario import ScenarioError, load_scenario
from game.scenario.loader import parse_scenario

DATA = Path(__file__).resolve().parents[1] / "data" / "scenarios"
MINI = (DATA / "forest_mini_rangers.toml").read_text()
LEADERLESS = MINI.replace('traits = ["leader"]\n', "", 1)
#: the registry's presets with roster rules of their own (the Rangers! rosters), and the others
ROSTER_RULED = [p for p in PRESETS if type(get_ruleset(p)).roster_problems is not Ruleset.roster_problems]
FREE_ROSTERS = [p for p in PRESETS if p not in ROSTER_RULED]


def _load(text: str, tmp_path: Path):
    p = tmp_path / "roster.toml"
    p.write_text(text)
    return load_scenario(p)


@pytest.mark.parametrize("preset", ROSTER_RULED)
def test_RNG_PTS_1_loader_refuses_a_side_without_a_leader(tmp_path, preset):
    text = LEADERLESS.replace('preset = "rangers"', f'preset = "{preset}"')
    with pytest.raises(ScenarioError) as e:
        _load(text, tmp_path)
    assert "roster.toml: figures:" in str(e.value) and "leader" in str(e.value).lower()


@pytest.mark.parametrize("preset", ROSTER_RULED)
def test_RNG_PTS_1_roster_problems_of_the_rangers_rosters(tmp_path, preset):
    scen = _load(MINI, tmp_path)
    rs = get_ruleset(preset)
    assert rs.roster_problems(scen) == []
    from dataclasses import replace

    tight = replace(scen, points_limit=10)  # far under any side's total
    problems = rs.roster_problems(tight)
    assert problems and all(isinstance(p, str) for p in problems)


@pytest.mark.parametrize("preset", FREE_ROSTERS)
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


# -- the points-difference check, as a scenario sets it ------------------------------------------------------
def _with(text: str, line: str) -> str:
    """The mini scenario (rangers 280 points, French 290) with one line added to its [options]."""
    return text.replace("[options]\n", f"[options]\n{line}\n", 1)


@pytest.mark.parametrize("preset", ROSTER_RULED)
def test_RNG_PTS_1_zero_is_a_strict_limit_and_off_turns_the_check_off(tmp_path, preset):
    text = MINI.replace('preset = "rangers"', f'preset = "{preset}"')
    with pytest.raises(ScenarioError, match="10 points apart; at most 0 allowed"):
        _load(_with(text, "points_difference = 0"), tmp_path)
    assert _load(_with(text, "points_difference = 10"), tmp_path).options["points_difference"] == 10
    with pytest.raises(ScenarioError, match="at most 9 allowed"):
        _load(_with(text, "points_difference = 9"), tmp_path)
    for off in ('"off"', "false"):
        scen = _load(_with(text, f"points_difference = {off}"), tmp_path)
        assert get_ruleset(preset).roster_problems(scen) == []
        # far apart: the check is off, not merely wide
        from dataclasses import replace

        rich = replace(
            scen,
            figures=scen.figures
            + tuple(
                replace(f, id=f"{f.id}_twin") for f in scen.figures if f.side == "french" and "leader" not in f.traits
            ),
        )
        assert get_ruleset(preset).roster_problems(rich) == []
        assert get_ruleset(preset).roster_problems(replace(rich, options={})) != []  # default 30


@pytest.mark.parametrize(
    "value,fault",
    [("true", "points_difference = true is no limit"), ('"on"', "points_difference"), ("-1", "points_difference")],
)
def test_RNG_PTS_1_points_difference_values_that_mean_nothing_are_refused(tmp_path, value, fault):
    with pytest.raises(ScenarioError) as e:
        _load(_with(MINI, f"points_difference = {value}"), tmp_path)
    assert fault in str(e.value) and "\n" not in str(e.value)
