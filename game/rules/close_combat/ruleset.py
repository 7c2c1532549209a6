"""The close-combat-d6 ruleset: what the match, the screen and the AI ask of this system (game/rules/ruleset.py)."""

from __future__ import annotations

from ..ruleset import Ruleset


class CloseCombatRuleset(Ruleset):
    name = "close-combat-d6"
    title = "Opposed-d6 close combat"

    def flow(self):
        from .preset import CloseCombatPreset

        return CloseCombatPreset()
