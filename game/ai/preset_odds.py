"""The normal level's odds for the presets other than pyrates (issue 8, point 3).

Each function turns one option into an expected gain in evaluation units with the exact odds of
the rules package, from public facts only:

* ``rangers`` / ``initiative`` — hand combat (``rangers.odds.hand_attack_wound_odds``: d20 against
  AV/DV, then the d6 wound roll) and shooting (``rangers.shooting.shooting_target`` with the
  table's line of sight and cover, then the wound roll); Rangers rosters are public, so Tough and
  Lucky count.
* ``escarmouche`` — card duels (``escarmouche.odds.duel_odds``): the attacker counts its own
  advantages and only what ESC-ENG-3 shows of the defenders (how many, who leads, who is wounded,
  the ground they stand on), never their flags; shots with the same d20 odds the preset shows.
* ``close-combat-d6`` — opposed d6 (``close_combat.odds.combat_odds``) on the pieces' public CV,
  with the public Disrupted marks.

A ``ValueError``/``KeyError`` here falls back to the generic scoring (``levels.score_options``).
"""

from __future__ import annotations

import math
from functools import lru_cache

from game.rules.model import Status

#: what an eviction (ESC-RES-2) or a move back (OD6-RES-2) costs, as a share of the figure's loss
EVICT_SHARE = 0.25
BACK_SHARE = 0.15
DISRUPT_SHARE = 0.45


def preset_of(ctx) -> str:
    return getattr(ctx.match, "preset_name", "") or ctx.state.preset


def uses_d20(ctx) -> bool:
    return preset_of(ctx) in ("rangers", "initiative")


# -- Rangers! and initiative: d20 hand combat and shooting, d6 wounds ------------------------------
def _wound_gain(ctx, v, dist: dict) -> float:
    """Expected loss to v's side of a wound distribution {wounds dealt: chance} (RNG-WND-2)."""
    gain = 0.0
    for w, p in dist.items():
        if not w or not p:
            continue
        after = v.wounds + w
        gain += float(p) * ctx.loss(v, "out" if after >= max(1, v.max_wounds) else "wounded")
    return gain


def _defence(ctx, fid: str) -> int:
    """DV left to the defender this enemy turn (RNG-HAND-3: the budget is public bookkeeping)."""
    v = ctx.state.figures[fid]
    rec = ctx.state.data.get("defence", {}).get(fid) if isinstance(ctx.state.data.get("defence"), dict) else None
    if isinstance(rec, dict) and rec.get("n"):
        left = int(rec.get("left", v.dv))
        return max(0, left) if rec.get("n", 0) < 3 else 0
    return v.dv


def hand_value(ctx, attacker: str, defender: str, *, dv: int | None = None) -> float:
    """Expected gain of one hand-combat attack (RNG-HAND-1, RNG-WND-1)."""
    from game.rules.rangers.wounds import hand_weapon, wound_modifier

    st = ctx.state
    a, v = st.figures[attacker], st.figures[defender]
    if not (a.in_play and v.in_play):
        return 0.0
    wmod = hand_weapon(a.melee_weapon, a.missile)[1]
    mod = wound_modifier(
        hand_combat=True, weapon_mod=wmod, strongman="strongman" in a.traits, target_tough="tough" in v.traits
    )
    faced = _defence(ctx, defender) if dv is None else dv
    return _wound_gain(ctx, v, _hand_odds(a.av, faced, mod, "lucky" in v.traits))


@lru_cache(maxsize=4096)
def _hand_odds(av: int, dv: int, mod: int, lucky: bool) -> dict:
    from game.rules.rangers.odds import hand_attack_wound_odds

    return hand_attack_wound_odds(av, dv, mod, lucky=lucky)


def hand_exchange(ctx, attacker: str, defender: str) -> float:
    """A charge or engagement: our blow, minus the defender's answer at full DV (it strikes back
    on its own turn or round)."""
    return hand_value(ctx, attacker, defender) - 0.6 * hand_value(
        ctx, defender, attacker, dv=ctx.state.figures[attacker].dv
    )


def d20_shot_value(ctx, shooter: str, target: str, *, reactive: bool = False) -> float:
    """Expected gain of one shot (RNG-SHOOT-1 d20 target from the table's sight and cover, RNG-WND-1)."""
    from game.rules.rangers.shooting import shooting_target
    from game.rules.rangers.wounds import wound_modifier

    st = ctx.state
    s, v = st.figures[shooter], st.figures[target]
    if not (s.in_play and v.in_play) or not s.missile:
        return 0.0
    sight = ctx.table.line_of_sight(shooter, target)
    if not sight.clear:
        return 0.0
    moved = (
        st.data.get("moved_last_turn", {}).get(target) if isinstance(st.data.get("moved_last_turn"), dict) else False
    )
    moved = bool(moved) or target in (st.data.get("moved_this_turn") or [])
    t = shooting_target(
        s.av,
        range_in=sight.distance,
        aim=s.aim,
        cover=sight.cover,
        target_moved=moved,
        keen_eyed="keen_eyed" in s.traits,
        reactive=reactive,
        weapon=s.missile,
    )
    if not t:
        return 0.0
    return (t / 20.0) * _wound_gain(
        ctx, v, _wounds(wound_modifier(hand_combat=False, target_tough="tough" in v.traits), "lucky" in v.traits)
    )


