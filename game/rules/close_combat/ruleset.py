"""The close-combat-d6 ruleset: what the match, the screen and the AI ask of this system (game/rules/ruleset.py)."""

from __future__ import annotations

from ..rangers.ruleset import MissileAnswers
from ..ruleset import Ruleset, RuleText
from .config import CLOSE_COMBAT, CloseCombatConfig
from .state import CloseCombatState


class CloseCombatRuleset(MissileAnswers, Ruleset):
    name = "close-combat-d6"
    title = "Opposed-d6 close combat"
    combat = "opposed"
    activates = "unit"  # a unit acts as one (OD6-SEQ-1)
    state_type = CloseCombatState
    config: CloseCombatConfig = CLOSE_COMBAT

    def flow(self):
        from .preset import CloseCombatPreset

        return CloseCombatPreset()

    # -- words for players (the F1 screen's texts are the rules' own) ---------------------------------
    def rule_texts(self) -> tuple[RuleText, ...]:
        from .texts import PAGES

        return PAGES

    # -- exact odds (close_combat/chances.py) ---------------------------------------------------------
    def odds(self, view, table, ask, decision):
        """An engage: its first round, every pair it makes (``chances.engage_odds``)."""
        if decision.kind == "engage" and decision.figure and decision.target:
            from .chances import engage_odds

            return engage_odds(view, table, decision) or self.attack_odds(
                view, table, decision.figure, decision.target, "hand"
            )
        return None

    def attack_odds(self, view, table, attacker, defender, how, **kw):
        """``how="hand"``: the opposed d6 of two pieces in contact (OD6-ROLL-1, OD6-RES-1/2)."""
        from .chances import pair_odds

        if how in ("hand", "charge"):
            return pair_odds(view, attacker, defender)
        return None

    def term(self, kind: str, value) -> str:
        """``"edge"``: the target's edge (front, right, rear, left) an engage candidate's key names,
        "" if none (OD6-ENG-2)."""
        if kind == "edge":
            from .formation import candidate_edge

            return candidate_edge(str(value))
        return str(value)
