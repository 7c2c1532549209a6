"""Reaction moves (PYR-REACT-1 after the active side moves, PYR-REACT-2 between mêlée rounds).

A reaction move is up to 2 in and must end (a) engaged with the enemy nearest at the start, (b)
farther from the nearest enemy, (c) supporting (BtB with an engaged friend), or (d) with LoS and
range to an enemy for a loaded missile weapon. Candidates are a few representative points per
figure; any other point is validated with ``plan_path`` and the same tests.
"""

from __future__ import annotations

import math

from ..decisions import Decision, IllegalDecision
from ..model import round_in
from ..rangers.shooting import weapon_max_range
from .config import pyrates_config
from .engage import BTB, Engagements, engagements_of, nearest_enemy
from .moves import contact_points, engaged_with_at, plan_to, probe, straight
from .sight import sees
from .state import pyr

#: Figures farther than this (edge distance) from every enemy are not offered reactions; they can
#: still pass no test but (b), which a far figure gains nothing from.
NEAR = 4.0


def _ok_tests(ctx, eng: Engagements, fid: str, x: float, y: float, start_enemy: str | None, start_d: float) -> str:
    """Which end test a move to (x, y) meets: "a", "b", "c", "d" or "" (none)."""
    return _EndTests(ctx, eng, fid, start_enemy, start_d).which(x, y)


class _EndTests:
    """The end tests of fid's reaction move (a)-(d), for any end point: the enemies and the engaged
    friends they measure against are gathered once (a figure's candidates try several points)."""

    def __init__(self, ctx, eng: Engagements, fid: str, start_enemy: str | None, start_d: float):
        st = ctx.state
        f = st.figures[fid]
        self.ctx, self.fid, self.f, self.start_enemy = ctx, fid, f, start_enemy
        self.farther = start_d + 1e-6
        foes = st.enemies_of(f.side)
        lv = f.level
        # nearest_enemy's pool, gathered once: the enemies in play on fid's level
        self.foes = [g.id for g in st.figures.values() if g.side in foes and g.level == lv and g.in_play]
        camp, camps = eng.camp.get(fid), eng.camp
        self.friends = [
            (g.x, g.y, g.radius)
            for gid, g in eng.figs.items()
            if gid != fid and camps.get(gid) == camp and eng.engaged(gid) and g.level == lv
        ]

    def which(self, x: float, y: float, missile: bool = True) -> str:
        """The first test a move to (x, y) meets: "a", "b", "c", "d" or "". ``missile`` False stops
        before (d) (line of sight), answering "" where (d) alone could pass."""
        fid, f = self.fid, self.f
        if self.start_enemy is not None and engaged_with_at(self.ctx, fid, self.start_enemy, x, y):
            return "a"
        _, d1 = nearest_enemy(self.ctx.state, fid, x, y, self.foes)
        if d1 > self.farther:
            return "b"
        hypot, fr = math.hypot, f.radius
        for gx, gy, gr in self.friends:
            if hypot(gx - x, gy - y) - gr - fr <= BTB + 1e-9:
                return "c"
        if missile and f.missile and f.loaded:
            ctx, st = self.ctx, self.ctx.state
            rng = weapon_max_range(f.missile)
            foes = set(st.enemies_of(f.side))
            with probe(ctx, fid, x, y):
                for g in st.figures.values():
                    if g.in_play and g.side in foes:
                        s = sees(ctx, fid, g.id)
                        if s.clear and s.distance <= rng:
                            return "d"
        return ""


