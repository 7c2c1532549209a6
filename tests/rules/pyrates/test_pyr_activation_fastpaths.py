"""The activation and reaction steps' fast paths agree with the plain computations they replace
(RNG-MOVE-1, RNG-ACT-1, PYR-ENG-1/2, PYR-REACT-1/2, RNG-MOT-3)."""

from __future__ import annotations

import math
import random

from flow_helpers import fig, match, random_ctx

from game.rules.flow import Ctx
from game.rules.model import WeaponClass, round_in
from game.rules.pyrates import moves
from game.rules.pyrates.engage import BTB
from game.table import Obstacle, TacticalMap


def reference_contact_point(ctx, fid, tid, angle=0.0):
    """moves.contact_point as first written: the bearing measured for every angle."""
    f, t = ctx.state.figures[fid], ctx.state.figures[tid]
    dx, dy = f.x - t.x, f.y - t.y
    a = math.atan2(dy, dx) + math.radians(angle)
    r = f.radius + t.radius + 0.005
    return round_in(t.x + r * math.cos(a)), round_in(t.y + r * math.sin(a))


def reference_engaged_with_at(ctx, fid, tid, x, y):
    """moves.engaged_with_at as first written: the table is asked whatever the level."""
    f, t = ctx.state.figures[fid], ctx.state.figures[tid]
    if f.level != t.level:
        return False
    gap = math.hypot(t.x - x, t.y - y) - f.radius - t.radius
    if gap <= BTB + 1e-9:
        return True
    if gap > 1.0 + 1e-9 or (f.melee_class == WeaponClass.CLOSE and t.melee_class == WeaponClass.CLOSE):
        return False
    with moves.probe(ctx, fid, x, y):
        return ctx.table.obstacle_between(fid, tid) is not None


def reference_enemy_contact_at(ctx, fid, x, y):
    st = ctx.state
    f = st.figures[fid]
    foes = set(st.enemies_of(f.side))
    return [
        g.id
        for g in st.figures.values()
        if g.side in foes
        and g.level == f.level
        and g.in_play
        and math.hypot(g.x - x, g.y - y) - f.radius - g.radius <= BTB + 1e-9
    ]


def test_contact_points_match_contact_point_per_angle():
    rng = random.Random(7)
    angles = (0, 20, -20, 40, -40, 60, -60, 90, -90, 25, -25, 50, -50)
    for _ in range(30):
        ctx = random_ctx(rng, mixed_weapons=True)
        ids = list(ctx.state.figures)
        for fid in ids:
            for tid in ids:
                if tid == fid:
                    continue
                got = list(moves.contact_points(ctx, fid, tid, angles))
                assert got == [reference_contact_point(ctx, fid, tid, a) for a in angles]
                assert moves.contact_point(ctx, fid, tid, 40) == reference_contact_point(ctx, fid, tid, 40)


def test_engaged_with_at_skips_the_table_only_where_it_answers_none():
    rng = random.Random(11)
    for rail in (True, False):
        for _ in range(20):
            ctx = random_ctx(rng, rail=rail, mixed_weapons=True)
            ids = list(ctx.state.figures)
            for fid in ids:
                for tid in ids:
                    if tid == fid:
                        continue
                    for cx, cy in moves.contact_points(ctx, fid, tid, (0, 90, -90)):
                        for extra in (0.0, 0.3, 0.9, 1.2):
                            x, y = round_in(cx + extra * (cx - ctx.state.figures[tid].x)), round_in(cy)
                            assert moves.engaged_with_at(ctx, fid, tid, x, y) == reference_engaged_with_at(
                                ctx, fid, tid, x, y
                            )


def test_engaged_with_at_across_a_rail_still_asks_the_table():
    a = fig("a", "A", 11.0, 5.0)
    b = fig("b", "B", 12.6, 5.0)
    tmap = TacticalMap.open_ground(24, 16, obstacles=[Obstacle.line("rail", [(12, 2), (12, 8)], thickness=0.2)])
    m = match([a, b], tmap=tmap)
    ctx = Ctx(m.state.copy(), m.dice.clone(), m.table.clone(), m.scenario)
    x, y = 11.4, 5.0  # both bases touch the rail, 0.2 in apart
    assert reference_engaged_with_at(ctx, "a", "b", x, y) is True
    assert moves.engaged_with_at(ctx, "a", "b", x, y) is True


def test_enemy_rows_and_contact_in_match_enemy_contact_at():
    rng = random.Random(3)
    for _ in range(30):
        ctx = random_ctx(rng, mixed_weapons=True)
        for fid, f in ctx.state.figures.items():
            rows = moves.enemy_rows(ctx, fid)
            for _k in range(20):
                x, y = round_in(rng.uniform(5, 19)), round_in(rng.uniform(3, 13))
                want = reference_enemy_contact_at(ctx, fid, x, y)
                assert moves.contact_in(rows, f.radius, x, y) == want
                assert moves.enemy_contact_at(ctx, fid, x, y) == want


