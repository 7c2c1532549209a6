"""Scoring the options of a pending question, kind by kind: the easy and normal levels.

``score_options(level, ctx)`` returns one score per option of ``ctx.ask`` (higher is better).
Kinds this module recognises get specialised scoring with the exact odds the match's ruleset gives
(``ctx.ruleset.odds``/``attack_odds``: shots, blows, saves, rerolls, duels, opposed d6, seizing;
weighed in ``preset_odds``), the scorers chosen by what the ruleset answers (``ruleset.combat``);
any other kind falls back to positions (options with x/y are scored by the evaluation of the
position they lead to) or to the rules' stated default (GEN-CHOICE-1). Scorers read only public
facts: never another side's cards, never dice still to be rolled.

The scorers live in ``levels_actions`` (activation, actions, reactions) and ``levels_melee`` (the
mêlée, the other presets' hand combat, seizing); ``Ctx`` and the generic scoring in ``levels_ctx``.
"""

from __future__ import annotations

import math

from .levels_actions import _preset_option as _preset_option
from .levels_actions import _shots_at as _shots_at
from .levels_actions import (
    score_action,
    score_activate,
    score_opportune_shot,
    score_reactive_shot,
    score_unmotivated,
)
from .levels_actions import shot_value as shot_value
from .levels_ctx import FATAL as FATAL
from .levels_ctx import LOADED_VALUE as LOADED_VALUE
from .levels_ctx import SHIELD as SHIELD
from .levels_ctx import Ctx as Ctx
from .levels_ctx import generic, score_reaction
from .levels_melee import (
    _by_combat,
    _fixed,
    score_break_off,
    score_esc_shoot,
    score_flashing_blades,
    score_follow_up,
    score_melee_target,
    score_pushback,
    score_re_engage,
    score_react_shoot,
    score_reroll,
    score_seize,
    score_tap,
    score_tome_answer,
    score_withdraw,
)


# -- entry point ------------------------------------------------------------------------------------
def score_options(level: str, ctx: Ctx) -> list[float]:
    ask = ctx.ask
    fn = SCORERS.get(ask.kind)
    if fn is not None:
        try:
            scores = fn(level, ctx)
        except (KeyError, AttributeError, ValueError, TypeError, ImportError, ZeroDivisionError):
            scores = None  # a kind changed shape under us: fall back rather than fail the match
        if scores is not None:
            return scores
    return generic(level, ctx)


SCORERS = {
    "seize": score_seize,
    "tome": score_tome_answer,
    "melee_target": score_melee_target,
    "react_shoot": score_react_shoot,
    "shoot": _by_combat(duel=score_esc_shoot),
    "break_off": _by_combat(duel=score_break_off),
    "re_engage": _by_combat(opposed=score_re_engage),
    "activate": score_activate,
    "action": score_action,
    "reaction": score_reaction,
    "unmotivated": score_unmotivated,
    "reactive_shot": score_reactive_shot,
    "opportune_shot": score_opportune_shot,
    "reroll": score_reroll,
    "tap": score_tap,
    "pushback": score_pushback,
    "follow_up": score_follow_up,
    "withdraw": score_withdraw,
    "cornered": _fixed({"rat": 1.0, "surrender": -5.0}),
    "surrender": _fixed({"keep": 1.0, "surrender": -5.0}),
    "fall": _fixed({"deck": 1.0, "sea": -5.0}),
    "flashing_blades": score_flashing_blades,
}


# -- easy: normal's judgement, blurred ------------------------------------------------------------------
def easy_scores(ctx: Ctx) -> list[float]:
    """The easy level's scores before its noise: the normal scoring of the options (the offered ones
    and the route moves; never the look-ahead), without the enemy's replies: a Pyrates charge is
    priced where the figures stand, before the reactions (``levels_actions._pool_charge``). The old greedy scoring knew only charges, shots and walks
    and took the rules' default for everything else, so in presets whose attacks are other kinds
    (close combat's engage, escarmouche's assault) it never attacked: easy-v-random games ended in
    draws."""
    return score_options("easy", ctx)


def easy_noise_scale(scores: list[float]) -> float:
    """The spread the easy level's noise is measured in: the standard deviation of the scores of
    the options that are not fatal (at least ``EASY_FLOOR``), so the blur is as heavy on a question
    of small stakes as on one of large."""
    xs = [s for s in scores if s > -40.0]
    if len(xs) < 2:
        return EASY_FLOOR
    mean = sum(xs) / len(xs)
    return max(EASY_FLOOR, math.sqrt(sum((x - mean) ** 2 for x in xs) / len(xs)))


EASY_FLOOR = 0.1
