"""PRE-INI-1 end to end: random legal games on the forest clearing (maps/forest_initiative.toml)
run to their end and replay to identical hashes."""

from pathlib import Path

import pytest

from game.ai import RandomController
from game.match import Match, record_of, replay
from game.rules.events import GameOver
from game.scenario import find_scenario
from tests.played_games import random_game

MAPS = Path(__file__).resolve().parents[3] / "maps"


# the random games of tests/played_games.py (played once per process for the tests of that group)
@pytest.mark.xdist_group("random_games")
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_PRE_INI_1_random_games_end_and_replay(seed):
    sc = find_scenario("forest_initiative")
    assert sc.preset == "initiative" and sc.map.endswith("forest_clearing.tmx")
    m = random_game(MAPS / "forest_initiative.toml", seed)
    assert m.over and m.pending is None
    assert isinstance(m.log[-1], GameOver)
    res = replay(record_of(m), verify=True)
    assert res.ok and res.match.state_hash() == m.state_hash()


def test_PRE_INI_1_auto_policy_plays_a_whole_game():
    sc = find_scenario("forest_initiative")
    m = Match(sc, seed=3)
    n = 0
    while not m.over:
        m.apply(m.auto())
        n += 1
    assert m.over and n < 5000


@pytest.mark.parametrize("name", ["forest_initiative", "forest_clearing"])
def test_clone_mid_step_matches_the_original(name):
    sc = find_scenario(name)
    m = Match(sc, seed=11)
    ctrl = {s.id: RandomController(3 + i) for i, s in enumerate(sc.sides)}
    n = 0
    while not m.over and n < 400:
        if n % 23 == 0:
            c = m.clone()
            assert c.state_hash() == m.state_hash() and c.pending == m.pending
        m.apply(ctrl[m.pending.side].decide(m))
        n += 1
