"""The Match door: pending/apply, determinism, records, clone, replay (GEN-CHOICE-1, GEN-TURN-1)."""

import json
import random

import pytest

from game.ai import RandomController
from game.match import (
    Decision,
    IllegalDecision,
    Match,
    Record,
    SaveError,
    load_match,
    load_record,
    record_of,
    replay,
    save,
)
from game.rules.events import DiceRolled, GameOver, TurnStarted
from game.rules.refusals import Cause


def random_game(scenario, seed, ai_seed=None, limit=None):
    m = Match(scenario, seed=seed)
    ctrl = {
        s.id: RandomController((ai_seed if ai_seed is not None else seed) * 10 + i)
        for i, s in enumerate(scenario.sides)
    }
    n = 0
    while not m.over and (limit is None or n < limit):
        m.apply(ctrl[m.pending.side].decide(m))
        n += 1
    return m


def test_GEN_CHOICE_1_pending_names_side_kind_and_options(tiny):
    m = Match(tiny, seed=3)
    p = m.pending
    assert p.side in ("red", "blue") and p.kind == "activate"
    assert p.options and p.default in p.options and p.prompt
    assert any(isinstance(e, TurnStarted) for e in m.log)
    assert any(isinstance(e, DiceRolled) and e.rule == "RNG-TURN-1" for e in m.log)


def test_GEN_CHOICE_1_illegal_decision_has_a_readable_reason(tiny):
    m = Match(tiny, seed=3)
    before = m.state_hash()
    with pytest.raises(IllegalDecision) as e:
        m.apply(Decision("activate", figure="nobody"))
    assert e.value.refusal.cause == Cause.NOT_OFFERED
    assert str(e.value).startswith("that is not one of the choices here (")
    assert "nobody" not in str(e.value)  # the refusal names no ids
    assert m.state_hash() == before and m.decisions == []


def test_illegal_move_says_how_far(tiny):
    m = Match(tiny, seed=11)
    # activate until some figure gets an action question
    for _ in range(40):
        if m.pending.kind == "action":
            break
        m.apply(m.pending.options[0])
    assert m.pending.kind == "action"
    fid = m.pending.info["figure"]
    f = m.figure(fid)
    with pytest.raises(IllegalDecision, match=r"in away — .* moves") as e:
        m.apply(Decision("move", figure=fid, x=f.x + 0.0, y=f.y + 9.0 if f.y < 8 else f.y - 7.5))
    r = e.value.refusal
    assert r.cause == Cause.BEYOND_MOVE and r.distance > r.limit == m.pending.info["move"]


def test_same_seed_and_decisions_give_byte_identical_records(tiny):
    a = record_of(random_game(tiny, 5)).dumps()
    b = record_of(random_game(tiny, 5)).dumps()
    assert a == b
    assert json.loads(a)["format"] == "boarders-away-record"


def test_different_seeds_differ(tiny):
    a = random_game(tiny, 5, ai_seed=1)
    b = random_game(tiny, 6, ai_seed=1)
    assert [e.to_json() for e in a.log] != [e.to_json() for e in b.log]


def test_game_runs_to_its_end_and_final_lists_figures(tiny):
    m = random_game(tiny, 8)
    assert m.over and m.pending is None
    assert isinstance(m.log[-1], GameOver)
    final = record_of(m).final
    assert {f["id"] for f in final["figures"]} == set(m.state.figures)
    assert all(set(f) == {"id", "side", "x", "y", "radius", "level", "status"} for f in final["figures"])
    with pytest.raises(IllegalDecision):
        m.apply(Decision("pass"))


def test_replay_verify_matches_every_hash(tiny, scenario_dirs, tmp_path):
    m = random_game(tiny, 9)
    save(m, tmp_path / "g.json")
    res = replay(load_record(tmp_path / "g.json"), scenario_dirs)
    assert res.ok and res.match.state_hash() == m.state_hash()


def test_replay_names_the_first_mismatching_decision(tiny, scenario_dirs):
    rec = record_of(random_game(tiny, 9))
    rec.hashes[4] = "f" * 64
    res = replay(rec, scenario_dirs)
    assert not res.ok and res.mismatch == 4 and "decision 4" in res.reason


def test_save_then_load_continues_identically(tiny, scenario_dirs, tmp_path):
    whole = random_game(tiny, 12)
    part = random_game(tiny, 12, limit=7)
    save(part, tmp_path / "s.json")
    resumed = load_match(load_record(tmp_path / "s.json"), scenario_dirs)
    assert resumed.state_hash() == part.state_hash()
    for d in whole.decisions[7:]:
        resumed.apply(d)
    assert resumed.state_hash() == whole.state_hash()


def test_load_refuses_unknown_scenario(tiny, tmp_path):
    rec = Record("no_such_scenario", "pyrates", 1, {}, [], [], None)
    save(rec, tmp_path / "x.json")
    with pytest.raises(SaveError, match="no_such_scenario"):
        load_match(load_record(tmp_path / "x.json"))


def test_clone_is_independent_and_identical(tiny):
    m = random_game(tiny, 21, limit=9)
    c = m.clone()
    assert c.state_hash() == m.state_hash() and c.pending == m.pending
    rng = random.Random(1)
    while not c.over:
        c.apply(rng.choice(c.pending.options))
    assert m.state_hash() != c.state_hash()
    # the original still plays on exactly as an unclone'd game would
    twin = random_game(tiny, 21, limit=9)
    for _ in range(5):
        if m.over:
            break
        d = m.pending.options[0]
        m.apply(d)
        twin.apply(d)
    assert m.state_hash() == twin.state_hash()