def reference_cover_options(ctx, fid, allowance, limit=2):
    """unmotivated.cover_options as first written: every sampled point is looked up."""
    from game.rules.decisions import Decision
    from game.rules.pyrates.unmotivated import _UNITS, _path_avoids

    f = ctx.state.figures[fid]
    if ctx.table.zone_of(fid).cover:
        return []
    cands = []
    for k in range(1, int(allowance) + 1):
        for c, s in _UNITS:
            x, y = round_in(f.x + k * c), round_in(f.y + k * s)
            if (
                f.radius < x < ctx.table.width - f.radius
                and f.radius < y < ctx.table.height - f.radius
                and ctx.table.zone_at(x, y, f.level).cover
            ):
                cands.append((x, y))
    out = []
    for x, y in cands:
        plan = moves.straight(ctx, fid, x, y)
        if plan is None or plan.stops_at_obstacle or plan.cost > allowance + 1e-6:
            continue
        if moves.enemy_contact_at(ctx, fid, x, y) or not _path_avoids(ctx, fid, plan.points):
            continue
        out.append(Decision("cover", figure=fid, x=x, y=y))
        if len(out) >= limit:
            break
    return out


def test_cover_options_skip_the_scan_only_on_a_level_without_cover():
    from game.rules.pyrates.unmotivated import cover_options
    from game.table import Zone

    rng = random.Random(5)
    found = 0
    for zones in (
        [],
        [Zone.rect("z", 3, 3, 4, 4, terrain="tough")],
        [Zone.rect("c", 2, 2, 5, 12, cover="soft")],
        [Zone.rect("h", 0, 0, 24, 16, level="hold", cover="hard")],
    ):
        for _ in range(10):
            figs = [
                fig("A0", "A", round(rng.uniform(7, 10), 3), round(rng.uniform(3, 13), 3)),
                fig("B0", "B", round(rng.uniform(17, 22), 3), round(rng.uniform(3, 13), 3)),
            ]
            m = match(figs, tmap=TacticalMap.open_ground(24, 16, zones=zones))
            ctx = Ctx(m.state.copy(), m.dice.clone(), m.table.clone(), m.scenario)
            for allowance in (4.0, 6.0):
                got = cover_options(ctx, "A0", allowance)
                assert got == reference_cover_options(ctx, "A0", allowance)
                found += bool(got)
    assert found  # the soft-cover map offers some


def test_reaction_candidates_kept_between_questions_match_a_fresh_computation(monkeypatch):
    """PYR-REACT-1/2: random reactions (several per loop, both camps) with the options of every
    question checked against ``candidates`` computed anew."""
    from game.rules.pyrates import reactions

    checked = {"hits": 0, "asks": 0}
    plain_of = reactions.ReactionCandidates.of

    def checked_of(self, ctx, eng, fid):
        hit = self.got.get(fid)
        kept = hit is not None and self._untouched(fid, hit[0], hit[1])
        got = plain_of(self, ctx, eng, fid)
        assert got == reactions.candidates(ctx, eng, fid)
        checked["hits"] += kept
        return got

    monkeypatch.setattr(reactions.ReactionCandidates, "of", checked_of)
    rng = random.Random(2)
    for seed in range(6):
        figs = []
        for side, x in (("A", 8.5), ("B", 12.0)):
            for i in range(6):
                figs.append(
                    fig(
                        f"{side}{i}",
                        side,
                        round(x + rng.uniform(-1, 1), 3),
                        2.0 + 2.2 * i,
                        cls=rng.choice([WeaponClass.GENERAL, WeaponClass.REACH]),
                    )
                )
        m = match(figs, seed=seed)
        for _ in range(400):
            q = m.pending
            if q is None:
                break
            if q.kind == "reaction":
                checked["asks"] += 1
                reacts = [o for o in q.options if o.kind == "react"]
                d = rng.choice(reacts) if reacts and rng.random() < 0.8 else q.default
            else:
                d = q.default if q.default is not None else q.options[0]
            m.apply(d)
    assert checked["asks"] > 20 and checked["hits"] > 5


def _reaction_ctx():
    figs = [
        fig("Y", "A", 6.0, 8.0),
        fig("F", "A", 6.0, 4.0),
        fig("G", "A", 14.0, 12.0),
        fig("E", "B", 8.0, 8.0),
        fig("E2", "B", 9.5, 9.5),
        fig("H", "B", 7.0, 4.0),
    ]
    m = match(figs)
    return Ctx(m.state.copy(), m.dice.clone(), m.table.clone(), m.scenario)


