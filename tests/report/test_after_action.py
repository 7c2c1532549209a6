"""The after-action report on recorded games of the three presets the report is judged on
(pyrates, escarmouche, close-combat-d6): strength is the replayed state's, the decisive moments are
the largest swings, each figure's part counts what its events say, luck is the rolls' mean."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"
NAMES = ["boarding_action_seed11", "duel_on_the_quarterdeck_seed1", "farm_skirmish_seed5", "pike_and_shot_seed13"]


def _load(name):
    from game.match import load_record

    return load_record(RECORDS / f"{name}.json")


@pytest.fixture(scope="module", params=NAMES)
def built(request):
    from game.match import replay
    from game.report.after_action import build

    rec = _load(request.param)
    return request.param, rec, build(rec), replay(rec, verify=False).match


def test_strength_after_each_decision_is_the_replayed_states(built):
    from game.ai.concede import strength
    from game.match import replay

    name, rec, rep, _ = built
    assert len(rep.strength) == len(rec.decisions) + 1
    for k in sorted({0, len(rec.decisions) // 3, len(rec.decisions) // 2, len(rec.decisions)}):
        st = replay(rec, verify=False, upto=k).match.state
        assert rep.strength[k] == {s.id: strength(st.figures, s.id) for s in st.sides}, (name, k)
    turns = [t for t, _ in rep.turns]
    assert turns == sorted(turns) and turns[0] == 1


def test_decisive_moments_are_the_largest_swings_between_the_two_strongest_sides(built):
    from game.report.after_action import MOMENTS, SMALLEST_SWING

    name, rec, rep, _ = built
    a, b = sorted(rep.strength[0], key=lambda s: -rep.strength[0][s])[:2]
    swings = [
        (rep.strength[k + 1][a] - rep.strength[k + 1][b]) - (rep.strength[k][a] - rep.strength[k][b])
        for k in range(len(rec.decisions))
    ]
    big = sorted((k for k, s in enumerate(swings) if abs(s) >= SMALLEST_SWING), key=lambda k: (-abs(swings[k]), k))
    assert [m.decision for m in rep.moments] == sorted(big[:MOMENTS]), name
    for mo in rep.moments:
        assert mo.swing == pytest.approx(swings[mo.decision])
        assert mo.toward == (a if mo.swing > 0 else b)
        assert f"Turn {mo.turn}:" in mo.sentence and f"({mo.rule})" in mo.sentence and "_" not in mo.sentence


def test_each_figures_part_counts_its_moves_and_saves(built):
    name, rec, rep, m = built
    for part in rep.figures:
        inches = sum(
            math.dist(p, q)
            for ev in m.log
            if type(ev).__name__ == "Moved" and ev.figure == part.figure and ev.how not in ("fall", "pushback")
            for p, q in zip(ev.path, ev.path[1:])
        )
        assert part.inches == round(inches, 1), (name, part)
        saves = [
            ev
            for ev in m.log
            if type(ev).__name__ == "DiceRolled"
            and ev.who == part.figure
            and ev.target is not None
            and "save" in ev.purpose
        ]
        assert (part.saves_rolled, part.saves_made) == (len(saves), sum(bool(e.success) for e in saves))
        assert part.name == m.state.figures[part.figure].name
    assert any(p.blows for p in rep.figures) or name == "boarding_action_seed11"


def test_luck_is_each_sides_mean_percentile_of_its_judged_rolls(built):
    name, rec, rep, m = built
    assert rep.luck, name
    for luck in rep.luck:
        mine = [float(p) for _, s, p in rep.rolls if s == luck.side]
        assert luck.rolls == len(mine) and luck.mean == pytest.approx(sum(mine) / len(mine))
        assert 0.0 <= luck.mean <= 1.0
    judged = sum(len(rp.luck) for ev in m.log if (rp := m.ruleset.roll_parts(ev)) is not None)
    assert len(rep.rolls) == judged  # every judged roll is owned by a side (a figure, a side or a party)
