"""Falling from the rigging and the Drop Table (PYR-RIG-2, PYR-DROP-1)."""

from __future__ import annotations

from ..implements import implements


def falls_from_rigging(roll: int) -> bool:
    """PYR-RIG-2: a figure in the rigging that becomes wounded falls on a d6 of 1–3."""
    return 1 <= roll <= 3


def drop_modifier(drop_inches: float) -> int:
    """PYR-DROP-1: +1 if the drop is more than 3", +2 if more than 6"."""
    if drop_inches > 6:
        return 2
    if drop_inches > 3:
        return 1
    return 0


@implements("PYR-DROP-1")
def drop_result(roll: int, drop_inches: float) -> str:
    """PYR-DROP-1 [HOUSE] Drop Table: d6 + ``drop_modifier``: 1–3 "none"; 4–5 "wound" (one extra
    wound, no save; a wounded faller is knocked down instead, see ``drop_effect``); 6+ "knockdown".
    Also used for a voluntary jump down of more than 2"."""
    if not 1 <= roll <= 6:
        raise ValueError(f"{roll} is not a d6 face (PYR-DROP-1)")
    total = roll + drop_modifier(drop_inches)
    if total <= 3:
        return "none"
    if total <= 5:
        return "wound"
    return "knockdown"


def drop_effect(result: str, wounded: bool) -> str:
    """PYR-DROP-1: what the result does to the faller: "none", "wounded" or "knocked_down"."""
    if result == "none":
        return "none"
    if result == "wound" and not wounded:
        return "wounded"
    return "knocked_down"
