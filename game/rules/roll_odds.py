"""What a rolled event had to go on: its dice, modifiers, target, the exact chance it had and where
its outcome fell in the exact distribution the rules compute (DESIGN: exact odds).

A rolled event answers ``roll_parts()`` with a ``RollParts`` (None for events that roll nothing).
The "Why?" of a log line and the after-action report's luck read only this, so each system keeps
the arithmetic of its own rolls beside its events.

Luck of one roll = the mid-percentile of its outcome, turned so that 1 is the best the roller could
have thrown: P(worse) + P(same) / 2. Over many rolls of fair dice it averages one half.

Pure: stdlib only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache


@dataclass(frozen=True, slots=True)
class Outcome:
    """One way the roll could have come out, with its exact chance."""

    words: str
    """The outcome in a player's words ("Full house", "a double win")."""
    chance: Fraction
    """Exact probability."""
    happened: bool = False
    """This is the way it did come out."""


@dataclass(frozen=True, slots=True)
class RollParts:
    """The arithmetic of one rolled event."""

    rule: str
    """The rule that called for the roll."""
    dice: tuple[tuple[int, int], ...]
    """(faces of the die, natural face thrown), in the order rolled."""
    modifier: int = 0
    """Total modifier added to the natural sum."""
    parts: tuple[tuple[str, int, str], ...] = ()
    """(rule ID, amount, reason) of each modifier, where the event names them."""
    target_parts: tuple[tuple[str, int, str], ...] = ()
    """(rule ID, amount, reason) of each modifier that moved the target, where the event names them."""
    total: int | None = None
    """Natural sum plus modifier."""
    target: int | None = None
    """Target number of a test, else None."""
    roll_under: bool = False
    """The test passes on total <= target (else total >= target)."""
    natural_pass: tuple[int, ...] = ()
    """Faces of a single die that pass whatever the total."""
    natural_fail: tuple[int, ...] = ()
    """Faces of a single die that fail whatever the total."""
    success: bool | None = None
    """The test's result, None for a roll that is not a test."""
    chance: Fraction | None = None
    """Exact chance the test had of passing (None for a roll that is not a test)."""
    outcomes: tuple[Outcome, ...] = ()
    """Every way the roll could have come out, when there are few (hands, opposed results)."""
    luck: tuple[tuple[str, Fraction], ...] = ()
    """(figure or side id, mid-percentile of the outcome for it): empty when better or worse is not
    the roller's (a direction, which patch of fire spreads)."""


@cache
def sum_counts(n: int, sides: int) -> tuple[int, ...]:
    """Ways to throw each natural sum of ``n`` dice of ``sides`` faces: index = sum − n."""
    counts = [1]
    for _ in range(n):
        nxt = [0] * (len(counts) + sides - 1)
        for i, c in enumerate(counts):
            for f in range(sides):
                nxt[i + f] += c
        counts = nxt
    return tuple(counts)


def _throws(n: int, sides: int) -> Iterable[tuple[int, int, int]]:
    """(natural sum, ways, single face or 0) over every natural sum of n dice."""
    for i, c in enumerate(sum_counts(n, sides)):
        s = n + i
        yield s, c, (s if n == 1 else 0)


def pass_chance(
    n: int,
    sides: int,
    modifier: int,
    target: int,
    roll_under: bool,
    natural_pass: Iterable[int] = (),
    natural_fail: Iterable[int] = (),
) -> Fraction:
    """Exact chance that ``n`` d``sides`` + ``modifier`` passes ``target`` (GEN-DICE-2), with a single
    die's natural passes and fails."""
    yes, no = set(natural_pass), set(natural_fail)
    good = 0
    for s, c, face in _throws(n, sides):
        total = s + modifier
        ok = total <= target if roll_under else total >= target
        if face and face in yes:
            ok = True
        if face and face in no:
            ok = False
        good += c if ok else 0
    return Fraction(good, sides**n)


def percentile(weights: Iterable[tuple[float | int, int | Fraction]], value: float | int) -> Fraction:
    """Mid-percentile of ``value`` among (outcome, weight) pairs where a larger outcome is better:
    P(worse) + P(same) / 2."""
    below = same = whole = Fraction(0)
    for v, w in weights:
        fw = Fraction(w)
        whole += fw
        if v < value:
            below += fw
        elif v == value:
            same += fw
    return (below + same / 2) / whole if whole else Fraction(1, 2)


def sum_percentile(n: int, sides: int, natural: int, low_is_good: bool = False) -> Fraction:
    """Where a natural sum of ``n`` d``sides`` falls, 1 the best (the lowest when ``low_is_good``)."""
    sign = -1 if low_is_good else 1
    return percentile(((sign * s, c) for s, c, _ in _throws(n, sides)), sign * natural)
