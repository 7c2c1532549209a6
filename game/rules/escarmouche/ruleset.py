"""The escarmouche ruleset: what the match, the screen and the AI ask of this system (game/rules/ruleset.py)."""

from __future__ import annotations

from fractions import Fraction

from ..rangers.ruleset import MissileAnswers
from ..ruleset import Odds, Ruleset, RuleText
from .chances import fight_sides
from .config import ESCARMOUCHE, EscarmoucheConfig, escarmouche_config
from .state import EscarmoucheState


class EscarmoucheRuleset(MissileAnswers, Ruleset):
    name = "escarmouche"
    title = "More Escarmouche card duels"
    combat = "duel"
    activates = "group"  # the figures in one sector act together (PRE-ESC-1)
    state_type = EscarmoucheState
    config: EscarmoucheConfig = ESCARMOUCHE

    def flow(self):
        from .preset import EscarmouchePreset

        return EscarmouchePreset()

    # -- words for players (the F1 screen's texts are the rules' own) ---------------------------------
    def rule_texts(self) -> tuple[RuleText, ...]:
        from .texts import PAGES

        return PAGES

    # -- odds (escarmouche/chances.py) -----------------------------------------------------------
    def odds(self, view, table, ask, decision):
        """An assault (ESC-ENG, the first round's duels), another round of a fight (ESC-RND-1:
        ``fight_on``, from the asking side's figures in ``info``) or a shot (the flow's own odds)."""
        from . import chances

        info = ask.info
        if decision.kind == "assault" and decision.option:
            return chances.assault_odds(view, table, info.get("group") or [], decision.option)
        if ask.kind == "break_off" and decision.option == "fight_on":
            mine, theirs = fight_sides(info)
            return chances.round_odds(view, mine, theirs)
        if decision.kind == "shoot" and decision.target:
            shown = (info.get("odds") or {}).get(decision.target)
            if shown is not None:
                return chances.shot(escarmouche_config(view), view.figures[decision.target], Fraction(shown))
            return chances.shot_odds(view, table, decision.figure, decision.target)
        return None

    def attack_odds(self, view, table, attacker, defender, how, **kw):
        """``how="shot"``: RNG-SHOOT-1 at the table's range and cover; ``"duel"``: one duel drawing
        ``draws=(a, b)`` cards (ESC-DUEL)."""
        from . import chances

        if how == "shot":
            return chances.shot_odds(view, table, attacker, defender)
        if how == "duel":
            a, b = kw.get("draws", (1, 1))
            ea, eb, win = chances.duel(view.figures[attacker], view.figures[defender], a, b)
            return Odds(rule="ESC-DUEL-1", success=win, effects=(ea, eb), dice="cards")
        return None
