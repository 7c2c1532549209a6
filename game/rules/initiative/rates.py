"""INI-BASE-1 base initiative rates and leadership factors; INI-BASE-2 ratings for RNG rosters."""

from __future__ import annotations

from collections.abc import Iterable

from ..implements import implements
from ..rangers.profiles import normalise_type
from ..rangers.traits import normalise_traits

#: INI-BASE-1: rate to equal or beat on 1d20 (+ factors) to seize the initiative.
BASE_RATES: dict[str, int] = {
    "sub_human": 22,
    "rubbish": 21,
    "poor": 20,
    "average": 19,
    "good": 18,
    "excellent": 17,
    "demigods": 16,
}
#: INI-BASE-1 leadership factors (leaders only, INI-SEIZE-1).
LEADERSHIP_FACTORS: dict[str, int] = {"useless": 0, "adequate": 1, "good": 2, "heroic": 3, "inspired": 4}
#: Worst to best.
RATE_ORDER = ("sub_human", "rubbish", "poor", "average", "good", "excellent", "demigods")
#: INI-BASE-2 starting rating by RNG-STAT-1 type.
RNG_TYPE_RATING = {"civilian": "poor", "militia": "average", "enlisted": "good", "native": "good"}


def _key(name: str) -> str:
    return str(name).strip().lower().replace("-", "_").replace(" ", "_")


@implements("INI-BASE-1")
def base_rate(name: str) -> int:
    """INI-BASE-1: the base initiative rate of a troop quality ("Poor" → 20)."""
    k = _key(name)
    if k == "subhuman":
        k = "sub_human"
    if k not in BASE_RATES:
        raise ValueError(f"unknown troop quality {name!r}: expected one of {', '.join(RATE_ORDER)} (INI-BASE-1)")
    return BASE_RATES[k]


def leadership_factor(name: str) -> int:
    """INI-BASE-1: the leadership factor of a leader's quality ("Heroic" → 3)."""
    k = _key(name)
    if k not in LEADERSHIP_FACTORS:
        raise ValueError(f"unknown leadership {name!r}: expected one of {', '.join(LEADERSHIP_FACTORS)} (INI-BASE-1)")
    return LEADERSHIP_FACTORS[k]


@implements("INI-BASE-2")
def rng_rating(type_: str, traits: Iterable[str] = ()) -> str:
    """INI-BASE-2 digital ruling: Civilian Poor, Militia Average, Enlisted/Native Good; Veteran and
    Initiative each make it one step better (capped at Demigods)."""
    t = normalise_traits(traits)
    i = RATE_ORDER.index(RNG_TYPE_RATING[normalise_type(type_)])
    i += ("veteran" in t) + ("initiative" in t)
    return RATE_ORDER[min(i, len(RATE_ORDER) - 1)]


def rng_base_rate(type_: str, traits: Iterable[str] = ()) -> int:
    """INI-BASE-2: base rate of an RNG figure."""
    return base_rate(rng_rating(type_, traits))


def rng_leadership(traits: Iterable[str] = ()) -> int:
    """INI-BASE-2: Leader = Good (2), Legendary Leader = Heroic (3), anyone else 0."""
    t = normalise_traits(traits)
    if "legendary_leader" in t:
        return leadership_factor("heroic")
    if "leader" in t:
        return leadership_factor("good")
    return 0
