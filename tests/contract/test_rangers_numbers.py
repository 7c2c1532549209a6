"""PRE-RNG-1: the numbers of ``RangersConfig`` are read by the rules they belong to — a preset
registered with one value changed plays differently through the Match in exactly that respect.
Pyrates plays the same motivation through the shared game turn (``TurnPreset``), so each check runs
under both."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

import pytest

from game.match import Match
from game.rules import presets
from game.rules.decisions import IllegalDecision
from game.rules.events import DiceRolled
from game.rules.pyrates.ruleset import PyratesRuleset
from game.rules.rangers.ruleset import RangersRuleset
from game.scenario import load_scenario

from .suite import SCENARIO, controllers

SEEDS = (1, 2, 3, 4)
SYSTEMS = pytest.mark.parametrize("base", [RangersRuleset, PyratesRuleset], ids=["rangers", "pyrates"])


def _register(monkeypatch, base, **values) -> str:
    """A preset that is ``base`` (a ruleset class) with ``values`` of its configuration changed."""

    class Changed(base):
        name = f"{base.name}-changed"
        config = replace(base.config, **values)

    monkeypatch.setitem(presets.PRESETS, Changed.name, Changed)
    return Changed.name


def _motivation_rolls(preset: str, scenario: Path = SCENARIO) -> list[DiceRolled]:
    """Every motivation roll of seeded easy-AI games of ``scenario``."""
    sc = load_scenario(scenario)
    out = []
    for seed in SEEDS:
        m = Match(sc, seed=seed, preset=preset)
        ctl = controllers(m, "easy", seed)
        while not m.over:
            m.apply(ctl[m.pending.side].decide(m))
        out += [e for e in m.log if isinstance(e, DiceRolled) and e.rule == "RNG-MOT-1"]
    return out


@SYSTEMS
def test_rng_mot_1_the_motivation_targets_are_every_motivation_rolls(monkeypatch, base):
    written = _motivation_rolls(base.name)
    assert written and {e.target for e in written} <= {3, 2} and 3 in {e.target for e in written}
    bold = _motivation_rolls(_register(monkeypatch, base, motivation_target=5, wounded_motivation_target=4))
    assert bold and {e.target for e in bold} <= {5, 4} and 5 in {e.target for e in bold}
    # the roll is judged against the variant's target: a modified 4 or 5 now passes
    assert all(e.success == (e.faces[0] + e.modifier <= e.target) for e in bold)
    assert any(e.success and e.faces[0] + e.modifier > 3 for e in bold)


@SYSTEMS
def test_rng_mot_2_the_leader_range_decides_who_is_steadied(monkeypatch, base):
    # the crews start an inch from their captains (Leaders): steadied at 6", never at less than 0"
    assert any(e.modifier == -1 for e in _motivation_rolls(base.name))
    alone = _register(monkeypatch, base, leader_range=-1.0)
    assert {e.modifier for e in _motivation_rolls(alone)} == {0}


def test_rng_mot_2_the_legendary_leader_range_is_its_own(monkeypatch, tmp_path):
    legendary = tmp_path / "legendary.toml"
    legendary.write_text(SCENARIO.read_text().replace('traits = ["leader"]', 'traits = ["legendary_leader"]'))
    # a Legendary Leader steadies at its own range, whatever a Leader's is
    near = _register(monkeypatch, RangersRuleset, leader_range=-1.0)
    assert any(e.modifier == -1 for e in _motivation_rolls(near, legendary))
    far = _register(monkeypatch, RangersRuleset, legendary_leader_range=-1.0)
    assert {e.modifier for e in _motivation_rolls(far, legendary)} == {0}


def _retreats_offered(preset: str) -> list[float]:
    """How far each offered retreat out of hand combat goes, in inches (easy-AI games)."""
    sc = load_scenario(SCENARIO)
    out = []
    for seed in SEEDS:
        m = Match(sc, seed=seed, preset=preset)
        ctl = controllers(m, "easy", seed)
        while not m.over:
            for d in m.pending.options:
                if d.kind == "retreat" and d.x is not None and d.y is not None:
                    f = m.figure(d.figure)
                    out.append(math.hypot(d.x - f.x, d.y - f.y))
            m.apply(ctl[m.pending.side].decide(m))
    return out


def test_rng_hand_4_the_retreat_distance_is_every_retreats(monkeypatch):
    # positions are rounded to 1/1000": each retreat offered is the distance to within that
    written = _retreats_offered(RangersRuleset.name)
    assert written and all(d == pytest.approx(2.0, abs=0.002) for d in written)
    short = _register(monkeypatch, RangersRuleset, hand_retreat_distance=1.0)
    assert all(d == pytest.approx(1.0, abs=0.002) for d in _retreats_offered(short))
    assert _a_longer_retreat_is_refused(short)


def _a_longer_retreat_is_refused(preset: str) -> bool:
    """Each retreat offered, taken half as far again, is refused for its length (1\" allowed)."""
    sc = load_scenario(SCENARIO)
    tried = False
    for seed in SEEDS:
        m = Match(sc, seed=seed, preset=preset)
        ctl = controllers(m, "easy", seed)
        while not m.over:
            for d in m.pending.options:
                if d.kind == "retreat" and d.x is not None and d.y is not None:
                    f = m.figure(d.figure)
                    far = replace(d, x=round(f.x + 1.5 * (d.x - f.x), 3), y=round(f.y + 1.5 * (d.y - f.y), 3))
                    with pytest.raises(IllegalDecision, match="moves 1 in"):
                        m.apply(far)
                    tried = True
            m.apply(ctl[m.pending.side].decide(m))
    return tried
