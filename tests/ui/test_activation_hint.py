"""The hint under an activation question says how to answer it: figures with a white ring are
clicked on the table; an Escarmouche group or a close-combat unit is chosen from the list, named in
the ruleset's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.match.match import Match
from game.scenario import load_scenario
from game.ui.scenes.battle_options import point_hint

MAPS = Path(__file__).resolve().parents[2] / "maps"


def first_activation(name: str):
    m = Match(load_scenario(MAPS / f"{name}.toml"), seed=4)
    for _ in range(200):
        p = m.pending
        if p.kind == "activate":
            return m, p
        m.apply(p.default or p.options[0])
    raise AssertionError(f"{name}: no activation question in 200 decisions")


@pytest.mark.parametrize(
    ("scenario", "hint"),
    [
        ("farm_skirmish", "Choose the group to activate from the list below."),
        ("pike_and_shot", "Choose the unit to activate from the list below."),
        ("forest_clearing", "Click a figure with a white ring to activate it."),
        ("boarding_action", "Click a figure with a white ring to activate it."),
    ],
)
def test_activation_hint_says_what_the_question_asks(scenario, hint):
    m, p = first_activation(scenario)
    assert point_hint(p, m.ruleset) == hint
    if "white ring" not in hint:  # nothing on the table is ringed: the options name no figure
        assert not any(d.figure for d in p.options)
