"""The round tally and its winner (PYR-WIN-1)."""

from __future__ import annotations

from dataclasses import dataclass

from ..implements import implements


@dataclass(frozen=True, slots=True)
class Tally:
    """One side's round tally (allied sides count as one)."""

    kd: int = 0
    """Knockdowns inflicted: unsaved KD, second wounds, disarms, captures, unallocated KD, falls."""
    wounds: int = 0
    """Wounds inflicted: unsaved W, pushed-back-wounded, unallocated W, drop-table wounds."""
    pushbacks: int = 0
    """Pushbacks forced (a pushed-back-wounded counts here too, PYR-PUSH-5)."""
    mdp: int = 0
    """The player's Mutinous Dog points (PYR-MDP-1): fewer wins the last tie-break."""

    def __add__(self, other: Tally) -> Tally:
        if not isinstance(other, Tally):
            return NotImplemented
        return Tally(
            self.kd + other.kd, self.wounds + other.wounds, self.pushbacks + other.pushbacks, self.mdp + other.mdp
        )


@implements("PYR-WIN-1")
def tally_decider(a: Tally, b: Tally) -> tuple[str | None, str]:
    """PYR-WIN-1 with the criterion that decided: ("a"|"b"|None, "knockdowns"|"wounds"|
    "pushbacks"|"mutinous dog points"|"roll-off")."""
    for name, x, y, more in (
        ("knockdowns", a.kd, b.kd, True),
        ("wounds", a.wounds, b.wounds, True),
        ("pushbacks", a.pushbacks, b.pushbacks, True),
        ("mutinous dog points", a.mdp, b.mdp, False),
    ):
        if x != y:
            return ("a" if (x > y) == more else "b"), name
    return None, "roll-off"


def tally_winner(a: Tally, b: Tally) -> str | None:
    """PYR-WIN-1: the tally winner, "a" or "b"; None = roll-off needed (GEN-DICE-3).

    Most KD; tie → most wounds; tie → most pushbacks forced; tie → fewer Mutinous Dog points; tie →
    roll-off.
    """
    return tally_decider(a, b)[0]
