"""Duels between leaders (PYR-DUEL-1..5) and Mutinous Dog points (PYR-MDP-1).

A challenge is an activation action of a Captain or Leader (``Decision("challenge", figure, target)``).
The challenged side accepts or refuses (refusal: +1 MDP); if accepted it chooses the weapons (pistols
only when both carry a pistol). Then the preset runs the step ``duel`` once per exchange/round until
the duel ends, and goes back to ``activate``. Progress lives in ``state.data["duel"]`` (plain JSON):

    {"a": challenger, "b": challenged, "weapons": "blades"|"pistols", "round": n, "exchange": n,
     "panache": [side ids that used it], "home": {fid: [x, y]}, "by": side id of the challenger}

Digital rulings made here (see the report in the module functions):
- a duellist's camp is its side; supporters are not placed and add nothing (PYR-DUEL-2 allows this);
- after the duel both duellists are carried back to where they stood (seconds carry them off), so
  the duel leaves no mêlée behind; a knocked-down duellist is simply out of play;
- blades: at most 6 rounds (PYR-SEQ-2), then a draw; no morale tests inside a duel, one for the
  loser's party after it (PYR-DUEL-3). Pistols (PYR-DUEL-4) live in duel_pistols.py.
"""

from __future__ import annotations

import math

from ..decisions import Decision, IllegalDecision, choose
from ..events import Note
from ..flow import ask
from ..implements import implements
from ..model import Rank, Status
from .duel_pistols import pistol_exchange, pistol_shot  # noqa: F401  (re-exported)
from .engage import engagements, party_key
from .events import RoundResult
from .hands import Damage
from .melee_round import Round, allocation, roll_pool_flow
from .prisoners import resolve_prisoners
from .quota import Participant, SideFacts, melee_quotas
from .sight import sees

HAIL = 12.0
SUPPORT_REACH = 6.0
MAX_SUPPORTERS = 2
MAX_DUEL_ROUNDS = 6
PISTOL_GAP = 2.0


# -- PYR-MDP-1 ----------------------------------------------------------------------------------------
def mdp_of(state, side: str) -> int:
    return int(state.data.get("mdp", {}).get(side, 0))


@implements("PYR-MDP-1")
def add_mdp(ctx, side: str, n: int, why: str, rule: str = "PYR-MDP-1") -> int:
    """PYR-MDP-1: change a side's Mutinous Dog points, never below 0; returns the new value."""
    mdp = ctx.state.data.setdefault("mdp", {})
    old = int(mdp.get(side, 0))
    new = max(0, old + n)
    mdp[side] = new
    if new != old:
        ctx.emit(
            Note(
                rule=rule,
                who=side,
                message=f"{ctx.state.side(side).name}: {why}: Mutinous Dog points {old} → {new} (PYR-MDP-1)",
            )
        )
    return new


def camp_mdp(state, camp: str) -> int:
    """PYR-WIN-1 with allies counted as one: the MDP of every side of the camp."""
    from .engage import camp_of

    return sum(
        int(v) for s, v in state.data.get("mdp", {}).items() if s in state.side_ids() and camp_of(state, s) == camp
    )


# -- PYR-DUEL-1 the challenge -----------------------------------------------------------------------------
def can_duel(f) -> bool:
    return f.in_play and f.status not in (Status.DISARMED, Status.CAPTIVE) and (f.rank == Rank.CAPTAIN or f.is_leader)


def challenge_targets(ctx, fid: str, engaged) -> list[str]:
    """PYR-DUEL-1: enemy leaders not in mêlée within hailing distance (12 in, LoS); ``engaged(fid)``
    tells whether a figure is in mêlée. Under a treaty only after an Offence (data["offence"])."""
    st = ctx.state
    f = st.figures[fid]
    if not can_duel(f) or engaged(fid) or st.data.get("duel"):
        return []
    if st.data.get("treaty") and not offence_given(st):
        return []
    out = []
    fought = {frozenset((d["a"], d["b"])) for d in st.data.get("duels", ())}
    for g in ctx.enemies(fid):
        if not can_duel(g) or g.level != f.level or engaged(g.id):
            continue
        if frozenset((fid, g.id)) in fought:  # PYR-DUEL-3: the same two leaders never duel again
            continue
        if ctx.table.edge_distance(fid, g.id) > HAIL + 1e-9:
            continue
        if not sees(ctx, fid, g.id).clear:
            continue
        out.append(g.id)
    return out


