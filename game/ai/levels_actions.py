"""Level scorers for activation and actions (moves, charges, shots, loading, the tome) and the
reactions and reactive shots they draw, with the exact odds of the rules package."""

from __future__ import annotations

import math

from game.rules.model import Rank

from . import preset_odds as PO
from .charge_outlook import charge_outlook
from .evaluate import W_MELEE, figure_value
from .levels_ctx import (
    CHARGE_SETUP,
    LOADED_VALUE,
    PRESS_CHARGE,
    SHIELD,
    Ctx,
    _broken,
    _nearest_enemy_gap,
    boldness,
)
from .worth import shot_target


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


def _preset_option(ctx: Ctx, d, level: str = "normal") -> float | None:
    """An action option scored with the system's own exact odds (``preset_odds``, chosen by
    ``ruleset.combat``), or None when the general scoring below applies. ``easy`` judges a
    close-combat engage by its lead piece's pair alone; the others by every pair it makes."""
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
            if level == "easy":
                return PO.od6_value(ctx, d.figure, d.target) + 0.1
            return PO.od6_engage_value(ctx, d) + 0.1
        if k == "move" and d.figure is None and d.x is not None:  # a translation of the whole unit
            return PO.od6_move_value(ctx, PO.in_play_ids(ctx, info.get("pieces") or []), d.x, d.y)
        if k == "re_engage":
            if level == "easy":
                return 0.15
            v = PO.od6_re_engage_value(ctx, PO.in_play_ids(ctx, info.get("pieces") or []), _draw_aversion(ctx))
            return 0.15 if v is None else v
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
        ps = None if pool else _preset_option(ctx, d, level)
        if ps is not None:
            s = ps
        elif k in ("move", "charge") and d.x is not None and d.figure:
            s = ctx.moved(d.figure, d.x, d.y) - base
            if k == "move" and PO.blows(ctx):
                s += CHARGE_SETUP * _charge_setup(ctx, d.figure, d.x, d.y)
            if k == "charge":
                s += 0.25  # being the one who chooses the fight
                p = _pool_charge(ctx, d) if pool and level != "easy" else None
                if p is not None:
                    s += p[0]
                if ctx.ev.press > 1 and (p is None or p[1] >= POOR):
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
        if k in ATTACKS and (d.target or k == "assault" or (k == "re_engage" and level == "easy")):
            s += _draw_aversion(ctx)
        if pool and f is not None:
            s += _out_of_fire(ctx, f, d)
        out.append(s)
    return out


#: weight of the expected harm of the enemy's loaded missiles a figure escapes (or stays under)
W_FIRE = 1.0
#: the kinds of answer that leave a figure where it stands doing nothing of use against that fire
STAY_KINDS = {"hold": 1.0, "aim": 1.0, "load": 0.5}
#: what cover at the end of a move leaves of the fire (RNG-COVER-1 takes the shot's chances down)
COVER_SHARE = 0.5


def _under_fire(ctx: Ctx, f) -> list[tuple]:
    """The loaded enemy missiles that may shoot ``f`` where it stands, each with the exact expected
    harm of its shot (RNG-SHOOT-1 with the table's sight, range and cover; RNG-WND-1)."""
    memo = ctx.__dict__.setdefault("_fire", {})
    if f.id not in memo:
        shots = []
        for e in ctx.foes():
            if e.missile and e.loaded:
                h = PO.d20_shot_value(ctx, e.id, f.id)
                if h > 0:
                    shots.append((e, h))
        memo[f.id] = shots
    return memo[f.id]


def _out_of_fire(ctx: Ctx, f, d) -> float:
    """Figures under fire with nothing to gain get out of it: an answer that leaves ``f`` standing
    idle under the enemy's loaded missiles pays their expected harm; a move pays what still reaches
    it where it ends — out of range, below decks (the hold sees only the hold, GEO-LOS-1) or in a
    cover zone it escapes some or all of it. Sight at the end point is taken as it is now."""
    shots = _under_fire(ctx, f)
    if not shots:
        return 0.0
    # a side the clock is against has something to gain by going forward under fire
    here = sum(h for _, h in shots) / max(1.0, ctx.ev.press)
    if d.kind in STAY_KINDS:
        return -W_FIRE * STAY_KINDS[d.kind] * here
    if d.x is None or d.y is None or d.kind not in ("move", "retreat", "cover"):
        return 0.0
    level = f.level
    if d.option == "climb":
        lk = next((k for k in ctx.table.map.links if k.id == d.option_label), None)
        if lk is not None:
            level = lk.level_b if lk.level_a == f.level else lk.level_a
    there = 0.0
    for e, h in shots:
        if level != e.level and {level, e.level} != {"deck", "rigging"}:
            continue
        gap = math.hypot(e.x - d.x, e.y - d.y) - e.radius - f.radius
        if shot_target(e, max(0.0, gap)) is None:
            continue
        there += h / max(1.0, ctx.ev.press)
    try:
        if there and ctx.table.zone_at(d.x, d.y, level).cover and not ctx.table.zone_of(f.id).cover:
            there *= COVER_SHARE
    except (KeyError, ValueError, AttributeError):
        pass
    return W_FIRE * (here - there)


#: the kinds of action that bring on a fight (RNG-ACT-1 charge, OD6 engage, escarmouche assault)
ATTACKS = ("charge", "engage", "assault", "re_engage")
#: what starting a fight is worth at the turn limit when the limit gives neither side the match
DRAW_AVERSION = 0.6


