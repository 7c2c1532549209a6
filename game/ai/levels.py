"""Scoring the options of a pending question, kind by kind (issue 8: the easy and normal levels).

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
    score_reaction,
    score_reactive_shot,
)
from .levels_actions import shot_value as shot_value
from .levels_ctx import FATAL as FATAL
from .levels_ctx import LOADED_VALUE as LOADED_VALUE
from .levels_ctx import SHIELD as SHIELD
from .levels_ctx import Ctx as Ctx
from .levels_ctx import generic
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
from .objectives import goal_point


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


# -- easy: greedy and noisy ------------------------------------------------------------------------------
def easy_scores(ctx: Ctx) -> list[float]:
    try:
        scores = _easy_scores(ctx)
    except (KeyError, AttributeError, ValueError, TypeError, ImportError, ZeroDivisionError):
        scores = None
    if scores is None:
        return [1.0 if d == ctx.ask.default else 0.0 for d in ctx.ask.options]
    return scores


def _easy_scores(ctx: Ctx) -> list[float] | None:
    """Greedy: charge when it can, shoot a likely shot, else walk toward its goal; the rules' default
    for everything in the mêlée. The caller adds noise."""
    ask = ctx.ask
    st = ctx.state
    if ask.kind not in ("action", "reaction"):
        if ask.kind in ("activate",):
            return score_activate("easy", ctx)
        return [1.0 if d == ask.default else 0.0 for d in ask.options]
    out = []
    for d in ask.options:
        if d.kind == "charge":
            s = 3.0
        elif d.kind == "shoot":
            odds = ctx.attack(d.figure, d.target, "shot", weapon=d.option) if d.target else None
            if odds is None:
                return None  # a shot the system cannot weigh for one target (a group's volley)
            s = 2.0 if (odds.target or 0) >= 6 else 0.2
        elif d.kind == "load":
            s = 1.0
        elif d.x is not None and d.figure in st.figures:
            f = st.figures[d.figure]
            gx, gy = _easy_goal(ctx, f)
            before = math.hypot(f.x - gx, f.y - gy)
            after = math.hypot(d.x - gx, d.y - gy)
            s = (before - after) / 3.0
            if d.kind == "react" and d.option == "a":
                s += 0.5
        elif d.kind == "pass":
            s = 0.0
        else:
            s = 0.1
        out.append(s)
    return out


def _easy_goal(ctx: Ctx, f) -> tuple[float, float]:
    plan = ctx.ev.plan
    for g in plan.attack:
        p = goal_point(g, ctx.state, (f.x, f.y))
        if p is not None:
            near = [e for e in ctx.foes() if math.hypot(e.x - f.x, e.y - f.y) < 6.0]
            if not near:
                return p
    foes = [e for e in ctx.foes() if e.level == f.level] or ctx.foes()
    if not foes:
        return (f.x, f.y)
    e = min(foes, key=lambda e: (math.hypot(e.x - f.x, e.y - f.y), e.id))
    return (e.x, e.y)