def offence_given(state) -> bool:
    """PYR-DUEL-1: under a parley or truce a challenge needs an Offence: scenario option ``offence``
    (given before play) or a hostile act since (``give_offence``)."""
    return bool(state.data.get("offence") or state.options.get("offence"))


def give_offence(ctx, side: str, how: str) -> None:
    """PYR-DUEL-1 digital ruling: while a treaty holds, the first charge or shot by either side is the
    Offence that frees challenges (the scenario trigger is the option ``offence``)."""
    st = ctx.state
    if st.data.get("treaty") and not offence_given(st):
        st.data["offence"] = True
        ctx.emit(Note(rule="PYR-DUEL-1", who=side, message=f"{st.side(side).name} gives Offence ({how})"))


def both_pistols(a, b) -> bool:
    return a.missile == "pistol" and b.missile == "pistol"


@implements("PYR-DUEL-1")
def challenge(ctx, fid: str, target: str, stakes: bool = False):
    """PYR-DUEL-1/2: the challenged side accepts or refuses; weapons; the duellists meet. Returns True
    when a duel starts (state.data["duel"] set). ``stakes``: the challenge wagers stakes (the
    challenge decision's option "stakes", PYR-DUEL-3), which the challenged side sees before it answers."""
    st = ctx.state
    a, b = st.figures[fid], st.figures[target]
    ctx.emit(Note(rule="PYR-DUEL-1", who=fid, message=f"{a.name} challenges {b.name} to a duel"))
    d = yield ask(
        b.side,
        "duel_accept",
        f"{b.name} is challenged by {a.name}: accept, or refuse (+1 Mutinous Dog point)?",
        [choose("accept"), choose("refuse")],
        default=choose("accept"),
        info={"challenger": fid, "challenged": target, "stakes": stakes},
        rule="PYR-DUEL-1",
    )
    if d.option == "refuse":
        ctx.emit(Note(rule="PYR-DUEL-1", who=target, message=f"{b.name} refuses and skulks like a scurvy dog"))
        add_mdp(ctx, b.side, +1, "refused a challenge", "PYR-DUEL-1")
        return False
    weapons = "blades"
    if both_pistols(a, b):
        dflt = "pistols" if st.options.get("duel_pistols") else "blades"
        d = yield ask(
            b.side,
            "duel_weapons",
            f"{b.name} chooses the weapons: blades or pistols at 2 in?",
            [choose("blades"), choose("pistols")],
            default=choose(dflt),
            rule="PYR-DUEL-4",
        )
        weapons = d.option
    st.data["duel"] = {
        "a": fid,
        "b": target,
        "weapons": weapons,
        "round": 0,
        "exchange": 0,
        "panache": [],
        "home": {fid: [a.x, a.y], target: [b.x, b.y]},
        "by": a.side,
    }
    if stakes:
        st.data["duel"]["stakes"] = True
    ctx.emit(Note(rule="PYR-DUEL-2", message=f"{b.name} accepts: {weapons}" + (", stakes wagered" if stakes else "")))
    cands = {fid: supporter_candidates(ctx, fid), target: supporter_candidates(ctx, target)}
    meet(ctx, fid, target, PISTOL_GAP if weapons == "pistols" else 0.0)
    yield from attend(ctx, fid, target, cands)
    return True


