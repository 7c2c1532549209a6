"""Whole random-AI games of the shipped scenarios, each played once per test process and shared by
the tests that check the same game in different ways (tests/scenarios/test_scenarios_play.py replays
each from its record, tests/proof/test_proof_saveload.py saves and loads it mid-game,
tests/rules/initiative/test_flow_random.py checks PRE-INI-1's forest games end and replay). The tests that
read them carry ``@pytest.mark.xdist_group("random_games")`` so one worker plays them all once.
No reader changes a game: they read its decisions, hashes and final state only."""

from __future__ import annotations

import gc
from functools import cache
from pathlib import Path

#: the seeds whose games are kept for the process (the others are played afresh on each call)
SHARED_SEEDS = range(3)


def random_game(path: str | Path, seed: int):
    """The scenario at ``path`` played to its end by the random AI on both sides (AI seeds
    seed·10 + side index), as a finished Match."""
    key = str(Path(path).resolve())
    return _kept(key, seed) if seed in SHARED_SEEDS else _play(key, seed)


@cache
def _kept(path: str, seed: int):
    game = _play(path, seed)
    # kept for the process: out of the garbage collector's reach (as conftest.py does after
    # collection), so the full collections of the tests after it do not walk the whole game each time
    gc.collect()
    gc.freeze()
    return game


def _play(path: str, seed: int):
    from game.ai import make_controller, play_out
    from game.match import Match
    from game.scenario import load_scenario

    sc = load_scenario(path)
    m = Match(sc, seed=seed)
    ctrl = {s.id: make_controller("random", seed * 10 + i) for i, s in enumerate(sc.sides)}
    return play_out(m, ctrl, max_decisions=20_000)