@lru_cache(maxsize=64)
def _wounds(mod: int, lucky: bool) -> dict:
    from game.rules.rangers.wounds import wound_odds

    return wound_odds(mod, lucky)


def best_attack(ctx, fid: str) -> float:
    """An initiative "melee" (the engaged group fights): the best single blow of fid's group."""
    st = ctx.state
    f = st.figures[fid]
    best = 0.0
    for e in st.figures.values():
        if e.in_play and e.side in ctx.ev.foes and e.level == f.level:
            if math.hypot(e.x - f.x, e.y - f.y) - e.radius - f.radius <= 1.0 + 1e-6:
                best = max(best, hand_exchange(ctx, fid, e.id))
    return best


# -- Escarmouche: card duels -----------------------------------------------------------------------------
@lru_cache(maxsize=1024)
def _duel(draws_a: int, draws_b: int) -> tuple[float, float, float, float, float, float]:
    """(a kills, a wounds, a evicts, b kills, b wounds, b evicts) of one duel, exact (ESC-DUEL)."""
    from game.rules.escarmouche.odds import duel_odds

    o = duel_odds(max(1, min(draws_a, 20)), max(1, min(draws_b, 20)))
    e = o.effects
    ak, aw, ae, bk, bw, be = (float(e[(w, k)]) for w in ("a", "b") for k in ("killed", "wounded", "evicted"))
    return ak, aw, ae, bk, bw, be


def _duel_gain(ctx, mine, theirs, draws_a: int, draws_b: int) -> float:
    ak, aw, ae, bk, bw, be = _duel(draws_a, draws_b)
    gain = ak * ctx.loss(theirs, "out") + aw * ctx.loss(theirs, "wounded" if not theirs.is_wounded else "out")
    gain += ae * EVICT_SHARE * ctx.loss(theirs, "out")
    cost = bk * ctx.loss(mine, "out") + bw * ctx.loss(mine, "wounded" if not mine.is_wounded else "out")
    cost += be * EVICT_SHARE * ctx.loss(mine, "out")
    return gain - cost


def assault_value(ctx, group: list[str], sector: str) -> float:
    """ESC-ENG/ESC-DUEL: the first round of an assault on ``sector``, duel by duel, exact odds.

    The attackers draw 1 + charging + their own advantages (ESC-ADV-1); the defenders are counted
    as drawing 1 + the ground's structure bonus, with "opponent wounded" from the public statuses —
    their flags stay hidden (ESC-ENG-3). Attackers beyond the defenders' number join duels (ESC-
    MULTI-1): each extra one lends its duel partner one more card."""
    from game.rules.escarmouche.advantages import advantages
    from game.rules.escarmouche.engage import fighters

    st = ctx.state
    atts = fighters([st.figures[f] for f in group if st.figures[f].in_play])
    defs = [f for f in st.in_play() if f.side in ctx.ev.foes and ctx.table.sector_of(f.id) == sector]
    defs = [f for f in defs if f.type != "civilian" and "civilian" not in f.flags] or defs
    if not atts:
        return -1.0
    if not defs:
        return 0.5
    atts = sorted(atts, key=lambda f: f.id)
    defs = sorted(defs, key=lambda f: (not f.is_leader, f.id))
    n = min(len(atts), len(defs))
    extra_a = len(atts) - n
    extra_d = len(defs) - n
    total = 0.0
    for i in range(n):
        a, d = atts[i], defs[i]
        da = 1 + len(advantages(a, [_as_seen(d)], assaulting=True, first_round=True))
        dd = 1 + (1 if _in_structure(ctx, d.id) else 0) + (1 if a.is_wounded else 0)
        da += 1 if i < extra_a else 0
        dd += 1 if i < extra_d else 0
        total += _duel_gain(ctx, a, d, da, dd)
    return total


#: ESC-ENG-3: what a defender's figure shows of its roster flags (horses, pikes, townsfolk); its
#: other abilities, such as `open_formation`, stay hidden from the attacker.
_SHOWN_FLAGS = frozenset({"cavalry", "heavy_cavalry", "pike", "civilian"})


def _as_seen(fig):
    """ESC-ENG-3: a defender as the attacker sees it: the figure, its wounds and the flags it shows;
    the estimate counts none of its hidden abilities."""
    import dataclasses

    return dataclasses.replace(fig, flags=fig.flags & _SHOWN_FLAGS)


