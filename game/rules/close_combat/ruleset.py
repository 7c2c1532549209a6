"""The close-combat-d6 ruleset: what the match, the screen and the AI ask of this system (game/rules/ruleset.py)."""

from __future__ import annotations

from ..ruleset import Ruleset, RuleText


class CloseCombatRuleset(Ruleset):
    name = "close-combat-d6"
    title = "Opposed-d6 close combat"

    def flow(self):
        from .preset import CloseCombatPreset

        return CloseCombatPreset()

    # -- words for players (issue 24 item 3: the F1 screen's texts are the rules' own) -------------
    def rule_texts(self) -> tuple[RuleText, ...]:
        from .texts import PAGES

        return PAGES
