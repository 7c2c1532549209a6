"""Scoring the options of a pending question, kind by kind (issue 8: the easy and normal levels).

``score_options(level, ctx)`` returns one score per option of ``ctx.ask`` (higher is better).
Kinds this module recognises get specialised scoring with the exact odds of the rules package
(``game.rules.pyrates``: pool odds, saves; ``game.rules.rangers``: shooting and wound odds; the
other presets' own odds through ``preset_odds``: Escarmouche duels, close-combat opposed d6);
any other kind falls back to positions (options with x/y are scored by the evaluation of the
position they lead to) or to the rules' stated default (GEN-CHOICE-1). Scorers read only public
facts: never another side's cards, never dice still to be rolled.
"""

from __future__ import annotations

import math
import re
from functools import cache
from types import SimpleNamespace

from game.rules.model import Figure, Rank, Status

from . import preset_odds as PO
from .evaluate import W_MATERIAL, fight_quota, figure_value, health, round_win_chance
from .objectives import goal_point, inside

#: kinds whose answer ends the match or hands the enemy a figure: never chosen at random
FATAL = {"strike_colours", "abandon_ship", "surrender", "sea"}
LOADED_VALUE = 0.35
#: a side whose clock runs out charges more readily (boarders must come to blows, not trade shots)
PRESS_CHARGE = 1.0
#: weight of a move that brings a figure within charge reach of an enemy it out-fights (d20 presets)
CHARGE_SETUP = 1.5
#: share of the enemy shots a figure escapes by charging into hand combat that counts for the charge
#: (each of those shooters must still pass its motivation roll, RNG-MOT-1)
SHIELD = 0.5


class Ctx:
    """What a scorer works with for one decision."""

    def __init__(self, match, ask, evaluator, rng):
        self.match = match
        self.ask = ask
        self.side = ask.side
        self.state = match.state
        self.table = match.table
        self.ev = evaluator
        self.rng = rng
        self.view = SimpleNamespace(state=match.state, table=match.table, scenario=match.scenario)
        self._base = None

    @property
    def base(self) -> float:
        if self._base is None:
            self._base = self.ev(self.state)
        return self._base

    def moved(self, fid: str, x: float, y: float) -> float:
        return self.ev(self.state, {fid: (x, y)})

    def foes(self):
        return [f for f in self.state.figures.values() if f.in_play and f.side in self.ev.foes]

    def loss(self, f, after: str) -> float:
        """Evaluation units lost by f's side if f goes to ``after`` (wounded / out)."""
        start = self.ev.start.get(f.side, 1.0) or 1.0
        h0 = health(f)
        h1 = 0.0 if after == "out" else min(h0, 0.6 if f.max_wounds <= 2 else h0 * 0.6)
        if after == "wounded" and (f.wounds > 0 or f.status == Status.WOUNDED):
            h1 = 0.0  # a second wound knocks down (PYR-SAVE-3)
        v = W_MATERIAL * figure_value(f) * (h0 - h1) / start
        for g in self.ev.plan.guard + self.ev.plan.attack:  # a capture target is worth the match
            if g.kind == "capture" and g.figure == f.id and after == "out":
                v += 40.0
        return v


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


def generic(level: str, ctx: Ctx) -> list[float]:
    ask = ctx.ask
    out = []
    for d in ask.options:
        s = 0.5 if d == ask.default else 0.0
        if d.figure and d.x is not None and d.y is not None and d.figure in ctx.state.figures:
            s += ctx.moved(d.figure, d.x, d.y) - ctx.base
        if d.option in FATAL:
            s -= 50.0
        out.append(s)
    return out


