"""The rangers ruleset: what the match, the screen and the AI ask of this system (game/rules/ruleset.py)."""

from __future__ import annotations

from ..ruleset import Ruleset, RuleText


class RangersRuleset(Ruleset):
    name = "rangers"
    title = "Rangers!"

    def flow(self):
        from .preset import RangersPreset

        return RangersPreset()

    # -- words for players (issue 24 item 3: the F1 screen's texts are the rules' own) -------------
    def rule_texts(self) -> tuple[RuleText, ...]:
        from .texts import PAGES

        return PAGES

    def roster_problems(self, scenario) -> list[str]:
        """RNG-PTS-1: the sides' rosters priced and checked (points limit, difference, one leader)."""
        return rangers_roster_problems(scenario)


def rangers_roster_problems(scenario) -> list[str]:
    """RNG-PTS-1 on a scenario's figures, side by side: ``validate_roster`` with the scenario's
    points limit and its ``points_difference`` option (30 unless the scenario says otherwise)."""
    from .points import validate_roster

    by_side: dict[str, list] = {}
    for f in scenario.figures:
        by_side.setdefault(f.side, []).append(f)
    return validate_roster(
        by_side,
        points_limit=scenario.points_limit or None,
        max_difference=scenario.options.get("points_difference", 30),
    )