def test_state_hash_covers_the_dice(tiny):
    m = Match(tiny, seed=2)
    h = m.state_hash()
    m.dice.d6()
    assert m.state_hash() != h


def test_clone_with_dice_seed_does_not_see_the_match_dice(tiny):
    m = Match(tiny, seed=30)
    futures = set()
    for k in range(6):
        c = m.clone(dice_seed=k)
        assert c.state_hash() != m.state_hash()  # the dice differ, the rest is the same
        assert c.state.to_json() == m.state.to_json() and c.pending == m.pending
        futures.add(tuple(c.dice.faces(8)))
    assert len(futures) > 1
    assert m.clone().dice.faces(8) == m.dice.clone().faces(8)


def test_clone_of_a_reseeded_clone_is_exact(tiny):
    m = random_game(tiny, 31, limit=5)
    c = m.clone(dice_seed=99)
    rng = random.Random(4)
    for _ in range(3):
        if c.over:
            break
        c.apply(rng.choice(c.pending.options))
    cc = c.clone()
    assert cc.state_hash() == c.state_hash() and cc.pending == c.pending
    for _ in range(20):
        if c.over:
            break
        d = rng.choice(c.pending.options)
        c.apply(d)
        cc.apply(d)
        assert cc.state_hash() == c.state_hash()


def test_figures_off_the_map_or_overlapping_are_refused(tiny):
    from dataclasses import replace as dc_replace

    from game.scenario import ScenarioError

    figs = list(tiny.figures)
    off = dc_replace(tiny, figures=tuple([dc_replace(figs[0], x=300.0)] + figs[1:]))
    with pytest.raises(ScenarioError, match="off the map"):
        Match(off, seed=1)
    same = dc_replace(tiny, figures=tuple([figs[0], dc_replace(figs[1], x=figs[0].x, y=figs[0].y)] + figs[2:]))
    with pytest.raises(ScenarioError, match=figs[1].id):
        Match(same, seed=1)


def test_hold_zone_must_name_a_zone_of_the_map(tiny):
    from dataclasses import replace as dc_replace

    from game.scenario import ScenarioError, Victory

    bad = dc_replace(tiny, victory=(Victory("hold_zone", "red", zone="nowhere"),))
    with pytest.raises(ScenarioError, match="no zone named 'nowhere'"):
        Match(bad, seed=1)


def test_clones_replay_the_silent_steps_since_the_snapshot_exactly(tiny):
    # the snapshot is taken before the first step of a run; a clone replays the steps that asked
    # nothing since: at every decision a clone (and a clone of a reseeded clone) must play on exactly
    m = Match(tiny, seed=12)
    rng = random.Random(6)
    chained = 0
    n = 0
    while not m.over and n < 300:
        chained += m._snap_steps > 1
        c = m.clone()
        r = m.clone(dice_seed=n)
        rr = r.clone()
        assert c.state_hash() == m.state_hash() and c.pending == m.pending and c.step_index == m.step_index
        assert rr.state_hash() == r.state_hash() and rr.pending == r.pending
        d = rng.choice(m.pending.options)
        assert [e.to_json() for e in c.apply(d)] == [e.to_json() for e in m.apply(d)]
        assert [e.to_json() for e in rr.apply(d)] == [e.to_json() for e in r.apply(d)]
        assert c.hashes[-1] == m.hashes[-1] and rr.hashes[-1] == r.hashes[-1]
        n += 1
    assert chained > 0  # some clones did replay steps that asked nothing


def test_clone_of_a_reseeded_clone_is_exact_when_the_step_rolled_before_asking():
    # a pyrates mêlée round rolls both pools before its first question (a tap or a reroll): the
    # reseeded clone drew those dice from the old dice, and so must a clone of it
    from game.rules.model import Figure, SideInfo, WeaponClass
    from game.scenario.model import Scenario
    from game.table import TacticalMap

    figs = [
        Figure(
            id=f"{s}{i}",
            name=f"{s}{i}",
            side=s,
            x=x,
            y=3.0 + i,
            melee_class=WeaponClass.GENERAL,
            melee_weapon="cutlass",
            rank="captain" if i == 0 else "ordinary",
        )
        for s, x in (("A", 10.0), ("B", 11.0))
        for i in range(4)
    ]
    sc = Scenario(
        id="line4",
        title="4 v 4",
        blurb="",
        map="open:24x16",
        preset="pyrates",
        sides=(SideInfo("A", "A"), SideInfo("B", "B")),
        figures=tuple(figs),
        turn_limit=10,
    )
    checked = 0
    for seed in range(3):
        m = Match(sc, seed=seed, tmap=TacticalMap.open_ground(24, 16), options={"cards": False})
        n = 0
        while not m.over and n < 60:
            r = m.clone(dice_seed=1000 + n)
            rr = r.clone()
            assert rr.state_hash() == r.state_hash() and rr.pending == r.pending, (seed, n)
            if not r.over:
                d = r.auto()
                assert [e.to_json() for e in rr.apply(d)] == [e.to_json() for e in r.apply(d)]
                checked += 1
            m.apply(m.auto())
            n += 1
    assert checked > 20
