"""Soak: seeded AI-against-AI games across every scenario with invariants after every
decision and a verified replay of each record (tools/soak.py)."""

from __future__ import annotations

import io
import os
import sys
from dataclasses import replace

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import soak  # noqa: E402  tools/soak.py


def test_soak_one_game_of_every_scenario():
    """Game i plays scenario i: every scenario once under the checker. The repeats (more seeds of the
    same scenarios) are test_soak_1000_games and test_soak_scripted_levels (slow, `make test-long`)."""
    n = len(soak.scenarios())
    assert n >= 2
    out = io.StringIO()
    failures = soak.run(n, seed=0, levels=("random",), out=out)
    text = out.getvalue()
    assert failures == 0, text
    assert text.strip().splitlines()[-1].startswith(f"{n} games, 0 failures"), text
    if soak.last_known:  # known game bugs (soak.KNOWN_ISSUES) are reported, not failed
        import warnings

        warnings.warn(f"soak found known issues: {soak.last_known}: {text.strip().splitlines()[-1]}", stacklevel=2)


def test_soak_cli_summary_and_exit_code(capsys):
    assert soak.main(["--games", "2", "--seed", "7"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1].startswith("2 games, 0 failures")


def test_checker_catches_planted_faults():
    from game.match import Match
    from game.rules.model import Status

    scen = soak.scenarios()[0]
    m = Match(scen, seed=1)
    chk = soak.Checker(m)
    assert chk.check() == []
    a, b = m.state.in_play()[:2]
    # b moved onto a (state and table): an overlap
    m.state.figures[b.id] = replace(b, x=a.x, y=a.y, level=a.level)
    m.table.remove(b.id)
    m.table.place(b.id, a.x, a.y, b.radius, a.level)
    assert any("overlap" in p for p in chk.check())
    # off the map
    m.state.figures[b.id] = replace(b, x=-5.0, y=-5.0)
    m.table.remove(b.id)
    m.table.place(b.id, -5.0, -5.0, b.radius, b.level)
    assert any("off the map" in p for p in chk.check())
    # known-issue tagging
    msg = "after decision 3 (move r to (1.00, 2.00) cross:log_1): r: inside an obstacle (log_1) at (1.0, 2.0) on deck"
    assert soak.known_issue(msg) is None  # fixed: such a failure now counts
    soak.KNOWN_ISSUES["cross-end"] = "planted"
    try:
        assert soak.known_issue(msg) == "cross-end"
        assert soak.known_issue(msg.replace("(log_1) at", "(crate_2) at")) is None
    finally:
        del soak.KNOWN_ISSUES["cross-end"]
    # out of play but left on the table
    m.state.figures[b.id] = replace(b, status=Status.FLED)
    assert any("still on the table" in p for p in chk.check())
    # past the turn limit
    m.state.turn = scen.turn_limit + 1
    assert any("turn limit" in p for p in chk.check())


@pytest.mark.slow
def test_soak_1000_games():
    out = io.StringIO()
    failures = soak.run(1000, seed=1000, levels=("random",), jobs=max(1, min(4, os.cpu_count() or 1)), out=out)
    assert failures == 0, out.getvalue()[-5000:]


@pytest.mark.slow
def test_soak_scripted_levels():
    """Scripted AI levels too (they once made an illegal 'no clear path' move)."""
    out = io.StringIO()
    failures = soak.run(60, seed=5000, levels=("random", "easy", "normal", "hard"), out=out)
    assert failures == 0, out.getvalue()[-5000:]
