"""Reaction moves (PYR-REACT-1 after the active side moves, PYR-REACT-2 between mêlée rounds).

A reaction move is up to 2 in and must end (a) engaged with the enemy nearest at the start, (b)
farther from the nearest enemy, (c) supporting (BtB with an engaged friend), or (d) with LoS and
range to an enemy for a loaded missile weapon. Candidates are a few representative points per
figure; any other point is validated with ``plan_path`` and the same tests.
"""

from __future__ import annotations

import math

from ..decisions import Decision, IllegalDecision
from ..model import Figure, Status, round_in
from ..rangers.shooting import weapon_max_range
from .engage import BTB, Engagements, nearest_enemy
from .moves import contact_points, enemy_rows, engaged_with_at, plan_to, probe, straight
from .sight import sees

REACT_DIST = 2.0
#: Figures farther than this (edge distance) from every enemy are not offered reactions; they can
#: still pass no test but (b), which a far figure gains nothing from.
NEAR = 4.0


def _ok_tests(ctx, eng: Engagements, fid: str, x: float, y: float, start_enemy: str | None, start_d: float) -> str:
    """Which end test a move to (x, y) meets: "a", "b", "c", "d" or "" (none)."""
    st = ctx.state
    f = st.figures[fid]
    if start_enemy is not None and engaged_with_at(ctx, fid, start_enemy, x, y):
        return "a"
    _, d1 = nearest_enemy(st, fid, x, y)
    if d1 > start_d + 1e-6:
        return "b"
    camp = eng.camp.get(fid)
    for g in eng.figs.values():
        if (
            g.id != fid
            and eng.camp.get(g.id) == camp
            and eng.engaged(g.id)
            and g.level == f.level
            and math.hypot(g.x - x, g.y - y) - g.radius - f.radius <= BTB + 1e-9
        ):
            return "c"
    if f.missile and f.loaded:
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
    """Representative legal reaction moves for fid (each tagged with the test it meets)."""
    return _candidates(ctx, eng, fid)[0]


def _candidates(ctx, eng: Engagements, fid: str) -> tuple[list[Decision], float]:
    """``candidates`` and the farthest point (from fid) it tried a move to (0 when none).

    Each point is tried for one test, so it is kept only when ``_ok_tests`` would name that test:
    (d) is never asked (a point meeting no earlier test is tagged (d) or nothing, never the one
    wanted), and the others are ``_ok_tests``'s with the enemies and the engaged friends gathered
    once, the same arithmetic. The tests are pure, so a (c) point the tests reject skips its path."""
    st = ctx.state
    f = st.figures[fid]
    e, d0 = nearest_enemy(st, fid)
    if e is None or d0 > NEAR:
        return [], 0.0
    out: list[Decision] = []
    seen = set()
    far = 0.0
    fx, fy, fr, lv = f.x, f.y, f.radius, f.level
    hypot = math.hypot
    foes = enemy_rows(ctx, fid)  # nearest_enemy's pool, in its order
    farther = d0 + 1e-6
    camp, pairs, camps = eng.camp.get(fid), eng.pairs, eng.camp
    # _ok_tests (c)'s friends: engaged, of fid's camp, on its level
    friends = [
        g for gid, g in eng.figs.items() if gid != fid and camps.get(gid) == camp and pairs.get(gid) and g.level == lv
    ]

    def test(x, y) -> str:
        """_ok_tests without (d)."""
        if engaged_with_at(ctx, fid, e, x, y):
            return "a"
        # nearest_enemy(st, fid, x, y)[1] > farther: no enemy's (clamped) edge distance is within
        # it (NaN distances are skipped there and here)
        for _, gx, gy, gr in foes:
            if hypot(gx - x, gy - y) - fr - gr <= farther:
                break
        else:
            return "b"
        for g in friends:
            if hypot(g.x - x, g.y - y) - g.radius - fr <= BTB + 1e-9:
                return "c"
        return ""

    def add(x, y, want):
        nonlocal far
        x, y = round_in(x), round_in(y)
        d = hypot(x - fx, y - fy)
        if (x, y) in seen or d < 0.05:
            return False
        if d > far:
            far = d
        if want == "c" and test(x, y) != want:
            return False
        plan = straight(ctx, fid, x, y)
        if plan is None or plan.stops_at_obstacle or plan.cost > REACT_DIST + 1e-6:
            return False
        end = plan.points[-1]
        if hypot(end[0] - x, end[1] - y) > 2e-3:
            return False
        if want != "c" and test(x, y) != want:
            return False
        seen.add((x, y))
        out.append(Decision("react", figure=fid, x=x, y=y, option=want))
        return True

    # (a) engage the nearest enemy
    for cx, cy in contact_points(ctx, fid, e, (0, 25, -25, 50, -50)):
        if hypot(cx - fx, cy - fy) <= REACT_DIST and add(cx, cy, "a"):
            break
    # (c) support an engaged friend
    for g in friends:
        if hypot(g.x - fx, g.y - fy) - g.radius - fr <= REACT_DIST:
            for cx, cy in contact_points(ctx, fid, g.id, (0, 40, -40)):
                if add(cx, cy, "c"):
                    break
    # (b) fall back 2 in straight away from the nearest enemy
    g = st.figures[e]
    dx, dy = fx - g.x, fy - g.y
    n = hypot(dx, dy) or 1.0
    add(fx + dx / n * REACT_DIST, fy + dy / n * REACT_DIST, "b")
    return out, far


