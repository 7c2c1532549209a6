"""PYR-SEQ-1 steps (7)-(9), the round's aftermath: morale (PYR-MOR), winner effects and withdrawal
(PYR-WIN-3..6) and the cornered rats' fights (PYR-CR)."""

from __future__ import annotations

import math

from ..decisions import choose
from ..events import Note
from ..flow import ask
from ..implements import implements
from ..model import Rank, Status
from .config import pyrates_config
from .engage import engagements_of, party_key
from .events import RoundResult
from .morale import lost_half, morale_target_modifiers
from .moves import retreat
from .round_state import Round, _moved
from .state import pyr

PARTY_REACH = 4.0


def in_party_reach(st, g, group) -> bool:
    """PYR-WIN-5: an untagged figure within 4 in (edge to edge) of a mêlée participant belongs to its
    side's party in that mêlée."""
    return any(
        math.hypot(g.x - st.figures[p].x, g.y - st.figures[p].y) - g.radius - st.figures[p].radius <= PARTY_REACH + 1e-9
        for p in group
    )


# -- (7) morale -----------------------------------------------------------------------------------------


@implements("PYR-MOR-3")
def party_morale_modifiers(st, key: str, participants, *, tally_winner: bool, more_lost: int = 0) -> list:
    """PYR-MOR-2's modifiers of party ``key``'s test after a fight of ``participants`` (figure ids,
    either side), as the state stands (``more_lost``: figures of the party counted lost besides, for a
    test that a round still to be fought would call). The test itself is ``party_test``; the charge
    preview asks this for the chance a lost round's test passes."""
    members = [f for f in st.figures.values() if party_key(f) == key]
    if not members:
        return []
    side = members[0].side
    gone = sum(1 for f in members if not f.in_play) + more_lost
    in_melee = [g for g in members if g.in_play and g.id in participants]
    cap_down = any(not g.in_play for g in st.figures.values() if g.side == side and g.rank == Rank.CAPTAIN)
    lead = [g for g in st.figures.values() if g.side == side and g.in_play and (g.rank == Rank.CAPTAIN or g.is_leader)]
    near = any(
        math.hypot(ld.x - m.x, ld.y - m.y) - ld.radius - m.radius <= 6.0 and ld.level == m.level
        for ld in lead
        for m in in_melee
    )
    return morale_target_modifiers(
        lost_half_starting=lost_half(gone, len(members)),
        captain_down=cap_down,
        tally_winner=tally_winner,
        leader_within_6=near,
        shaken=key in (pyr(st).mor_shaken or ()),
    )


def party_test(ctx, key: str, participants: list[str], *, tally_winner: bool, eng, surrounded) -> bool:
    """PYR-MOR-2 / PYR-MOR-3 for party ``key`` after a fight whose participants (figure ids, either
    side) are ``participants``: roll; on a failure the party's figures that took part or stand within
    4 in of a participant flee (removed from play; one that cannot end unengaged surrenders), the
    others stay and the party's next test takes +1. ``eng``: the engagements; ``surrounded(fid)``:
    GEO-SUR-1. Returns True when the test is passed."""
    st = ctx.state
    members = [f for f in st.figures.values() if party_key(f) == key]
    if not members:
        return True
    side = members[0].side
    mods = party_morale_modifiers(st, key, participants, tally_winner=tally_winner)
    shaken_list = pyr(st).mor_shaken or []
    if key in shaken_list:  # the +1 is for the next test only
        shaken_list.remove(key)
    ev = ctx.roll(
        "PYR-MOR-2",
        who=key,
        purpose="morale",
        modifier=sum(m.amount for m in mods),
        target=pyrates_config(st).morale_target,
        roll_under=True,
        natural_pass={1},
        natural_fail={6},
        parts=mods,
    )
    if ev.success:
        return True
    # PYR-MOR-3: those who took part or saw the rout flee; the rest stay, shaken
    stay = 0
    for g in members:
        if not g.in_play:
            continue
        if g.id not in participants and not in_party_reach(st, g, participants):
            stay += 1
            continue
        if eng.engaged(g.id) and (surrounded(g.id) or not ctx.table.has_free_direction(g.id)):
            ctx.set_status(g.id, Status.CAPTIVE, rule="PYR-MOR-3", cause="cannot flee: surrenders")
            continue
        # a full move away from the enemy (boarders toward their own ship), then off the table
        toward = ship_point(ctx, g.side) if st.side(g.side).boarder else None
        path = retreat(ctx, g.id, max_dist=g.move, toward=toward)
        if len(path) > 1:
            ctx.move(
                g.id,
                path[-1][0],
                path[-1][1],
                rule="PYR-MOR-3",
                how="flee",
                path=path,
                cost=sum(math.dist(p, q) for p, q in zip(path, path[1:])),
            )
        ctx.set_status(g.id, Status.FLED, rule="PYR-MOR-3", cause="party fails morale")
    if stay:
        p = pyr(st)
        if p.mor_shaken is None:
            p.mor_shaken = []
        p.mor_shaken.append(key)
        ctx.emit(
            Note(
                rule="PYR-MOR-3",
                who=side,
                message=f"{stay} of the party stood too far off to see the "
                f"rout: they stay, shaken (+1 on the next morale test)",
            )
        )
    return False


