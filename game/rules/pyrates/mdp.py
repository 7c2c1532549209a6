"""Mutinous Dog points (PYR-MDP-1): a side's count, changes to it, and a camp's sum."""

from __future__ import annotations

from ..events import Note
from ..implements import implements
from .state import pyr


# -- PYR-MDP-1 ----------------------------------------------------------------------------------------
def mdp_of(state, side: str) -> int:
    return int(pyr(state).mdp.get(side, 0))


@implements("PYR-MDP-1")
def add_mdp(ctx, side: str, n: int, why: str, rule: str = "PYR-MDP-1") -> int:
    """PYR-MDP-1: change a side's Mutinous Dog points, never below 0; returns the new value."""
    mdp = pyr(ctx.state).mdp
    old = int(mdp.get(side, 0))
    new = max(0, old + n)
    mdp[side] = new
    if new != old:
        ctx.emit(
            Note(
                rule=rule,
                who=side,
                message=f"{ctx.state.side(side).name}: {why}: Mutinous Dog points {old} → {new} (PYR-MDP-1)",
            )
        )
    return new


def camp_mdp(state, camp: str) -> int:
    """PYR-WIN-1 with allies counted as one: the MDP of every side of the camp."""
    from .engage import camp_of

    return sum(int(v) for s, v in pyr(state).mdp.items() if s in state.side_ids() and camp_of(state, s) == camp)
