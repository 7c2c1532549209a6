"""Level scorers for activation and actions (moves, charges, shots, loading, the tome) and the
reactions and reactive shots they draw, with the exact odds of the rules package."""

from __future__ import annotations

import math

from game.rules.model import Rank

from . import preset_odds as PO
from .levels_ctx import (
    CHARGE_SETUP,
    LOADED_VALUE,
    PRESS_CHARGE,
    SHIELD,
    Ctx,
    _broken,
    _nearest_enemy_gap,
)


def score_activate(level: str, ctx: Ctx) -> list[float]:
    st = ctx.state
    out = []
    for d in ctx.ask.options:
        if d.kind != "activate" or d.figure not in st.figures:
            out.append(-0.5 if d.kind == "pass" else (0.1 if d == ctx.ask.default else 0.0))
            continue
        f = st.figures[d.figure]
        gap = _nearest_enemy_gap(ctx, f)
        s = 10.0 - min(gap, 30.0) / 3.0  # the front first: charges, then the supports behind them
        if f.missile and f.loaded:
            s += 0.5
        if f.rank == Rank.CAPTAIN or f.is_leader:
            s -= 1.5  # leaders late: they lend motivation to the others while these act (RNG-MOT-2)
        if f.rank == Rank.NONCOMBATANT or f.type == "civilian":
            s -= 3.0
        # a broken side (RNG-MOR-1) gains nothing by ending its player-turn early: RNG-TURN-1 rolls every
        # figure not yet rolled for anyway, so each activation is at least as good as the pass
        out.append(s)
    return out


def shot_value(ctx: Ctx, shooter: str, target: str, weapon: str, reactive: bool = False) -> float:
    """Expected evaluation gain of one shot with ``weapon``: the ruleset's odds of the target's
    wound and knock-down (hit, wound roll, failed save) times what each costs."""
    odds = ctx.attack(shooter, target, "shot", weapon=weapon, reactive=reactive)
    if odds is None or not odds.success:
        return 0.0
    return PO.harm(ctx, odds.effect(target))


def _preset_option(ctx: Ctx, d) -> float | None:
    """An action option scored with the system's own exact odds (``preset_odds``, chosen by
    ``ruleset.combat``), or None when the general scoring below applies."""
    combat = PO.combat_of(ctx)
    info = ctx.ask.info
    k = d.kind
    if combat == "duel":
        group = PO.in_play_ids(ctx, info.get("group") or [])
        if k == "assault":
            return PO.assault_value(ctx, d, group, _broken(ctx, ctx.side)) + 0.1  # the initiative of the charge
        if k == "move" and d.x is None:
            return PO.esc_move_value(ctx, group, d.option)
        if k == "shoot" and d.target is None:
            return PO.esc_group_shot_value(ctx, group) - 0.5 * LOADED_VALUE
        if k == "load":
            return LOADED_VALUE
        return None
    if combat == "opposed":
        if k == "engage" and d.target:
            return PO.od6_value(ctx, d.figure, d.target) + 0.1
        if k == "move" and d.figure is None and d.x is not None:  # a translation of the whole unit
            return PO.od6_move_value(ctx, PO.in_play_ids(ctx, info.get("pieces") or []), d.x, d.y)
        if k == "re_engage":
            return 0.15
        if k in ("reorganise", "disengage"):
            return -0.05
        return None
    if combat == "blow":
        if k in ("attack", "retaliate") and d.target:
            return PO.hand_value(ctx, d.figure, d.target)
        if k in ("charge", "engage") and d.target and d.x is not None:
            return (
                ctx.moved(d.figure, d.x, d.y)
                - ctx.base
                + PO.hand_exchange(ctx, d.figure, d.target)
                + SHIELD * _shots_at(ctx, d.figure)
            )
        if k == "melee" and d.figure:
            return PO.best_attack(ctx, d.figure)
        if k == "shoot" and d.target:
            f = ctx.state.figures[d.figure]
            unloads = ctx.ruleset.unloads(f)
            return PO.d20_shot_value(ctx, d.figure, d.target) - (0.5 * LOADED_VALUE if unloads else 0.0)
    return None


def score_action(level: str, ctx: Ctx) -> list[float]:
    st = ctx.state
    ask = ctx.ask
    base = ctx.base
    out = []
    fid = ask.info.get("figure") or next((d.figure for d in ask.options if d.figure), None)
    f = st.figures.get(fid) if fid else None
    pool = PO.combat_of(ctx) == "pool"
    for d in ask.options:
        k = d.kind
        ps = None if pool else _preset_option(ctx, d)
        if ps is not None:
            s = ps
        elif k in ("move", "charge") and d.x is not None and d.figure:
            s = ctx.moved(d.figure, d.x, d.y) - base
            if k == "move" and PO.blows(ctx):
                s += CHARGE_SETUP * _charge_setup(ctx, d.figure, d.x, d.y)
            if k == "charge":
                s += 0.25  # being the one who chooses the fight
                if ctx.ev.press > 1:
                    s += PRESS_CHARGE  # time is against us: a fight now beats a better one too late
            if d.option == "cross":
                s -= 0.05
        elif k == "shoot":
            s = shot_value(ctx, d.figure, d.target, d.option)
            if d.option != "thrown_knife":
                s -= LOADED_VALUE * 0.5
        elif k == "load":
            s = LOADED_VALUE
        elif k == "aim":
            s = 0.08
        elif k == "tome":
            s = _tome_value(ctx, f)
        elif k == "hold":
            s = 0.0
        else:
            s = 0.5 if d == ask.default else 0.0
        if k in ATTACKS and (d.target or k in ("assault", "re_engage")):
            s += _draw_aversion(ctx)
        out.append(s)
    return out


