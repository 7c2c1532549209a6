"""The pyrates ruleset: what the match, the screen and the AI ask of this system (game/rules/ruleset.py)."""

from __future__ import annotations

from ..ruleset import Ruleset


class PyratesRuleset(Ruleset):
    name = "pyrates"
    title = "Pyrates mêlée"

    def flow(self):
        from .preset import PyratesPreset

        return PyratesPreset()
