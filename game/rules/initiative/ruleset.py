"""The initiative ruleset: what the match, the screen and the AI ask of this system (game/rules/ruleset.py)."""

from __future__ import annotations

from ..ruleset import Ruleset, RuleText


class InitiativeRuleset(Ruleset):
    name = "initiative"
    title = "Skirmish initiative"

    def flow(self):
        from .preset import InitiativePreset

        return InitiativePreset()

    # -- words for players (issue 24 item 3: the F1 screen's texts are the rules' own) -------------
    def rule_texts(self) -> tuple[RuleText, ...]:
        from .texts import PAGES

        return PAGES

    def roster_problems(self, scenario) -> list[str]:
        """RNG-PTS-1: initiative games field Rangers! rosters, priced and checked the same way."""
        from ..rangers.ruleset import rangers_roster_problems

        return rangers_roster_problems(scenario)