@implements("PYR-MOR-1")
def morale(r: Round, camps: list[str], tally_winner: str, *, cornered_rat: str = ""):
    """PYR-MOR-1: at the end of a round each party that lost a figure in it (knocked down, captured,
    or gone into the sea: ``Round.lose``) tests (PYR-MOR-2); with ``cornered_rat``, a cornered figure
    just lost outside a round (it surrendered, PYR-CR-1), its retreating party tests at once. A party
    that fails flees (PYR-MOR-3). Returns the camps with a fled party."""
    ctx, st = r.ctx, r.st
    fled: list[str] = []
    lost = {party_key(st.figures[cornered_rat]): 1} if cornered_rat else r.lost
    participants = list(r.group)
    for key in sorted(lost):
        members = [f for f in st.figures.values() if party_key(f) == key]
        if not members or lost[key] < 1:
            continue
        if cornered_rat:  # the rat's own camp, asked for by the caller
            camp = camps[0]
        else:
            camp = r.camp(members[0].id) if members[0].id in r.eng.camp else members[0].side
        if camp not in camps:
            continue
        if not party_test(
            ctx, key, participants, tally_winner=camp == tally_winner, eng=r.eng, surrounded=r.surrounded
        ):
            r.fled_parties.add(key)
            if camp not in fled:
                fled.append(camp)
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


def boarding_action(st) -> bool:
    """PYR-WIN-3: a boarding action = some side boards (roster side flag ``boarder``)."""
    return any(getattr(sd, "boarder", False) for sd in st.sides)


@implements("PYR-WIN-5")
def losing_party(r: Round, loser: str) -> list[str]:
    """PYR-WIN-3 / PYR-WIN-5: every figure in play of the losing camp's parties in this mêlée, fighters
    or not: a tagged party's members wherever they stand, untagged figures of a side within 4 in of a
    participant. Figures engaged in another mêlée stay in that fight; disarmed and captive ones
    cannot move. Roster order."""
    st = r.st
    group = set(r.group)
    keys = {party_key(st.figures[f]) for f in r.group if r.camp(f) == loser}
    if not keys:
        return []
    eng_all = None
    out = []
    for f in st.figures.values():
        if not f.in_play or f.status in (Status.DISARMED, Status.CAPTIVE) or party_key(f) not in keys:
            continue
        if f.id not in group:
            if not f.party and not in_party_reach(st, f, r.group):
                continue
            if eng_all is None:
                eng_all = engagements_of(r.ctx)
            if eng_all.engaged(f.id):
                continue
        out.append(f.id)
    return out


@implements("PYR-WIN-3")
def withdraw_options(r: Round, loser: str, can_fight_on: bool) -> list:
    """PYR-WIN-3: boarders may fight on or withdraw toward their own ship; boardees may fight on,
    strike their colours or abandon ship (water on the map), with no plain bold retreat; in a
    tavern brawl (nobody boards) fight on or withdraw. Digital ruling: a boardee that cannot fight
    on keeps the withdrawal, so that it is never left only the ways to lose the match."""
    st = r.st
    opts = [choose("fight_on")] if can_fight_on else []
    boardee = boarding_action(st) and not st.side(loser).boarder
    if boardee:
        if not can_fight_on:
            opts.append(choose("withdraw"))
        opts.append(choose("strike_colours"))
        if has_water(r.ctx):
            opts.append(choose("abandon_ship"))
    else:
        opts.append(choose("withdraw"))
    return opts


