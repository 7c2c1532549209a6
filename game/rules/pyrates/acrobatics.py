"""PYR-CARD-3 [HOUSE] Acrobatics: a surrounded or cornered figure moves up to 2 in, passing over
bases, to a clear spot where it is unengaged; with no clear spot the card is not spent.

Digital rulings: played at step (1) of a round (with the other before-MQ cards), for one figure of
the player's side in the mêlée that is engaged and surrounded (GEO-SUR-1) or has no free direction
(GEO-ESC-1). Spots: 24 headings × 0.5, 1, 1.5, 2 in; the straight sweep may pass over bases but not
through obstacles or walls; the spot must be clear and engaged with no enemy (PYR-ENG-1/2). Auto
policy: a cornered rat plays it (spot farthest from the nearest enemy), others keep the card.
"""

from __future__ import annotations

import math

from ..decisions import Decision, choose
from ..flow import ask
from ..implements import implements
from .cards import ACROBATICS
from .moves import engaged_with_at
from .round_state import _moved, cards_of, spend_card

RANGE = 2.0
RINGS = (0.5, 1.0, 1.5, 2.0)


def acrobatic_spots(ctx, fid: str) -> list[tuple[float, float]]:
    st = ctx.state
    f = st.figures[fid]
    bases = [g.id for g in st.figures.values() if g.in_play and g.id != fid]
    foes = [g for g in ctx.enemies(fid) if g.level == f.level]
    out = []
    for dist in RINGS:
        for k in range(24):
            ang = math.radians(15 * k)
            dx, dy = dist * math.cos(ang), dist * math.sin(ang)
            x, y = round(f.x + dx, 3), round(f.y + dy, 3)
            if not ctx.table.sweep_clear(fid, dx, dy, ignore=bases):
                continue
            if not ctx.table.clear_at(x, y, f.radius, f.level, ignore=(fid,)):
                continue
            if any(
                math.hypot(g.x - x, g.y - y) - f.radius - g.radius <= 1.05 and engaged_with_at(ctx, fid, g.id, x, y)
                for g in foes
            ):
                continue
            out.append((x, y))
    return out


@implements("PYR-CARD-3")
def acrobatics(r, camp: str):
    """Offer the card to ``camp`` for its trapped figures in round ``r`` (a melee_round.Round)."""
    st, ctx = r.st, r.ctx
    if ACROBATICS not in cards_of(st, camp):
        return False
    opts: list[Decision] = []
    best = None
    for fid in r.group:
        f = st.figures[fid]
        if not f.in_play or r.camp(fid) != camp or not r.eng.engaged(fid) or f.status.value in ("disarmed", "captive"):
            continue
        if not (r.surrounded(fid) or not ctx.table.has_free_direction(fid)):
            continue
        spots = acrobatic_spots(ctx, fid)
        foes = [g for g in ctx.enemies(fid) if g.level == f.level]
        for x, y in spots:
            d = Decision("move", figure=fid, x=x, y=y, option="acrobatics")
            opts.append(d)
            if fid == r.rat:
                score = min((math.hypot(g.x - x, g.y - y) for g in foes), default=0.0)
                if best is None or score > best[0] + 1e-9:
                    best = (score, d)
    if not opts:
        return False  # no clear spot: the card is not spent
    dflt = best[1] if best else choose("no")
    d = yield ask(
        camp,
        "acrobatics",
        f"{st.side(camp).name}: play Acrobatics for a trapped figure (up to 2 in, over bases)?",
        [choose("no")] + opts,
        default=dflt,
        rule="PYR-CARD-3",
    )
    if d.kind != "move":
        return False
    spend_card(ctx, camp, ACROBATICS, "PYR-CARD-3")
    f = st.figures[d.figure]
    ctx.move(d.figure, d.x, d.y, rule="PYR-CARD-3", how="acrobatics", cost=math.hypot(d.x - f.x, d.y - f.y))
    _moved(st, d.figure)
    if d.figure == r.rat:
        r.cut_free = True
    return True