def _in_structure(ctx, fid: str) -> bool:
    """ESC-ADV-1: the defender stands in a `structure` zone (the map is public)."""
    try:
        return bool(ctx.table.zone_of(fid).structure)
    except (AttributeError, KeyError):
        return False


def esc_shot_value(ctx, shooter: str, target: str, chance: float) -> float:
    """A shot in Escarmouche: the preset's own hit chance (shown in the ask's info), then the wound."""
    st = ctx.state
    v = st.figures[target]
    return chance * ctx.loss(v, "out" if v.is_wounded else "wounded")


def esc_group_shot_value(ctx, group: list[str]) -> float:
    """The group shoots: each shooter's best target, with the preset's RNG-SHOOT-1 odds."""
    from game.rules.rangers.actions import is_firearm
    from game.rules.rangers.shooting import shooting_odds

    st = ctx.state
    total = 0.0
    for fid in group:
        f = st.figures[fid]
        if not f.in_play or not f.missile or (is_firearm(f.missile) and not f.loaded):
            continue
        best = 0.0
        for e in st.figures.values():
            if not e.in_play or e.side not in ctx.ev.foes:
                continue
            try:
                s = ctx.table.line_of_sight(fid, e.id)
            except Exception:  # noqa: BLE001 - a table without sight: no shot
                continue
            if not s.clear:
                continue
            p = float(shooting_odds(f.av, range_in=s.distance, aim=f.aim, cover=s.cover, weapon=f.missile))
            best = max(best, esc_shot_value(ctx, fid, e.id, p))
        total += best
    return total


def esc_move_value(ctx, group: list[str], sector: str) -> float:
    """The group walks to ``sector``: the evaluation with its figures at the sector's centre."""
    cx, cy = ctx.table.sector_centre(sector)
    moved = {f: (cx, cy) for f in group if f in ctx.state.figures}
    return ctx.ev(ctx.state, moved) - ctx.base


def break_off_value(ctx, attackers: list[str], defenders: list[str]) -> float:
    """Fight another round (positive) or break off: the next round's duels at no charging bonus."""
    st = ctx.state
    mine = [st.figures[f] for f in attackers if f in st.figures and st.figures[f].in_play]
    theirs = [st.figures[f] for f in defenders if f in st.figures and st.figures[f].in_play]
    if not mine or not theirs:
        return 0.0
    n = min(len(mine), len(theirs))
    total = 0.0
    for i in range(n):
        a, d = mine[i], theirs[i]
        da = 1 + (1 if d.is_wounded else 0) + (1 if i < len(mine) - n else 0)
        dd = 1 + (1 if a.is_wounded else 0) + (1 if i < len(theirs) - n else 0)
        total += _duel_gain(ctx, a, d, da, dd)
    return total


# -- close combat: opposed d6 ---------------------------------------------------------------------------
def _disrupted(ctx, pid: str) -> bool:
    return pid in (ctx.state.data.get("disrupted") or [])


def od6_value(ctx, mine: str, theirs: str) -> float:
    """One pair's opposed roll (OD6-ROLL-1, OD6-RES-1/2), exact: the gain of the results for the
    enemy piece minus those for ours."""
    from game.rules.close_combat.odds import combat_odds

    st = ctx.state
    a, b = st.figures[mine], st.figures[theirs]
    odds = combat_odds(int(a.cv), int(b.cv))
    la, lb = ctx.loss(a, "out"), ctx.loss(b, "out")
    da, db = _disrupted(ctx, mine), _disrupted(ctx, theirs)

    def hurt(kind: str, disrupted: bool, loss: float) -> float:
        if kind == "triple" or (kind == "double" and disrupted):
            return loss
        if kind == "double":
            return DISRUPT_SHARE * loss
        return BACK_SHARE * loss

    v = 0.0
    for (w, kind), exact in odds.items():
        p = float(exact)
        if w == "a":
            v += p * hurt(kind, db, lb)
        elif w == "b":
            v -= p * hurt(kind, da, la)
        else:
            v += p * BACK_SHARE * (lb - la)
    return v


def od6_move_value(ctx, pieces: list[str], dx: float, dy: float) -> float:
    """A unit's rigid translation: the evaluation with its pieces moved by (dx, dy)."""
    st = ctx.state
    moved = {
        p: (st.figures[p].x + dx, st.figures[p].y + dy) for p in pieces if p in st.figures and st.figures[p].in_play
    }
    return ctx.ev(st, moved) - ctx.base


def in_play_ids(ctx, ids) -> list[str]:
    return [
        i
        for i in ids
        if i in ctx.state.figures and ctx.state.figures[i].in_play and ctx.state.figures[i].status != Status.CAPTIVE
    ]