def supporter_candidates(ctx, leader: str) -> list[str]:
    """PYR-DUEL-2 digital ruling: a duellist's would-be supporters are friendly figures free to act
    (in play, not in mêlée, not disarmed or captive) within 6 in of where it stood when challenged, on
    its level, nearest first (ties by id). Reason: 6 in is a leader's reach (RNG-MOT-2)."""
    st = ctx.state
    f = st.figures[leader]
    eng = engagements(st, ctx.table)
    out = []
    for g in st.in_play(f.side):
        if g.id == leader or g.level != f.level or g.status in (Status.DISARMED, Status.CAPTIVE) or eng.engaged(g.id):
            continue
        dist = ctx.table.edge_distance(leader, g.id)
        if dist <= SUPPORT_REACH + 1e-9:
            out.append((round(dist, 6), g.id))
    return [g for _, g in sorted(out)]


@implements("PYR-DUEL-2")
def attend(ctx, a: str, b: str, cands: dict[str, list[str]]):
    """PYR-DUEL-2: supporters are set up behind their duellist; the challenged side may limit them to
    two apiece. They add no MQ and no support (the duel rounds count the duellists only) and go back
    where they stood when the duel is over."""
    st = ctx.state
    du = st.data["duel"]
    limit = None
    if any(len(c) > MAX_SUPPORTERS for c in cands.values()):
        fb = st.figures[b]
        d = yield ask(
            fb.side,
            "duel_supporters",
            f"{fb.name}: limit the attendance to two supporters apiece?",
            [choose("two"), choose("all")],
            default=choose("two"),
            rule="PYR-DUEL-2",
        )
        limit = MAX_SUPPORTERS if d.option == "two" else None
    placed: list[tuple[str, str]] = []
    for me, other in ((a, b), (b, a)):
        for sid in cands[me][:limit]:
            spot = behind(ctx, me, other, sid, len([p for p in placed if p[0] == me]))
            if spot is None:
                continue
            du["home"][sid] = [st.figures[sid].x, st.figures[sid].y]
            ctx.move(sid, spot[0], spot[1], rule="PYR-DUEL-2", how="duel")
            placed.append((me, sid))
    if placed:
        du["supporters"] = [sid for _, sid in placed]


def behind(ctx, me: str, other: str, sid: str, k: int):
    """A clear spot behind duellist ``me`` (away from ``other``) for its k-th supporter: a fan of points
    1.5 to 3 in back, tried in a fixed order."""
    st = ctx.state
    f, o, s = st.figures[me], st.figures[other], st.figures[sid]
    base = math.atan2(f.y - o.y, f.x - o.x)
    for dist in (1.5, 2.25, 3.0):
        for rot in (0, 40, -40, 80, -80)[k % 5 :] + (0, 40, -40, 80, -80)[: k % 5]:
            ang = base + math.radians(rot)
            x, y = round(f.x + dist * math.cos(ang), 3), round(f.y + dist * math.sin(ang), 3)
            if (
                0 < x < ctx.table.width
                and 0 < y < ctx.table.height
                and ctx.table.clear_at(x, y, s.radius + 0.05, s.level, ignore=(sid,))
            ):
                return x, y
    return None


def meeting_point(ctx, a: str, b: str, gap: float):
    """PYR-DUEL-2 digital ruling: BtB (or ``gap`` apart, pistols) at the clear point nearest the
    midpoint; first try spots where neither touches any other figure, then any clear spot."""
    st = ctx.state
    fa, fb = st.figures[a], st.figures[b]
    mx, my = (fa.x + fb.x) / 2, (fa.y + fb.y) / 2
    base_ang = math.atan2(fb.y - fa.y, fb.x - fa.x)
    half_a, half_b = fa.radius + gap / 2 + 0.001, fb.radius + gap / 2 + 0.001
    ign = (a, b)
    for margin in (0.3, 0.0):
        for r in [0.0] + [0.25 * k for k in range(1, 41)]:
            for k in range(0, 24 if r else 1):
                cx = mx + r * math.cos(math.radians(15 * k))
                cy = my + r * math.sin(math.radians(15 * k))
                for rot in (0, 30, -30, 60, -60, 90):
                    ang = base_ang + math.radians(rot)
                    ux, uy = math.cos(ang), math.sin(ang)
                    pa = (round(cx - ux * half_a, 3), round(cy - uy * half_a, 3))
                    pb = (round(cx + ux * half_b, 3), round(cy + uy * half_b, 3))
                    if ctx.table.clear_at(
                        pa[0], pa[1], fa.radius + margin, fa.level, ignore=ign
                    ) and ctx.table.clear_at(pb[0], pb[1], fb.radius + margin, fb.level, ignore=ign):
                        return pa, pb
    return None


