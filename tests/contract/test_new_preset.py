"""PRE-*: a preset registered after the fact is covered by the contract suite with no other change:
the suite's names come from the registry, and each of its checks runs on the new preset. A preset
whose observation shows a hidden card fails the contract."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.rules import presets
from game.rules.pyrates.ruleset import PyratesRuleset
from game.rules.pyrates.state import pyr
from game.rules.rangers.turns import TurnPreset
from game.rules.ruleset import Ruleset
from game.rules.turn_state import TurnState

from .suite import CHECKS, contract_names, observe_shows_nothing_hidden


class ScratchRuleset(Ruleset):
    """A throw-away system: the shared game turns (RNG-TURN-1, GEN-TURN-1) and nothing else."""

    name = "scratch"
    title = "Scratch"
    state_type = TurnState

    def flow(self) -> TurnPreset:
        return TurnPreset()


@pytest.fixture
def scratch(monkeypatch):
    monkeypatch.setitem(presets.PRESETS, ScratchRuleset.name, ScratchRuleset)
    return ScratchRuleset.name


def test_pre_a_registered_preset_is_among_the_contracts_names(scratch):
    assert scratch in contract_names()
    assert presets.get_ruleset(scratch).title == "Scratch"


def test_pre_a_preset_missing_from_the_registry_is_not_covered():
    assert ScratchRuleset.name not in contract_names()


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
def test_pre_the_contract_covers_a_registered_preset(scratch, check):
    check(scratch)


class LeakyRuleset(PyratesRuleset):
    """Pyrates whose observation also shows the next card of the undealt deck: what a side may not see."""

    name = "leaky"

    def observe(self, view, side):
        seen = super().observe(view, side)
        return replace(seen, hand=seen.hand + tuple(pyr(view).deck[:1]))


def test_pre_the_contract_catches_an_observation_that_shows_a_hidden_card(monkeypatch):
    monkeypatch.setitem(presets.PRESETS, LeakyRuleset.name, LeakyRuleset)
    with pytest.raises(AssertionError, match="observe reads what the public view hides"):
        observe_shows_nothing_hidden(LeakyRuleset.name)
