"""Exact odds of mêlée hands and pools (PYR-DICE-1, PYR-DICE-2, PYR-DMG-1; DESIGN: exact odds).

``hand_odds(n, r)`` is exact under the PYR-DICE-2 auto policy, including its "lowest index" tie
break: where several dice values tie for the best E_i, which one is rerolled depends on the order
of the dice, and that can change what a later reroll can reach. So the dynamic programme works on
ordered hands (6^n of them, integer-coded) and merges states only where that is exact:
  * hands whose chosen die sits at the same position with the same other dice have the same
    children, so they are expanded once ("groups");
  * with one reroll left, the outcome depends only on (multiset, value rerolled), so those states
    are merged by that key.
All counting is in integers over the common denominator 6^(n+r); results are Fractions.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from functools import cache

from .hands import HAND_DAMAGE, MAX_HAND_DICE, Damage, Hand, _classify_sorted
from .rolls import dice_for_quota, reroll_values

_HANDS = tuple(Hand)
_HAND_INDEX = {h: k for k, h in enumerate(_HANDS)}


class _Tables:
    """Per hand size n: facts about every ordered hand, indexed by code (itertools.product order)."""

    __slots__ = ("n", "hand", "group", "last", "last_dist", "stop_counts", "group_counts", "last_counts")

    def __init__(self, n: int):
        self.n = n
        weights = [6 ** (n - 1 - j) for j in range(n)]
        hand: list[int] = []
        group: list[int] = []  # -1 = stop; else (code with chosen die set to 1) * 8 + position
        last: list[int] = []  # key for the last reroll: multiset id * 7 + value (0 = stop)
        ms_ids: dict[tuple[int, ...], int] = {}
        ms_list: list[tuple[int, ...]] = []
        for code, t in enumerate(itertools.product(range(1, 7), repeat=n)):
            s = tuple(sorted(t))
            mid = ms_ids.get(s)
            if mid is None:
                mid = ms_ids[s] = len(ms_list)
                ms_list.append(s)
            hand.append(_HAND_INDEX[_classify_sorted(s)])
            values = reroll_values(s)
            if not values:
                group.append(-1)
                last.append(mid * 7)
                continue
            if len(values) == 1:
                i = t.index(values[0])
            else:
                i = next(k for k, v in enumerate(t) if v in values)
            v = t[i]
            group.append((code - (v - 1) * weights[i]) * 8 + i)
            last.append(mid * 7 + v)
        self.hand, self.group, self.last = hand, group, last
        # outcome of the last reroll for each (multiset, value) key: hand index → count out of 6
        last_dist: dict[int, tuple[tuple[int, int], ...]] = {}
        for key in set(last):
            mid, v = divmod(key, 7)
            s = ms_list[mid]
            if v == 0:
                last_dist[key] = ((_HAND_INDEX[_classify_sorted(s)], 6),)
                continue
            rest = list(s)
            rest.remove(v)
            c = Counter(_HAND_INDEX[_classify_sorted(tuple(sorted(rest + [f])))] for f in range(1, 7))
            last_dist[key] = tuple(sorted(c.items()))
        self.last_dist = last_dist
        self.stop_counts = Counter(hand[c] for c in range(len(hand)) if group[c] < 0)
        self.group_counts = Counter(g for g in group if g >= 0)
        self.last_counts = Counter(last)


@cache
def _tables(n: int) -> _Tables:
    return _Tables(n)


@cache
def _hand_counts(n: int, r: int) -> tuple[int, ...]:
    """Counts per hand (in ``Hand`` order) out of 6^(n+r), under the auto policy."""
    if r == 0:
        counts = [0] * len(_HANDS)
        for s, mult in _multisets(n):
            counts[_HAND_INDEX[_classify_sorted(s)]] += mult
        return tuple(counts)
    tb = _tables(n)
    final = [0] * len(_HANDS)
    last_counts: Mapping[int, int]
    if r == 1:
        last_counts = tb.last_counts
    else:
        # first throw: stopped hands keep their weight for all r rerolls; the rest expand once per group
        scale = 6**r
        for h, w in tb.stop_counts.items():
            final[h] += w * scale
        cur = _expand(tb, tb.group_counts)
        remaining = r - 1
        while remaining > 1:
            groups: dict[int, int] = {}
            scale = 6**remaining
            for code, w in cur.items():
                g = tb.group[code]
                if g < 0:
                    final[tb.hand[code]] += w * scale
                else:
                    groups[g] = groups.get(g, 0) + w
            cur = _expand(tb, groups)
            remaining -= 1
        counts_left: dict[int, int] = {}
        last = tb.last
        for code, w in cur.items():
            k = last[code]
            counts_left[k] = counts_left.get(k, 0) + w
        last_counts = counts_left
    dist = tb.last_dist
    for key, w in last_counts.items():
        for h, c in dist[key]:
            final[h] += w * c
    return tuple(final)


def _expand(tb: _Tables, groups) -> dict[int, int]:
    out: dict[int, int] = {}
    n = tb.n
    for g, w in groups.items():
        base, i = divmod(g, 8)
        p = 6 ** (n - 1 - i)
        for f in range(6):
            c = base + f * p
            out[c] = out.get(c, 0) + w
    return out


@cache
def _multisets(n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Sorted hands of n d6 with the number of ordered throws giving each."""
    out = []
    fact = [1, 1, 2, 6, 24, 120]
    for s in itertools.combinations_with_replacement(range(1, 7), n):
        mult = fact[n]
        for c in Counter(s).values():
            mult //= fact[c]
        out.append((s, mult))
    return tuple(out)


