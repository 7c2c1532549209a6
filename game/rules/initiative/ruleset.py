"""The initiative ruleset: what the match, the screen and the AI ask of this system (game/rules/ruleset.py)."""

from __future__ import annotations

from ..rangers.ruleset import RangersRuleset
from ..ruleset import Odds, Ruleset, RuleText

#: the Rangers! blows and shots the initiative preset keeps (PRE-INI-1)
_RANGERS = RangersRuleset()


class InitiativeRuleset(Ruleset):
    name = "initiative"
    title = "Skirmish initiative"
    combat = "blow"

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

    # -- exact odds (rangers/chances.py, initiative/seize.py) --------------------------------------------
    def odds(self, view, table, ask, decision):
        if decision.kind == "seize":
            return self._seize_odds(view, table, decision)
        if decision.kind == "shoot" and decision.figure and decision.target:
            return self.attack_odds(view, table, decision.figure, decision.target, "shot")
        return _RANGERS.odds(view, table, ask, decision)

    def attack_odds(self, view, table, attacker, defender, how, **kw):
        """As Rangers! (PRE-INI-1 keeps RNG-HAND and RNG-SHOOT, ``RangersRuleset.attack_odds``), a
        moving target judged as this preset does (this game turn or the last)."""
        if how == "shot":
            from ..rangers import chances

            return chances.shot_odds(
                self.odds_flow(), view, table, attacker, defender, reactive=bool(kw.get("reactive"))
            )
        return _RANGERS.attack_odds(view, table, attacker, defender, how, **kw)

    def odds_flow(self):
        """A flow of this preset kept for reading its judgements (never stepped)."""
        flow = getattr(self, "_odds_flow", None)
        if flow is None:
            flow = self._odds_flow = self.flow()
        return flow

    def figure_points(self, figure) -> int:
        return _RANGERS.figure_points(figure)

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
