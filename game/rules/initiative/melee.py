"""INI-MEL-1/2 melee rounds (who fights; the attacks themselves are RNG-HAND under PRE-INI-1)."""

from __future__ import annotations

from ..implements import implements
from .seize import melee_round_triggered  # noqa: F401  (INI-MEL-2, re-exported)


@implements("INI-MEL-1")
def first_contact_round(was_engaged: bool, now_engaged: bool) -> bool:
    """INI-MEL-1: figures fight one melee round when they first make contact."""
    return now_engaged and not was_engaged
