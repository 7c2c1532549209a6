"""ESC-ENG-1..3 assault and Resolve, ESC-CIV-1 civilians."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..dice import Dice
from ..events import DiceRolled
from ..implements import implements
from ..model import Figure
from .config import EscarmoucheConfig


@implements("ESC-ENG-2")
def resolve_test(config: EscarmoucheConfig, dice: Dice, group: str, has_leader: bool) -> DiceRolled:
    """ESC-ENG-1/2 [HOUSE]: the assaulting group's Resolve, 1d6 (−1 with a leader) ≤ 4
    (``config.resolve_target``) passes."""
    return dice.roll(
        "ESC-ENG-2",
        who=group,
        purpose="resolve",
        modifier=-1 if has_leader else 0,
        target=config.resolve_target,
        roll_under=True,
        parts=((-1, "a leader with the group", "ESC-ENG-2"),) if has_leader else (),
    )


def resolve_pass_chance(config: EscarmoucheConfig, has_leader: bool) -> Fraction:
    """ESC-ENG-2 exact: 4/6 without a leader, 5/6 with one (at the rules' target of 4)."""
    return Fraction(sum(1 for f in range(1, 7) if f - (1 if has_leader else 0) <= config.resolve_target), 6)


def group_has_leader(figures: Iterable[Figure]) -> bool:
    return any(f.is_leader for f in figures)


@dataclass(frozen=True, slots=True)
class PublicFigure:
    """ESC-ENG-3: what the attacker may see of a defending figure."""

    id: str
    """Figure id."""
    name: str
    """Display name."""
    x: float
    """Centre x, inches."""
    y: float
    """Centre y, inches."""
    leader: bool
    """The one ability the defender must reveal on request."""


@implements("ESC-ENG-3")
def public_view(defenders: Sequence[Figure]) -> list[PublicFigure]:
    """ESC-ENG-3: the defenders are shown; only who the leader is gets revealed — traits, weapons,
    flags and other abilities stay hidden from the attacker's UI."""
    return [PublicFigure(f.id, f.name, f.x, f.y, f.is_leader) for f in defenders]


def is_civilian(fig: Figure) -> bool:
    """ESC-CIV-1: civilians (artillery crew, baggage, camp followers) never fight."""
    return fig.type == "civilian" or "civilian" in fig.flags


def fighters(figures: Iterable[Figure]) -> list[Figure]:
    """ESC-CIV-1: the figures that take part in duels (pairing, ESC-PAIR-1)."""
    return [f for f in figures if not is_civilian(f)]


@implements("ESC-CIV-1")
def civilian_flight(adjacent: Sequence[str], enemy_sectors: Iterable[str]) -> list[str]:
    """ESC-CIV-1: adjacent sectors a civilian may flee to (no enemies); empty → captured (removed).
    Capturing animals: the source breaks off; not implemented."""
    enemies = set(enemy_sectors)
    return sorted(s for s in adjacent if s not in enemies)