# -- activation and actions -----------------------------------------------------------------------
def _broken(state, side: str) -> bool:
    """RNG-MOR-1: no leader left, or half the points gone (public), counted the way the preset
    counted ``start_points``: the Rangers! points table under rangers/initiative (whose figures
    carry no ``points``), else ``points or 1`` (pyrates)."""
    data = state.data
    if isinstance(data.get("broken"), dict) and data["broken"].get(side):
        return True
    if state.preset in ("rangers", "initiative"):
        from game.rules.rangers.flowkit import safe_figure_points as pts
    else:

        def pts(f: Figure) -> int:
            return f.points or 1

    leaders = [g for g in state.figures.values() if g.side == side and (g.rank == Rank.CAPTAIN or g.is_leader)]
    start = data.get("start_points", {}).get(side, 0) if isinstance(data.get("start_points"), dict) else 0
    now = sum(pts(g) for g in state.figures.values() if g.side == side and g.in_play)
    return bool((leaders and not any(g.in_play for g in leaders)) or (start and 2 * now <= start))


def _nearest_enemy_gap(ctx: Ctx, f) -> float:
    best = math.inf
    for g in ctx.foes():
        if g.level != f.level:
            continue
        best = min(best, math.hypot(g.x - f.x, g.y - f.y) - f.radius - g.radius)
    return best


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
    """Expected evaluation gain of one shot: P(hit) × wound odds × P(save fails) × loss (exact odds)."""
    from game.rules.pyrates.saves import save_chance, save_target
    from game.rules.pyrates.shooting import shot_save_modifiers, shot_target_number
    from game.rules.rangers.wounds import wound_modifier, wound_odds

    st = ctx.state
    v = st.figures[target]
    tn = shot_target_number(ctx.view, shooter, target, weapon=weapon, reactive=reactive, check_melee=False)
    if not tn:
        return 0.0
    p_hit = min(tn, 20) / 20.0
    wo = wound_odds(wound_modifier(hand_combat=False, target_tough="tough" in v.traits), "lucky" in v.traits)
    p_fail = 1.0 - float(save_chance(save_target(shot_save_modifiers(v))))
    p1, p2 = float(wo[1]), float(wo[2])
    wounded = v.wounds > 0 or v.status == Status.WOUNDED
    gain = (
        p_hit
        * p_fail
        * ((p1 + p2) * ctx.loss(v, "out") if wounded else p1 * ctx.loss(v, "wounded") + p2 * ctx.loss(v, "out"))
    )
    return gain


def _preset_option(ctx: Ctx, d) -> float | None:
    """An action option scored with the preset's own exact odds (``preset_odds``), or None when the
    pyrates scoring below applies."""
    preset = PO.preset_of(ctx)
    info = ctx.ask.info
    k = d.kind
    if preset == "escarmouche":
        group = PO.in_play_ids(ctx, info.get("group") or [])
        if k == "assault":
            return PO.assault_value(ctx, group, d.option) + 0.1  # the initiative of the charge
        if k == "move" and d.x is None:
            return PO.esc_move_value(ctx, group, d.option)
        if k == "shoot" and d.target is None:
            return PO.esc_group_shot_value(ctx, group) - 0.5 * LOADED_VALUE
        if k == "load":
            return LOADED_VALUE
        return None
    if preset == "close-combat-d6":
        if k == "engage" and d.target:
            return PO.od6_value(ctx, d.figure, d.target) + 0.1
        if k == "move" and d.figure is None and d.x is not None:  # a translation of the whole unit
            return PO.od6_move_value(ctx, PO.in_play_ids(ctx, info.get("pieces") or []), d.x, d.y)
        if k == "re_engage":
            return 0.15
        if k in ("reorganise", "disengage"):
            return -0.05
        return None
    if PO.uses_d20(ctx):
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
            from game.rules.rangers.actions import is_firearm

            f = ctx.state.figures[d.figure]
            return PO.d20_shot_value(ctx, d.figure, d.target) - (0.5 * LOADED_VALUE if is_firearm(f.missile) else 0.0)
    return None


