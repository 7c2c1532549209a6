"""The objective bar counts a hold condition's turns as the victory book keeps them."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.match import Match
from game.rules.victory import judge_victory
from game.scenario import load_scenario
from game.ui.objective_bar import bar_text

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("scenario", "place"), [("boarding_action", "quarterdeck"), ("harbour_tavern", "pier")])
def test_bar_shows_turns_held_after_a_turn_end(scenario, place):
    m = Match(load_scenario(ROOT / "maps" / f"{scenario}.toml"), seed=3)
    assert ", held" not in bar_text(m)
    # one turn end with only the pirates in the zone: the victory book counts it, the bar shows it
    verdict = judge_victory(
        m.state,
        m.scenario.victory,
        zone_holders=lambda zone: {"pirates"} if zone == place else set(),
        turn_ended=True,
        turn_limit=m.scenario.turn_limit,
    )
    assert verdict is None
    assert f"the {place} for 2 turns, held 1" in bar_text(m)
    # a turn end with the zone contested sets the count back to nothing held
    judge_victory(m.state, m.scenario.victory, zone_holders=lambda zone: {"pirates", "navy"}, turn_ended=True)
    assert ", held" not in bar_text(m)
