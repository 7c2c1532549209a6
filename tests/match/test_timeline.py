"""A record's timeline: any position rebuilt exactly (hash-checked), where steps, player-turns and
game turns start, and branches: a new game from any position with fresh dice that names its parent
and replays on its own."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.ai import make_controller, play_out
from game.match import load_record, parse_record, record_of, replay
from game.match.branch import branch_from, may_branch
from game.match.record import SaveError
from game.match.timeline import Timeline
from game.rules.events import PlayerTurnStarted, TurnStarted

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"
#: one record of each of the three presets the replay is shown on: pyrates, escarmouche, close-combat-d6
THREE = ["boarding_action_seed11.json", "farm_skirmish_seed5.json", "pike_and_shot_seed13.json"]


@pytest.fixture(scope="module")
def timelines():
    return {name: Timeline(load_record(RECORDS / name), every=10) for name in THREE}


@pytest.mark.parametrize("name", THREE)
def test_any_position_in_any_order_is_the_recorded_one(timelines, name):
    tl = timelines[name]
    rec = tl.record
    assert not tl.fault and tl.last == len(rec.decisions)
    rng = random.Random(7)
    order = [tl.last, 0, 1, *rng.sample(range(tl.last + 1), min(12, tl.last + 1)), tl.last - 1, 3]
    for k in order:
        m = tl.at(k)
        assert len(m.decisions) == k
        if k:
            assert m.state_hash() == rec.hashes[k - 1]
    assert tl.at(tl.last).over == bool((rec.final or {}).get("over", True))


@pytest.mark.parametrize("name", THREE)
def test_starts_of_steps_player_turns_and_turns_are_where_the_game_had_them(timelines, name):
    tl = timelines[name]
    full = replay(tl.record).match
    said = [e for e in full.log if type(e) is PlayerTurnStarted]
    # every player-turn is marked once (the first one at position 0, before any decision)
    assert len(tl.player_turn_starts()) == len(said)
    for k in tl.player_turn_starts()[1:]:
        before, after = tl.at(k - 1), tl.at(k)
        assert any(type(e) is PlayerTurnStarted for e in after.log[len(before.log) :])
    for k in tl.step_starts()[:20]:
        assert tl.at(k).step_index == k or tl.at(k).pending is None
    turns = [e.turn for e in full.log if type(e) is TurnStarted]
    assert tl.turns() == sorted(set(turns))
    for t in tl.turns():
        k = tl.turn_start(t)
        assert tl.marks[k].turn == t and (k == 0 or tl.marks[k - 1].turn < t)
    k = tl.last // 2
    assert tl.previous_of(tl.step_starts(), k) < k < tl.next_of(tl.step_starts(), k)


def test_snapshots_every_k_decisions():
    rec = load_record(RECORDS / "boarding_action_seed11.json")
    tl = Timeline(rec, every=50)
    assert tl.snapshot_count == len(rec.decisions) // 50 + 1
    assert tl.at(149).state_hash() == rec.hashes[148]


def test_a_record_that_stops_matching_is_laid_out_up_to_its_fault():
    rec = load_record(RECORDS / "pike_and_shot_seed13.json")
    rec.hashes[10] = "0" * 64
    tl = Timeline(rec)
    assert tl.last == 10 and "decisions[10]" in tl.fault and "state hash differs" in tl.fault
    assert tl.at(99).state_hash() == rec.hashes[9]


@pytest.mark.parametrize(("name", "at"), [(THREE[0], 150), (THREE[1], 30), (THREE[2], 12)])
def test_a_branch_played_out_replays_on_its_own_and_names_its_parent(timelines, name, at):
    tl = timelines[name]
    parent = tl.record
    m = branch_from(tl, at, 4242)
    assert m.decisions == parent.decisions[:at] and m.hashes == parent.hashes[:at]
    play_out(m, {s.id: make_controller("easy", 5) for s in m.state.sides})
    assert m.over
    text = record_of(m).dumps()
    assert str(RECORDS) not in text and "farm_skirmish_seed5" not in text  # named by content, never a path
    rec = parse_record(text)
    assert rec.branch == {"parent": parent.content_hash(), "title": m.branch["title"], "at": at, "seed": 4242}
    assert rec.reseeds == [(at, 4242)]
    res = replay(rec)
    assert res.ok, res.reason
    # fresh dice from the branch on: the first decision after it already hashes differently
    assert rec.hashes[at] != parent.hashes[at]
    # and its dice are the recorded seed's: another seed does not verify
    rec.reseeds = [(at, 4243)]
    assert not replay(rec).ok


def test_a_branch_of_a_branch_keeps_both_reseeds(timelines):
    tl = timelines[THREE[2]]
    first = branch_from(tl, 5, 11)
    play_out(first, {s.id: make_controller("random", 1) for s in first.state.sides})
    mid = parse_record(record_of(first).dumps())
    second = branch_from(Timeline(mid), 8, 22)
    play_out(second, {s.id: make_controller("random", 2) for s in second.state.sides})
    rec = parse_record(record_of(second).dumps())
    assert rec.reseeds == [(5, 11), (8, 22)] and rec.branch["parent"] == mid.content_hash()
    assert replay(rec).ok


def test_content_hash_ignores_notes_but_not_the_game():
    rec = load_record(RECORDS / "pike_and_shot_seed13.json")
    h = rec.content_hash()
    rec.meta = {**rec.meta, "bookmarks": [{"at": 3, "label": "Turn 2"}]}
    assert rec.content_hash() == h
    rec.seed += 1
    assert rec.content_hash() != h


def test_a_finished_game_may_be_branched_a_solo_game_in_progress_may_not():
    rec = load_record(RECORDS / "pike_and_shot_seed13.json")
    assert may_branch(rec, over=True)
    rec.meta = {"mode": "solo", "humans": ["red"]}
    assert not may_branch(rec, over=False)
    rec.meta = {"mode": "demo", "humans": []}
    assert may_branch(rec, over=False)


def test_a_branch_cannot_start_where_the_game_is_over(timelines):
    tl = timelines[THREE[2]]
    with pytest.raises(ValueError, match="over"):
        branch_from(tl, tl.last, 1)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.update(reseeds=[[999, 1]]), "reseeds"),
        (lambda d: d.update(reseeds=[[5, 1], [2, 1]]), "reseeds"),
        (lambda d: d.update(branch={"parent": "x", "title": "t", "at": 1, "seed": 1}), "branch"),
        (lambda d: d.update(branch={"parent": "0" * 64, "title": "t", "at": 9999, "seed": 1}), "branch.at"),
    ],
)
def test_a_bad_branch_field_is_refused_with_its_place(change, where):
    import json

    data = json.loads((RECORDS / "pike_and_shot_seed13.json").read_text())
    data["version"] = 4
    change(data)
    with pytest.raises(SaveError, match=rf"x: {where}"):
        parse_record(json.dumps(data), "x")


def test_only_a_branch_is_written_in_the_newer_version(timelines):
    import json

    plain = load_record(RECORDS / THREE[2])
    assert json.loads(plain.dumps())["version"] == 3  # older games still read it
    m = branch_from(timelines[THREE[2]], 4, 77)
    assert json.loads(record_of(m).dumps())["version"] == 4
