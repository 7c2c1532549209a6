"""The pyrates ruleset: what the match, the screen and the AI ask of this system (game/rules/ruleset.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ruleset import Ruleset, RuleText

if TYPE_CHECKING:
    from ..state import MatchState
    from ..tabletop import Tabletop


class PyratesRuleset(Ruleset):
    name = "pyrates"
    title = "Pyrates mêlée"

    def flow(self):
        from .preset import PyratesPreset

        return PyratesPreset()

    # -- words for players (issue 24 item 3: the F1 screen's texts are the rules' own) -------------
    def rule_texts(self) -> tuple[RuleText, ...]:
        from .texts import PAGES

        return PAGES

    def figure_rows(self, view: MatchState, table: Tabletop, fid: str) -> list[tuple[str, str]]:
        """The figure's Mêlée Quota now (PYR-MQ-2) and its save against a General weapon (PYR-SAVE-1)."""
        from ..model import WeaponClass
        from .quota import base_quota
        from .saves import save_modifiers, save_target

        f = view.figures[fid]
        if f.cv:  # a pike-and-shot block has no quota or save
            return []
        mq, why = base_quota(f)
        tgt = save_target(save_modifiers(f, WeaponClass.GENERAL))
        return [("Mêlée Quota", f"{mq} ({why})"), ("Save", f"{tgt}+ on a d6 vs a General weapon")]

    def term(self, kind: str, value) -> str:
        """``"hand"``: a PYR-DMG-1 hand's name ("Full house"); ``"card"``: a chance card's (PYR-CARD-0)."""
        if kind == "hand":
            from .hands import Hand

            try:
                return Hand(value).label
            except ValueError:
                return str(value)
        if kind == "card":
            return str(value).replace("_", " ").title().replace("Dodge Duck", "Dodge/Duck")
        return str(value)
