"""Who allocates casualties first (PYR-ALLOC-1)."""

from __future__ import annotations

from ..implements import implements
from .hands import Damage


@implements("PYR-ALLOC-1")
def first_allocator(pool_a: Damage, pool_b: Damage) -> str | None:
    """PYR-ALLOC-1: "a" or "b", the side with the better dice; None = a roll-off decides.

    Higher pool score 2×KD + W; tie → more KD; tie → roll-off (GEN-DICE-3).
    """
    if pool_a.score != pool_b.score:
        return "a" if pool_a.score > pool_b.score else "b"
    if pool_a.knockdowns != pool_b.knockdowns:
        return "a" if pool_a.knockdowns > pool_b.knockdowns else "b"
    return None