def score_action(level: str, ctx: Ctx) -> list[float]:
    st = ctx.state
    ask = ctx.ask
    base = ctx.base
    out = []
    fid = ask.info.get("figure") or next((d.figure for d in ask.options if d.figure), None)
    f = st.figures.get(fid) if fid else None
    pyrates = PO.preset_of(ctx) == "pyrates"
    for d in ask.options:
        k = d.kind
        ps = None if pyrates else _preset_option(ctx, d)
        if ps is not None:
            s = ps
        elif k in ("move", "charge") and d.x is not None and d.figure:
            s = ctx.moved(d.figure, d.x, d.y) - base
            if k == "move" and PO.uses_d20(ctx):
                s += CHARGE_SETUP * _charge_setup(ctx, d.figure, d.x, d.y)
            if k == "charge":
                s += 0.25  # being the one who chooses the fight
                if ctx.ev.press > 1:
                    s += PRESS_CHARGE  # time is against us: a fight now beats a better one too late
            if d.option and d.option.startswith("cross:"):
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
        out.append(s)
    return out


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


def _cap_from_prompt(prompt: str) -> int:
    m = re.search(r"up to (\d+) shooter", prompt)
    return int(m.group(1)) if m else 1


def score_reactive_shot(level: str, ctx: Ctx) -> list[float]:
    shots = [
        (shot_value(ctx, d.figure, d.target, d.option, reactive=True) - LOADED_VALUE, d)
        for d in ctx.ask.options
        if d.kind == "shoot"
    ]
    cap = _cap_from_prompt(ctx.ask.prompt)
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


# -- the mêlée ---------------------------------------------------------------------------------------
@cache
def _hand_value(faces: tuple[int, ...], left: int) -> float:
    """Exact expected 2×KD + W of a hand with ``left`` rerolls under the best reroll policy."""
    from game.rules.pyrates import hand_score

    now = float(hand_score(faces))
    if left <= 0:
        return now
    best = now
    for v in set(faces):
        rest = list(faces)
        rest.remove(v)
        e = sum(_hand_value(tuple(sorted(rest + [f])), left - 1) for f in range(1, 7)) / 6.0
        best = max(best, e)
    return best


def score_reroll(level: str, ctx: Ctx) -> list[float]:
    faces = ctx.ask.info.get("faces")
    left = ctx.ask.info.get("rerolls_left")
    if faces is None or left is None:
        return generic(level, ctx)
    from game.rules.pyrates import hand_score

    out = []
    for d in ctx.ask.options:
        if d.option == "stop":
            out.append(float(hand_score(faces)) + 1e-9)
            continue
        i = int(d.option.split(":")[1])
        rest = list(faces)
        del rest[i]
        out.append(sum(_hand_value(tuple(sorted(rest + [f])), left - 1) for f in range(1, 7)) / 6.0)
    return out


def _save_fail(ctx: Ctx, victim, tapper, eng) -> float:
    from game.rules.pyrates.saves import save_chance, save_modifiers, save_target

    try:
        cq = bool(ctx.table.zone_of(victim.id).close_quarters)
    except Exception:  # noqa: BLE001 - a table without zones
        cq = False
    sup = eng.supported(victim.id) if eng is not None else False
    mods = save_modifiers(victim, tapper.melee_class, close_quarters=cq, supported=sup, attacker_mounted=tapper.mounted)
    return 1.0 - float(save_chance(save_target(mods)))


def _can_still_tap(ctx: Ctx, eng, fid: str) -> bool:
    """Will ``fid`` still give its side's items this round? From the tap Ask's info (both sides'
    tappers and pools, public at the table); without it, any engaged figure might."""
    info = ctx.ask.info
    by_side = info.get("tappers_by_side")
    if isinstance(by_side, dict):
        return any(fid in ids for ids in by_side.values())
    return bool(eng.enemies(fid))