def test_reaction_candidates_follow_each_kind_of_change():
    """Kept candidates are recomputed after a change they read (an enemy leaving play, an enemy or
    a near friend moving, the figure's own move) and kept after one they do not (a far friend
    moving, a wound)."""
    from game.rules.model import Status
    from game.rules.pyrates import reactions
    from game.rules.pyrates.engage import engagements_of

    def check(ctx, expect_kept):
        eng = engagements_of(ctx)
        rc = reactions.reaction_candidates(ctx, None)
        hit = rc.got.get("Y")
        kept = hit is not None and rc._untouched("Y", hit[0], hit[1])
        assert rc.of(ctx, eng, "Y") == reactions.candidates(ctx, eng, "Y")
        assert kept == expect_kept

    ctx = _reaction_ctx()
    check(ctx, False)
    check(ctx, True)
    ctx.change("G", wounds=1)  # not read
    check(ctx, True)
    ctx.move("G", 15.0, 12.0, rule="test")  # a friend far away
    check(ctx, True)
    ctx.set_status("E", Status.KNOCKED_DOWN, rule="test")  # the nearest enemy leaves play
    check(ctx, False)
    ctx.move("H", 7.0, 3.0, rule="test")  # an enemy moves
    check(ctx, False)
    ctx.move("F", 6.0, 5.5, rule="test")  # a friend moves near
    check(ctx, False)
    check(ctx, True)
    ctx.move("Y", 6.0, 8.5, rule="test")
    check(ctx, False)


def reference_reaction_candidates(ctx, eng, fid):
    """reactions._candidates as first written: every tried point planned first, then all of
    ``_ok_tests`` (d included) asked."""
    from game.rules.decisions import Decision
    from game.rules.pyrates import reactions
    from game.rules.pyrates.engage import nearest_enemy

    st = ctx.state
    f = st.figures[fid]
    e, d0 = nearest_enemy(st, fid)
    if e is None or d0 > reactions.NEAR:
        return [], 0.0
    out, seen, far = [], set(), [0.0]

    def add(x, y, want=None):
        x, y = round_in(x), round_in(y)
        d = math.hypot(x - f.x, y - f.y)
        if (x, y) in seen or d < 0.05:
            return
        if d > far[0]:
            far[0] = d
        plan = moves.straight(ctx, fid, x, y)
        if plan is None or plan.stops_at_obstacle or plan.cost > reactions.REACT_DIST + 1e-6:
            return
        if math.hypot(plan.points[-1][0] - x, plan.points[-1][1] - y) > 2e-3:
            return
        test = reactions._ok_tests(ctx, eng, fid, x, y, e, d0)
        if not test or (want and test != want):
            return
        seen.add((x, y))
        out.append(Decision("react", figure=fid, x=x, y=y, option=test))

    for cx, cy in moves.contact_points(ctx, fid, e, (0, 25, -25, 50, -50)):
        if math.hypot(cx - f.x, cy - f.y) <= reactions.REACT_DIST:
            before = len(out)
            add(cx, cy, "a")
            if len(out) > before:
                break
    camp = eng.camp.get(fid)
    for gid, g in eng.figs.items():
        if g.id != fid and eng.camp.get(gid) == camp and eng.engaged(gid) and g.level == f.level:
            if math.hypot(g.x - f.x, g.y - f.y) - g.radius - f.radius <= reactions.REACT_DIST:
                for cx, cy in moves.contact_points(ctx, fid, gid, (0, 40, -40)):
                    before = len(out)
                    add(cx, cy, "c")
                    if len(out) > before:
                        break
    g = st.figures[e]
    dx, dy = f.x - g.x, f.y - g.y
    n = math.hypot(dx, dy) or 1.0
    add(f.x + dx / n * reactions.REACT_DIST, f.y + dy / n * reactions.REACT_DIST, "b")
    return out, far[0]


def test_reaction_candidates_match_the_first_written_computation():
    """PYR-REACT-1/2: ``_candidates`` (tests gathered once, (c) points tested before their path)
    gives the options and reach of the first computation, near a rail (engagements across it),
    with mixed weapons, loaded missiles and engagements restricted to some figures."""
    from game.rules.pyrates import reactions
    from game.rules.pyrates.engage import engagements_of

    rng = random.Random(11)
    kinds = {}
    for i in range(60):
        if i % 2:
            ctx = random_ctx(rng, rail=rng.random() < 0.7, mixed_weapons=True)
        else:  # two lines in base contact, some figures stepped back from it (free to support)
            figs = [
                fig(f"{side}{k}", side, x - (rng.uniform(0.3, 2.5) if rng.random() < 0.4 else 0.0) * sign, 3.0 + k)
                for side, x, sign in (("A", 10.0, 1), ("B", 11.0, -1))
                for k in range(8)
            ]
            m = match([f.evolve(x=round_in(f.x)) for f in figs])
            ctx = Ctx(m.state.copy(), m.dice.clone(), m.table.clone(), m.scenario)
        ids = list(ctx.state.figures)
        for fid in ids:
            if rng.random() < 0.3:
                ctx.change(fid, missile=rng.choice(["pistol", "musket"]), loaded=rng.random() < 0.7)
        for only in (None, {fid for fid in ids if rng.random() < 0.8}):
            eng = engagements_of(ctx, only=only)
            for fid in eng.figs:
                if eng.engaged(fid):
                    continue
                got = reactions._candidates(ctx, eng, fid)
                assert got == reference_reaction_candidates(ctx, eng, fid)
                for d in got[0]:
                    kinds[d.option] = kinds.get(d.option, 0) + 1
    assert all(kinds.get(k, 0) > 10 for k in "abc"), kinds
