"""PYR-DIS-4 prisoners: when a mêlée is resolved each captive of it becomes a prisoner attached to
its captor and moves with it; if the captor's side failed a morale test in that last round (or its
captor fled), the prisoner is released, armed with a Close weapon.

The state's ``captives`` {captive: captor} records every capture (during a mêlée captor and captive
count no MQ, PYR-DIS-2); its ``prisoners`` {prisoner: captor} marks those whose mêlée is
resolved (their captors count again). Captives and
prisoners are off the table (Status.CAPTIVE is out of play); a prisoner's x, y follow its captor.
Digital rulings: a released prisoner is set down at the clear spot nearest where it was taken
(rings of 0.5 in up to 4 in); its mêlée weapon becomes Close "improvised"; a captive whose captor
was knocked down stays a captive without a captor.
"""

from __future__ import annotations

import math

from ..events import Note
from ..implements import implements
from ..model import Status, WeaponClass
from .engage import camp_of
from .state import pyr


def _spot(ctx, fid: str, x: float, y: float):
    f = ctx.state.figures[fid]
    for r in [0.0] + [0.5 * k for k in range(1, 9)]:
        for k in range(24 if r else 1):
            px = round(x + r * math.cos(math.radians(15 * k)), 3)
            py = round(y + r * math.sin(math.radians(15 * k)), 3)
            if ctx.table.clear_at(px, py, f.radius, f.level, ignore=(fid,)):
                return px, py
    return None


@implements("PYR-DIS-4")
def resolve_prisoners(ctx, group, fled_camps) -> None:
    """At the end of a mêlée (PYR-DIS-4): captives of ``group`` become prisoners or are released."""
    st = ctx.state
    p = pyr(st)
    caps = p.captives
    if p.prisoners is None:
        p.prisoners = {}
    pris = p.prisoners
    members = set(group)
    for cid, captor in sorted(caps.items()):
        c = st.figures.get(cid)
        if c is None or c.status != Status.CAPTIVE or not captor:
            continue
        if cid in pris or (cid not in members and captor not in members):
            continue
        k = st.figures[captor]
        fled = k.status == Status.FLED or camp_of(st, k.side) in fled_camps
        if fled:
            del caps[cid]
            spot = _spot(ctx, cid, c.x, c.y)
            if spot is None:
                continue
            ctx.change(cid, melee_class=WeaponClass.CLOSE, melee_weapon="improvised")
            ctx.set_status(
                cid,
                Status.WOUNDED if c.is_wounded else Status.UNWOUNDED,
                rule="PYR-DIS-4",
                cause=f"released: {st.side(k.side).name} failed morale",
            )
            ctx.move(cid, spot[0], spot[1], rule="PYR-DIS-4", how="released")
            continue
        if not k.in_play:
            continue
        pris[cid] = captor
        ctx.emit(Note(rule="PYR-DIS-4", who=cid, message=f"{c.name} is led away a prisoner by {k.name}"))
    follow_captors(ctx)


def follow_captors(ctx) -> None:
    """A prisoner moves with its captor (its x, y and level are the captor's; it stays off the table)."""
    st = ctx.state
    for pid, captor in sorted((pyr(st).prisoners or {}).items()):
        p, k = st.figures.get(pid), st.figures.get(captor)
        if p is None or k is None or p.status != Status.CAPTIVE:
            continue
        if (p.x, p.y, p.level) != (k.x, k.y, k.level):
            ctx.change(pid, x=k.x, y=k.y, level=k.level)
