"""The Match API the AI relies on: step_index, clone(lookahead=True), and the public
facts the mêlée asks carry in ``Ask.info`` (taps, pushbacks, withdrawals)."""

from __future__ import annotations

import pytest

from game.ai import make_controller
from game.match.match import Match
from game.scenario import find_scenario


@pytest.fixture(scope="module")
def boarding():
    return find_scenario("boarding_action")


def _game(sc, seed, level="normal", limit=4000):
    """Yield (match, ask) before every decision of a seeded game."""
    m = Match(sc, seed=seed)
    ctl = {s.id: make_controller(level, seed * 7 + i) for i, s in enumerate(sc.sides)}
    n = 0
    while not m.over and n < limit:
        yield m, m.pending
        m.apply(ctl[m.pending.side].decide(m))
        n += 1


def test_step_index_marks_step_starts_and_survives_clone(boarding):
    seen = []
    for m, _ask in _game(boarding, 3, limit=300):
        i = m.step_index
        assert 0 <= i <= len(m.decisions)
        assert m.clone().step_index == i == m.clone(dice_seed=5, lookahead=True).step_index
        seen.append(i)
    assert seen == sorted(seen)  # never goes back
    assert len(set(seen)) > 10  # and moves on step after step


def test_lookahead_clone_plays_like_a_plain_clone_without_hashes(boarding):
    for k, (m, _ask) in enumerate(_game(boarding, 4, limit=120)):
        if k % 10:
            continue
        plain = m.clone(dice_seed=99)
        light = m.clone(dice_seed=99, lookahead=True)
        assert light.is_lookahead and not plain.is_lookahead
        assert light.log == [] and light.hashes == []
        before = m.state_hash()
        for _ in range(10):
            if plain.over:
                break
            ep = plain.apply(plain.auto())
            el = light.apply(light.auto())
            assert ep == el
        assert plain.state_hash() == light.state_hash()
        assert light.hashes == [] and light.over == plain.over
        assert m.state_hash() == before  # the original is untouched
        with pytest.raises(ValueError):
            light.clone()


def test_mêlée_asks_carry_the_public_facts(boarding):
    got = {}
    for seed in (1, 2, 3, 5, 8):
        for m, ask in _game(boarding, seed):
            if ask.kind in got:
                continue
            info = ask.info
            if ask.kind == "tap":
                assert {"pool", "tappers"} <= set(info)  # the keys the screen already reads
                assert set(info["pools"]) == set(info["quotas"]) == set(info["tappers_by_side"])
                assert ask.side in info["pools"] and len(info["pools"]) == 2
                assert info["pools"][ask.side] == info["pool"]
                assert info["tappers_by_side"][ask.side] == info["tappers"]
                assert all(m.state.figures[f].side for f in info["tapped"])
                got["tap"] = True
            elif ask.kind == "pushback":
                assert "save_target" in info
                v, t = m.state.figures[info["victim"]], m.state.figures[info["tapper"]]
                assert v.side == ask.side and t.side != ask.side
                assert info["option"] in {d.option for d in ask.options}
                assert info["item"].split("+")[0] in ("kd", "w", "disarm")
                got["pushback"] = True
            elif ask.kind == "withdraw":
                q = info["quotas"]
                assert info["loser"] == ask.side and info["winner"] in q and ask.side in q
                assert all(isinstance(v, int) and v >= 0 for v in q.values())
                got["withdraw"] = True
        if len(got) == 3:
            break
    assert set(got) == {"tap", "pushback", "withdraw"}, got
