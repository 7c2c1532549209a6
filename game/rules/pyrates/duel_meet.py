"""PYR-DUEL-2 digital ruling: where the duellists (and their supporters) stand to fight."""

from __future__ import annotations

import math

from ..events import Note


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
