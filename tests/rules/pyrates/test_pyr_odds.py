"""Exact odds (PYR-DICE-1/2, PYR-DMG-1; DESIGN: exact odds) against brute force and Monte Carlo."""

import itertools
import math
from collections import Counter
from fractions import Fraction
from functools import cache, lru_cache

import pytest

from game.rules.dice import Dice
from game.rules.pyrates import (
    DICE_TABLE,
    Damage,
    Hand,
    classify_hand,
    dice_for_quota,
    expected_damage,
    hand_damage,
    hand_damage_odds,
    hand_odds,
    roll_hand_faces,
    side_damage_odds,
)

HAND_CASES = sorted(set(DICE_TABLE.values()))  # (3,0) (4,0) (5,0) (5,1) (5,2)


# -- an independent brute force: the rule text on ordered dice, every face sequence ---------------
def _score(faces):
    d = hand_damage(classify_hand(faces))
    return 2 * d.knockdowns + d.wounds


def _choice(faces):
    e = [Fraction(sum(_score(faces[:i] + (f,) + faces[i + 1 :]) for f in range(1, 7)), 6) for i in range(len(faces))]
    best = max(e)
    return e.index(best) if best > _score(faces) else None


def brute_force(n, r):
    """Enumerate every first throw and every reroll face, each sequence with probability 6^-(n+k).

    Counted in whole sixths of 6^-(n+r) (a sequence stopping with ``left`` rerolls unused weighs
    6^left) and divided once at the end: exact, and far quicker than a Fraction per leaf."""
    out = Counter()

    def walk(faces, left):
        i = _choice(faces) if left else None
        if i is None:
            out[classify_hand(faces)] += 6**left
            return
        for f in range(1, 7):
            walk(faces[:i] + (f,) + faces[i + 1 :], left - 1)

    for t in itertools.product(range(1, 7), repeat=n):
        walk(t, r)
    return {h: Fraction(out.get(h, 0), 6 ** (n + r)) for h in Hand}


def memo_brute_force(n, r):
    """Same walk, memoised on the ORDERED hand (exact: the state is the ordered dice).

    ``dist(faces, left)`` counts in units of 6^-left (whole numbers, exact like the Fractions it
    replaces, and quicker); the total is divided by 6^(n+r) once."""
    choice = lru_cache(maxsize=None)(_choice)

    @cache
    def dist(faces, left):
        i = choice(faces) if left else None
        if i is None:
            return ((classify_hand(faces), 6**left),)
        acc = Counter()
        for f in range(1, 7):
            for h, c in dist(faces[:i] + (f,) + faces[i + 1 :], left - 1):
                acc[h] += c
        return tuple(acc.items())

    out = Counter()
    for t in itertools.product(range(1, 7), repeat=n):
        for h, c in dist(t, r):
            out[h] += c
    return {h: Fraction(out.get(h, 0), 6 ** (n + r)) for h in Hand}


