"""The hard look-ahead's sequential test: it stops rolling out a candidate once no
rollouts still to come could make it pass, and so chooses exactly what the fixed-size sample chose."""

from __future__ import annotations

import itertools
import random
from types import SimpleNamespace

import pytest

from game.ai import lookahead as L
from game.rules.decisions import Decision


def _fixed_sample_choice(opts, scores, values, k, base, cands):
    """The choice before the sequential test: every candidate rolled out on all k seeds."""
    best_i, best_gain = base, 0.0
    for i in cands:
        if i == base:
            continue
        diffs = [values[(i, j)] - values[(base, j)] + L.PRIOR * (scores[i] - scores[base]) for j in range(k)]
        gain = L._clearly_better(diffs)
        if gain > best_gain + 1e-12:
            best_i, best_gain = i, gain
    return opts[best_i]


def _ask(kind, n, default=0):
    opts = tuple(Decision("move", figure="f", x=float(i), y=0.0) for i in range(n))
    return SimpleNamespace(kind=kind, side="a", options=opts, default=opts[default])


def _match(figures):
    return SimpleNamespace(state=SimpleNamespace(in_play=lambda: [None] * figures))


@pytest.mark.parametrize("figures", [4, 30])  # three seeds, and two on a crowded table
def test_sequential_test_chooses_what_the_fixed_sample_chose(monkeypatch, figures):
    rng = random.Random(7)
    rolled = [0, 0]
    for trial in range(400):
        n = rng.choice([2, 3, 4])
        scores = [rng.choice([0.0, rng.uniform(-1.0, 1.0)]) for _ in range(n)]
        ask = _ask("action", n, default=rng.randrange(n))
        table = {}

        def value(match, decision, side, evaluator, seed, table=table, rng=rng):
            key = (decision.x, seed)
            if key not in table:  # gains near the override's edges: positive, small, large, equal
                table[key] = rng.choice([0.0, 0.2, 1.0, 3.0, rng.uniform(-2.0, 4.0)])
            rolled[0] += 1
            return table[key]

        monkeypatch.setattr(L, "rollout_value", value)
        seed = rng.getrandbits(32)
        got = L.choose(_match(figures), ask, scores, None, random.Random(seed))
        # the reference: every candidate on every seed, with the same seeds and values
        r = random.Random(seed)
        k = L.ROLLOUTS if figures <= L.CROWD else max(1, L.ROLLOUTS - 1)
        seeds = [r.getrandbits(62) for _ in range(k)]
        order = sorted(range(n), key=lambda i: -scores[i])
        cands = order[: L.TOP]
        di = ask.options.index(ask.default)
        if di not in cands:
            cands.append(di)
        if scores[order[0]] - scores[order[1]] > L.CLEAR_LEAD:
            assert got == ask.options[order[0]]
            continue
        values = {(i, j): value(None, ask.options[i], "a", None, s) for i in cands for j, s in enumerate(seeds)}
        rolled[0] -= len(values)
        rolled[1] += len(values)
        assert got == _fixed_sample_choice(ask.options, scores, values, k, order[0], cands), trial
    assert rolled[0] < rolled[1]  # and it did roll out less


def test_can_pass_never_drops_a_candidate_some_rollouts_could_still_pass():
    grid = [0.05 * i for i in range(1, 200)] + [1e3]
    for n in (2, 3, 4):
        for o in range(1, n):
            for seen in itertools.product([-0.1, 0.0, 0.1, 0.3, 0.37, 0.38, 0.8, 2.0], repeat=o):
                diffs = list(seen)
                passable = any(
                    L._clearly_better(diffs + list(rest)) > 0.0 for rest in itertools.product(grid[::9], repeat=n - o)
                ) or any(L._clearly_better(diffs + [x] * (n - o)) > 0.0 for x in grid)
                if passable:
                    assert L._can_pass(diffs, n), (diffs, n)


def test_can_pass_drops_a_small_first_gain_of_two_seeds():
    # two seeds: the mean must clear MARGIN and twice |d1 - d2| / 2, so d2 < 3 d1 and d1 + d2 > 2 MARGIN
    edge = L.MARGIN / 2.0
    assert not L._can_pass([0.99 * edge], 2)
    assert L._can_pass([1.01 * edge], 2)
    assert not L._can_pass([0.0], 3) and not L._can_pass([-1.0], 2)


def test_unmotivated_questions_take_normal_choice_without_rollouts(monkeypatch):
    def no_rollouts(*a, **k):
        raise AssertionError("rolled out an unmotivated question")

    monkeypatch.setattr(L, "rollout_value", no_rollouts)
    ask = _ask("unmotivated", 3)
    got = L.choose(_match(4), ask, [0.1, 0.2, 0.15], None, random.Random(1))
    assert got == ask.options[1]
