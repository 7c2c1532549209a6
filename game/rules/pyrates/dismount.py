"""PYR-MNT-2 dismounting: a wounded or knocked-down rider may leave the saddle; the horse wanders."""

from __future__ import annotations

import math

from ..decisions import choose
from ..events import Note
from ..flow import ask
from ..implements import implements
from ..model import Status, round_in
from .state import pyr


# -- PYR-MNT-2 dismounting ---------------------------------------------------------------------------------
@implements("PYR-MNT-2")
def offer_dismount(ctx, victim: str, status: Status):
    """PYR-MNT-2: a rider with a dismounted version that would be wounded may dismount instead (no
    wound); knocked down, it may dismount wounded. Returns the outcome ("dismounted",
    "dismounted_wounded") or "" when the owner declines or may not."""
    st = ctx.state
    v = st.figures[victim]
    if not (v.mounted and v.can_dismount) or status not in (Status.WOUNDED, Status.KNOCKED_DOWN):
        return ""
    kd = status == Status.KNOCKED_DOWN
    what = "dismount it, wounded (the horse takes the blow)" if kd else "dismount it instead of the wound"
    d = yield ask(
        v.side,
        "dismount",
        f"{v.name} is {'knocked down' if kd else 'wounded'}: {what}?",
        [choose("dismount"), choose("no")],
        default=choose("dismount"),
        rule="PYR-MNT-2",
    )
    if d.option != "dismount":
        return ""
    ctx.change(victim, mounted=False)
    if kd:
        ctx.set_status(victim, Status.WOUNDED, rule="PYR-MNT-2", cause="dismounted, wounded", wounds=1)
    else:
        ctx.emit(Note(rule="PYR-MNT-2", who=victim, message=f"{v.name} is unhorsed"))
    horse_wanders(ctx, victim)
    return "dismounted_wounded" if kd else "dismounted"


def horse_wanders(ctx, fid: str) -> None:
    """PYR-MNT-2: the horse is found d6 in away in a random direction (one of 72, GEO-ESC-1 style),
    kept on the table."""
    f = ctx.state.figures[fid]
    dist = ctx.roll("PYR-MNT-2", who=fid, purpose="horse wanders (inches)").faces[0]
    deg = 5 * (ctx.roll("PYR-MNT-2", who=fid, purpose="horse wanders (direction)", sides=72).faces[0] - 1)
    x = f.x + dist * math.cos(math.radians(deg))
    y = f.y + dist * math.sin(math.radians(deg))
    x = round_in(min(max(x, f.radius), ctx.table.width - f.radius))
    y = round_in(min(max(y, f.radius), ctx.table.height - f.radius))
    p = pyr(ctx.state)
    if p.horses is None:
        p.horses = {}
    p.horses[fid] = [x, y]
    ctx.emit(Note(rule="PYR-MNT-2", who=fid, message=f"{f.name}'s horse wanders to ({x:.1f}, {y:.1f})"))
