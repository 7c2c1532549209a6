"""RNG-STAT-1 figure profiles (Attack Value, Defence Value, Wounds, Move, points)."""

from __future__ import annotations

from typing import NamedTuple

from ..implements import implements
from ..model import PROFILES

#: Names a roster may use for the RNG-STAT-1 types, mapped to the ``PROFILES`` keys.
TYPE_ALIASES = {
    "enlisted": "enlisted",
    "enlisted_man": "enlisted",
    "regular": "enlisted",
    "native": "native",
    "native_american": "native",
    "militia": "militia",
    "civilian": "civilian",
}


class Profile(NamedTuple):
    """One RNG-STAT-1 row."""

    av: int
    dv: int
    wounds: int
    move: float
    points: int


def normalise_type(type_: str) -> str:
    """Profile key for a type name ("Enlisted Man" → "enlisted"); ValueError names the known types."""
    key = str(type_).strip().lower().replace("-", "_").replace(" ", "_")
    if key in TYPE_ALIASES:
        return TYPE_ALIASES[key]
    raise ValueError(f"unknown figure type {type_!r}: expected one of {', '.join(sorted(PROFILES))} (RNG-STAT-1)")


@implements("RNG-STAT-1")
def profile(type_: str) -> Profile:
    """RNG-STAT-1: the base profile of a figure type (traits not applied)."""
    return Profile(*PROFILES[normalise_type(type_)])
