"""Mounted figures: the en passant attack and dismounting (PYR-MNT-1, PYR-MNT-2).

En passant is a charge option (``Decision("charge", …, option="en_passant")``): the rider strikes in
passing and must then move on with what is left of its movement allowance. Dismounting is offered
when a failed save would wound or knock down a rider whose roster holds a dismounted version
(``can_dismount``); the horse then wanders off d6 in, and the rider may later remount by walking to it.
Progress between steps lives in the Pyrates state's ``horses`` (figure id → [x, y]).
"""

from __future__ import annotations

import math

from ..decisions import Decision, IllegalDecision, Item
from ..events import Note
from ..flow import ask
from ..implements import implements
from ..model import Status, WeaponClass, round_in
from ..rangers.turns import MOVE_HEADINGS
from .config import pyrates_config
from .engage import party_key
from .events import ItemResolved
from .melee_round import Round, resolve_item, roll_pool_flow
from .moves import enemy_contact_at, plan_to, straight
from .quota import Participant, SideFacts, melee_quotas
from .state import pyr

EN_PASSANT = "en_passant"
#: path samples per inch when checking that a charge crosses open, non-close-quarters ground
SAMPLES_PER_IN = 4
MIN_LEFT = 0.05


def open_ground(ctx, level: str, points) -> bool:
    """PYR-MNT-1: every sampled point of the path lies in open terrain outside close quarters."""
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        n = max(1, int(math.ceil(math.hypot(x1 - x0, y1 - y0) * SAMPLES_PER_IN)))
        for k in range(n + 1):
            z = ctx.table.zone_at(x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n, level)
            if z.terrain != "open" or z.close_quarters:
                return False
    return True


def en_passant_problem(ctx, fid: str, target: str, plan, allowance: float) -> str:
    """Why the charge ``plan`` by fid at ``target`` cannot be an en passant (PYR-MNT-1), or "".

    A mounted rider, charging across open, non-close-quarters ground, reaching BtB with that single
    enemy, who has no Reach weapon, with movement allowance left over; once per move."""
    f, t = ctx.state.figures[fid], ctx.state.figures[target]
    if not f.mounted:
        return "only a mounted figure strikes en passant (PYR-MNT-1)"
    if t.melee_class == WeaponClass.REACH:
        return f"{t.name} has a Reach weapon: no en passant against it (PYR-MNT-1)"
    ex, ey = plan.points[-1]
    if enemy_contact_at(ctx, fid, ex, ey) != [target]:
        return "en passant needs contact with a single enemy (PYR-MNT-1)"
    if allowance - plan.cost < MIN_LEFT:
        return "no movement left to ride on after the blow (PYR-MNT-1)"
    if not open_ground(ctx, f.level, plan.points):
        return "en passant needs open ground outside close quarters (PYR-MNT-1)"
    return ""


def rider_quota(ctx, fid: str) -> int:
    """PYR-MNT-1 digital ruling: the rider alone, its own MQ including mounted (ordinary rider 2)."""
    f = ctx.state.figures[fid]
    me = Participant(f, engaged=True, close_quarters=False, party=party_key(f))
    q, _ = melee_quotas(pyrates_config(ctx.state), SideFacts((me,), 0, f.side), SideFacts((), 0, ""))
    return q.mq


def continue_options(ctx, fid: str, left: float) -> list[Decision]:
    """Moves of at most ``left`` in that end out of contact with every enemy (the rider rides on)."""
    f = ctx.state.figures[fid]
    out, seen = [], set()
    for frac in (1.0, 0.5):
        for h in MOVE_HEADINGS:
            x = f.x + left * frac * math.cos(math.radians(h))
            y = f.y + left * frac * math.sin(math.radians(h))
            x = min(max(x, f.radius + 0.01), ctx.table.width - f.radius - 0.01)
            y = min(max(y, f.radius + 0.01), ctx.table.height - f.radius - 0.01)
            plan = straight(ctx, fid, x, y)
            if plan is None or plan.cost > left + 1e-9:
                continue
            ex, ey = round_in(plan.points[-1][0]), round_in(plan.points[-1][1])
            if (ex, ey) in seen or math.hypot(ex - f.x, ey - f.y) < MIN_LEFT or enemy_contact_at(ctx, fid, ex, ey):
                continue
            seen.add((ex, ey))
            out.append(Decision("move", figure=fid, x=ex, y=ey, option=EN_PASSANT))
    return out


