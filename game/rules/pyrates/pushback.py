"""Pushback: when it may be taken, which way, the follow-up and the AI default (PYR-PUSH-1..6)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from ..implements import implements

MIN_PUSH_LENGTH = 0.25


class PushbackCheck(NamedTuple):
    """The pushback option offered for an item: "pushback" (instead of a W), "pushback_wounded"
    (instead of a KD) or None, with the reason when it is not offered."""

    option: str | None
    reason: str


@implements("PYR-CARD-5", "PYR-PUSH-1", "PYR-PUSH-2")
def pushback_option(
    kind: str,
    *,
    victim_wounded: bool,
    mounted: bool = False,
    surrounded: bool = False,
    sneaky: bool = False,
    disarmed: bool = False,
    sweep_clear: bool = True,
) -> PushbackCheck:
    """PYR-PUSH-1/2 (with PYR-SUR-1, PYR-MNT-2, PYR-DIS-2, PYR-MG-1, PYR-CARD-5).

    Offered a W the victim may be pushed back instead (no wound); offered a KD an unwounded victim
    may be pushed back wounded instead (no save). Elected before the save. Illegal when the victim
    is mounted, surrounded, disarmed, struck by a Sneaky Attack or a Main Gauche (``sneaky``), or
    the sweep of a base depth along the push direction is not clear (GEO-SWEEP-1; also pass False
    when PYR-PUSH-3 gives no direction).
    """
    if kind in ("w", "capture"):
        option = "pushback"
    elif kind in ("kd", "disarm"):
        if victim_wounded:
            return PushbackCheck(None, "a wounded figure cannot be pushed back wounded (PYR-PUSH-1)")
        option = "pushback_wounded"
    else:
        raise ValueError(f"unknown mêlée item {kind!r} (PYR-ALLOC-2)")
    if kind == "capture":
        return PushbackCheck(None, "a disarmed figure cannot be pushed back (PYR-DIS-2)")
    for bad, why in (
        (mounted, "mounted figures cannot be pushed back (PYR-MNT-2)"),
        (disarmed, "a disarmed figure cannot be pushed back (PYR-DIS-2)"),
        (surrounded, "a surrounded figure cannot be pushed back (PYR-SUR-1)"),
        (sneaky, "struck by a Sneaky Attack or Main Gauche (PYR-PUSH-2)"),
        (not sweep_clear, "no clear base depth to be pushed back along (PYR-PUSH-2)"),
    ):
        if bad:
            return PushbackCheck(None, why)
    return PushbackCheck(option, "")


@implements("PYR-PUSH-3")
def push_direction(victim: tuple[float, float], sources: Sequence[tuple[float, float]]) -> tuple[float, float] | None:
    """PYR-PUSH-3: unit vector of the push, from the tapper's centre to the victim's.

    With several sources at once (simultaneous allocation) the unit vectors are summed; if that
    sum is shorter than 0.25 the pushback is illegal (None), else it is normalised. A source at the
    victim's centre gives no direction (None).
    """
    if not sources:
        raise ValueError("a pushback needs at least one source (PYR-PUSH-3)")
    vx, vy = victim
    sx = sy = 0.0
    for x, y in sources:
        dx, dy = vx - x, vy - y
        length = math.hypot(dx, dy)
        if length == 0.0:
            return None
        sx += dx / length
        sy += dy / length
    total = math.hypot(sx, sy)
    if total < MIN_PUSH_LENGTH:
        return None
    return (sx / total, sy / total)


@implements("PYR-PUSH-4")
def may_follow_up(striker_wounded: bool, sweep_clear: bool = True) -> bool:
    """PYR-PUSH-4: an unwounded striker may follow up by the same vector if its sweep is clear."""
    return not striker_wounded and sweep_clear


@implements("PYR-PUSH-6")
def ai_takes_pushback(option: str | None, save_target: int) -> bool:
    """PYR-PUSH-6 AI default: take the W pushback when legal unless the save target ≤ 3; take the
    pushed-back-wounded option when the save target ≥ 5."""
    if option == "pushback":
        return save_target > 3
    if option == "pushback_wounded":
        return save_target >= 5
    return False
