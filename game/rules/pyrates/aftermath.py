"""PYR-SEQ-1 steps (7)-(9), the round's aftermath: morale (PYR-MOR), winner effects and withdrawal
(PYR-WIN-3..6) and the cornered rats' fights (PYR-CR)."""
from __future__ import annotations

import math

from ..decisions import choose
from ..flow import ask
from ..model import Rank, Status
from .engage import party_key
from .events import RoundResult
from .morale import lost_half, morale_target_modifiers
from .round_state import MAX_ROUNDS, Round, _moved
from .moves import has_free_direction, retreat


PARTY_REACH = 4.0


def in_party_reach(st, g, group) -> bool:
    """PYR-WIN-5: an untagged figure within 4 in (edge to edge) of a mêlée participant belongs to its
    side's party in that mêlée."""
    return any(math.hypot(g.x - st.figures[p].x, g.y - st.figures[p].y) - g.radius - st.figures[p].radius
               <= PARTY_REACH + 1e-9 for p in group)


# -- (7) morale -----------------------------------------------------------------------------------------
def morale(r: Round, camps: list[str], tally_winner: str):
    ctx, st = r.ctx, r.st
    fled = []
    if not r.lost:  # no party lost a figure: no test (PYR-MOR-1)
        return fled
    starting: dict[str, int] = {}
    gone: dict[str, int] = {}
    party_of = {}  # a figure's party never changes with its status: keyed once
    for f in st.figures.values():
        k = party_of[f.id] = party_key(f)
        starting[k] = starting.get(k, 0) + 1
        if not f.in_play:
            gone[k] = gone.get(k, 0) + 1
    for key in sorted(r.lost):
        members = [st.figures[fid] for fid, k in party_of.items() if k == key]
        if not members:
            continue
        side = members[0].side
        camp = r.camp(members[0].id) if members[0].id in r.eng.camp else side
        if camp not in camps:
            continue
        in_melee = [g for g in members if g.in_play and g.id in r.group]
        captain = [g for g in st.figures.values() if g.side == side and g.rank == Rank.CAPTAIN]
        cap_down = any(not g.in_play for g in captain)
        lead = [g for g in st.figures.values() if g.side == side and g.in_play
                and (g.rank == Rank.CAPTAIN or g.is_leader)]
        near = any(math.hypot(l.x - m.x, l.y - m.y) - l.radius - m.radius <= 6.0 and l.level == m.level
                   for l in lead for m in in_melee) if in_melee else False
        mods = morale_target_modifiers(lost_half_starting=lost_half(gone.get(key, 0), starting.get(key, 0)),
                                       captain_down=cap_down, tally_winner=camp == tally_winner,
                                       leader_within_6=near)
        ev = ctx.roll("PYR-MOR-2", who=key, purpose="morale", modifier=sum(m.amount for m in mods), target=4,
                      roll_under=True, natural_pass={1}, natural_fail={6})
        if ev.success:
            continue
        # PYR-MOR-3: the party flees
        if camp not in fled:
            fled.append(camp)
        for g in members:
            if not g.in_play:
                continue
            if key.startswith("side:") and g.id not in r.group and not in_party_reach(st, g, r.group):
                continue
            if r.eng.engaged(g.id) and (r.surrounded(g.id)
                                        or not has_free_direction(ctx, g.id, r.eng.enemies(g.id))):
                ctx.set_status(g.id, Status.CAPTIVE, rule="PYR-MOR-3", cause="cannot flee: surrenders")
            else:
                ctx.set_status(g.id, Status.FLED, rule="PYR-MOR-3", cause="party fails morale")
        r.refresh()
    return fled
    yield  # pragma: no cover


# -- (9) winner effects ------------------------------------------------------------------------------
def ship_point(ctx, side_id: str):
    """Centre of the side's own ship zone (boarders withdraw toward it), if the map has one."""
    st = ctx.state
    ship = st.side(side_id).ship
    tmap = getattr(ctx.table, "map", None)
    if not ship or tmap is None:
        return None
    pts = [p for z in tmap.zones if z.ship == ship for p in z.points]
    if not pts:
        return None
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def has_water(ctx) -> bool:
    tmap = getattr(ctx.table, "map", None)
    return bool(tmap and any(z.water for z in tmap.zones))


