"""The selectable rulesets (PRE-*): each name maps to the factory that builds its ``Ruleset``.

The built-in presets are registered explicitly, each by a plain import inside its factory: a preset's
package is imported only when it is played, and freezers (PyInstaller) see every import without
extra flags. Add-on packages register more through the ``boarders_away.presets`` entry-point group
(``name = "package.module:Factory"``, a factory of a ``Ruleset`` or of a bare ``Preset``); a
built-in name always wins over an add-on's. The scenario schema and loader, the match, the menu and
``simulate`` all read this one registry.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import metadata
from typing import TYPE_CHECKING

from ..flow import Preset
from ..ruleset import Ruleset
from ..system_state import SystemState

if TYPE_CHECKING:
    from ..pyrates.ruleset import PyratesRuleset

#: the entry-point group an add-on package registers its presets in
ENTRY_POINT_GROUP = "boarders_away.presets"


def _pyrates() -> Ruleset:
    from ..pyrates.ruleset import PyratesRuleset

    return PyratesRuleset()


def _rangers() -> Ruleset:
    from ..rangers.ruleset import RangersRuleset

    return RangersRuleset()


def _initiative() -> Ruleset:
    from ..initiative.ruleset import InitiativeRuleset

    return InitiativeRuleset()


def _escarmouche() -> Ruleset:
    from ..escarmouche.ruleset import EscarmoucheRuleset

    return EscarmoucheRuleset()


def _close_combat() -> Ruleset:
    from ..close_combat.ruleset import CloseCombatRuleset

    return CloseCombatRuleset()


#: built-in preset name -> factory building its Ruleset
PRESETS: dict[str, Callable[[], Ruleset]] = {
    "pyrates": _pyrates,
    "rangers": _rangers,
    "initiative": _initiative,
    "escarmouche": _escarmouche,
    "close-combat-d6": _close_combat,
}


class _AddonRuleset(Ruleset):
    """An add-on that registered a bare ``Preset`` factory: a ruleset with the defaults (its state
    the preset's ``state_type`` if it names one, else an empty ``SystemState``)."""

    def __init__(self, name: str, factory: Callable[[], Preset], state_type: type[SystemState] = SystemState):
        self.name = self.title = name
        self._factory = factory
        self.state_type = state_type

    def flow(self) -> Preset:
        return self._factory()


class UnknownPreset(ValueError):
    """A preset name that is not a ruleset of this game, or whose rules are not built yet."""


def addon_presets() -> dict[str, metadata.EntryPoint]:
    """Presets registered by installed add-on packages (entry points), by name; built-ins excluded."""
    eps = metadata.entry_points(group=ENTRY_POINT_GROUP)
    return {ep.name: ep for ep in sorted(eps, key=lambda e: e.name) if ep.name not in PRESETS}


def preset_names() -> list[str]:
    """Every selectable preset: the built-ins in their order, then the add-ons by name."""
    return [*PRESETS, *addon_presets()]


def get_ruleset(name: str) -> Ruleset:
    """The ruleset registered as ``name``; raises UnknownPreset naming the choices."""
    if name in PRESETS:
        return PRESETS[name]()
    addon = addon_presets().get(name)
    if addon is None:
        raise UnknownPreset(f"unknown preset {name!r}; presets are: {', '.join(preset_names())}")
    try:
        factory = addon.load()
    except (ImportError, AttributeError) as e:
        raise UnknownPreset(f"the add-on preset {name!r} ({addon.value}) cannot be loaded: {e}") from None
    made = factory()
    if isinstance(made, Ruleset):
        made.flow()  # an add-on whose flow cannot be built is refused here, not mid-match
        return made
    if not (callable(getattr(made, "setup", None)) and callable(getattr(made, "step", None))):
        raise UnknownPreset(f"the add-on preset {name!r} ({addon.value}) did not build a Ruleset or a Preset")
    state_type = getattr(made, "state_type", SystemState)
    if not (isinstance(state_type, type) and issubclass(state_type, SystemState)):
        raise UnknownPreset(f"the add-on preset {name!r} ({addon.value}) names a state_type that is not a SystemState")
    from ..rangers.ruleset import MissileAnswers  # not at import: reading a scenario loads no system

    class AddonRuleset(MissileAnswers, _AddonRuleset):
        """The defaults and the shooting of every shipped system (RNG-SHOOT-1/2)."""

    return AddonRuleset(name, factory, state_type)


def shared_measures() -> PyratesRuleset:
    """The answers the AI weighs every system by, whatever the match's ruleset: a local fight's
    chance by the Pyrates round (``fight_chance``) and a shot's target by RNG-SHOOT-1
    (``shot_target``, the shooting of every shipped system)."""
    from ..pyrates.ruleset import PyratesRuleset

    return PyratesRuleset()


def system_of(ruleset: Ruleset) -> str:
    """The game system a ruleset is built on: the rules package (``"pyrates"``, ``"close_combat"``)
    of the first class of its lineage that lives in one, so a variant answers its base's package;
    "" for an add-on built on none. For tests and tools: the screen and the AI ask the ruleset what
    it does, never which system it is."""
    for cls in type(ruleset).__mro__:
        parts = cls.__module__.split(".")
        if len(parts) > 3 and parts[:2] == ["game", "rules"]:
            return parts[2]
    return ""


def systems() -> list[str]:
    """The rules packages the built-in presets are built on, each once, in the registry's order."""
    return list(dict.fromkeys(system_of(factory()) for factory in PRESETS.values()))


def get_preset(name: str) -> Preset:
    """A new flow of the ruleset ``name`` (``get_ruleset(name).flow()``)."""
    return get_ruleset(name).flow()
