"""What an offered blow, shot, duel or assault is worth, from the ruleset's exact odds.

The chances come from the match's ruleset (``ctx.ruleset.odds``/``attack_odds``, built in each
system's ``chances`` module on the functions its flows roll with), read on the deciding side's
public view; this module only weighs each outcome by what it costs the side it befalls
(``Ctx.loss``): out, a wound, a Disrupted piece (``DOWN``), a figure evicted or moved back
(``BACK``). Which scorers apply is chosen by ``ruleset.combat``, never by a preset's name.

A ``ValueError``/``KeyError`` here falls back to the generic scoring (``levels.score_options``).
"""

from __future__ import annotations

import math

from game.rules.model import Status
from game.rules.ruleset import BACK, DOWN, OUT, WOUNDED

#: what an eviction (ESC-RES-2) or a move back (OD6-RES-2) costs, as a share of the figure's loss
EVICT_SHARE = 0.25
BACK_SHARE = 0.15
DISRUPT_SHARE = 0.45


def combat_of(ctx) -> str:
    """How the system's figures fight (``Ruleset.combat``): "pool", "blow", "duel", "opposed"."""
    return getattr(ctx.ruleset, "combat", "")


def blows(ctx) -> bool:
    """One attack at a time, d20 against DV (RNG-HAND): charges, shots and moves into reach."""
    return combat_of(ctx) == "blow"


def harm(ctx, effect, back_share: float = 0.0) -> float:
    """Evaluation units an ``Effect`` costs its figure's side (≥ 0)."""
    if effect is None:
        return 0.0
    v = ctx.state.figures[effect.figure]
    gain = 0.0
    for outcome, p in effect.chances:
        if not p:
            continue
        if outcome == OUT:
            gain += float(p) * ctx.loss(v, "out")
        elif outcome == WOUNDED:
            gain += float(p) * ctx.loss(v, "wounded")
        elif outcome == DOWN:
            gain += float(p) * DISRUPT_SHARE * ctx.loss(v, "out")
        elif outcome == BACK and back_share:
            gain += float(p) * back_share * ctx.loss(v, "out")
    return gain


def balance(ctx, odds, back_share: float = 0.0) -> float:
    """What an action's odds do to the enemy, less what they do to us."""
    total = 0.0
    for e in odds.effects:
        h = harm(ctx, e, back_share)
        total += h if ctx.state.figures[e.figure].side in ctx.ev.foes else -h
    return total


def _harm_to(ctx, odds, fid: str) -> float:
    return 0.0 if odds is None else harm(ctx, odds.effect(fid))


# -- one blow or shot at a time (RNG-HAND, RNG-SHOOT) ------------------------------------------------------
def hand_value(ctx, attacker: str, defender: str, *, full_defence: bool = False) -> float:
    """Expected harm of one hand-combat attack (RNG-HAND-1, RNG-WND-1), against the DV the defender
    has left (or its full DV: ``full_defence``)."""
    return _harm_to(ctx, ctx.attack(attacker, defender, "hand", full_defence=full_defence), defender)


def hand_exchange(ctx, attacker: str, defender: str) -> float:
    """A charge or engagement: our blow, minus the defender's answer at full DV (it strikes back
    on its own turn or round)."""
    return hand_value(ctx, attacker, defender) - 0.6 * hand_value(ctx, defender, attacker, full_defence=True)


def d20_shot_value(ctx, shooter: str, target: str, *, reactive: bool = False) -> float:
    """Expected harm of one shot (RNG-SHOOT-1 from the table's sight and cover, RNG-WND-1)."""
    return _harm_to(ctx, ctx.attack(shooter, target, "shot", reactive=reactive), target)


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


