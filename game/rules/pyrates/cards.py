"""Chance cards, Main Gauche and the pistol duel dice (PYR-CARD-0, PYR-MG-1, PYR-DUEL-4)."""

from __future__ import annotations

from ..implements import implements

FLASHING_BLADES = "flashing_blades"
OPPORTUNE_SHOT = "opportune_shot"
ACROBATICS = "acrobatics"
DODGE_DUCK = "dodge_duck"
SNEAKY_ATTACK = "sneaky_attack"

#: The five chance cards, in PYR-CARD-1..5 order.
CARDS = (FLASHING_BLADES, OPPORTUNE_SHOT, ACROBATICS, DODGE_DUCK, SNEAKY_ATTACK)
COPIES = 4
HAND_SIZE = 3


@implements("PYR-CARD-0")
def chance_deck(copies: int = COPIES) -> list[str]:
    """PYR-CARD-0 [HOUSE]: the unshuffled chance deck, ``copies`` of each of the five cards (4 → 20).
    Shuffle it with the match ``Dice.shuffle``; each player draws 3 at the start."""
    if copies < 0:
        raise ValueError("copies cannot be negative (PYR-CARD-0)")
    return [card for card in CARDS for _ in range(copies)]


@implements("PYR-MG-1")
def main_gauche_result(roll: int) -> str:
    """PYR-MG-1: d6 after declaring the off-hand blow: 1–2 "wasted" (counted nowhere); 3–6
    "struck" (the victim may still Dodge/Duck, else cannot push back and must save)."""
    if not 1 <= roll <= 6:
        raise ValueError(f"{roll} is not a d6 face (PYR-MG-1)")
    return "wasted" if roll <= 2 else "struck"


def pistol_dice(shot: str, wounded: bool = False) -> int:
    """PYR-DUEL-4: d6 rolled on the PYR-DMG-1 table for a duelling pistol shot.

    "first" (the faster duellist) 4d6; "simultaneous" (equal first rolls, both fire at once) 4d6
    each; "reply" (the survivor) 5d6 if unhurt, 3d6 if wounded.
    """
    if shot in ("first", "simultaneous"):
        return 4
    if shot == "reply":
        return 3 if wounded else 5
    raise ValueError(f"unknown pistol shot {shot!r}: expected first, simultaneous or reply (PYR-DUEL-4)")


def pistol_first(roll_a: int, roll_b: int) -> str | None:
    """PYR-DUEL-4: who fires first from each duellist's 1d6: "a", "b", or None (both at once)."""
    if roll_a == roll_b:
        return None
    return "a" if roll_a > roll_b else "b"
