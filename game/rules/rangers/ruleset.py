"""The rangers ruleset: what the match, the screen and the AI ask of this system (game/rules/ruleset.py)."""

from __future__ import annotations

from ..ruleset import Ruleset


class RangersRuleset(Ruleset):
    name = "rangers"
    title = "Rangers!"

    def flow(self):
        from .preset import RangersPreset

        return RangersPreset()
