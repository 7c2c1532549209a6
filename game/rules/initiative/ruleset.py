"""The initiative ruleset: what the match, the screen and the AI ask of this system (game/rules/ruleset.py)."""

from __future__ import annotations

from ..ruleset import Ruleset


class InitiativeRuleset(Ruleset):
    name = "initiative"
    title = "Skirmish initiative"

    def flow(self):
        from .preset import InitiativePreset

        return InitiativePreset()
