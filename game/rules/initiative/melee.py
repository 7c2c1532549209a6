"""INI-MEL-1/2 melee rounds (who fights; the attacks themselves are RNG-HAND under PRE-INI-1)."""

from __future__ import annotations

from collections.abc import Mapping

from ..rangers.geometry import Disc
from .groups import engaged
from .seize import melee_round_triggered  # noqa: F401  (INI-MEL-2, re-exported)


def first_contact_round(was_engaged: bool, now_engaged: bool) -> bool:
    """INI-MEL-1: figures fight one melee round when they first make contact."""
    return now_engaged and not was_engaged


def melee_round_waves(rolling_side: str, figures: Mapping[str, tuple[str, Disc]]) -> tuple[list[str], list[str]]:
    """INI-MEL-2: the figures in contact, as two waves: the rolling side's figures attack first
    (each once), then each enemy figure still in contact attacks once. ``figures`` maps id →
    (side, disc) for every figure in play; the second wave must be re-filtered by the caller for
    figures still in play and in contact after the first wave."""

    def in_contact(fid: str) -> bool:
        side, disc = figures[fid]
        return engaged(disc, (d for s, d in figures.values() if s != side))

    first = [f for f, (s, _) in figures.items() if s == rolling_side and in_contact(f)]
    second = [f for f, (s, _) in figures.items() if s != rolling_side and in_contact(f)]
    return first, second