def score_tap(level: str, ctx: Ctx) -> list[float]:
    from game.rules.pyrates.engage import engagements

    st = ctx.state
    eng = engagements(st, ctx.table)
    out = []
    for d in ctx.ask.options:
        if d.kind != "tap":
            out.append(0.0)
            continue
        tapper = st.figures[d.figure]
        s = 0.01 * len(d.items)
        for t, item in d.items:
            v = st.figures[t]
            base = item.split("+")[0]
            pf = _save_fail(ctx, v, tapper, eng)
            if v.status == Status.DISARMED or base in ("kd", "disarm"):
                gain = ctx.loss(v, "out")
            else:
                gain = ctx.loss(v, "wounded")
            # a victim who has not struck yet loses its own tap if it goes down: strike the dangerous first
            deny = 0.4 * fight_quota(v) if _can_still_tap(ctx, eng, t) else 0.0
            s += pf * (gain + (deny if base in ("kd", "disarm") or v.is_wounded else 0.3 * deny))
        out.append(s)
    return out


def score_pushback(level: str, ctx: Ctx) -> list[float]:
    from game.rules.pyrates.saves import save_chance

    ask = ctx.ask
    target = ask.info.get("save_target")
    pb = next((d.option for d in ask.options if d.option != "save"), None)
    if target is None or pb is None:
        return generic(level, ctx)
    vid = ask.info.get("victim")
    victim = ctx.state.figures.get(vid) if vid else _victim_from_prompt(ctx)
    if victim is None:
        return generic(level, ctx)
    p_save = float(save_chance(int(target)))
    ground = 0.8 if _holds_ground(ctx, victim) else 0.0
    if pb == "pushback":  # instead of a W
        cost_pb = 0.25 + ground
        cost_save = (1 - p_save) * ctx.loss(victim, "wounded")
    else:  # pushback_wounded instead of a KD
        cost_pb = 0.25 + ground + ctx.loss(victim, "wounded")
        cost_save = (1 - p_save) * ctx.loss(victim, "out")
    return [-cost_save if d.option == "save" else -cost_pb for d in ask.options]


def _victim_from_prompt(ctx: Ctx):
    """Older asks without ``info["victim"]``: the prompt names the victim first ("NAME: pushback…")."""
    name = ctx.ask.prompt.split(":", 1)[0]
    for f in ctx.state.figures.values():
        if f.in_play and f.side == ctx.side and f.name == name:
            return f
    return None


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


def _last_quotas(ctx: Ctx) -> dict[str, int]:
    """The mêlée quotas just announced (QuotaSet events are public)."""
    out: dict[str, int] = {}
    for ev in reversed(ctx.match.log[-400:]):
        if type(ev).__name__ == "QuotaSet":
            if ev.who not in out:
                out[ev.who] = int(ev.mq)
            if len(out) >= 2:
                break
        elif type(ev).__name__ == "MeleeRoundStarted" and out:
            break
    return out


def score_withdraw(level: str, ctx: Ctx) -> list[float]:
    q = ctx.ask.info.get("quotas") or _last_quotas(ctx)
    mine = q.get(ctx.side)
    theirs = [v for k, v in q.items() if k != ctx.side]
    p = round_win_chance(mine, theirs[0]) if mine is not None and theirs else 0.4
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
        for shooter, target in d.items:
            v += PO.d20_shot_value(ctx, shooter, target, reactive=True) - 0.5 * LOADED_VALUE
        out.append(v)
    return out


def score_esc_shoot(level: str, ctx: Ctx) -> list[float]:
    """Escarmouche, one shooter: the target by the hit chance the preset shows (info["odds"])."""
    from fractions import Fraction

    odds = ctx.ask.info.get("odds") or {}
    out = []
    for d in ctx.ask.options:
        if d.kind == "shoot" and d.target in odds:
            out.append(PO.esc_shot_value(ctx, d.figure, d.target, float(Fraction(odds[d.target]))) - 0.3 * LOADED_VALUE)
        else:
            out.append(0.0)
    return out


