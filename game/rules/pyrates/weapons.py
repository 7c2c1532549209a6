"""Mêlée weapon classes (PYR-WPN-1/2)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..implements import implements
from ..model import WeaponClass

#: PYR-WPN-1, canonical names (spaces, lower case).
WEAPONS: dict[str, WeaponClass] = {
    **{
        n: WeaponClass.REACH
        for n in (
            "spear",
            "boarding pike",
            "polearm",
            "very large club",
            "two-handed axe",
            "musket with bayonet",
            "lance",
        )
    },
    **{
        n: WeaponClass.GENERAL
        for n in ("cutlass", "rapier", "sabre", "mace", "axe", "cleaver", "flail", "club", "musket butt")
    },
    **{
        n: WeaponClass.CLOSE
        for n in (
            "dagger",
            "small hatchet",
            "belaying pin",
            "bottle",
            "hook",
            "knuckles",
            "furniture",
            "fists",
            "pistol butt",
        )
    },
}

#: Other spellings the source uses, mapped to a canonical name.
ALIASES: dict[str, str] = {
    "pike": "boarding pike",
    "halberd": "polearm",
    "double handed axe": "two-handed axe",
    "two handed axe": "two-handed axe",
    "bayonet": "musket with bayonet",
    "brass knuckles": "knuckles",
    "fist": "fists",
    "unarmed": "fists",
    "knife": "dagger",
    "saber": "sabre",
    "clubs": "club",
    # Rangers! roster names (RNG-PTS-1): a hatchet or tomahawk is a one-handed axe, a sword a sabre
    "hatchet": "axe",
    "tomahawk": "axe",
    "sword": "sabre",
    "improvised": "fists",
}


def _normalise(name: str) -> str:
    s = re.sub(r"[\s_]+", " ", name.strip().lower())
    return s


@implements("PYR-WPN-1")
def weapon_class(name: str) -> WeaponClass:
    """PYR-WPN-1: the class of a mêlée weapon by name ("boarding pike", "boarding_pike",
    "Two-handed axe" all work). Unknown names raise ValueError listing the known ones."""
    if not isinstance(name, str):
        raise ValueError(f"a weapon name must be a string, got {name!r} (PYR-WPN-1)")
    key = _normalise(name)
    for cand in (key, key.replace("-", " ")):
        if cand in WEAPONS:
            return WEAPONS[cand]
        if cand in ALIASES:
            return WEAPONS[ALIASES[cand]]
    hyphen = key.replace("two handed", "two-handed")
    if hyphen in WEAPONS:
        return WEAPONS[hyphen]
    known = ", ".join(sorted(WEAPONS))
    raise ValueError(f"unknown mêlée weapon {name!r} (PYR-WPN-1); known weapons: {known}")


@implements("PYR-WPN-2")
def fighting_class(weapons: Iterable[str | WeaponClass]) -> WeaponClass:
    """PYR-WPN-2: a figure fights with its biggest weapon (Reach > General > Close); none = Close."""
    classes = [w if isinstance(w, WeaponClass) else weapon_class(w) for w in weapons]
    return max(classes, key=lambda c: c.size, default=WeaponClass.CLOSE)
