"""PRE-PYR-1: every number of ``PyratesConfig`` is read by the rule it belongs to — a preset
registered with one value changed plays differently through the Match in exactly that respect."""

from __future__ import annotations

import math
from dataclasses import replace

from game.match import Match
from game.rules import presets
from game.rules.pyrates.config import PYRATES
from game.rules.pyrates.events import MeleeRoundStarted, QuotaSet
from game.rules.pyrates.ruleset import PyratesRuleset
from game.scenario import load_scenario

from .suite import SCENARIO, controllers

SEEDS = (1, 2, 3, 4)


def _register(monkeypatch, **values) -> str:
    """A preset that is Pyrates with ``values`` changed."""

    class Changed(PyratesRuleset):
        name = "pyrates-changed"
        config = replace(PYRATES, **values)

    monkeypatch.setitem(presets.PRESETS, Changed.name, Changed)
    return Changed.name


def _games(preset: str, level: str = "easy"):
    """Seeded games of the contract scenario: (match, question, answer) at every decision, then
    (match, None, None) once each game is over."""
    sc = load_scenario(SCENARIO)
    for seed in SEEDS:
        m = Match(sc, seed=seed, preset=preset)
        ctl = controllers(m, level, seed)
        while not m.over:
            p = m.pending
            d = ctl[p.side].decide(m)
            yield m, p, d
            m.apply(d)
        yield m, None, None


def _offered(preset: str, kind: str, option_kind: str) -> list[float]:
    """How far each offered ``option_kind`` move of a ``kind`` question goes, in inches."""
    out = []
    for m, p, _ in _games(preset):
        if p is not None and p.kind == kind:
            for d in p.options:
                if d.kind == option_kind:
                    f = m.figure(d.figure)
                    out.append(math.hypot(d.x - f.x, d.y - f.y))
    return out


def test_pyr_react_1_the_reaction_distance_bounds_every_reaction_move(monkeypatch):
    base = _offered("pyrates", "reaction", "react")
    longer = _offered(_register(monkeypatch, reaction_distance=3.5), "reaction", "react")
    assert base and longer
    assert max(base) <= 2.0 + 1e-3 < max(longer) <= 3.5 + 1e-3


def test_rng_mot_3_the_retreat_distance_is_an_unmotivated_figures_retreat(monkeypatch):
    base = _offered("pyrates", "unmotivated", "retreat")
    longer = _offered(_register(monkeypatch, retreat_distance=3.0), "unmotivated", "retreat")
    assert base and longer
    assert all(abs(x - 2.0) < 2e-3 for x in base) and all(abs(x - 3.0) < 2e-3 for x in longer)


def test_pyr_seq_2_the_round_limit_ends_a_melee_step(monkeypatch):
    def most_rounds(preset):
        most = 0
        for m, p, _ in _games(preset):
            if p is None:
                most = max([most] + [e.round for e in m.log if isinstance(e, MeleeRoundStarted)])
        return most

    assert most_rounds("pyrates") > 1
    assert most_rounds(_register(monkeypatch, max_melee_rounds=1)) == 1


def _captain_lines(preset: str) -> set[str]:
    """The captains' PYR-MQ-2 lines of every quota set in the games."""
    lines: set[str] = set()
    for m, p, _ in _games(preset):
        if p is not None:
            continue
        for e in m.log:
            if isinstance(e, QuotaSet):
                lines |= {ln.split(" ", 1)[1] for ln in e.lines if ln.startswith(("red_captain ", "blue_captain "))}
    return lines


def test_pyr_mq_2_the_captains_quota_is_the_figure_cards_and_the_melees(monkeypatch):
    assert "3 captain" in _captain_lines("pyrates")
    name = _register(monkeypatch, captain_quota=4)
    lines = _captain_lines(name)
    assert "4 captain" in lines and "3 captain" not in lines
    m = Match(load_scenario(SCENARIO), seed=1, preset=name)
    assert dict(m.ruleset.figure_rows(m.state, m.table, "red_captain"))["Mêlée Quota"] == "4 (captain)"
