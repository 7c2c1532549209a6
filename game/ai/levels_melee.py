"""Level scorers for the mêlée (rerolls, taps, pushbacks, withdrawals), the other presets' hand
combat (d20 targets, Escarmouche duels, close-combat opposed d6) and seizing the initiative."""

from __future__ import annotations

from game.rules.model import Status

from . import preset_odds as PO
from .evaluate import fight_quota
from .levels_actions import _draw_aversion
from .levels_ctx import (
    LOADED_VALUE,
    Ctx,
    _broken,
    generic,
)
from .objectives import inside


def score_reroll(level: str, ctx: Ctx) -> list[float]:
    """PYR-DICE-2: each choice by the exact expected hand the ruleset gives (``Odds.expected``:
    later rerolls chosen at best); stopping wins a tie."""
    if ctx.ask.info.get("faces") is None or ctx.ask.info.get("rerolls_left") is None:
        return generic(level, ctx)
    out = []
    for d in ctx.ask.options:
        odds = ctx.odds(d)
        if odds is None or odds.expected is None:
            return generic(level, ctx)
        out.append(odds.expected + (1e-9 if d.option == "stop" else 0.0))
    return out


def _can_still_tap(ctx: Ctx, fid: str) -> bool:
    """Will ``fid`` still give its side's items this round? From the tap Ask's info (both sides'
    tappers, public at the table)."""
    by_side = ctx.ask.info.get("tappers_by_side")
    if isinstance(by_side, dict):
        return any(fid in ids for ids in by_side.values())
    return True


def score_tap(level: str, ctx: Ctx) -> list[float]:
    st = ctx.state
    out = []
    for d in ctx.ask.options:
        if d.kind != "tap":
            out.append(0.0)
            continue
        s = 0.01 * len(d.items)
        for t, base, extras in d.items:
            v = st.figures[t]
            pf = float(ctx.attack(d.figure, t, "tap", extras=extras).success)
            if v.status == Status.DISARMED or base in ("kd", "disarm"):
                gain = ctx.loss(v, "out")
            else:
                gain = ctx.loss(v, "wounded")
            # a victim who has not struck yet loses its own tap if it goes down: strike the dangerous first
            deny = 0.4 * fight_quota(v) if _can_still_tap(ctx, t) else 0.0
            s += pf * (gain + (deny if base in ("kd", "disarm") or v.is_wounded else 0.3 * deny))
        out.append(s)
    return out


def score_pushback(level: str, ctx: Ctx) -> list[float]:
    ask = ctx.ask
    pb = next((d.option for d in ask.options if d.option != "save"), None)
    save = next((d for d in ask.options if d.option == "save"), None)
    odds = ctx.odds(save) if save is not None else None
    victim = ctx.state.figures.get(ask.info.get("victim", ""))
    if odds is None or pb is None or victim is None:
        return generic(level, ctx)
    p_save = float(odds.success)
    ground = 0.8 if _holds_ground(ctx, victim) else 0.0
    if pb == "pushback":  # instead of a W
        cost_pb = 0.25 + ground
        cost_save = (1 - p_save) * ctx.loss(victim, "wounded")
    else:  # pushback_wounded instead of a KD
        cost_pb = 0.25 + ground + ctx.loss(victim, "wounded")
        cost_save = (1 - p_save) * ctx.loss(victim, "out")
    return [-cost_save if d.option == "save" else -cost_pb for d in ask.options]


def _holds_ground(ctx: Ctx, f) -> bool:
    """Is f standing in a zone that matters (one we hold or must deny)?"""
    for g in ctx.ev.plan.attack + ctx.ev.plan.guard:
        for _, poly in g.points:
            if inside(f.x, f.y, poly):
                return True
    return False


def score_follow_up(level: str, ctx: Ctx) -> list[float]:
    follow = 0.2 if ctx.ev.need_attack else -0.1
    return [follow if d.option == "follow" else 0.0 for d in ctx.ask.options]


def score_withdraw(level: str, ctx: Ctx) -> list[float]:
    fight_on = next((d for d in ctx.ask.options if d.option == "fight_on"), None)
    odds = ctx.odds(fight_on) if fight_on is not None else None
    p = float(odds.success) if odds is not None else 0.4
    ground = any(_holds_ground(ctx, f) for f in ctx.state.in_play(ctx.side))
    out = []
    for d in ctx.ask.options:
        if d.option == "fight_on":
            out.append(p - (0.3 if not ground else 0.15))
        elif d.option == "withdraw":
            out.append(0.1 - (0.3 if ground else 0.0))
        else:
            out.append(-60.0)  # striking the colours or abandoning ship loses the match
    return out


def _fixed(prefs: dict[str, float]):
    def fn(level: str, ctx: Ctx) -> list[float]:
        return [prefs.get(d.option, 0.0) + (0.01 if d == ctx.ask.default else 0.0) for d in ctx.ask.options]

    return fn


def score_flashing_blades(level: str, ctx: Ctx) -> list[float]:
    # the quotas before the card are not yet announced: use the rules' policy
    return [0.1 if d == ctx.ask.default else 0.0 for d in ctx.ask.options]


