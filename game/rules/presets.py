"""The selectable rulesets (PRE-*): each name maps to the factory that builds its Preset.

The built-in presets are registered explicitly, each by a plain import inside its factory: a preset's
package is imported only when it is played, and freezers (PyInstaller) see every import without
extra flags. Add-on packages register more through the ``boarders_away.presets`` entry-point group
(``name = "package.module:Factory"``); a built-in name always wins over an add-on's.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import metadata

from .flow import Preset

#: the entry-point group an add-on package registers its presets in
ENTRY_POINT_GROUP = "boarders_away.presets"


def _pyrates() -> Preset:
    from .pyrates.preset import PyratesPreset

    return PyratesPreset()


def _rangers() -> Preset:
    from .rangers.preset import RangersPreset

    return RangersPreset()


def _initiative() -> Preset:
    from .initiative.preset import InitiativePreset

    return InitiativePreset()


def _escarmouche() -> Preset:
    from .escarmouche.preset import EscarmouchePreset

    return EscarmouchePreset()


def _close_combat() -> Preset:
    from .close_combat.preset import CloseCombatPreset

    return CloseCombatPreset()


#: built-in preset name -> factory building its Preset
PRESETS: dict[str, Callable[[], Preset]] = {
    "pyrates": _pyrates,
    "rangers": _rangers,
    "initiative": _initiative,
    "escarmouche": _escarmouche,
    "close-combat-d6": _close_combat,
}


class UnknownPreset(ValueError):
    """A preset name that is not a ruleset of this game, or whose rules are not built yet."""


def addon_presets() -> dict[str, metadata.EntryPoint]:
    """Presets registered by installed add-on packages (entry points), by name; built-ins excluded."""
    eps = metadata.entry_points(group=ENTRY_POINT_GROUP)
    return {ep.name: ep for ep in sorted(eps, key=lambda e: e.name) if ep.name not in PRESETS}


def preset_names() -> list[str]:
    """Every selectable preset: the built-ins in their order, then the add-ons by name."""
    return [*PRESETS, *addon_presets()]


def get_preset(name: str) -> Preset:
    if name in PRESETS:
        return PRESETS[name]()
    addon = addon_presets().get(name)
    if addon is None:
        raise UnknownPreset(f"unknown preset {name!r}; presets are: {', '.join(preset_names())}")
    try:
        factory = addon.load()
    except (ImportError, AttributeError) as e:
        raise UnknownPreset(f"the add-on preset {name!r} ({addon.value}) cannot be loaded: {e}") from None
    preset = factory()
    if not (callable(getattr(preset, "setup", None)) and callable(getattr(preset, "step", None))):
        raise UnknownPreset(f"the add-on preset {name!r} ({addon.value}) did not build a Preset")
    return preset
