"""Mêlée dice: hands per quota (PYR-DICE-1), the reroll policy and the rolling itself (PYR-DICE-2).

The automatic reroll policy is decided per sorted multiset of faces and cached, so the code used in
play, the exact odds (``odds.py``) and the Monte Carlo tests all run the same decision.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from ..dice import Dice
from ..events import DiceRolled, Event
from ..implements import implements
from .events import DieRerolled, HandScored
from .hands import HAND_SCORE, MAX_HAND_DICE, Damage, Hand, _classify_sorted, hand_damage

#: PYR-DICE-1 table: hand size (quota points in the hand) → (d6 rolled, rerolls).
DICE_TABLE: dict[int, tuple[int, int]] = {1: (3, 0), 2: (4, 0), 3: (5, 0), 4: (5, 1), 5: (5, 2)}
HAND_QUOTA = 5

Chooser = Callable[[tuple[int, ...], int], "int | None"]
"""A reroll chooser: (current faces, rerolls left) → index of the die to reroll, or None to stop."""


@implements("PYR-MQ-7")
def round_quota(mq) -> int:
    """PYR-MQ-7: the side's exact total, rounded up once (GEN-ROUND-1). Accepts int or Fraction."""
    if type(mq) is int and mq >= 0:  # the flow's case (a Quota's mq): already whole
        return mq
    if isinstance(mq, bool) or not isinstance(mq, numbers.Rational):
        raise TypeError(f"a mêlée quota must be an int or a Fraction, got {type(mq).__name__} {mq!r} (PYR-MQ-7)")
    if mq < 0:
        raise ValueError(f"a mêlée quota cannot be negative, got {mq} (PYR-MQ-7)")
    return math.ceil(Fraction(mq))


def dice_for_quota(mq) -> list[tuple[int, int]]:
    """PYR-DICE-1: the (dice, rerolls) of each hand for a side's quota, after PYR-MQ-7 rounding.

    Hands of 5 quota points, then one hand of the remainder if any: MQ 12 → [(5, 2), (5, 2), (4, 0)],
    MQ 7 → [(5, 2), (4, 0)], MQ 0 → [].
    """
    q = round_quota(mq)
    full, rest = divmod(q, HAND_QUOTA)
    hands = [DICE_TABLE[HAND_QUOTA]] * full
    if rest:
        hands.append(DICE_TABLE[rest])
    return hands


# -- the automatic reroll policy (PYR-DICE-2) ------------------------------------------------------
@cache
@implements("PYR-DICE-2")
def reroll_values(sorted_faces: tuple[int, ...]) -> tuple[int, ...]:
    """PYR-DICE-2 auto policy on a sorted hand: the face values whose die the policy would reroll.

    For each die i, E_i = mean over the 6 faces of score(hand with die i set to that face). The
    values returned are those of the dice reaching max E_i, when max E_i > score(current); empty
    means stop. E_i depends only on the die's value, so the decision depends on the multiset; the
    tie-break "lowest index" is applied by ``auto_reroll_choice`` on the actual order. Works in
    integers (6×E_i against 6×score), so it is exact.
    """
    current = 6 * HAND_SCORE[_classify_sorted(sorted_faces)]
    best = -1
    values: list[int] = []
    for v in sorted(set(sorted_faces)):
        rest = list(sorted_faces)
        rest.remove(v)
        total = 0
        for f in range(1, 7):
            total += HAND_SCORE[_classify_sorted(tuple(sorted(rest + [f])))]
        if total > best:
            best, values = total, [v]
        elif total == best:
            values.append(v)
    return tuple(values) if best > current else ()


def auto_reroll_choice(faces: Sequence[int], rerolls_left: int) -> int | None:
    """PYR-DICE-2 auto policy: index of the die to reroll, or None to stop.

    With rerolls left, reroll the die with the highest E_i (lowest index on ties) if that beats the
    current score (2×KD + W); else stop.
    """
    if rerolls_left <= 0:
        return None
    values = reroll_values(tuple(sorted(faces)))
    if not values:
        return None
    if len(values) == 1:
        return list(faces).index(values[0])
    for i, v in enumerate(faces):
        if v in values:
            return i
    return None  # pragma: no cover - values come from faces


