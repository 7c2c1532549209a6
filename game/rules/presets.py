"""The selectable rulesets (PRE-*): each name maps to the Preset that runs it.

Presets are looked up lazily so that a preset's package is imported only when it is played.
"""
from __future__ import annotations

import importlib

from .flow import Preset

#: preset name -> "module:factory" building its Preset
PRESETS: dict[str, str] = {
    "pyrates": "game.rules.pyrates.preset:PyratesPreset",
    "rangers": "game.rules.rangers.preset:RangersPreset",
    "initiative": "game.rules.initiative.preset:InitiativePreset",
    "escarmouche": "game.rules.escarmouche.preset:EscarmouchePreset",
    "close-combat-d6": "game.rules.close_combat.preset:CloseCombatPreset",
}


class UnknownPreset(ValueError):
    """A preset name that is not a ruleset of this game, or whose rules are not built yet."""


def get_preset(name: str) -> Preset:
    if name not in PRESETS:
        raise UnknownPreset(f"unknown preset {name!r}; presets are: {', '.join(PRESETS)}")
    module, factory = PRESETS[name].split(":")
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name and e.name.startswith(module.rsplit(".", 1)[0]):
            raise UnknownPreset(f"the {name!r} preset's turn sequence is not built yet") from None
        raise
    cls = getattr(mod, factory, None)
    if cls is None:
        raise UnknownPreset(f"the {name!r} preset's turn sequence is not built yet")
    return cls()
