"""The initiative ruleset: what the match, the screen and the AI ask of this system (game/rules/ruleset.py)."""

from __future__ import annotations

from ..rangers.ruleset import RangersRuleset
from ..ruleset import Odds, RuleText
from .config import INITIATIVE, InitiativeConfig
from .state import InitiativeState


class InitiativeRuleset(RangersRuleset):
    """PRE-INI-1 keeps the Rangers! blows, shots, wounds and rosters (``RangersRuleset``: its odds
    read this preset's own judgements through ``odds_flow``, e.g. a moving target this game turn or
    the last), and adds the seize of INI-SEIZE."""

    name = "initiative"
    title = "Skirmish initiative"
    state_type = InitiativeState
    config: InitiativeConfig = INITIATIVE

    def flow(self):
        from .preset import InitiativePreset

        return InitiativePreset()

    # -- words for players (the F1 screen's texts are the rules' own) ---------------------------------
    def rule_texts(self) -> tuple[RuleText, ...]:
        from .texts import PAGES

        return PAGES

    # -- exact odds (rangers/chances.py, initiative/seize.py) --------------------------------------------
    def odds(self, view, table, ask, decision):
        if decision.kind == "seize":
            return self._seize_odds(view, table, decision)
        return super().odds(view, table, ask, decision)

    def _seize_odds(self, view, table, decision):
        """INI-SEIZE-1/2: the nominee's d20 against its base rate + leadership + the tactical factors
        of the declared action, as the seize flow counts them (``seize_factors``)."""
        from ..dice import Dice
        from ..flow import Ctx
        from .seize import seize_odds

        if decision.figure not in view.figures:
            return None
        rate, lead, fac, why = self.odds_flow().seize_factors(Ctx(view, Dice(0), table), decision.figure, decision)
        return Odds(rule="INI-SEIZE-1", success=seize_odds(rate, lead, fac), dice="d20", notes=tuple(why))