# -- rolling -----------------------------------------------------------------------------------------
def roll_hand_faces(
    dice: Dice, n: int, rerolls: int = 0, chooser: Chooser | None = None
) -> tuple[tuple[int, ...], list[tuple[int, int, int]], tuple[int, ...]]:
    """Throw ``n`` d6 from ``dice`` and use up to ``rerolls`` rerolls one at a time (PYR-DICE-2).

    Returns (first throw, [(index, old face, new face) per reroll], final faces). ``chooser`` picks
    the die to reroll (None = stop, which lapses the remaining rerolls); default the auto policy.
    This is the lean core that ``roll_hand`` (and the Monte Carlo tests) run.
    """
    if not 1 <= n <= MAX_HAND_DICE:
        raise ValueError(f"a mêlée hand has 1 to {MAX_HAND_DICE} dice, got {n} (PYR-DICE-1)")
    if rerolls < 0:
        raise ValueError(f"rerolls cannot be negative, got {rerolls} (PYR-DICE-1)")
    choose = chooser or auto_reroll_choice
    face = dice.face
    faces = [face(6) for _ in range(n)]
    first = tuple(faces)
    history: list[tuple[int, int, int]] = []
    left = rerolls
    while left > 0:
        i = choose(tuple(faces), left)
        if i is None:
            break
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < n:
            raise ValueError(f"reroll choice {i!r} is not a die of this {n}-dice hand (PYR-DICE-2)")
        new = face(6)
        history.append((i, faces[i], new))
        faces[i] = new
        left -= 1
    return first, history, tuple(faces)


@dataclass(frozen=True)
class HandRoll:
    """One rolled mêlée hand (PYR-DICE-1/2, PYR-DMG-1)."""

    dice: int
    """d6 thrown."""
    rerolls: int
    """Rerolls the hand had."""
    first: tuple[int, ...]
    """Faces of the first throw."""
    rerolled: tuple[tuple[int, int, int], ...]
    """(index, old, new) for each reroll used, in order."""
    faces: tuple[int, ...]
    """Final faces."""
    hand: Hand
    """PYR-DMG-1 category of the final faces."""
    damage: Damage
    """Casualties it adds to the pool."""
    events: tuple[Event, ...] = field(default=(), compare=False)
    """DiceRolled (first throw), one DieRerolled per reroll, HandScored."""

    @property
    def history(self) -> tuple[tuple[int, ...], ...]:
        """The faces after the first throw and after each reroll."""
        out = [self.first]
        cur = list(self.first)
        for i, _old, new in self.rerolled:
            cur[i] = new
            out.append(tuple(cur))
        return tuple(out)


def roll_hand(
    dice: Dice, n: int, rerolls: int = 0, chooser: Chooser | None = None, *, who: str = "", hand_no: int = 1
) -> HandRoll:
    """Roll one mêlée hand through ``dice`` with events (PYR-DICE-1, PYR-DICE-2, PYR-DMG-1)."""
    first, history, faces = roll_hand_faces(dice, n, rerolls, chooser)
    events: list[Event] = [
        DiceRolled(
            rule="PYR-DICE-1",
            who=who,
            purpose=f"mêlée hand {hand_no} ({n}d6, {rerolls} reroll{'s' if rerolls != 1 else ''})",
            faces=first,
        )
    ]
    cur = list(first)
    for k, (i, old, new) in enumerate(history):
        cur[i] = new
        events.append(
            DieRerolled(
                rule="PYR-DICE-2",
                who=who,
                hand_no=hand_no,
                index=i,
                old=old,
                new=new,
                faces=tuple(cur),
                rerolls_left=rerolls - k - 1,
            )
        )
    hand = _classify_sorted(tuple(sorted(faces)))
    dmg = hand_damage(hand)
    events.append(
        HandScored(
            rule="PYR-DMG-1",
            who=who,
            hand_no=hand_no,
            faces=faces,
            hand=hand.value,
            knockdowns=dmg.knockdowns,
            wounds=dmg.wounds,
            rerolls_used=len(history),
            thrown=tuple(first),
        )
    )
    return HandRoll(n, rerolls, first, tuple(history), faces, hand, dmg, tuple(events))


def roll_pool(dice: Dice, mq, chooser: Chooser | None = None, *, who: str = "") -> tuple[Damage, list[HandRoll]]:
    """Roll a side's whole pool for its quota (PYR-DICE-1): (summed Damage, the hands)."""
    hands = [roll_hand(dice, n, r, chooser, who=who, hand_no=k + 1) for k, (n, r) in enumerate(dice_for_quota(mq))]
    return sum((h.damage for h in hands), Damage()), hands
