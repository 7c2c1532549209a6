"""Level scorers for the mêlée (rerolls, taps, pushbacks, withdrawals), the other presets' hand
combat (d20 targets, Escarmouche duels, close-combat opposed d6) and seizing the initiative."""

from __future__ import annotations

from functools import cache

from game.rules.model import Status

from . import preset_odds as PO
from .evaluate import fight_quota, round_win_chance
from .levels_ctx import (
    LOADED_VALUE,
    Ctx,
    _broken,
    generic,
)
from .objectives import inside


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
        i = d.option_number
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
        for t, base, _extras in d.items:
            v = st.figures[t]
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
        for shooter, target, _extras in d.items:
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
