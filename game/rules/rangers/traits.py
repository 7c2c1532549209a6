"""RNG-TRAIT-1 traits: their points and their effect on a profile."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ..implements import implements
from .profiles import profile

#: RNG-TRAIT-1 / RNG-PTS-1 trait costs; "*" traits (leader, legendary_leader) lead a faction.
TRAIT_POINTS: dict[str, int] = {
    "fast": 10,
    "tough": 10,
    "athletic": 10,
    "leader": 30,
    "legendary_leader": 50,
    "strongman": 10,
    "keen_eyed": 10,
    "lucky": 10,
    "veteran": 10,
    "initiative": 10,
    "determined": 10,
}
LEADER_TRAITS = frozenset({"leader", "legendary_leader"})

#: Charge distance: "move three inches into hand combat" (RNG-ACT-1).
CHARGE_DISTANCE = 3.0


class Stats(NamedTuple):
    """A figure's fighting numbers after traits (a plain tuple: av, dv, wounds, move, charge)."""

    av: int
    dv: int
    wounds: int
    move: float
    charge: float


def normalise_trait(name: str) -> str:
    """Trait key for a name ("Keen-Eyed" → "keen_eyed"); ValueError names the known traits."""
    key = str(name).strip().lower().replace("-", "_").replace(" ", "_")
    if key not in TRAIT_POINTS:
        raise ValueError(f"unknown trait {name!r}: expected one of {', '.join(sorted(TRAIT_POINTS))} (RNG-TRAIT-1)")
    return key


def normalise_traits(traits: Iterable[str]) -> frozenset[str]:
    if isinstance(traits, str):
        traits = [traits]
    return frozenset(normalise_trait(t) for t in traits)


@implements("RNG-TRAIT-1")
def apply_traits(type_: str, traits: Iterable[str] = ()) -> Stats:
    """RNG-TRAIT-1: (av, dv, wounds, move, charge) of a type with these traits.

    Veteran +2 AV; Athletic +1 DV; Fast +2" move and +1" charge (charge = the 3" move into hand
    combat, RNG-ACT-1). The other traits act on rolls, not on the profile.
    """
    t = normalise_traits(traits)
    p = profile(type_)
    return Stats(
        av=p.av + (2 if "veteran" in t else 0),
        dv=p.dv + (1 if "athletic" in t else 0),
        wounds=p.wounds,
        move=p.move + (2.0 if "fast" in t else 0.0),
        charge=CHARGE_DISTANCE + (1.0 if "fast" in t else 0.0),
    )


def is_leader(traits: Iterable[str]) -> bool:
    """Has Leader or Legendary Leader (the asterisked traits, RNG-PTS-1)."""
    return bool(normalise_traits(traits) & LEADER_TRAITS)
