"""Exact card-duel odds (DESIGN: exact odds) for ESC-DUEL-1..3 and ESC-RES-1.

Both hands are drawn without replacement from a full 52-card deck (ESC-DECK-1; by symmetry a
duel's hands are uniformly random disjoint sets even after reshuffles). The winner's pick
(ESC-DUEL-3) follows the stated default policy — Hearts, then Diamonds, then Spades/Clubs — or
another ``preference`` order of effects.

Counting, exact: sum over the loser's highest card m (the loser's other cards lie below it) and
over k ≥ 1, the number of the winner's cards above m (these are exactly the cards that beat all
the loser's cards); of the C(T, k) ways to take them from the T cards above m, the policy's first
choice is present in C(T, k) − C(T − c₁, k) ways, and so on down the preference.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from .cards import SUITS, Effect
from .duel import DEFAULT_PREFERENCE

_EFFECT_SUITS = {Effect.KILLED: ("H",), Effect.WOUNDED: ("D",), Effect.EVICTED: ("S", "C")}


@dataclass(frozen=True)
class DuelOdds:
    """Exact chances of one duel between a figure drawing ``draws_a`` and one drawing ``draws_b``."""

    draws_a: int
    draws_b: int
    a_wins: Fraction
    """Chance that a owns the highest card."""
    b_wins: Fraction
    """Chance that b does (a_wins + b_wins == 1)."""
    effects: dict
    """(winner "a"|"b", effect) → chance; ("a", "killed") = a wins and b's figure is killed."""

    def __getitem__(self, key):
        return self.effects[key]


def _winner_counts(n_w: int, n_l: int, preference: Sequence[Effect]) -> dict[Effect, int]:
    counts = {e: 0 for e in Effect}
    for m in range(52):  # index of the loser's highest card in rank-then-suit order
        below_for_loser = comb(m, n_l - 1)
        if below_for_loser == 0:
            continue
        free_below = m - (n_l - 1)
        T = 51 - m
        size = {e: sum(1 for key in range(m + 1, 52) if SUITS[key % 4] in _EFFECT_SUITS[e]) for e in Effect}
        for k in range(1, min(n_w, T) + 1):
            below_ways = comb(free_below, n_w - k)
            if below_ways == 0:
                continue
            remaining = T
            for e in preference:
                with_e = comb(remaining, k) - comb(remaining - size[e], k)
                counts[e] += below_for_loser * below_ways * with_e
                remaining -= size[e]
    return counts


def duel_odds(draws_a: int, draws_b: int, preference: Sequence[Effect | str] = DEFAULT_PREFERENCE) -> DuelOdds:
    """Exact odds of a duel (ESC-DUEL-2/3, ESC-RES-1) under the winner's pick ``preference``
    (default ESC-DUEL-3 AI policy: Hearts, then Diamonds, then Spades/Clubs)."""
    for n in (draws_a, draws_b):
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"each figure draws at least one card (ESC-DUEL-1), got {n!r}")
    if draws_a + draws_b > 52:
        raise ValueError("a duel cannot draw more than 52 cards")
    pref = tuple(Effect(e) for e in preference)
    if sorted(pref) != sorted(Effect):
        raise ValueError("preference must order all three effects")
    total = comb(52, draws_a) * comb(52 - draws_a, draws_b)
    effects = {}
    for side, n_w, n_l in (("a", draws_a, draws_b), ("b", draws_b, draws_a)):
        for e, n in _winner_counts(n_w, n_l, pref).items():
            effects[(side, e.value)] = Fraction(n, total)
    a = sum((v for (s, _), v in effects.items() if s == "a"), Fraction(0))
    b = sum((v for (s, _), v in effects.items() if s == "b"), Fraction(0))
    return DuelOdds(draws_a, draws_b, a, b, effects)


def _pct(f: Fraction) -> str:
    return f"{float(f) * 100:6.2f}%"


def _frac(f: Fraction) -> str:
    s = str(f)
    return s if len(s) <= 24 else f"{f.numerator}/…"


def odds_report_escarmouche(draws_a: int, draws_b: int) -> str:
    """Exact card-duel table as text: who wins and with which effect (fractions and percentages)."""
    o = duel_odds(draws_a, draws_b)
    lines = [
        f"Escarmouche card duel: A draws {draws_a}, B draws {draws_b} (52-card deck)",
        "Winner's pick (ESC-DUEL-3 default): Hearts, then Diamonds, then Spades/Clubs",
        "",
    ]
    rows = [("A wins", o.a_wins)]
    rows += [(f"  A wins, B {e.value}", o.effects[("a", e.value)]) for e in Effect]
    rows += [("B wins", o.b_wins)]
    rows += [(f"  B wins, A {e.value}", o.effects[("b", e.value)]) for e in Effect]
    for label, f in rows:
        lines.append(f"  {label:<22} {_frac(f):>24}  {_pct(f)}")
    return "\n".join(lines)
