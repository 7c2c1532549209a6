"""The pyrates ruleset: what the match, the screen and the AI ask of this system (game/rules/ruleset.py)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from ..observation import Observation
from ..rangers.ruleset import MissileAnswers
from ..ruleset import Ruleset, RuleText
from .config import PYRATES, PyratesConfig
from .state import PyratesState, pyr

if TYPE_CHECKING:
    from ..state import MatchState
    from ..tabletop import Tabletop


class PyratesRuleset(MissileAnswers, Ruleset):
    name = "pyrates"
    title = "Pyrates mêlée"
    combat = "pool"
    config: PyratesConfig = PYRATES
    state_type = PyratesState

    def observe(self, view: MatchState, side: str) -> Observation:
        """The state's own reading, with SCN-FIRE-1's burning cells."""
        seen = super().observe(view, side)
        fire = pyr(view).fire
        if not fire or not fire.get("cells"):
            return seen
        from .scenario_rules import cell_rect

        return replace(seen, fire=tuple(cell_rect(key, fire["cell"]) for key in fire["cells"]))

    def flow(self):
        from .preset import PyratesPreset

        return PyratesPreset()

    # -- words for players (the F1 screen's texts are the rules' own) ---------------------------------
    def rule_texts(self) -> tuple[RuleText, ...]:
        from .texts import PAGES

        return PAGES

    def figure_rows(self, view: MatchState, table: Tabletop, fid: str) -> list[tuple[str, str]]:
        """The figure's Mêlée Quota now (PYR-MQ-2) and its save against a General weapon (PYR-SAVE-1)."""
        from ..model import WeaponClass
        from .config import pyrates_config
        from .quota import base_quota
        from .saves import save_modifiers, save_target

        f = view.figures[fid]
        if f.cv:  # a pike-and-shot block has no quota or save
            return []
        config = pyrates_config(view)
        mq, why = base_quota(config, f)
        tgt = save_target(config, save_modifiers(f, WeaponClass.GENERAL))
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

    def fight_chance(self, strength_a: int, strength_b: int) -> Fraction:
        """The chance that a side of fighting strength ``strength_a`` beats one of ``strength_b`` in
        one round of blows on the dice alone, strength counted as a PYR-MQ-2 quota (a captain 3, an
        officer 2, a figure 1): the PYR-DMG-1 pools and the PYR-WIN-1 tally, a full tie counting one
        half. The AI weighs every system's local fights by it (``presets.shared_measures``)."""
        from .odds import side_damage_odds, tally_win_odds

        return tally_win_odds(side_damage_odds(max(0, int(strength_a))), side_damage_odds(max(0, int(strength_b))))

    # -- exact odds (pyrates/chances.py) ---------------------------------------------------------------
    def roll_parts(self, event):
        """A mêlée hand (PYR-DICE-1): its hands' exact odds; luck is counted once, on the scored hand."""
        from ..events import DiceRolled
        from .events import HandScored
        from .hand_odds_parts import hand_parts

        if isinstance(event, HandScored):
            return hand_parts(event.thrown or event.faces, event.who, luck=True)
        if isinstance(event, DiceRolled) and event.rule == "PYR-DICE-1":
            return hand_parts(event.faces, event.who, luck=False)
        return event.roll_parts()

    def odds(self, view, table, ask, decision):
        """A shot (weapon in ``option``), a tap (its first item: the save fails, PYR-SAVE-1/2), a reroll (PYR-DICE-2: ``expected`` hand), a save instead of
        a pushback (PYR-PUSH-1), fighting on (PYR-WIN-3: the next round's tally on the announced
        quotas)."""
        from . import chances

        info = ask.info
        if decision.kind == "shoot" and decision.figure and decision.target:
            weapon = decision.option or view.figures[decision.figure].missile
            reactive = ask.kind == "reactive_shot"  # INI-RSHOOT-1: the reactive shot's own modifier
            return chances.shot_odds(view, table, decision.figure, decision.target, weapon=weapon, reactive=reactive)
        if ask.kind == "activate" and decision.kind == "activate" and decision.figure:
            return chances.motivation_odds(self.flow(), view, table, decision.figure)
        if ask.kind == "reroll" and "faces" in info and "rerolls_left" in info:
            left = info["rerolls_left"]
            die = None if decision.option == "stop" else decision.option_number
            return chances.reroll_odds(info["faces"], left, die)
        if ask.kind == "tap" and decision.kind == "tap":
            return chances.tap_decision_odds(view, table, decision)
        if ask.kind == "pushback" and decision.option == "save" and "save_target" in info:
            return chances.save_odds(info["save_target"])
        if ask.kind == "flashing_blades" and decision.kind == "choose" and "quotas" in info:
            # PYR-CARD-1: the round's tally with the card's +1 or without it, the other side
            # playing none (its hand is hidden)
            q = info["quotas"]
            theirs = [v for k, v in q.items() if k != ask.side]
            if ask.side in q and theirs:
                return chances.round_odds(q[ask.side] + (1 if decision.option == "play" else 0), theirs[0])
        if ask.kind == "withdraw" and decision.option == "fight_on":
            q = info.get("quotas") or {}
            theirs = [v for k, v in q.items() if k != ask.side]
            if ask.side in q and theirs:
                return chances.round_odds(q[ask.side], theirs[0])
        return None

    def attack_odds(self, view, table, attacker, defender, how, **kw):
        """``how="shot"`` (``weapon=``, ``reactive=``): PRE-PYR-1; ``"tap"`` (``extras=``, e.g.
        ``("mg",)``): the victim's save against the tapper's blow fails (PYR-SAVE-1/2, PYR-MG-1); ``"charge"``: the first round of the mêlée
        the two fight where they stand (the screen plays the charge on a clone first), with both
        sides' ``pools``."""
        from . import chances

        if how == "shot":
            return chances.shot_odds(
                view, table, attacker, defender, weapon=kw.get("weapon"), reactive=bool(kw.get("reactive"))
            )
        if how == "tap":
            return chances.tap_odds(view, table, attacker, defender, extras=tuple(kw.get("extras", ())))
        if how == "charge":
            return chances.melee_odds(view, table, attacker, defender)
        return None
