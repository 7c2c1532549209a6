"""RNG-PTS-1 points: figure costs and roster checks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..implements import implements
from .profiles import normalise_type, profile
from .traits import LEADER_TRAITS, TRAIT_POINTS, normalise_traits

#: RNG-PTS-1 weapon costs.
WEAPON_POINTS: dict[str, int] = {
    "improvised": 0,
    "hatchet": 10,
    "sword": 10,
    "pistol": 10,
    "musket": 20,
    # [HOUSE] INI-MS-1 missiles Rangers! does not price (maps/README.md):
    # a bow shoots as far as a musket without loading, a sling to 10",
    # a javelin to a pistol's 5"
    "bow": 20,
    "sling": 10,
    "javelin": 10,
}
#: Roster names for the priced weapons. "fists"/"none" = improvised (RNG-WND-3); a tomahawk is a
#: hatchet; cutlass and sabre are swords.
WEAPON_ALIASES: dict[str, str] = {
    "improvised": "improvised",
    "fists": "improvised",
    "none": "improvised",
    "unarmed": "improvised",
    "club": "improvised",
    "": "improvised",
    "hatchet": "hatchet",
    "tomahawk": "hatchet",
    "small_hatchet": "hatchet",
    "axe": "hatchet",
    "hatchet_sword": "sword",
    "hatchet/sword": "sword",
    "sword": "sword",
    "cutlass": "sword",
    "sabre": "sword",
    "saber": "sword",
    "rapier": "sword",
    # RNG-WND-3: without a sword or hatchet a figure fights improvised, so these cost nothing
    "dagger": "improvised",
    "knife": "improvised",
    "belaying_pin": "improvised",
    "bottle": "improvised",
    "knuckles": "improvised",
    "musket_butt": "improvised",
    "pistol_butt": "improvised",
    "pistol": "pistol",
    "musket": "musket",
    "bow": "bow",
    "sling": "sling",
    "javelin": "javelin",
}

DEFAULT_MAX_DIFFERENCE = 30


def normalise_weapon(name: str | None) -> str:
    """RNG-PTS-1 weapon key; ValueError for a weapon Rangers! does not price (bow, crossbow, …)."""
    key = "" if name is None else str(name).strip().lower().replace("-", "_").replace(" ", "_")
    if key in WEAPON_ALIASES:
        return WEAPON_ALIASES[key]
    raise ValueError(
        f"weapon {name!r} has no Rangers! points cost (RNG-PTS-1 prices improvised, "
        f"hatchet/sword, pistol, musket; [HOUSE] bow, sling, javelin)"
    )


def weapon_points(weapons: Iterable[str | None]) -> int:
    """Sum of RNG-PTS-1 weapon costs; each distinct weapon counted once (a musket used as a club is
    the same musket)."""
    if isinstance(weapons, str):
        weapons = [weapons]
    keys = {normalise_weapon(w) for w in weapons}
    return sum(WEAPON_POINTS[k] for k in keys)


@implements("RNG-PTS-1")
def figure_points(type_: str, weapons: Iterable[str | None] = (), traits: Iterable[str] = ()) -> int:
    """RNG-PTS-1: cost = type + weapons + traits (all cumulative)."""
    t = normalise_traits(traits)
    return profile(type_).points + weapon_points(weapons) + sum(TRAIT_POINTS[x] for x in t)


def figure_weapons(fig: Any) -> tuple[str, ...]:
    """The weapons a ``Figure`` carries for RNG-PTS-1: its mêlée weapon and missile weapon."""
    out = []
    for w in (getattr(fig, "melee_weapon", None), getattr(fig, "missile", None)):
        if w:
            out.append(w)
    return tuple(out)


def _entry(fig: Any) -> tuple[str, str, tuple, frozenset]:
    """(id, type, weapons, traits) of a Figure, a mapping {id?, type, weapons, traits} or a tuple."""
    if isinstance(fig, Mapping):
        return (
            str(fig.get("id", "?")),
            fig.get("type", "enlisted"),
            tuple(fig.get("weapons", ())),
            fig.get("traits", ()),
        )
    if isinstance(fig, tuple):
        type_, weapons, traits = fig
        return "?", type_, tuple([weapons] if isinstance(weapons, str) else weapons), traits
    return str(fig.id), fig.type, figure_weapons(fig), fig.traits


def validate_roster(
    figures_by_side: Mapping[str, Iterable[Any]],
    points_limit: int | None = None,
    max_difference: int | None = DEFAULT_MAX_DIFFERENCE,
) -> list[str]:
    """RNG-PTS-1: readable problems with the sides' rosters; empty when the rosters are legal.

    Figures are ``Figure`` objects, mappings ``{"id", "type", "weapons", "traits"}`` or tuples
    ``(type, weapons, traits)``. Checks: every type, weapon and trait is priced; each side's total
    ≤ ``points_limit`` (None or 0 = no limit); the sides' totals are at most ``max_difference``
    apart (0 = equal totals; None = no difference check, a scenario's ``points_difference = "off"``);
    each faction has exactly one figure with Leader or Legendary Leader (digital ruling).
    """
    problems: list[str] = []
    totals: dict[str, int] = {}
    for side, figs in figures_by_side.items():
        total, leaders, priced = 0, [], True
        for f in figs:
            fid, type_, weapons, traits = _entry(f)
            try:
                t = normalise_traits(traits)
            except ValueError as e:
                problems.append(f"side {side!r}: figure {fid!r}: {e}")
                priced = False
                continue
            if t & LEADER_TRAITS:
                leaders.append(fid)
            try:
                normalise_type(type_)
                total += figure_points(type_, weapons, t)
            except ValueError as e:
                problems.append(f"side {side!r}: figure {fid!r}: {e}")
                priced = False
        if len(leaders) != 1:
            which = "no figure has" if not leaders else f"{len(leaders)} figures ({', '.join(leaders)}) have"
            problems.append(
                f"side {side!r}: {which} Leader or Legendary Leader; each faction needs exactly one leader (RNG-PTS-1)"
            )
        if priced:
            totals[side] = total
            if points_limit and total > points_limit:
                problems.append(f"side {side!r}: {total} points is over the limit of {points_limit} (RNG-PTS-1)")
    if max_difference is not None and len(totals) >= 2:
        hi = max(totals, key=lambda s: totals[s])
        lo = min(totals, key=lambda s: totals[s])
        if totals[hi] - totals[lo] > max_difference:
            problems.append(
                f"sides {hi!r} ({totals[hi]} points) and {lo!r} ({totals[lo]} points) are "
                f"{totals[hi] - totals[lo]} points apart; at most {max_difference} allowed (RNG-PTS-1)"
            )
    return problems
