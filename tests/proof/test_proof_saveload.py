"""Save and load mid-game (issue 10): a game saved at a random decision, loaded with
load_match(load_record(path)) and continued with the same decisions ends in the same state hash as
the uninterrupted game, across every scenario."""

from __future__ import annotations

import random

import pytest

from game.ai import make_controller
from game.match import Match, load_match, load_record, save
from game.scenario import list_scenarios

_SCENS = []


def scenarios():
    if not _SCENS:
        _SCENS.extend(sorted(list_scenarios(), key=lambda s: s.id))
    return _SCENS


def check_seed(seed: int, tmp_path) -> None:
    scen = scenarios()[seed % len(scenarios())]
    rng = random.Random(f"saveload:{seed}")
    m = Match(scen, seed=seed)
    ctrls = {s.id: make_controller("random", seed * 7 + i) for i, s in enumerate(scen.sides)}
    # the save point: a random decision of a game expected to last about this long
    save_at = rng.randrange(0, 120)
    path = tmp_path / f"save_{seed}.json"
    saved_at = None
    while not m.over:
        if len(m.decisions) == save_at:
            save(m, path)
            saved_at = len(m.decisions)
        m.apply(ctrls[m.pending.side].decide(m))
        assert len(m.decisions) < 20_000, "no end"
    if saved_at is None:  # the game was shorter: save at a random point of it by replaying there
        saved_at = rng.randrange(0, len(m.decisions) + 1)
        part = Match(scen, seed=seed)
        for d in m.decisions[:saved_at]:
            part.apply(d)
        save(part, path)
    loaded = load_match(load_record(path))
    assert loaded.decisions == m.decisions[:saved_at]
    assert loaded.hashes == m.hashes[:saved_at]
    for i, d in enumerate(m.decisions[saved_at:], start=saved_at):
        loaded.apply(d)
        assert loaded.hashes[-1] == m.hashes[i], (
            f"{scen.id} seed {seed}: hash differs at decision {i} after loading at {saved_at}"
        )
    assert loaded.over and loaded.winner == m.winner
    assert loaded.state_hash() == m.state_hash()


@pytest.mark.parametrize("seed", range(20))
def test_save_load_mid_game(seed, tmp_path):
    check_seed(seed, tmp_path)


@pytest.mark.slow
def test_save_load_mid_game_200_seeds(tmp_path):
    for seed in range(200):
        check_seed(seed, tmp_path)