# -- card duels by sector (ESC) ------------------------------------------------------------------------------
def assault_value(ctx, decision, group: list[str] | None = None, broken: bool = False) -> float:
    """ESC-ENG/ESC-DUEL: the first round of an assault, duel by duel (``ruleset.odds``); an
    undefended sector is worth a little, a group that cannot fight less than nothing.

    With the ``group``: the round counts only if the group passes its Resolve (the odds'
    ``success``, ESC-ENG-2), plus what moving into the sector does to the position (a group that
    holds the zone it must hold gives it up); a failed Resolve costs nothing, but the whole group
    once its side is ``broken`` (RNG-MOR-1: it flees). Without them normal's raiders, holding the
    farmhouse they had to keep one more turn, assaulted the next sector and fled the field."""
    odds = ctx.odds(decision)
    if odds is None:
        return -1.0
    fight = balance(ctx, odds, EVICT_SHARE) if odds.effects else 0.5
    if group is None:
        return fight
    p = float(odds.success)  # ESC-ENG-2: the Resolve chance (1 when no one defends)
    st = ctx.state
    fail = 0.0
    if broken:
        fail = -sum(ctx.loss(st.figures[f], "out") for f in group if st.figures[f].type != "civilian")
    return p * (fight + esc_move_value(ctx, group, decision.option)) + (1.0 - p) * fail


def esc_shot_value(ctx, odds) -> float:
    """A shot in Escarmouche: the victim wounded (or killed, if it already was) on a hit."""
    return sum(harm(ctx, e) for e in odds.effects) if odds is not None else 0.0


def esc_group_shot_value(ctx, group: list[str]) -> float:
    """The group shoots: each shooter's best target (``attack_odds(…, "shot")``)."""
    st = ctx.state
    total = 0.0
    for fid in group:
        if not st.figures[fid].in_play:
            continue
        best = 0.0
        for e in st.figures.values():
            if e.in_play and e.side in ctx.ev.foes:
                best = max(best, esc_shot_value(ctx, ctx.attack(fid, e.id, "shot")))
        total += best
    return total


def esc_move_value(ctx, group: list[str], sector: str) -> float:
    """The group walks to ``sector``: the evaluation with its figures at the sector's centre."""
    cx, cy = ctx.table.sector_centre(sector)
    moved = {f: (cx, cy) for f in group if f in ctx.state.figures}
    return ctx.ev(ctx.state, moved) - ctx.base


def break_off_value(ctx, fight_on) -> float:
    """Fight another round (positive) or break off: the next round's duels (ESC-RND-1)."""
    odds = ctx.odds(fight_on)
    return 0.0 if odds is None else balance(ctx, odds, EVICT_SHARE)


# -- opposed d6 by pairs (OD6) ----------------------------------------------------------------------------------
def od6_value(ctx, mine: str, theirs: str) -> float:
    """One pair's opposed roll (OD6-ROLL-1, OD6-RES-1/2), exact: what the results cost the enemy
    piece less what they cost ours."""
    odds = ctx.attack(mine, theirs, "hand")
    return 0.0 if odds is None else balance(ctx, odds, BACK_SHARE)


def od6_engage_value(ctx, decision) -> float:
    """An engage's first round (OD6-ENG-2, OD6-ROLL-2), exact over every pair it makes with each
    pair's flank support (``ruleset.odds``): what the results cost the enemy's pieces less ours."""
    odds = ctx.odds(decision)
    if odds is None:
        return od6_value(ctx, decision.figure, decision.target)
    return balance(ctx, odds, BACK_SHARE)


def od6_re_engage_value(ctx, pieces: list[str], aversion: float = 0.0) -> float | None:
    """OD6-SEQ-1 re-engage: each free piece (not Disrupted, per the ask's ``info``) placed against
    its best enemy piece within its move (the ask's ``allowance`` plus the bases' reach), if that
    pair's exact roll (``od6_value``) with ``aversion`` is worth it, else it stays (0); None
    when no piece has an enemy within reach."""
    info = ctx.ask.info
    allowance = float(info.get("allowance") or 6.0)
    down = set(info.get("disrupted") or ())
    st = ctx.state
    total, found = 0.0, False
    for pid in pieces:
        if pid in down:
            continue
        f = st.figures[pid]
        best = None
        for e in ctx.foes():
            if math.hypot(e.x - f.x, e.y - f.y) <= allowance + 2.5:
                v = od6_value(ctx, pid, e.id)
                best = v if best is None else max(best, v)
        if best is not None:
            found = True
            total += max(0.0, best + aversion)
    return total if found else None


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