def _draw_aversion(ctx: Ctx) -> float:
    """A match that runs out its clock with no side named by a turn_limit condition is a draw, which
    neither side wants: an even fight (an exact exchange of 0) is then worth starting, more so as
    the limit nears — unless the side is ahead on points (``points_lead``), when the limit gives it
    the match and an even fight only risks that. Without it both levels walked around an even fight until the limit (the
    ladder: easy v random drew 10 of 10 close-combat games)."""
    plan = ctx.ev.plan
    limit = ctx.ev.turn_limit
    if plan.time_is_ours or plan.time_is_theirs or not limit:
        return 0.0
    late = 0.25 + 0.75 * min(1.0, ctx.state.turn / limit)
    lead = points_lead(ctx)
    if lead is not None and lead > 0:
        return -POINTS_CAUTION * late  # the points at the limit are ours: an even fight can only lose them
    return DRAW_AVERSION * late


#: what an even fight costs a side that is ahead on points (SCN-PTS-1) with the limit to come
POINTS_CAUTION = 0.6


def points_lead(ctx: Ctx) -> float | None:
    """SCN-PTS-1 (the scenario's points decision at the turn limit): this side's share of its
    starting figures still in play less the best enemy share; None without a points decision."""
    conds = getattr(ctx.match.scenario, "victory", ()) or ()
    if not any(c.type == "points" and c.side == ctx.side for c in conds):
        return None
    kept: dict[str, list[int]] = {}
    for f in ctx.state.figures.values():
        k = kept.setdefault(f.side, [0, 0])
        k[0] += f.in_play
        k[1] += 1
    share = {s: k[0] / k[1] for s, k in kept.items() if k[1]}
    foes = [share[s] for s in share if s in ctx.ev.foes]
    return share.get(ctx.side, 0.0) - max(foes) if foes else None


#: a charge whose first round (after the enemy's reactions) is won with less is a poor charge
POOR = 0.35
#: what a poor charge costs beyond its odds (at boldness 1): a step, and more the poorer it is
POOR_STEP = 0.4
POOR_CHARGE = 2.0
#: a non-combatant's poor charge: never worth it
NONCOMBATANT_POOR = 4.0
#: share of the charger's loss a lost first round costs (the wound, the withdrawal, the morale test)
LOSE_SHARE = 0.35
#: a leader who loses the round risks the side's morale (RNG-MOR-1): share of its loss on a lost round
LEADER_SHARE = 0.5


def outlook(ctx: Ctx, d):
    """``charge_outlook`` of charge option ``d`` (the first round after the enemy's reactions),
    asked once per charger, target and kind of charge in this question (the contact point hardly
    changes who reacts)."""
    memo = ctx.__dict__.setdefault("_outlooks", {})
    key = (d.figure, d.target, d.option)
    if key not in memo:
        memo[key] = charge_outlook(ctx.match, ctx.side, d.figure, d.target, charge=d, evaluator_for=ctx.evaluator_for)
    return memo[key]


def _pool_charge(ctx: Ctx, d) -> tuple[float, float] | None:
    """PYR-REACT-1/PYR-WIN-1: a charge priced by the chance of winning its first round once the
    enemy's reactors have joined (``charge_outlook``; the evaluation of the position saw the fight
    only as it stands before them), less what losing that round costs the charger (PYR-WIN-3
    withdrawal or bold retreat, the wound, PYR-MOR morale) — more for a leader, whose fall breaks
    the side. A poor charge (under ``POOR``) pays a price the side's boldness divides, and a
    non-combatant never makes one. Returns (score change, chance), None without odds."""
    o = outlook(ctx, d)
    if o is None:
        return None
    st = ctx.state
    f, t = st.figures[d.figure], st.figures[d.target]
    p = float(o.chance)
    before = float(o.before)
    s = W_MELEE * (p - before) * (figure_value(f) + figure_value(t))
    s -= (1.0 - p) * LOSE_SHARE * ctx.loss(f, "out")
    if f.rank == Rank.CAPTAIN or f.is_leader:
        s -= (1.0 - p) * LEADER_SHARE * ctx.loss(f, "out")
    if p < POOR:
        s -= (POOR_STEP + POOR_CHARGE * (1.0 - p / POOR)) / boldness(ctx)
    if p < POOR and not _combatant_rank(f):
        s -= NONCOMBATANT_POOR
    return s, p


def _combatant_rank(g) -> bool:
    return not (g.rank == Rank.NONCOMBATANT or g.type == "civilian" or "civilian" in g.flags)


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
    acted = ctx.ruleset.observe(ctx.state, ctx.side).acted or frozenset()
    lg = _nearest_enemy_gap(ctx, leader)
    n = 0
    for g in ctx.state.in_play(leader.side):
        if g.id == leader.id or g.id in acted:
            continue
        gap = _nearest_enemy_gap(ctx, g)
        if gap > 4.0 and gap > lg + 3.0:
            n += 1
    return 0.15 * n - 0.1


def score_unmotivated(level: str, ctx: Ctx) -> list[float]:
    """RNG-MOT-3: hold, retreat 2 in or take cover — by the position each leads to, and under fire
    by the fire each escapes (``_out_of_fire``)."""
    from .levels_ctx import generic

    out = generic(level, ctx)
    st = ctx.state
    for i, d in enumerate(ctx.ask.options):
        f = st.figures.get(d.figure) if d.figure else None
        if f is not None and PO.combat_of(ctx) == "pool":
            out[i] += _out_of_fire(ctx, f, d)
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