def score_break_off(level: str, ctx: Ctx) -> list[float]:
    """ESC-RND-1: fight another round when the next round's duels (exact odds) favour us."""
    info = ctx.ask.info
    me_attacking = (
        "attackers" in info
        and isinstance(info["attackers"], list)
        and info["attackers"]
        and isinstance(info["attackers"][0], str)
    )
    atts = info.get("attackers") or []
    defs = info.get("defenders") or []
    ids = lambda xs: [x if isinstance(x, str) else x.get("id") for x in xs]  # noqa: E731
    mine, theirs = (ids(atts), ids(defs)) if me_attacking else (ids(defs), ids(atts))
    v = PO.break_off_value(ctx, mine, theirs)
    return [v if d.option == "fight_on" else 0.0 for d in ctx.ask.options]


def score_re_engage(level: str, ctx: Ctx) -> list[float]:
    """OD6: move a piece back into contact when the opposed d6 (exact odds) favours it."""
    targets = ctx.ask.info.get("targets") or []
    pid = ctx.ask.info.get("figure")
    out = []
    places = [d for d in ctx.ask.options if d.kind == "place"]
    for d in ctx.ask.options:
        if d.kind == "place" and pid and len(targets) == len(places):
            out.append(PO.od6_value(ctx, pid, targets[places.index(d)]))
        else:
            out.append(0.0)
    return out


def _by_preset(**fns):
    """A scorer chosen by the match's preset (the same ask kind means different things)."""

    def fn(level: str, ctx: Ctx):
        f = fns.get(PO.preset_of(ctx).replace("-", "_"))
        return f(level, ctx) if f is not None else None

    return fn


def score_tome_answer(level: str, ctx: Ctx) -> list[float]:
    """INI-TOME-1: a figure answers its leader's call (the call is made only when someone can)."""
    return [1.0 if d.kind == "move" else 0.0 for d in ctx.ask.options]


def score_seize(level: str, ctx: Ctx) -> list[float] | None:
    """INI-SEIZE-1: seize when the exact odds are worth the risk: P(success) × the declared action's
    expected gain, against what a failure costs — the counters spent (INI-SEIZE-3) and, once the
    side's morale has broken, the nominee fleeing (PRE-INI-1). Declining scores 0."""
    from game.rules.initiative.seize import seize_odds

    m = ctx.match
    preset = getattr(m, "preset", None)
    if preset is None or not hasattr(preset, "seize_factors"):
        return None
    st = ctx.state
    rctx = m._ctx()
    counters = int(st.data.get("counters", {}).get(ctx.side, 0))
    broken = _broken(st, ctx.side)
    out = []
    for d in ctx.ask.options:
        if d.kind != "seize" or d.figure not in st.figures:
            out.append(0.0)
            continue
        f = st.figures[d.figure]
        rate, lead, fac, _ = preset.seize_factors(rctx, d.figure, d)
        p = float(seize_odds(rate, lead, fac))
        opt = d.option or ""
        if opt == "engage" and d.target in st.figures:
            gain = 0.3 + max(0.0, PO.hand_exchange(ctx, d.figure, d.target))
        elif opt == "melee":
            gain = 0.3 + max(0.0, PO.best_attack(ctx, d.figure))
        elif opt == "shoot" and d.target in st.figures:
            gain = 0.2 + PO.d20_shot_value(ctx, d.figure, d.target)
        elif opt.startswith("order:"):
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


SCORERS = {
    "seize": score_seize,
    "tome": score_tome_answer,
    "melee_target": score_melee_target,
    "react_shoot": score_react_shoot,
    "shoot": _by_preset(escarmouche=score_esc_shoot),
    "break_off": _by_preset(escarmouche=score_break_off),
    "re_engage": _by_preset(close_combat_d6=score_re_engage),
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
        return _easy_scores(ctx)
    except (KeyError, AttributeError, ValueError, TypeError, ImportError, ZeroDivisionError):
        return [1.0 if d == ctx.ask.default else 0.0 for d in ctx.ask.options]


def _easy_scores(ctx: Ctx) -> list[float]:
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
            from game.rules.pyrates.shooting import shot_target_number

            tn = shot_target_number(ctx.view, d.figure, d.target, weapon=d.option, check_melee=False) or 0
            s = 2.0 if tn >= 6 else 0.2
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