@pytest.mark.parametrize("n, r", [(1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (5, 1), (3, 1), (4, 2), (2, 3)])
def test_PYR_DICE_2_hand_odds_equal_brute_force(n, r):
    assert hand_odds(n, r) == brute_force(n, r)


def test_PYR_DICE_2_hand_odds_5d6_2_rerolls_equal_ordered_enumeration():
    assert hand_odds(5, 2) == memo_brute_force(5, 2)


def test_PYR_DICE_2_hand_odds_5d6_3_rerolls_equal_ordered_enumeration():
    assert hand_odds(5, 3) == memo_brute_force(5, 3)


def test_PYR_DICE_2_tie_break_by_index_matters():
    """Rerolling the lowest-index die among tied values is not the same as a fixed value choice:
    a multiset-only DP that always rerolls the lowest tied value gives other odds for 5d6+2."""
    from game.rules.pyrates.rolls import reroll_values

    @cache
    def dist(s, left):
        vals = reroll_values(s) if left else ()
        if not vals:
            return ((classify_hand(s), Fraction(1)),)
        rest = list(s)
        rest.remove(vals[0])
        acc = Counter()
        for f in range(1, 7):
            for h, p in dist(tuple(sorted(rest + [f])), left - 1):
                acc[h] += p / 6
        return tuple(acc.items())

    out = Counter()
    for t in itertools.product(range(1, 7), repeat=5):
        for h, p in dist(tuple(sorted(t)), 2):
            out[h] += p / 6**5
    assert {h: out.get(h, 0) for h in Hand} != hand_odds(5, 2)


@pytest.mark.parametrize("n, r", [(n, r) for n in range(1, 6) for r in range(0, 4)])
def test_PYR_DICE_2_hand_odds_sum_to_exactly_one(n, r):
    odds = hand_odds(n, r)
    assert set(odds) == set(Hand)
    assert all(isinstance(p, Fraction) and p >= 0 for p in odds.values())
    assert sum(odds.values()) == 1


def test_PYR_DICE_2_known_values():
    assert hand_odds(1) == {h: Fraction(int(h is Hand.NOTHING)) for h in Hand}
    assert hand_odds(2)[Hand.PAIR] == Fraction(1, 6)
    assert hand_odds(3)[Hand.PAIR] == Fraction(90, 216)  # 3 · 6 · 5 ordered
    assert hand_odds(3)[Hand.THREE_OF_A_KIND] == Fraction(1, 36)
    assert hand_odds(5)[Hand.STRAIGHT] == Fraction(240, 7776)
    assert hand_odds(5)[Hand.FIVE_OF_A_KIND] == Fraction(6, 7776)
    assert hand_odds(5)[Hand.FULL_HOUSE] == Fraction(300, 7776)
    assert hand_odds(4)[Hand.FOUR_OF_A_KIND] == Fraction(6, 1296)


def test_PYR_DICE_2_rerolls_never_lower_the_expected_score():
    def mean(odds):
        return sum(p * hand_damage(h).score for h, p in odds.items())

    assert mean(hand_odds(5, 0)) < mean(hand_odds(5, 1)) < mean(hand_odds(5, 2))


def test_PYR_DICE_2_cached_result_is_a_copy():
    a = hand_odds(5, 2)
    a[Hand.PAIR] = Fraction(7)
    assert hand_odds(5, 2)[Hand.PAIR] != 7


def test_PYR_DICE_2_hand_odds_rejects_bad_sizes():
    for bad in [(0, 0), (6, 0), (5, -1)]:
        with pytest.raises(ValueError):
            hand_odds(*bad)


# -- Monte Carlo against the REAL reroll code ---------------------------------------------------------
MC_HANDS = 200_000


@pytest.mark.parametrize("n, r", HAND_CASES)
def test_PYR_DICE_2_monte_carlo_agrees_with_exact_odds(n, r):
    """200,000 seeded hands per table case through ``roll_hand_faces`` (the code play uses, with its
    auto policy); every hand's frequency within 4 standard errors of the exact probability."""
    dice = Dice(1000 * n + r)
    counts = Counter()
    for _ in range(MC_HANDS):
        counts[classify_hand(roll_hand_faces(dice, n, r)[2])] += 1
    for h, p in hand_odds(n, r).items():
        if p == 0:
            assert counts[h] == 0, h
            continue
        se = math.sqrt(float(p) * (1 - float(p)) / MC_HANDS)
        assert abs(counts[h] / MC_HANDS - float(p)) <= 4 * se, (n, r, h, counts[h] / MC_HANDS, float(p))


# -- a side's pool ----------------------------------------------------------------------------------
@pytest.mark.parametrize("mq", [0, 1, 2, 3, 4, 5, 7, 12, Fraction(3, 2), 16])
def test_PYR_DICE_1_side_damage_odds_sum_to_one(mq):
    dist = side_damage_odds(mq)
    assert sum(dist.values()) == 1
    assert all(isinstance(k, Damage) for k in dist)


def test_PYR_DICE_1_side_damage_odds_mq0_is_nothing():
    assert side_damage_odds(0) == {Damage(0, 0): Fraction(1)}


def test_PYR_DICE_1_side_damage_odds_single_hand_is_hand_odds():
    assert side_damage_odds(5) == hand_damage_odds(5, 2)
    assert side_damage_odds(1) == hand_damage_odds(3, 0)


def test_PYR_DICE_1_side_damage_odds_mq12_is_convolution():
    hands = [hand_damage_odds(n, r) for n, r in dice_for_quota(12)]
    expect = Counter()
    for combo in itertools.product(*(h.items() for h in hands)):
        d = sum((c[0] for c in combo), Damage())
        p = math.prod((c[1] for c in combo), start=Fraction(1))
        expect[d] += p
    assert side_damage_odds(12) == dict(expect)


def test_PYR_DICE_1_expected_damage_adds_over_hands():
    ekd, ew = expected_damage(7)
    parts = [hand_damage_odds(n, r) for n, r in dice_for_quota(7)]
    assert ekd == sum(sum(p * d.knockdowns for d, p in h.items()) for h in parts)
    assert ew == sum(sum(p * d.wounds for d, p in h.items()) for h in parts)


# The cold/cached goals of hand_odds (≤ 50 ms / ≤ 1 ms) are figures in tools/bench.py (melee section),
# measured against a same-run baseline: a wall-clock assertion here failed whenever the machine was busy.