@implements("PYR-MNT-1")
def en_passant(ctx, fid: str, target: str, left: float):
    """PYR-MNT-1: the rider rolls its own hand; the target gets at most one item (a KD if any, else a
    W) with the usual pushback election and save; no return blows; then the rider rides on."""

    st = ctx.state
    f, t = st.figures[fid], st.figures[target]
    ctx.emit(Note(rule="PYR-MNT-1", who=fid, message=f"{f.name} strikes at {t.name} en passant"))
    pool = yield from roll_pool_flow(ctx, f.side, rider_quota(ctx, fid))
    item = "kd" if pool.knockdowns else "w" if pool.wounds else ""
    if item:
        r = Round(ctx, {"seeds": [fid, target]})
        r.group = [fid, target]
        r.follow_up = False  # the rider rides on: no follow-up
        r.refresh()
        yield from resolve_item(r, f.side, fid, Item(target, item))
    else:
        ctx.emit(ItemResolved(rule="PYR-MNT-1", tapper=fid, victim=target, item="", outcome="missed"))
    f = st.figures[fid]
    if not f.in_play:
        return
    opts = continue_options(ctx, fid, left)
    if not opts:
        ctx.emit(Note(rule="PYR-MNT-1", who=fid, message=f"{f.name} finds no way on and stays in the fight"))
        return
    foes = [g for g in ctx.enemies(fid) if g.level == f.level]

    def safety(d):
        return min((math.hypot(g.x - d.x, g.y - d.y) for g in foes), default=0.0)

    dflt = max(opts, key=lambda d: (round(safety(d), 6), -opts.index(d)))

    def validate(d):
        if d.kind != "move" or d.figure != fid or d.x is None or d.y is None:
            raise IllegalDecision(f"{f.name} rides on: choose where (PYR-MNT-1)")
        plan = plan_to(ctx, fid, d.x, d.y, left)
        if enemy_contact_at(ctx, fid, plan.points[-1][0], plan.points[-1][1]):
            raise IllegalDecision("the rider disengages: the move may not end in contact (PYR-MNT-1)")

    d = yield ask(
        f.side,
        "en_passant_move",
        f"{f.name} rides on ({left:.1f} in left)",
        opts,
        default=dflt,
        validate=validate,
        info={"figure": fid, "move_left": round_in(left)},
        rule="PYR-MNT-1",
    )
    plan = plan_to(ctx, fid, d.x, d.y, left)
    ctx.move(
        fid, plan.points[-1][0], plan.points[-1][1], rule="PYR-MNT-1", how="move", path=plan.points, cost=plan.cost
    )


def remount_option(ctx, fid: str, allowance: float) -> Decision | None:
    """PYR-MNT-2: an unhorsed figure whose horse is within its move (clear path, clear spot) may
    walk to it and remount as its action."""
    f = ctx.state.figures[fid]
    spot = (pyr(ctx.state).horses or {}).get(fid)
    if f.mounted or not f.can_dismount or spot is None or f.status not in (Status.UNWOUNDED, Status.WOUNDED):
        return None
    if not ctx.table.clear_at(spot[0], spot[1], f.radius, f.level, ignore=(fid,)):
        return None
    plan = straight(ctx, fid, spot[0], spot[1])
    if (
        plan is None
        or plan.cost > allowance + 1e-9
        or plan.stops_at_obstacle
        or math.hypot(plan.points[-1][0] - spot[0], plan.points[-1][1] - spot[1]) > 2e-3
    ):
        return None
    if enemy_contact_at(ctx, fid, spot[0], spot[1]):
        return None
    return Decision("remount", figure=fid, x=spot[0], y=spot[1])


def remount(ctx, fid: str) -> None:
    horses = pyr(ctx.state).horses
    assert horses is not None, "a horse waits"
    x, y = horses.pop(fid)
    f = ctx.state.figures[fid]
    plan = straight(ctx, fid, x, y)
    ctx.move(
        fid, x, y, rule="PYR-MNT-2", how="move", path=plan.points if plan else None, cost=plan.cost if plan else 0.0
    )
    ctx.change(fid, mounted=True)
    ctx.emit(Note(rule="PYR-MNT-2", who=fid, message=f"{f.name} catches the horse and remounts"))