def winner_effects(r: Round, cur: dict, winner: str, loser: str, loser_fled: bool, quotas):
    ctx, st = r.ctx, r.st
    group = r.eng.group(r.group)
    losers = [f for f in group if r.camp(f) == loser and st.figures[f].in_play]
    engaged_losers = [f for f in losers if r.eng.engaged(f)]
    if not engaged_losers:
        ctx.emit(RoundResult(rule="PYR-WIN-6", winner=winner, loser=loser, choice="ended"))
        withdraw_remaining(r, loser)
        cur["next"] = "end"
        return
    lside = st.side(loser)
    opts = [choose("withdraw")]
    if not loser_fled:
        opts.insert(0, choose("fight_on"))
    if not lside.boarder:
        opts.append(choose("strike_colours"))
        if has_water(ctx):
            opts.append(choose("abandon_ship"))
    dflt = "fight_on" if not loser_fled and quotas[loser].mq >= quotas[winner].mq else "withdraw"
    d = yield ask(loser, "withdraw", f"{lside.name} lost the round: fight on or withdraw?", opts,
                  default=choose(dflt), rule="PYR-WIN-3",
                  info={"quotas": {c: q.mq for c, q in quotas.items()}, "winner": winner, "loser": loser,
                        "fled": bool(loser_fled), "round": cur.get("round", 1)})
    ch = d.option
    ctx.emit(RoundResult(rule="PYR-WIN-3", winner=winner, loser=loser, choice=ch))
    if ch == "fight_on":
        cur["next"] = "react" if cur["round"] < MAX_ROUNDS else "carry"
        cur["winner"] = winner
        return
    if ch == "strike_colours":
        st.data.setdefault("struck", []).append(loser)
        for f in list(st.figures.values()):
            if f.side == loser and f.in_play:
                ctx.set_status(f.id, Status.CAPTIVE, rule="PYR-WIN-3", cause="colours struck")
        cur["next"] = "end"
        return
    if ch == "abandon_ship":
        for fid in losers:
            ctx.set_status(fid, Status.FLED, rule="PYR-WIN-3", cause="abandoned ship")
        cur["next"] = "end"
        return
    # withdraw: every figure of the losing party (in this mêlée) makes a bold retreat (PYR-WIN-4)
    toward = ship_point(ctx, loser) if lside.boarder else None
    rats = st.data["ms"].setdefault("rats", [])
    for fid in losers:
        f = st.figures[fid]
        if not f.in_play or f.status in (Status.DISARMED, Status.CAPTIVE):
            continue
        r.refresh()
        cornered = r.eng.engaged(fid) and (r.surrounded(fid)
                                           or not has_free_direction(ctx, fid, r.eng.enemies(fid)))
        if cornered:
            dd = yield ask(f.side, "cornered", f"{f.name} is cornered: fight on as a cornered rat or surrender?",
                           [choose("rat"), choose("surrender")], default=choose("rat"), rule="PYR-CR-1")
            if dd.option == "surrender":
                ctx.set_status(fid, Status.CAPTIVE, rule="PYR-CR-1", cause="surrendered")
            elif fid not in rats:
                rats.append(fid)
            continue
        path = retreat(ctx, fid, toward=toward)
        if len(path) > 1:
            ctx.move(fid, path[-1][0], path[-1][1], rule="PYR-WIN-4", how="retreat", path=path,
                     cost=sum(math.dist(p, q) for p, q in zip(path, path[1:])))
            _moved(st, fid)
        r.refresh()
        if r.eng.engaged(fid) and fid not in rats:
            rats.append(fid)
    cur["next"] = "end"


def withdraw_remaining(r: Round, loser: str) -> None:
    """PYR-WIN-6: the mêlée is over with no winning figure engaged; the losers still standing in it
    (supporters, figures left out of contact) must withdraw: a bold retreat (PYR-WIN-4)."""
    ctx, st = r.ctx, r.st
    toward = ship_point(ctx, loser) if st.side(loser).boarder else None
    for fid in r.group:
        f = st.figures[fid]
        if not f.in_play or r.camp(fid) != loser or f.status in (Status.DISARMED, Status.CAPTIVE):
            continue
        path = retreat(ctx, fid, toward=toward)
        if len(path) > 1:
            ctx.move(fid, path[-1][0], path[-1][1], rule="PYR-WIN-6", how="retreat", path=path,
                     cost=sum(math.dist(p, q) for p, q in zip(path, path[1:])))
            _moved(st, fid)


def rat_after_round(r: Round, cur: dict, winner: str):
    """PYR-CR-2: the rat fights on until down, captured or cut free; then it bolts for its party."""
    ctx, st = r.ctx, r.st
    rat = r.rat
    f = st.figures[rat]
    if not f.in_play or f.status in (Status.CAPTIVE, Status.DISARMED):
        if not f.in_play:
            ctx.emit(RoundResult(rule="PYR-CR-2", winner=winner, loser=f.side, choice="ended"))
        cur["next"] = "end"
        return
    if r.cut_free or not r.eng.engaged(rat):
        friends = [g for g in st.figures.values() if g.side == f.side and g.in_play and g.id != rat
                   and party_key(g) == party_key(f)]
        toward = None
        if friends:
            g = min(friends, key=lambda g: (math.hypot(g.x - f.x, g.y - f.y), g.id))
            toward = (g.x, g.y)
        path = retreat(ctx, rat, toward=toward, rat=True)
        if len(path) > 1:
            ctx.move(rat, path[-1][0], path[-1][1], rule="PYR-CR-2", how="retreat", path=path,
                     cost=sum(math.dist(p, q) for p, q in zip(path, path[1:])))
            _moved(st, rat)
        ctx.emit(RoundResult(rule="PYR-CR-2", winner=winner, loser="", choice="cut_free"))
        cur["next"] = "end"
        return
    cur["next"] = "round" if cur["round"] < MAX_ROUNDS else "carry"
    yield from ()