def score_melee_target(level: str, ctx: Ctx) -> list[float]:
    """RNG-HAND-1: whom to strike, by the exact hit-and-wound odds against each one's DV left."""
    return [PO.hand_value(ctx, d.figure, d.target) if d.target else 0.0 for d in ctx.ask.options]


def score_react_shoot(level: str, ctx: Ctx) -> list[float]:
    """INI-RSHOOT: each (shooter, target) pair by its exact d20 odds; "all" takes every pair."""
    out = []
    for d in ctx.ask.options:
        if d.kind != "react_shoot":
            out.append(0.0)
            continue
        v = 0.0
        for shooter, target, _extras in d.items:
            v += PO.d20_shot_value(ctx, shooter, target, reactive=True) - 0.5 * LOADED_VALUE
        out.append(v)
    return out


def score_esc_shoot(level: str, ctx: Ctx) -> list[float]:
    """Escarmouche, one shooter: the target by the hit chance the flow shows (``info["odds"]``,
    through ``ruleset.odds``)."""
    shown = ctx.ask.info.get("odds") or {}
    out = []
    for d in ctx.ask.options:
        if d.kind == "shoot" and d.target in shown:
            out.append(PO.esc_shot_value(ctx, ctx.odds(d)) - 0.3 * LOADED_VALUE)
        else:
            out.append(0.0)
    return out


def score_break_off(level: str, ctx: Ctx) -> list[float]:
    """ESC-RND-1: fight another round when the next round's duels (``ruleset.odds`` of fighting
    on) favour us."""
    fight_on = next((d for d in ctx.ask.options if d.option == "fight_on"), None)
    v = PO.break_off_value(ctx, fight_on) if fight_on is not None else 0.0
    return [v if d.option == "fight_on" else 0.0 for d in ctx.ask.options]


def score_re_engage(level: str, ctx: Ctx) -> list[float]:
    """OD6: move a piece back into contact when the opposed d6 (exact odds) favours it, or an even
    roll when the turn limit would make a draw (``_draw_aversion``, as for the unit's re-engage:
    without it one piece at a time fought on and the lines stood apart to the limit)."""
    targets = ctx.ask.info.get("targets") or []
    pid = ctx.ask.info.get("figure")
    out = []
    places = [d for d in ctx.ask.options if d.kind == "place"]
    aversion = _draw_aversion(ctx) if places else 0.0
    for d in ctx.ask.options:
        if d.kind == "place" and pid and len(targets) == len(places):
            out.append(PO.od6_value(ctx, pid, targets[places.index(d)]) + aversion)
        else:
            out.append(0.0)
    return out


def _by_combat(**fns):
    """A scorer chosen by how the system fights (``ruleset.combat``: the same ask kind means
    different things in different systems)."""

    def fn(level: str, ctx: Ctx):
        f = fns.get(PO.combat_of(ctx))
        return f(level, ctx) if f is not None else None

    return fn


def score_tome_answer(level: str, ctx: Ctx) -> list[float]:
    """INI-TOME-1: a figure answers its leader's call (the call is made only when someone can)."""
    return [1.0 if d.kind == "move" else 0.0 for d in ctx.ask.options]


def score_seize(level: str, ctx: Ctx) -> list[float] | None:
    """INI-SEIZE-1: seize when the exact odds are worth the risk: P(success) × the declared action's
    expected gain, against what a failure costs — the counters spent (INI-SEIZE-3) and, once the
    side's morale has broken, the nominee fleeing (PRE-INI-1). Declining scores 0."""
    st = ctx.state
    counters = ctx.ruleset.observe(st, ctx.side).counters
    broken = _broken(ctx, ctx.side)
    chances = [ctx.odds(d) if d.kind == "seize" and d.figure in st.figures else None for d in ctx.ask.options]
    if any(d.kind == "seize" for d in ctx.ask.options) and all(o is None for o in chances):
        return None  # the system gives no odds for seizing: the generic scoring
    out = []
    for d, odds in zip(ctx.ask.options, chances):
        if odds is None:
            out.append(0.0)
            continue
        f = st.figures[d.figure]
        p = float(odds.success)
        opt = d.option or ""
        if opt == "engage" and d.target in st.figures:
            gain = 0.3 + max(0.0, PO.hand_exchange(ctx, d.figure, d.target))
        elif opt == "melee":
            gain = 0.3 + max(0.0, PO.best_attack(ctx, d.figure))
        elif opt == "shoot" and d.target in st.figures:
            gain = 0.2 + PO.d20_shot_value(ctx, d.figure, d.target)
        elif opt == "order":
            gain = 0.8
        elif opt in ("tome", "load"):
            gain = 0.15
        else:
            gain = 0.1
        gain *= ctx.ev.press
        cost = 0.12 * counters
        if broken and "determined" not in f.traits:
            cost += ctx.loss(f, "out")
        out.append(p * gain - (1.0 - p) * cost - 0.01)
    return out