@implements("PYR-CR-1")
def winner_effects(r: Round, cur: dict, winner: str, loser: str, loser_fled: bool, quotas):
    """PYR-WIN-3..6: the losing camp fights on (still engaged, morale held) or takes one of the ways
    out its place in the action allows (``withdraw_options``)."""
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
    # "if still engaged and morale holds": an engaged figure whose party did not fail this round
    can_fight_on = any(party_key(st.figures[f]) not in r.fled_parties for f in engaged_losers)
    opts = withdraw_options(r, loser, can_fight_on)
    keep = {o.option for o in opts}
    if can_fight_on and (quotas[loser].mq >= quotas[winner].mq or "withdraw" not in keep):
        dflt = "fight_on"
    else:
        dflt = "withdraw" if "withdraw" in keep else opts[0].option
    d = yield ask(
        loser,
        "withdraw",
        f"{lside.name} lost the round: fight on or withdraw?",
        opts,
        default=choose(dflt),
        rule="PYR-WIN-3",
        info={
            "quotas": {c: q.mq for c, q in quotas.items()},
            "winner": winner,
            "loser": loser,
            "fled": bool(loser_fled),
            "round": cur.get("round", 1),
        },
    )
    ch = d.option
    ctx.emit(RoundResult(rule="PYR-WIN-3", winner=winner, loser=loser, choice=ch))
    if ch == "fight_on":
        cur["next"] = "react" if cur["round"] < pyrates_config(st).max_melee_rounds else "carry"
        cur["winner"] = winner
        return
    if ch == "strike_colours":
        if st.book.struck is None:
            st.book.struck = []
        st.book.struck.append(loser)
        for f in list(st.figures.values()):
            if f.side == loser and f.in_play:
                ctx.set_status(f.id, Status.CAPTIVE, rule="PYR-WIN-3", cause="colours struck")
        cur["next"] = "end"
        return
    party = losing_party(r, loser)
    if ch == "abandon_ship":  # the whole party leaves by the water
        for fid in party:
            ctx.set_status(fid, Status.FLED, rule="PYR-WIN-3", cause="abandoned ship")
        cur["next"] = "end"
        return
    # withdraw: every figure of the losing party makes a bold retreat (PYR-WIN-4), boarders toward
    # their own ship; a cornered one surrenders or fights on as a rat (PYR-CR-1)
    toward = ship_point(ctx, loser) if lside.boarder else None
    rats = pyr(st).melee().setdefault("rats", [])
    for fid in party:
        f = st.figures[fid]
        if not f.in_play or f.status in (Status.DISARMED, Status.CAPTIVE):
            continue
        r.refresh()
        cornered = (
            fid in r.eng.figs and r.eng.engaged(fid) and (r.surrounded(fid) or not ctx.table.has_free_direction(fid))
        )
        if cornered:
            dd = yield ask(
                f.side,
                "cornered",
                f"{f.name} is cornered: fight on as a cornered rat or surrender?",
                [choose("rat"), choose("surrender")],
                default=choose("rat"),
                rule="PYR-CR-1",
            )
            if dd.option == "surrender":
                ctx.set_status(fid, Status.CAPTIVE, rule="PYR-CR-1", cause="surrendered")
                yield from morale(r, [loser], r.tally_winner, cornered_rat=fid)
            elif fid not in rats:
                rats.append(fid)
            continue
        _retreat_move(ctx, fid, toward, "PYR-WIN-4")
        r.refresh()
        if fid in r.eng.figs and r.eng.engaged(fid) and fid not in rats:
            rats.append(fid)
    cur["next"] = "end"


@implements("PYR-WIN-4")
def withdraw_remaining(r: Round, loser: str) -> None:
    """PYR-WIN-6: the mêlée is over with no winning figure engaged; the losing party (PYR-WIN-5:
    fighters or not, ``losing_party``) must withdraw: a bold retreat (PYR-WIN-4), boarders toward
    their own ship."""
    ctx, st = r.ctx, r.st
    toward = ship_point(ctx, loser) if st.side(loser).boarder else None
    for fid in losing_party(r, loser):
        _retreat_move(ctx, fid, toward, "PYR-WIN-6")


@implements("PYR-WIN-6")
def _retreat_move(ctx, fid: str, toward, rule: str) -> None:
    """PYR-WIN-4: one figure's bold retreat (``moves.retreat``: up to 4 in away from enemies, toward
    ``toward`` when given), moved along its path; ``rule`` is the withdrawal it belongs to
    (PYR-WIN-4 after a lost round, PYR-WIN-6 when the mêlée ends)."""
    path = retreat(ctx, fid, toward=toward)
    if len(path) > 1:
        ctx.move(
            fid,
            path[-1][0],
            path[-1][1],
            rule=rule,
            how="retreat",
            path=path,
            cost=sum(math.dist(p, q) for p, q in zip(path, path[1:])),
        )
        _moved(ctx.state, fid)


@implements("PYR-CR-2")
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
        friends = [
            g
            for g in st.figures.values()
            if g.side == f.side and g.in_play and g.id != rat and party_key(g) == party_key(f)
        ]
        toward = None
        if friends:
            g = min(friends, key=lambda g: (math.hypot(g.x - f.x, g.y - f.y), g.id))
            toward = (g.x, g.y)
        path = retreat(ctx, rat, toward=toward, rat=True)
        if len(path) > 1:
            ctx.move(
                rat,
                path[-1][0],
                path[-1][1],
                rule="PYR-CR-2",
                how="retreat",
                path=path,
                cost=sum(math.dist(p, q) for p, q in zip(path, path[1:])),
            )
            _moved(st, rat)
        ctx.emit(RoundResult(rule="PYR-CR-2", winner=winner, loser="", choice="cut_free"))
        cur["next"] = "end"
        return
    cur["next"] = "round" if cur["round"] < pyrates_config(st).max_melee_rounds else "carry"
    yield from ()
