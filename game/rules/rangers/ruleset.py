"""The rangers ruleset: what the match, the screen and the AI ask of this system (game/rules/ruleset.py)."""

from __future__ import annotations

from ..ruleset import Ruleset


class RangersRuleset(Ruleset):
    name = "rangers"
    title = "Rangers!"
    combat = "blow"

    def flow(self):
        from .preset import RangersPreset

        return RangersPreset()

    # -- exact odds (rangers/chances.py) ------------------------------------------------------------
    def odds(self, view, table, ask, decision):
        if decision.figure and decision.target:
            k = decision.kind
            if k in ("attack", "retaliate", "charge", "engage"):
                return self.attack_odds(view, table, decision.figure, decision.target, "hand")
            if k == "shoot":
                return self.attack_odds(view, table, decision.figure, decision.target, "shot")
        return None

    def attack_odds(self, view, table, attacker, defender, how, **kw):
        """``how``: "hand"/"charge" (RNG-HAND-1, against the DV left, ``dv=`` or ``full_defence=True``),
        "shot" (RNG-SHOOT-1, ``reactive=True`` for INI-RSHOOT-4)."""
        from . import chances

        if how == "shot":
            return chances.shot_odds(
                self.odds_flow(), view, table, attacker, defender, reactive=bool(kw.get("reactive"))
            )
        if how in ("hand", "charge"):
            return chances.hand_odds(
                view, attacker, defender, dv=kw.get("dv"), full_defence=bool(kw.get("full_defence"))
            )
        return None

    def odds_flow(self):
        """A flow of this preset kept for reading its judgements (never stepped)."""
        flow = getattr(self, "_odds_flow", None)
        if flow is None:
            flow = self._odds_flow = self.flow()
        return flow

    def figure_points(self, figure) -> int:
        """RNG-PTS-1: the points table (Rangers! figures carry no ``points``)."""
        from .flowkit import safe_figure_points

        return safe_figure_points(figure)
