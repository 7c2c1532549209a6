"""Further pyrates flows: whole games with duels, Acrobatics, prisoners (PYR-DUEL, PYR-CARD-3, PYR-DIS-4)."""

from pathlib import Path

from game.ai import RandomController
from game.ai.controller import AutoController
from game.match import Match, record_of
from game.match.replay import replay
from game.rules.decisions import Item
from game.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[3]


def _play(sc, seed, level, options):
    m = Match(sc, seed=seed, options=options)
    ctrl = {
        s.id: (RandomController(seed * 7 + i) if level == "random" else AutoController())
        for i, s in enumerate(sc.sides)
    }
    n = 0
    while not m.over and n < 20000:
        m.apply(ctrl[m.pending.side].decide(m))
        n += 1
    return m


def test_PYR_DUEL_1_boarding_action_with_duel_option_runs_and_replays():
    sc = load_scenario(ROOT / "maps" / "boarding_action.toml")
    for seed, level in ((6, "auto"), (7, "random")):
        m = _play(sc, seed, level, {"duel": True})
        assert m.over
        if level == "auto":  # option duel: the captains challenge at the first opportunity
            assert m.state.system.duels
        rec = record_of(m)
        res = replay(rec, [ROOT / "tests" / "data" / "scenarios", ROOT / "maps"])
        assert res.ok, res.reason
        assert res.match.hashes == m.hashes


# -- PYR-CARD-3 Acrobatics -----------------------------------------------------------------------------
import math  # noqa: E402

from flow_helpers import Decision, answer, choose, fig, match  # noqa: E402

from game.rules.dice import ScriptedDice  # noqa: E402


def surrounded_v(card=True, extra=()):
    figs = [
        fig("V", "B", 10, 10),
        fig("A1", "A", 9, 10),
        fig("A2", "A", 11, 10),
        fig("A3", "A", 10, 11),
        fig("A4", "A", 10, 9),
        fig("A9", "A", 2, 2),
    ] + list(extra)
    m = match(figs, dice=ScriptedDice([6, 1] + [3, 4, 1, 2, 5, 6] * 10))
    if card:
        m.state.system.cards["B"] = ["acrobatics"]
    answer(m, "activate", Decision("pass"))
    return m


def test_PYR_CARD_3_acrobatics_leaps_over_bases_to_a_clear_spot():
    m = surrounded_v()
    assert m.pending.kind == "acrobatics" and m.pending.side == "B"
    spot = next(
        o for o in m.pending.options if o.kind == "move" and math.isclose(o.x, 11.414) and math.isclose(o.y, 11.414)
    )
    answer(m, "acrobatics", spot)
    v = m.figure("V")
    assert (v.x, v.y) == (11.414, 11.414)
    assert m.state.system.cards["B"] == []
    for a in ("A1", "A2", "A3", "A4"):
        g = m.figure(a)
        assert math.hypot(g.x - v.x, g.y - v.y) > 1.02  # unengaged
    assert m.pending is None or m.pending.kind != "tap"


def test_PYR_CARD_3_no_clear_spot_card_not_spent():
    # a ring of bases (none overlapping) leaves nowhere clear within 2 in
    ring = [
        fig(f"R{i}", "A", 10 + 2.6 * math.cos(math.radians(a)), 10 + 2.6 * math.sin(math.radians(a)))
        for i, a in enumerate(range(0, 360, 30))
    ]
    m = surrounded_v(
        extra=ring
        + [
            fig(f"S{i}", "A", 10 + 1.5 * math.cos(math.radians(a + 45)), 10 + 1.5 * math.sin(math.radians(a + 45)))
            for i, a in enumerate(range(0, 360, 90))
        ]
    )
    assert not any(getattr(e, "rule", "") == "PYR-CARD-3" for e in m.log)
    assert m.pending.kind != "acrobatics"
    assert m.state.system.cards["B"] == ["acrobatics"]


# -- PYR-DIS-4 prisoners ---------------------------------------------------------------------------------
def _drive(m, answers, stop=("activate", "action")):
    for _ in range(60):
        if m.pending is None or m.pending.kind in stop:
            return
        k = m.pending.kind
        m.apply(answers[k] if k in answers else m.auto())


def test_PYR_DIS_4_captive_becomes_prisoner_and_moves_with_captor():
    figs = [fig("V", "B", 10, 10), fig("A1", "A", 9, 10), fig("A9", "A", 2, 2), fig("B9", "B", 22, 14)]
    m = match(figs, dice=ScriptedDice([6, 1, 4, 4, 4, 1, 2, 3, 2, 3] + [1, 2, 3, 5] * 30))
    answer(m, "activate", Decision("pass"))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("V", "disarm"),)))
    _drive(m, {"pushback": choose("save"), "surrender": choose("surrender")})
    assert m.state.system.prisoners == {"V": "A1"}
    assert m.state.system.captives == {"V": "A1"}  # the capture stays on record
    assert m.figure("V").status == Status.CAPTIVE
    # the captor moves: its prisoner goes with it (off the table)
    from game.rules.flow import Ctx
    from game.rules.pyrates.prisoners import follow_captors

    ctx = Ctx(m.state, m.dice, m.table)
    ctx.move("A1", 5.0, 10.0, rule="RNG-MOVE-1")
    follow_captors(ctx)
    assert (m.figure("V").x, m.figure("V").y) == (5.0, 10.0)
    assert "V" not in m.table.within("A1", 30.0)


def test_PYR_DIS_4_prisoner_released_when_captor_side_fails_morale():
    figs = [
        fig("V", "B", 10, 10),
        fig("A1", "A", 9, 10),
        fig("B2", "B", 9, 9),
        fig("A2", "A", 8, 9),
        fig("A9", "A", 2, 2),
        fig("B9", "B", 22, 14),
    ]
    # A 4d6: 1 KD; B 4d6: 1 KD; equal pools → roll-off A; V's save 2 fails; A2's save 2 fails;
    # tally tie → roll-off A; morale: side:A rolls a natural 6 (flees), side:B rolls 3
    m = match(figs, dice=ScriptedDice([6, 1, 4, 4, 4, 1, 5, 5, 5, 1, 6, 1, 2, 2, 6, 3, 6, 3] + [1, 2, 3, 5] * 30))
    answer(m, "activate", Decision("pass"))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("V", "disarm"),)))
    _drive(
        m,
        {
            "pushback": choose("save"),
            "surrender": choose("surrender"),
            "tap": Decision("tap", figure="B2", items=(Item("A2", "kd"),)),
        },
    )
    assert m.figure("A1").status == Status.FLED
    v = m.figure("V")
    assert v.in_play and v.melee_class == CLOSE
    assert "V" not in (m.state.system.prisoners or {}) and "V" not in m.state.system.captives
    assert m.table.clear_at(v.x, v.y, v.radius, v.level, ignore=("V",))


from flow_helpers import CLOSE  # noqa: E402

from game.rules.model import Status  # noqa: E402
