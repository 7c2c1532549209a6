"""The escarmouche ruleset: what the match, the screen and the AI ask of this system (game/rules/ruleset.py)."""

from __future__ import annotations

from ..ruleset import Ruleset


class EscarmoucheRuleset(Ruleset):
    name = "escarmouche"
    title = "More Escarmouche card duels"

    def flow(self):
        from .preset import EscarmouchePreset

        return EscarmouchePreset()
