"""The rangers ruleset: what the match, the screen and the AI ask of this system (game/rules/ruleset.py)."""

from __future__ import annotations

from ..ruleset import Ruleset, RuleText
from .config import RANGERS, RangersConfig
from .state import RangersState


class MissileAnswers:
    """How missiles shoot in every shipped system (RNG-SHOOT-1/2): mixed into each system's
    ``Ruleset`` (and the registry's add-on rulesets)."""

    def shot_target(self, shooter, range_in: float) -> int | None:
        """RNG-SHOOT-1: the highest natural d20 with which ``shooter``'s missile hits at ``range_in``
        inches, in the open, without aim or a moving target; None out of range."""
        from .shooting import shooting_target

        return shooting_target(shooter.av, range_in=range_in, weapon=shooter.missile)

    def weapon_range(self, figure) -> float | None:
        """The longest shot ``figure``'s missile weapon makes, in inches (RNG-SHOOT-1, as
        ``shot_target``); None without one. The screen rings it around an active figure."""
        if not figure.missile:
            return None
        from .shooting import weapon_max_range

        return weapon_max_range(figure.missile)

    def unloads(self, figure) -> bool:
        """RNG-SHOOT-2: a shot leaves ``figure``'s missile to be loaded again (a firearm; bows,
        crossbows and thrown weapons are ready at once)."""
        from .actions import is_firearm

        return is_firearm(figure.missile)


class RangersRuleset(MissileAnswers, Ruleset):
    state_type = RangersState

    name = "rangers"
    title = "Rangers!"
    combat = "blow"
    config: RangersConfig = RANGERS

    def flow(self):
        from .preset import RangersPreset

        return RangersPreset()

    # -- words for players (the F1 screen's texts are the rules' own) ---------------------------------
    def rule_texts(self) -> tuple[RuleText, ...]:
        from .texts import PAGES

        return PAGES

    def roster_problems(self, scenario) -> list[str]:
        """RNG-PTS-1: the sides' rosters priced and checked (points limit, difference, one leader)."""
        return rangers_roster_problems(scenario)

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

    def __init__(self) -> None:
        self._odds_flow = None
        """The flow ``odds_flow`` reads judgements from, built on first use."""

    def odds_flow(self):
        """A flow of this preset kept for reading its judgements (never stepped)."""
        if self._odds_flow is None:
            self._odds_flow = self.flow()
        return self._odds_flow

    def figure_points(self, figure) -> int:
        """RNG-PTS-1: the points table (Rangers! figures carry no ``points``)."""
        from .flowkit import safe_figure_points

        return safe_figure_points(figure)


def rangers_roster_problems(scenario) -> list[str]:
    """RNG-PTS-1 on a scenario's figures, side by side: ``validate_roster`` with the scenario's
    points limit and its ``points_difference`` option: 30 unless the scenario says otherwise, a
    number of points (0 = equal totals) or "off" (false alike) for no difference check."""
    from .points import DEFAULT_MAX_DIFFERENCE, validate_roster

    diff = scenario.options.get("points_difference", DEFAULT_MAX_DIFFERENCE)
    if diff is True:
        return ['points_difference = true is no limit: give the largest difference in points, or "off" (RNG-PTS-1)']
    by_side: dict[str, list] = {}
    for f in scenario.figures:
        by_side.setdefault(f.side, []).append(f)
    return validate_roster(
        by_side,
        points_limit=scenario.points_limit or None,
        max_difference=None if diff == "off" or diff is False else diff,
    )
