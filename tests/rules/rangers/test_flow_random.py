"""PRE-RNG-1 end to end: random legal games on the forest clearing run to their end and replay
to identical hashes; every option offered is accepted (GEN-CHOICE-1)."""

import pytest

from game.ai import RandomController
from game.match import Match, record_of, replay
from game.rules.events import GameOver
from game.scenario import find_scenario

from .flow_helpers import mini


def play(scenario, seed, options=None):
    m = Match(scenario, seed=seed, options=options or {})
    ctrl = {s.id: RandomController(seed * 10 + i) for i, s in enumerate(scenario.sides)}
    while not m.over:
        p = m.pending
        assert p.options and (p.default is None or p.default in p.options or p.validate is not None)
        m.apply(ctrl[p.side].decide(m))
    return m


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_PRE_RNG_1_random_games_on_the_forest_clearing_end_and_replay(seed):
    sc = find_scenario("forest_clearing")
    assert sc.preset == "rangers"
    m = play(sc, seed)  # no wall-clock bound here: the house rules put timings in tools/bench.py
    assert m.over and isinstance(m.log[-1], GameOver)
    res = replay(record_of(m), verify=True)
    assert res.ok and res.match.state_hash() == m.state_hash()


@pytest.mark.parametrize("seed", [0, 1])
def test_PRE_RNG_1_options_on_all_toggles_still_replay(seed):
    opts = {"aggression_points": True, "reactive_shooting": True, "to_me": True}
    sc = mini()
    m = play(sc, seed, opts)
    assert m.over
    again = Match(sc, seed=seed, options=opts)
    for d in m.decisions:
        again.apply(d)
    assert again.state_hash() == m.state_hash()


def test_GEN_CHOICE_1_auto_policy_plays_a_whole_game():
    sc = find_scenario("forest_clearing")
    m = Match(sc, seed=5)
    while not m.over:
        m.apply(m.auto())
    assert m.over