def meet(ctx, a: str, b: str, gap: float) -> None:
    spot = meeting_point(ctx, a, b, gap)
    if spot is None:
        ctx.emit(Note(rule="PYR-DUEL-2", message="no clear ground for the duel: they fight where they stand"))
        return
    (xa, ya), (xb, yb) = spot
    ctx.move(a, xa, ya, rule="PYR-DUEL-2", how="duel")
    ctx.move(b, xb, yb, rule="PYR-DUEL-2", how="duel")


# -- the duel step ------------------------------------------------------------------------------------------
@implements("PYR-DUEL-3")
def duel_step(ctx):
    """One exchange of pistols or one round of blades; ends the duel when PYR-DUEL-3/4 says so."""
    st = ctx.state
    du = st.data["duel"]
    a, b = du["a"], du["b"]
    if not (st.figures[a].in_play and st.figures[b].in_play):
        yield from finish(ctx, None)
        return
    if du["weapons"] == "pistols":
        result = yield from pistol_exchange(ctx, du)
    else:
        result = yield from blades_round(ctx, du)
    if result is not None:
        yield from finish(ctx, result)


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
    qa, qb = melee_quotas(SideFacts((_part(r, a),), 0, sa), SideFacts((_part(r, b),), 0, sb))
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
            ctx.emit(Note(rule="PYR-DUEL-2", who=side, message=f"{st.side(side).name} shows panache"))
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
    if du["round"] >= MAX_DUEL_ROUNDS:
        ctx.emit(Note(rule="PYR-SEQ-2", message="six rounds: the duellists part, a draw"))
        return "draw"
    return None


# -- the end -------------------------------------------------------------------------------------------------
def duel_consequences(ctx, du: dict, victor: str, loser: str):
    """PYR-DUEL-3 digital ruling: a loser that conceded (pushed back and not followed, or asking
    quarter) gives its side +1 Mutinous Dog point; the loser's party tests morale (PYR-MOR-2) as if it
    had lost a figure (a knocked-down or captured loser has lost one), at the duelling ground: a
    failure makes those who saw it flee (PYR-MOR-3)."""
    from .aftermath import party_test  # the mêlée modules import this one's callers

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
    du = st.data["duel"]
    a, b = du["a"], du["b"]
    if result is None:  # a duellist left play outside the rounds
        ia, ib = st.figures[a].in_play, st.figures[b].in_play
        result = a if ia and not ib else b if ib and not ia else "draw"
    winner = "" if result == "draw" else st.figures[result].side
    loser = "" if result == "draw" else st.figures[b if result == a else a].side
    ctx.emit(
        RoundResult(rule="PYR-DUEL-3", winner=winner, loser=loser, choice="duel_draw" if not winner else "duel_won")
    )
    du_log = st.data.setdefault("duels", [])
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
    if st.data.get("treaty") and winner:
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
            st.data["treaty"] = False
            ctx.emit(Note(rule="PYR-DUEL-5", who=w.side, message="the treaty is broken"))
    st.data["duel"] = None


def validate_challenge(ctx, fid: str, d: Decision, engaged) -> None:
    if d.option not in (None, "stakes"):
        raise IllegalDecision(f'a challenge may only wager stakes (option "stakes"), not {d.option!r} (PYR-DUEL-3)')
    if d.target not in challenge_targets(ctx, fid, engaged):
        raise IllegalDecision(
            f"{ctx.fig(fid).name} cannot challenge {d.target}: a leader not in mêlée, within "
            f"{HAIL:g} in and in sight (PYR-DUEL-1)"
        )
