"""GEO-SWEEP-1 as an invariant: after any sequence of legal moves, pushbacks and falls, no two bases
on a level overlap by more than 0.01 in, none is inside an obstacle or off the map."""

import math

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.table import Obstacle, Table, TacticalMap, Zone

PEN = 0.01
TMAP = TacticalMap.open_ground(
    16,
    12,
    zones=[
        Zone.rect("sea", 0, 10, 16, 2, terrain="impassable", water=True),
        Zone.rect("yard", 6, 2, 2, 6, level="rigging", rigging=True, height=8),
    ],
    obstacles=[
        Obstacle.circle("barrel", 4, 4, 0.5, cover="hard", standable=True),
        Obstacle.box("crate", 10, 5, 1.5, 1.5, cover="hard"),
        Obstacle.line("rail", [(2, 8.5), (9, 8.5)], thickness=0.25, cover="soft", standable=True),
    ],
)
START = [
    ("a", 2, 2, "deck"),
    ("b", 6, 6, "deck"),
    ("c", 13, 2, "deck"),
    ("d", 13, 8, "deck"),
    ("e", 7, 3, "rigging"),
    ("f", 7, 7, "rigging"),
]
FIDS = [s[0] for s in START]


def _invariants(t: Table) -> None:
    terr = t.terrain
    for fid in t.figures():
        x, y = t.position(fid)
        r, lv = t.radius_of(fid), t.level_of(fid)
        assert r - PEN <= x <= t.width - r + PEN and r - PEN <= y <= t.height - r + PEN, (fid, x, y)
        assert terr.walkable(x, y, lv, r), (fid, x, y, lv)
        for q in terr.space.point_query((x, y), r - PEN - 1e-6, terr.filter(lv)):
            assert False, (fid, x, y, q.shape.tag, q.distance)
        for other in t.figures():
            if other < fid and t.level_of(other) == lv:
                d = math.dist((x, y), t.position(other))
                assert d >= r + t.radius_of(other) - PEN - 1e-6, (fid, other, d)


action = st.one_of(
    st.tuples(st.just("move"), st.sampled_from(FIDS), st.floats(-6, 6), st.floats(-6, 6)),
    st.tuples(st.just("push"), st.sampled_from(FIDS), st.sampled_from(FIDS), st.just(0)),
    st.tuples(st.just("fall"), st.sampled_from(FIDS), st.just(0), st.just(0)),
    st.tuples(st.just("path"), st.sampled_from(FIDS), st.floats(0, 16), st.floats(0, 12)),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(action, max_size=25))
@example([("move", "d", -4.0, -0.0625)])  # past the rail's end cap, which Chipmunk's query missed
def test_GEO_SWEEP_1_no_overlap_after_legal_moves_pushbacks_and_falls(actions):
    t = Table(TMAP)
    for fid, x, y, lv in START:
        t.place(fid, x, y, 0.5, lv)
    _invariants(t)
    for kind, fid, p, q in actions:
        if fid not in t:
            continue
        x, y = t.position(fid)
        if kind == "move":
            if t.sweep_clear(fid, p, q):
                t.place(fid, x + p, y + q, 0.5, t.level_of(fid))
        elif kind == "push" and p != fid and p in t and t.level_of(p) == t.level_of(fid):
            px, py = t.position(p)
            n = math.dist((x, y), (px, py))
            if n > 0:
                dx, dy = (x - px) / n, (y - py) / n  # PYR-PUSH-3
                if t.sweep_clear(fid, dx, dy):  # PYR-PUSH-2: exactly d = 1 in
                    t.place(fid, x + dx, y + dy, 0.5, t.level_of(fid))
        elif kind == "fall" and t.level_of(fid) == "rigging":
            land = t.fall_landing(fid)
            if land is not None:
                t.place(fid, land.x, land.y, 0.5, land.level)
        elif kind == "path":
            plan = t.plan_path(fid, p, q)
            if plan is not None:
                ex, ey = plan.points[-1]
                t.place(fid, ex, ey, 0.5, plan.level or t.level_of(fid))
        _invariants(t)
