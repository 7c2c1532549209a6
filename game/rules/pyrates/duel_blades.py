"""PYR-DUEL-3 blades rounds and PYR-DUEL-5 the end of a duel (its consequences and the way back)."""

from __future__ import annotations

from ..counting import agreeing
from ..decisions import choose
from ..events import Note
from ..flow import ask
from ..implements import implements
from ..model import Status
from .aftermath import party_test
from .config import pyrates_config
from .duel_meet import meet
from .engage import engagements, party_key
from .events import RoundResult
from .hands import Damage
from .mdp import add_mdp, mdp_of
from .melee_round import Round, allocation, roll_pool_flow
from .prisoners import resolve_prisoners
from .quota import Participant, SideFacts, melee_quotas
from .state import pyr


class DuelRound(Round):
    """A mêlée round with the two duellists only: no supporters, no support (PYR-DUEL-2)."""

    def __init__(self, ctx, pair):
        super().__init__(ctx, {"seeds": list(pair)})
        self.group = list(pair)
        self.duel = True

    def refresh(self):
        self.eng = engagements(self.st, self.ctx.table, only=set(self.group))
        return self.eng


def _part(r: DuelRound, fid: str) -> Participant:
    f = r.st.figures[fid]
    zone = r.ctx.table.zone_of(fid)
    other = [g for g in r.group if g != fid]
    return Participant(
        f,
        engaged=True,
        close_quarters=zone.close_quarters,
        advantageous=False,
        contacts=frozenset(other),
        party=party_key(f),
    )


def blades_round(ctx, du: dict):
    """PYR-DUEL-2/3: a PYR-SEQ-1 round with only the duellists: quota, dice, panache, allocation with
    pushbacks and saves; then the PYR-DUEL-3 end tests. Returns the result or None (fight on)."""
    st = ctx.state
    a, b = du["a"], du["b"]
    sa, sb = st.figures[a].side, st.figures[b].side
    r = DuelRound(ctx, (a, b))
    r.refresh()
    if not r.eng.engaged(a):
        meet(ctx, a, b, 0.0)
        r.refresh()
        if not r.eng.engaged(a):
            return "draw"
    du["round"] += 1
    ctx.emit(Note(rule="PYR-DUEL-2", message=f"duel, round {du['round']}"))
    qa, qb = melee_quotas(pyrates_config(st), SideFacts((_part(r, a),), 0, sa), SideFacts((_part(r, b),), 0, sb))
    pool = {}
    for side, q in ((sa, qa), (sb, qb)):
        pool[side] = yield from roll_pool_flow(ctx, side, q.mq)
    for side in (sa, sb):  # panache: discard the damage it inflicts, −1 MDP once per duel
        if pool[side].empty or side in du["panache"]:
            continue
        dflt = "panache" if mdp_of(st, side) > 0 and pool[side].knockdowns == 0 else "no"
        d = yield ask(
            side,
            "panache",
            f"{st.side(side).name}: discard your {pool[side].text()} with panache "
            f"(−1 Mutinous Dog point, once per duel)?",
            [choose("no"), choose("panache")],
            default=choose(dflt),
            rule="PYR-DUEL-2",
        )
        if d.option == "panache":
            du["panache"].append(side)
            pool[side] = Damage()
            ctx.emit(
                Note(rule="PYR-DUEL-2", who=side, message=agreeing(st.side(side).name, "shows", "show") + " panache")
            )
            add_mdp(ctx, side, -1, "panache")
    wounds_before = {a: st.figures[a].wounds, b: st.figures[b].wounds}
    pos_before = {x: (st.figures[x].x, st.figures[x].y) for x in (a, b)}
    yield from allocation(r, [sa, sb], pool)
    # PYR-DUEL-3: who pushed back whom (PYR-PUSH-5 credit), and did the pusher follow up (it moved)?
    pushed_by: dict[str, str] = {}
    for pusher, victim in ((a, b), (b, a)):
        if r.credit.get(st.figures[pusher].side, {}).get("push", 0):
            pushed_by[victim] = pusher
    followed = {x for x in (a, b) if (st.figures[x].x, st.figures[x].y) != pos_before[x]}
    fa, fb = st.figures[a], st.figures[b]
    # a disarmed duellist fights on (MQ 0) until it re-arms or is captured in a later round
    # (PYR-DUEL-3); down or captive ends the duel
    for fid, other in ((a, b), (b, a)):
        f = st.figures[fid]
        if not f.in_play or f.status == Status.CAPTIVE:
            return other
    if a in pushed_by and b in pushed_by:
        return "draw"
    for pusher in pushed_by.values():
        if pusher not in followed:
            ctx.emit(
                Note(
                    rule="PYR-DUEL-3",
                    who=pusher,
                    message=f"{st.figures[pusher].name} does not follow up: the duel is won",
                )
            )
            du["conceded"] = True
            return pusher
    # both may agree to break off after a failed save on a wound
    if any(st.figures[x].wounds > wounds_before[x] for x in (a, b)):
        agree = True
        for fid in (a, b):
            f = st.figures[fid]
            dflt = "break_off" if f.is_wounded else "fight_on"
            d = yield ask(
                f.side,
                "duel_break",
                f"{f.name}: blood is drawn: break off the duel (both must agree)?",
                [choose("fight_on"), choose("break_off")],
                default=choose(dflt),
                rule="PYR-DUEL-3",
            )
            agree = agree and d.option == "break_off"
        if agree:
            return "draw"
    # quarter: either duellist may yield
    for fid, other in ((a, b), (b, a)):
        f, g = st.figures[fid], st.figures[other]
        dflt = "quarter" if f.is_wounded and not g.is_wounded else "fight_on"
        d = yield ask(
            f.side,
            "duel_quarter",
            f"{f.name}: fight on or ask for quarter?",
            [choose("fight_on"), choose("quarter")],
            default=choose(dflt),
            rule="PYR-DUEL-3",
        )
        if d.option == "quarter":
            ctx.emit(Note(rule="PYR-DUEL-3", who=fid, message=f"{f.name} asks for quarter"))
            du["conceded"] = True
            return other
    del fa, fb
    if du["round"] >= pyrates_config(st).max_duel_rounds:
        ctx.emit(Note(rule="PYR-SEQ-2", message="six rounds: the duellists part, a draw"))
        return "draw"
    return None


