"""Seeded Monte Carlo checks of exact odds, shared by the rules tests (within 4 standard errors)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable
from fractions import Fraction

from game.rules.dice import Dice

N = 100_000


def assert_matches(exact: Fraction, hits: int, n: int, what: str = "") -> None:
    """The observed frequency is within 4 standard errors of the exact chance (exact when p is 0 or 1)."""
    p = float(exact)
    if p in (0.0, 1.0):
        assert hits == round(p * n), f"{what}: exact {exact}, observed {hits}/{n}"
        return
    se = math.sqrt(p * (1 - p) / n)
    assert abs(hits / n - p) <= 4 * se, (
        f"{what}: exact {exact} = {p:.4f}, observed {hits / n:.4f} (4 SE = {4 * se:.4f})"
    )


def run(seed: int, trial: Callable[[Dice], Hashable], n: int = N) -> Counter:
    """Run ``trial`` n times on one seeded Dice and count its outcomes."""
    dice = Dice(seed)
    return Counter(trial(dice) for _ in range(n))


def assert_distribution(exact: dict, counts: Counter, n: int, what: str = "") -> None:
    assert set(counts) <= set(exact), f"{what}: outcomes {set(counts) - set(exact)} have exact probability 0"
    for k, p in exact.items():
        assert_matches(p, counts.get(k, 0), n, f"{what} [{k}]")