def _check(n: int, r: int) -> None:
    for name, v in (("dice", n), ("rerolls", r)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError(f"{name} must be an int, got {v!r}")
    if not 1 <= n <= MAX_HAND_DICE:
        raise ValueError(f"a mêlée hand has 1 to {MAX_HAND_DICE} dice, got {n} (PYR-DICE-1)")
    if r < 0:
        raise ValueError(f"rerolls cannot be negative, got {r} (PYR-DICE-2)")


@cache
def _hand_odds_cached(n: int, r: int) -> tuple[tuple[Hand, Fraction], ...]:
    counts = _hand_counts(n, r)
    total = 6 ** (n + r)
    return tuple((h, Fraction(c, total)) for h, c in zip(_HANDS, counts))


def hand_odds(dice: int, rerolls: int = 0) -> dict[Hand, Fraction]:
    """Exact probability of each hand (every ``Hand`` is a key; they sum to exactly 1).

    ``dice`` d6 thrown, then up to ``rerolls`` rerolls under the PYR-DICE-2 auto policy
    (score 2×KD + W, one die at a time, the die with best expected score, lowest index on ties,
    stop when no die improves on the current score). PYR-DMG-1 categories.
    """
    _check(dice, rerolls)
    return dict(_hand_odds_cached(dice, rerolls))


def hand_damage_odds(dice: int, rerolls: int = 0) -> dict[Damage, Fraction]:
    """Exact distribution of one hand's casualties (PYR-DMG-1), impossible outcomes left out."""
    return {HAND_DAMAGE[h]: p for h, p in hand_odds(dice, rerolls).items() if p}


@cache
def _pool_counts(hands: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, int], int], ...]:
    dist: dict[tuple[int, int], int] = {(0, 0): 1}
    for n, r in hands:
        counts = _hand_counts(n, r)
        new: dict[tuple[int, int], int] = {}
        for (kd, w), a in dist.items():
            for h, c in zip(_HANDS, counts):
                if c:
                    d = HAND_DAMAGE[h]
                    key = (kd + d.knockdowns, w + d.wounds)
                    new[key] = new.get(key, 0) + a * c
        dist = new
    return tuple(sorted(dist.items()))


def side_damage_odds(mq) -> dict[Damage, Fraction]:
    """Exact distribution of a side's whole pool for quota ``mq`` (PYR-DICE-1, PYR-DMG-1).

    The hands of ``dice_for_quota(mq)`` are independent; their damages add. Keys are ``Damage``
    (sorted by knockdowns, then wounds), values sum to exactly 1. MQ 0 → {Damage(0, 0): 1}.
    """
    hands = tuple(dice_for_quota(mq))
    total = 1
    for n, r in hands:
        total *= 6 ** (n + r)
    return {Damage(kd, w): Fraction(c, total) for (kd, w), c in _pool_counts(hands)}


def expected_damage(mq) -> tuple[Fraction, Fraction]:
    """Exact expected (knockdowns, wounds) of a side's pool for quota ``mq``."""
    dist = side_damage_odds(mq)
    return (
        sum((p * d.knockdowns for d, p in dist.items()), Fraction(0)),
        sum((p * d.wounds for d, p in dist.items()), Fraction(0)),
    )


def clear_caches() -> None:
    """Forget every cached table (for cold timings in benchmarks and tests)."""
    from .hands import _classify_sorted as cls

    for f in (_tables, _hand_counts, _multisets, _hand_odds_cached, _pool_counts, reroll_values, cls):
        f.cache_clear()


def tally_win_odds(a: dict, b: dict) -> Fraction:
    """PYR-WIN-1 on the dice alone: the exact chance that pool ``a`` (a ``side_damage_odds``
    distribution) beats pool ``b`` — more knockdowns, then more wounds; a full tie is a roll-off,
    counted as one half. The odds preview and the AI both ask this."""
    win = tie = Fraction(0)
    for da, pa in a.items():
        for db, pb in b.items():
            ka, kb = (da.knockdowns, da.wounds), (db.knockdowns, db.wounds)
            if ka > kb:
                win += pa * pb
            elif ka == kb:
                tie += pa * pb
    return win + tie / 2