# -- the end -------------------------------------------------------------------------------------------------
def duel_consequences(ctx, du: dict, victor: str, loser: str):
    """PYR-DUEL-3 digital ruling: a loser that conceded (pushed back and not followed, or asking
    quarter) gives its side +1 Mutinous Dog point; the loser's party tests morale (PYR-MOR-2) as if it
    had lost a figure (a knocked-down or captured loser has lost one), at the duelling ground: a
    failure makes those who saw it flee (PYR-MOR-3)."""

    st = ctx.state
    lf = st.figures[loser]
    if du.get("conceded"):
        add_mdp(ctx, lf.side, +1, "lost a duel", "PYR-DUEL-3")
    eng = engagements(st, ctx.table)

    def surrounded(fid):
        foes = eng.enemies(fid)
        return bool(foes) and bool(ctx.table.surrounded(fid, foes))

    party_test(ctx, party_key(lf), [victor, loser], tally_winner=False, eng=eng, surrounded=surrounded)
    yield from ()


@implements("PYR-DUEL-5")
def finish(ctx, result):
    """Announce the result, carry the duellists back, PYR-DUEL-5 treaty decision by the victor."""
    st = ctx.state
    du = pyr(st).duel
    assert du is not None, "a duel is running"
    a, b = du["a"], du["b"]
    if result is None:  # a duellist left play outside the rounds
        ia, ib = st.figures[a].in_play, st.figures[b].in_play
        result = a if ia and not ib else b if ib and not ia else "draw"
    winner = "" if result == "draw" else st.figures[result].side
    loser = "" if result == "draw" else st.figures[b if result == a else a].side
    ctx.emit(
        RoundResult(rule="PYR-DUEL-3", winner=winner, loser=loser, choice="duel_draw" if not winner else "duel_won")
    )
    p = pyr(st)
    if p.duels is None:
        p.duels = []
    du_log = p.duels
    du_log.append({"a": a, "b": b, "winner": result})
    if winner:
        yield from duel_consequences(ctx, du, result, b if result == a else a)
    for fid in (a, b):
        f = st.figures[fid]
        if not f.in_play:
            continue
        if f.status == Status.DISARMED:  # disarmed in a duel: re-arms when it is over (no capture)
            ctx.set_status(
                fid, Status.WOUNDED if f.is_wounded else Status.UNWOUNDED, rule="PYR-DUEL-4", cause="the duel is over"
            )
        hx, hy = du["home"][fid]
        if ctx.table.clear_at(hx, hy, f.radius, f.level, ignore=(fid,)):
            ctx.move(fid, hx, hy, rule="PYR-DUEL-2", how="duel")
    for sid in du.get("supporters", []):
        s = st.figures[sid]
        hx, hy = du["home"][sid]
        if s.in_play and ctx.table.clear_at(hx, hy, s.radius, s.level, ignore=(sid,)):
            ctx.move(sid, hx, hy, rule="PYR-DUEL-2", how="duel")
    if winner and st.figures[result].in_play and st.figures[b if result == a else a].status == Status.CAPTIVE:
        # PYR-DUEL-3 capture: the captive is led away a prisoner by the victor (PYR-DIS-4)
        resolve_prisoners(ctx, [a, b], [])
    if du.get("stakes") and winner:
        lf = st.figures[b if result == a else a]
        d = yield ask(
            lf.side,
            "duel_stakes_honour",
            f"{st.side(lf.side).name}: honour the stakes of the duel, or break its terms (+1 Mutinous Dog point)?",
            [choose("honour"), choose("renege")],
            default=choose("honour"),
            rule="PYR-DUEL-3",
        )
        du_log[-1]["stakes"] = d.option
        if d.option == "renege":
            add_mdp(ctx, lf.side, +1, "broke the terms of a duel", "PYR-DUEL-3")
    if pyr(st).treaty and winner:
        w = st.figures[result]
        d = yield ask(
            w.side,
            "treaty",
            f"{w.name} won the duel: does the treaty still hold?",
            [choose("keep"), choose("break")],
            default=choose("keep"),
            rule="PYR-DUEL-5",
        )
        if d.option == "break":
            pyr(st).treaty = False
            ctx.emit(Note(rule="PYR-DUEL-5", who=w.side, message="the treaty is broken"))
    pyr(st).duel = None