def candidates(ctx, eng: Engagements, fid: str) -> list[Decision]:
    """Representative legal reaction moves for fid, each tagged with the test it meets: contact
    points on the nearest enemy (a), on engaged friends within reach (c), and 2 in straight away
    from the nearest enemy (b); a point is kept when its straight move is clear, within 2 in, and
    the end tests name the test it was tried for ((d) is never the one wanted: not measured)."""
    st = ctx.state
    f = st.figures[fid]
    e, d0 = nearest_enemy(st, fid)
    if e is None or d0 > NEAR:
        return []
    out: list[Decision] = []
    seen: set[tuple[float, float]] = set()
    tests = _EndTests(ctx, eng, fid, e, d0)
    reach = pyrates_config(st).reaction_distance  # the 2 in

    def add(x: float, y: float, want: str) -> bool:
        x, y = round_in(x), round_in(y)
        if (x, y) in seen or math.hypot(x - f.x, y - f.y) < 0.05:
            return False
        # both checks are pure and both must pass: the end tests (cheap without (d)) first
        if tests.which(x, y, missile=False) != want:
            return False
        plan = straight(ctx, fid, x, y)
        if plan is None or plan.stops_at_obstacle or plan.cost > reach + 1e-6:
            return False
        if math.hypot(plan.points[-1][0] - x, plan.points[-1][1] - y) > 2e-3:
            return False
        seen.add((x, y))
        out.append(Decision("react", figure=fid, x=x, y=y, option=want))
        return True

    # (a) engage the nearest enemy
    for cx, cy in contact_points(ctx, fid, e, (0, 25, -25, 50, -50)):
        if math.hypot(cx - f.x, cy - f.y) <= reach and add(cx, cy, "a"):
            break
    # (c) support an engaged friend
    camp = eng.camp.get(fid)
    for gid, g in eng.figs.items():
        if gid != fid and eng.camp.get(gid) == camp and eng.engaged(gid) and g.level == f.level:
            if math.hypot(g.x - f.x, g.y - f.y) - g.radius - f.radius <= reach:
                for cx, cy in contact_points(ctx, fid, gid, (0, 40, -40)):
                    if add(cx, cy, "c"):
                        break
    # (b) fall back 2 in straight away from the nearest enemy
    g = st.figures[e]
    dx, dy = f.x - g.x, f.y - g.y
    n = math.hypot(dx, dy) or 1.0
    add(f.x + dx / n * reach, f.y + dy / n * reach, "b")
    return out


def reaction_options(ctx, near: frozenset[str] | None, fid: str) -> list[Decision]:
    """``candidates`` of fid against the engagements among ``near`` (None: every figure), kept in
    the state's Facts until a figure changes (a reaction loop asks each question anew). Shared:
    not to be mutated."""
    return ctx.state.facts.ask(_reaction_options, ctx, near, fid)


def _reaction_options(ctx, near: frozenset[str] | None, fid: str) -> list[Decision]:
    return candidates(ctx, engagements_of(ctx, near), fid)


def validate_reaction(ctx, eng: Engagements, fid: str, d: Decision, allowed: set[str]) -> None:
    """Raise IllegalDecision unless d is a legal reaction move for one of ``allowed`` figures."""
    if d.kind != "react" or d.figure not in allowed:
        raise IllegalDecision("choose a figure that may still make a reaction move, or pass")
    if d.x is None or d.y is None:
        raise IllegalDecision("a reaction move needs a destination")
    plan_to(ctx, d.figure, d.x, d.y, pyrates_config(ctx.state).reaction_distance)
    e, d0 = nearest_enemy(ctx.state, d.figure)
    if not _ok_tests(ctx, eng, d.figure, d.x, d.y, e, d0):
        raise IllegalDecision(
            "a reaction move must end engaged with the nearest enemy, farther from the nearest "
            "enemy, supporting a friend in mêlée, or with a loaded missile in range (PYR-REACT-1)"
        )


def resolve_reaction(ctx, d: Decision, rule: str) -> None:
    plan = plan_to(ctx, d.figure_id, *d.point, pyrates_config(ctx.state).reaction_distance)
    ctx.move(
        d.figure, plan.points[-1][0], plan.points[-1][1], rule=rule, how="reaction", path=plan.points, cost=plan.cost
    )
    mv = pyr(ctx.state).moved_pt
    if d.figure_id not in mv:
        mv.append(d.figure_id)