#: the kinds of action that bring on a fight (RNG-ACT-1 charge, OD6 engage, escarmouche assault)
ATTACKS = ("charge", "engage", "assault", "re_engage")
#: what starting a fight is worth at the turn limit when the limit gives neither side the match
DRAW_AVERSION = 0.6


def _draw_aversion(ctx: Ctx) -> float:
    """A match that runs out its clock with no side named by a turn_limit condition is a draw, which
    neither side wants: an even fight (an exact exchange of 0) is then worth starting, more so as
    the limit nears. Without it both levels walked around an even fight until the limit (the
    ladder: easy v random drew 10 of 10 close-combat games)."""
    plan = ctx.ev.plan
    limit = ctx.ev.turn_limit
    if plan.time_is_ours or plan.time_is_theirs or not limit:
        return 0.0
    return DRAW_AVERSION * (0.25 + 0.75 * min(1.0, ctx.state.turn / limit))


def _shots_at(ctx: Ctx, fid: str) -> float:
    """The exact expected harm of the loaded enemy muskets that see ``fid`` where it stands: what a
    figure that charges escapes, as no one shoots at a figure in hand combat (RNG-SHOOT-3), and
    what one that shoots, loads or holds there still faces."""
    total = 0.0
    for e in ctx.foes():
        if e.missile and e.loaded and e.level == ctx.state.figures[fid].level:
            total += PO.d20_shot_value(ctx, e.id, fid)
    return total


def _charge_setup(ctx: Ctx, fid: str, x: float, y: float) -> float:
    """RNG-ACT-1: the best exact hand-combat exchange (our blow less the answer) against an enemy
    a move to (x, y) brings within charge reach (3", Fast 4") — a figure that wins hand combat on
    the odds closes in to charge next time; one that loses it gets nothing here."""
    st = ctx.state
    f = st.figures[fid]
    reach = 3.0 + (1.0 if "fast" in f.traits else 0.0)
    best = 0.0
    for e in ctx.foes():
        if e.level != f.level:
            continue
        gap = math.hypot(x - e.x, y - e.y) - f.radius - e.radius
        if 1.0 < gap <= reach:
            best = max(best, PO.hand_exchange(ctx, fid, e.id))
    return best


def _tome_value(ctx: Ctx, leader) -> float:
    """INI-TOME-1: worth it when friends far from the fight lag behind the leader."""
    if leader is None:
        return 0.0
    acted = set(ctx.state.data.get("acted", []))
    lg = _nearest_enemy_gap(ctx, leader)
    n = 0
    for g in ctx.state.in_play(leader.side):
        if g.id == leader.id or g.id in acted:
            continue
        gap = _nearest_enemy_gap(ctx, g)
        if gap > 4.0 and gap > lg + 3.0:
            n += 1
    return 0.15 * n - 0.1


def score_reaction(level: str, ctx: Ctx) -> list[float]:
    base = ctx.base
    out = []
    for d in ctx.ask.options:
        if d.kind == "pass" or d.x is None:
            out.append(0.0)
            continue
        s = ctx.moved(d.figure, d.x, d.y) - base
        if d.option == "c":
            s += 0.1
        out.append(s - 0.02)
    return out


def score_reactive_shot(level: str, ctx: Ctx) -> list[float]:
    shots = [
        (shot_value(ctx, d.figure, d.target, d.option, reactive=True) - LOADED_VALUE, d)
        for d in ctx.ask.options
        if d.kind == "shoot"
    ]
    cap = ctx.ask.info.get("cap", 1)
    out = []
    for d in ctx.ask.options:
        if d.kind == "shoot":
            out.append(next(v for v, x in shots if x is d))
        elif d.option == "all":
            vals = [v for v, _ in shots][:cap]  # the rules take the best shooters first
            out.append(sum(vals) if vals else -1.0)
        else:
            out.append(0.0)
    return out


def score_opportune_shot(level: str, ctx: Ctx) -> list[float]:
    card = 0.6  # keeping Opportune Shot for a better moment
    return [0.0 if d.kind != "shoot" else shot_value(ctx, d.figure, d.target, d.option) - card for d in ctx.ask.options]
