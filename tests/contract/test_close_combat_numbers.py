"""PRE-OD6-1: the numbers of ``CloseCombatConfig`` are read by the rules they belong to — a preset
registered with one value changed plays differently through the Match in exactly that respect."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from game.match import Decision, Match
from game.rules import presets
from game.rules.close_combat import CombatRolled, UnitBroken
from game.rules.close_combat.ruleset import CloseCombatRuleset
from game.rules.dice import ScriptedDice
from game.scenario import load_scenario
from game.scenario.loader import parse_scenario

from .suite import SCENARIO, controllers

SEEDS = (1, 2, 3, 4)
PRESET = CloseCombatRuleset.name


def _register(monkeypatch, **values) -> str:
    """A preset that is the close-combat one with ``values`` of its configuration changed."""

    class Changed(CloseCombatRuleset):
        name = "close-combat-changed"
        config = replace(CloseCombatRuleset.config, **values)

    monkeypatch.setitem(presets.PRESETS, Changed.name, Changed)
    return Changed.name


def _games(preset: str):
    """Seeded easy-AI games of the contract scenario: (match, question) at every decision, then
    (match, None) once each game is over."""
    sc = load_scenario(SCENARIO)
    for seed in SEEDS:
        m = Match(sc, seed=seed, preset=preset)
        ctl = controllers(m, "easy", seed)
        while not m.over:
            yield m, m.pending
            m.apply(ctl[m.pending.side].decide(m))
        yield m, None


def _move_lengths(preset: str) -> list[float]:
    """How far each offered move of a unit goes (a move's x, y are the unit's offset), in inches."""
    return [
        math.hypot(d.x, d.y)
        for _, p in _games(preset)
        if p is not None
        for d in p.options
        if d.kind == "move" and d.x is not None and d.y is not None
    ]


def test_od6_seq_1_the_move_allowance_bounds_every_move(monkeypatch):
    # offsets are rounded to 1/1000": the longest move is the allowance to within that
    assert max(_move_lengths(PRESET)) == pytest.approx(6.0, abs=0.002)
    assert max(_move_lengths(_register(monkeypatch, move_allowance=3.0))) == pytest.approx(3.0, abs=0.002)


def test_od6_piece_1_a_unit_breaks_after_its_configured_losses(monkeypatch):
    def breaks(preset: str) -> int:
        return sum(1 for m, p in _games(preset) if p is None for e in m.log if isinstance(e, UnitBroken))

    assert breaks(PRESET) == 0  # the crews never lose three
    assert breaks(_register(monkeypatch, break_after=0)) > 0  # the first loss breaks a crew


def _piece(pid, side, x, facing, y=5.0, width=2.0, unit=None) -> dict:
    return {
        "id": pid,
        "side": side,
        "x": x,
        "y": y,
        "facing": facing,
        "cv": 3,
        "qv": 4,
        "width": width,
        "depth": 1.0,
        "unit": unit or f"{side}_regiment",
    }


def test_od6_roll_2_flank_support_adds_its_configured_bonus(monkeypatch):
    # R2 beside R1 touches no enemy (B1 is 1" wide): a free friend in side contact
    sc = parse_scenario(
        {
            "title": "flank",
            "map": "open:30x20",
            "preset": PRESET,
            "turn_limit": 6,
            "sides": [{"id": "red"}, {"id": "blue"}],
            "figures": [
                _piece("R1", "red", 8.5, 0.0),
                _piece("R2", "red", 8.5, 0.0, y=7.0),
                _piece("B1", "blue", 12.5, 180.0, width=1.0),
                _piece("B9", "blue", 28, 180.0, y=18.0, unit="far"),
            ],
            "victory": [{"type": "rout", "side": "red"}, {"type": "rout", "side": "blue"}],
        },
        "flank.toml",
    )

    def first_roll(preset: str) -> CombatRolled:
        m = Match(sc, preset=preset, dice=ScriptedDice([6, 1, 3, 3] + [4] * 40))
        m.apply(Decision("act", option="red_regiment"))
        m.apply(next(d for d in m.pending.options if d.kind == "engage"))
        return next(e for e in m.log if isinstance(e, CombatRolled))

    assert first_roll(PRESET).bonus == (1, 0)
    assert first_roll(_register(monkeypatch, flank_support=2)).bonus == (2, 0)


def test_od6_seq_1_the_actions_per_phase_are_what_a_unit_may_spend(monkeypatch):
    def most_spent(preset: str) -> int:
        return max((max(m.state.system.spent.values(), default=0) for m, _ in _games(preset)), default=0)

    assert most_spent(PRESET) == 1
    assert most_spent(_register(monkeypatch, actions_per_phase=2)) == 2