#: Slack added to the reach of a figure's reaction candidates (see ``ReactionCandidates``): it dwarfs
#: the table's sweep tolerances (thousandths of an inch) and BTB.
_REACH_PAD = 0.25
#: A ReactionCandidates forgets everything past this many recorded changes (a scan's length).
_MAX_CHANGES = 64
#: Kept ReactionCandidates per ctx (one per set of figures near a mêlée, PYR-REACT-2).
_MAX_KEPT = 8


def _facts(f: Figure) -> tuple:
    """What ``candidates`` reads of a figure, its own or another's (directly, through the table's
    bases or through the engagements): a change to anything else (wounds, aim) alters no options."""
    return (
        f.side,
        f.x,
        f.y,
        f.radius,
        f.level,
        f.in_play,
        f.status == Status.CAPTIVE,
        f.melee_class,
        f.missile,
        f.loaded,
    )


class ReactionCandidates:
    """``candidates`` of the figures asked about in reaction loops (PYR-REACT-1/2), kept between
    questions (and between loops over the same figures, ``reaction_candidates``) and recomputed only
    for the figures a change since can have reached.

    ``candidates(Y)`` reads of the figures only ``_facts``; of Y's enemies, everything it reads is
    there (nearest enemy, the end tests (a), (b), (d); sight is never blocked by figures, GEO-LOS-1).
    Of Y's side it reads the bases its straight moves to the tried points may meet (all within
    ``far`` of Y, so within far + both radii) and the friends engaged within REACT_DIST of it (test
    (c) and its contact points), whose engagement depends only on their own and their enemies' facts.
    So a change to the facts of a figure of Y's side whose old and new bases both lie farther from Y
    than max(far, REACT_DIST) + both radii + ``_REACH_PAD`` leaves Y's options as they were; a change
    to Y or to an enemy's facts recomputes them, and a change to no fact is not recorded.
    """

    def __init__(self, state, table):
        self.state, self.table = state, table
        self.seen = dict(state.figures)
        self.changes: list = []
        """(old, new) figure objects whose facts differ, in the order found."""
        self.got: dict[str, tuple[int, float, list[Decision]]] = {}
        """fid -> (len(changes) when computed, its reach, its candidates)."""

    def sync(self) -> None:
        """Record the figures changed since the last call (a new roster order forgets everything)."""
        figures, seen = self.state.figures, self.seen
        if list(figures) != list(seen) or len(self.changes) > _MAX_CHANGES:
            self.got.clear()
            self.changes = []
        else:
            for f, old in zip(figures.values(), seen.values()):
                if f is not old and _facts(f) != _facts(old):
                    self.changes.append((old, f))
        self.seen = dict(figures)

    def of(self, ctx, eng: Engagements, fid: str) -> list[Decision]:
        """``candidates(ctx, eng, fid)``: the shared list, not to be mutated."""
        hit = self.got.get(fid)
        if hit is not None and self._untouched(fid, hit[0], hit[1]):
            return hit[2]
        opts, far = _candidates(ctx, eng, fid)
        y = self.state.figures[fid]
        self.got[fid] = (len(self.changes), max(far, REACT_DIST) + y.radius + _REACH_PAD, opts)
        return opts

    def _untouched(self, fid: str, since: int, reach: float) -> bool:
        y = self.state.figures[fid]
        hypot = math.hypot
        for pair in self.changes[since:]:
            for g in pair:
                # NaN positions (off the table) fail the test: recomputed
                if g.side != y.side or not hypot(g.x - y.x, g.y - y.y) > reach + g.radius:
                    return False
        return True


def reaction_candidates(ctx, only: set[str] | None) -> ReactionCandidates:
    """The ReactionCandidates of the loops over ``only`` (the figures near a mêlée; None: all) in
    this ctx, synchronised with its state (a new one for another state or table)."""
    st = ctx.state
    # what else the options read: the roster's sides and allies (enemies_of), the sight limit
    world = (st, ctx.table, st.sides, st.options.get("allies"), st.options.get("sight_limit"))
    kept = ctx.__dict__.get("_reaction_candidates")
    if kept is None or any(a is not b for a, b in zip(kept[0], world)):
        kept = ctx._reaction_candidates = (world, {})
    by_only = kept[1]
    key = None if only is None else frozenset(only)
    got = by_only.get(key)
    if got is None:
        if len(by_only) >= _MAX_KEPT:
            by_only.clear()
        got = by_only[key] = ReactionCandidates(ctx.state, ctx.table)
    got.sync()
    return got


def validate_reaction(ctx, eng: Engagements, fid: str, d: Decision, allowed: set[str]) -> None:
    """Raise IllegalDecision unless d is a legal reaction move for one of ``allowed`` figures."""
    if d.kind != "react" or d.figure not in allowed:
        raise IllegalDecision("choose a figure that may still make a reaction move, or pass")
    if d.x is None or d.y is None:
        raise IllegalDecision("a reaction move needs a destination")
    plan_to(ctx, d.figure, d.x, d.y, REACT_DIST)
    e, d0 = nearest_enemy(ctx.state, d.figure)
    if not _ok_tests(ctx, eng, d.figure, d.x, d.y, e, d0):
        raise IllegalDecision(
            "a reaction move must end engaged with the nearest enemy, farther from the nearest "
            "enemy, supporting a friend in mêlée, or with a loaded missile in range (PYR-REACT-1)"
        )


def resolve_reaction(ctx, d: Decision, rule: str) -> None:
    plan = plan_to(ctx, d.figure_id, *d.point, REACT_DIST)
    ctx.move(
        d.figure, plan.points[-1][0], plan.points[-1][1], rule=rule, how="reaction", path=plan.points, cost=plan.cost
    )
    mv = ctx.state.data.setdefault("moved_pt", [])
    if d.figure not in mv:
        mv.append(d.figure)
