"""RNG-MOR-1 individual morale: once a faction is broken, failed motivation means flight."""

from __future__ import annotations

from ..implements import implements


def morale_broken(*, leader_killed: bool, start_points: int, current_points: int) -> bool:
    """RNG-MOR-1: true once the faction's Leader is killed or its points are half the start or less."""
    return leader_killed or 2 * current_points <= start_points


@implements("RNG-MOR-1")
def failed_motivation_outcome(*, morale_broken: bool, determined: bool = False) -> str:
    """RNG-MOR-1: what a failed motivation roll means: "flee" (the figure is removed from play)
    once morale is broken, unless the figure is Determined; otherwise "fail" (RNG-MOT-3 options).
    Figures that never roll (Leaders, Civilians, retaliators) are unaffected."""
    return "flee" if morale_broken and not determined else "fail"
