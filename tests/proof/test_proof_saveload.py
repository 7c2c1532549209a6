"""Save and load mid-game: a game saved at a random decision, loaded with
load_match(load_record(path)) and continued with the same decisions ends in the same state hash as
the uninterrupted game, across every scenario."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.match import Match, load_match, load_record, save
from game.scenario import list_scenarios
from tests.played_games import random_game

MAPS = Path(__file__).resolve().parents[2] / "maps"

_SCENS = []


def scenarios():
    if not _SCENS:
        _SCENS.extend(sorted(list_scenarios(), key=lambda s: s.id))
    return _SCENS


def check_seed(seed: int, tmp_path) -> None:
    scen = scenarios()[seed % len(scenarios())]
    rng = random.Random(f"saveload:{seed}")
    # the whole game: the 20 fast seeds take the random games tests/scenarios/test_scenarios_play.py
    # replays (each played once per process, tests/played_games.py)
    m = random_game(MAPS / f"{scen.id}.toml", seed // len(scenarios()))
    assert m.over and len(m.decisions) < 20_000
    # the save point: a random decision of a game expected to last about this long, else of the game
    saved_at = rng.randrange(0, 120)
    if saved_at > len(m.decisions):
        saved_at = rng.randrange(0, len(m.decisions) + 1)
    path = tmp_path / f"save_{seed}.json"
    part = Match(scen, seed=m.seed)  # the game up to the save point, played again by its decisions
    for d in m.decisions[:saved_at]:
        part.apply(d)
    assert part.hashes == m.hashes[:saved_at]
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


@pytest.mark.xdist_group("random_games")  # one worker plays the shared games (tests/played_games.py)
@pytest.mark.parametrize("seed", range(20))
def test_save_load_mid_game(seed, tmp_path):
    check_seed(seed, tmp_path)


@pytest.mark.slow
def test_save_load_mid_game_200_seeds(tmp_path):
    for seed in range(200):
        check_seed(seed, tmp_path)
