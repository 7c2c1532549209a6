"""The table's pymunk Space of bases (DESIGN.md, game/table): one circle per base on a kinematic body,
its level a collision filter, kept in step by place/remove and built afresh by a clone."""

import math
import random
from pathlib import Path

import pymunk
import pytest

from game.table import Table, TacticalMap, load_map
from game.table.chipmunk import point_distance, segment_alpha
from game.table.geometry import round_in
from game.table.sweeps import sweep_of

MAPS = Path(__file__).resolve().parents[2] / "maps"


def _bases(t: Table) -> dict[str, tuple[float, float, float, int]]:
    out = {}
    for sh in t.space.shapes:
        assert isinstance(sh, pymunk.Circle) and sh.body.body_type == pymunk.Body.KINEMATIC
        kind, fid = sh.tag
        assert kind == "base"
        out[fid] = (sh.body.position.x, sh.body.position.y, sh.radius, sh.filter.categories)
    return out


def test_space_holds_each_base_on_its_level_filter_and_follows_place_and_remove():
    t = Table(TacticalMap.open_ground(24, 24))
    t.place("a", 10, 10, 0.5, "deck")
    t.place("b", 12.00049, 10, 0.75, "rigging")
    deck, rig = t.terrain.filter("deck").categories, t.terrain.filter("rigging").categories
    assert deck != rig
    assert _bases(t) == {"a": (10.0, 10.0, 0.5, deck), "b": (12.0, 10.0, 0.75, rig)}
    t.place("a", 3.25, 4.5, 0.5, "deck")  # a move: the same body, moved and reindexed
    t.place("b", 12, 10, 0.75, "deck")  # a level change: a new shape with the deck's filter
    t.place("c", 1, 1, 0.5, "hold")
    t.remove("c")
    assert _bases(t) == {"a": (3.25, 4.5, 0.5, deck), "b": (12.0, 10.0, 0.75, deck)}
    # the shapes' cached bounding boxes moved too: a box query finds a where it stands now
    hits = t.space.bb_query(pymunk.BB(3, 4, 3.5, 5), t.terrain.filter("deck"))
    assert [sh.tag for sh in hits] == [("base", "a")]


def test_clone_builds_its_own_space_and_leaves_the_original_alone():
    t = Table(TacticalMap.open_ground(24, 24))
    t.place("a", 10, 10, 0.5, "deck")
    assert len(t.space.shapes) == 1  # built before the clone
    c = t.clone()
    c.place("a", 5, 5, 0.5, "deck")
    c.place("z", 7, 7, 0.5, "deck")
    assert set(_bases(t)) == {"a"} and _bases(t)["a"][:2] == (10.0, 10.0)
    assert _bases(c)["a"][:2] == (5.0, 5.0) and set(_bases(c)) == {"a", "z"}
    assert c.space is not t.space


def _first_clear_ring_point(t: Table, fid: str):
    """PYR-RIG-2 by its words: the first point of the rings (0.1 in apart, bearings from +x) where
    ``clear_at`` holds on the deck — one full query per point."""
    x, y = t.position(fid)
    r = t.radius_of(fid)
    for k in range(400):
        rr = k * 0.1
        n = 1 if k == 0 else max(8, int(math.ceil(2 * math.pi * rr / 0.1)))
        for i in range(n):
            ang = 2 * math.pi * i / n
            px, py = round_in(x + rr * math.cos(ang)), round_in(y + rr * math.sin(ang))
            if t.clear_at(px, py, r, "deck", ignore=(fid,)):
                return (px, py)
    return None


@pytest.mark.parametrize("seed", range(6))
def test_PYR_RIG_2_fall_landing_skips_only_points_a_nearest_query_proves_blocked(seed):
    rng = random.Random(seed)
    t = Table(load_map(MAPS / "boarding_action.tmx"))
    n = 0
    while n < 30:  # a crowd on the deck around the middle of the map
        x, y = round(rng.uniform(12, 30), 3), round(rng.uniform(6, 20), 3)
        if t.clear_at(x, y, 0.5, "deck"):
            t.place(f"d{n}", x, y, 0.5, "deck")
            n += 1
    for j in range(8):
        fid = f"f{j}"
        x, y = round(rng.uniform(12, 30), 3), round(rng.uniform(6, 20), 3)
        t.place(fid, x, y, rng.choice([0.5, 0.75]), rng.choice(["rigging", "deck"]))
        land = t.fall_landing(fid)
        want = _first_clear_ring_point(t, fid)
        assert (None if land is None else (land.x, land.y)) == want
        t.remove(fid)


def _every_entering(t: Table, level: str, a, dx: float, dy: float, r: float, ignore) -> list:
    """GEO-SWEEP-1 with no broad phase: every shape of both spaces asked on its own."""
    sw = sweep_of(a, dx, dy, r)
    if sw is None:
        return []
    out = []
    flt = t.terrain.filter(level)
    for sh in list(t.space.shapes) + list(t.terrain.space.shapes):
        f = sh.filter
        if not (f.categories & flt.mask and flt.categories & f.mask) or sh.tag[1] in ignore:
            continue
        alpha = sw.entering(sh)
        if alpha is not None:
            out.append((alpha, sh.tag))
    return sorted(out)


@pytest.mark.parametrize("seed", range(3))
def test_GEO_SWEEP_1_the_bb_query_broad_phase_misses_no_shape_after_moves(seed):
    rng = random.Random(seed)
    t = Table(load_map(MAPS / "boarding_action.tmx"))
    ids = [f"f{i}" for i in range(24)]
    for fid in ids:
        t.place(fid, round(rng.uniform(8, 34), 3), round(rng.uniform(4, 22), 3), 0.5, rng.choice(["deck", "rigging"]))
    hits = 0
    for _ in range(400):
        fid = rng.choice(ids)
        if rng.random() < 0.3:  # moved bases must be found where they stand now
            t.place(fid, round(rng.uniform(8, 34), 3), round(rng.uniform(4, 22), 3), 0.5, t.level_of(fid))
        x, y = t.position(fid)
        ang, d = rng.uniform(0, 2 * math.pi), rng.choice([1.0, rng.uniform(0, 5)])
        dx, dy = d * math.cos(ang), d * math.sin(ang)
        lv = t.level_of(fid)
        want = _every_entering(t, lv, (x, y), dx, dy, 0.5, (fid,))
        assert t._blocking(lv, (x, y), dx, dy, 0.5, (fid,)) == want
        assert t._blocked(lv, (x, y), dx, dy, 0.5, (fid,)) == bool(want)
        hits += bool(want)
    assert 40 < hits < 360


def test_GEO_SWEEP_1_a_move_lost_in_rounding_is_a_miss_like_chipmunk():
    """A move of 1e-17 in leaves b == a in floats: Chipmunk's query misses, no error."""
    t = Table(TacticalMap.open_ground(24, 24))
    t.place("a", 10, 5, 0.5, "deck")
    for fid, x, y in (("b", 11.2, 5.0), ("c", 12.0, 6.5), ("d", 10.0, 3.9)):
        t.place(fid, x, y, 0.5, "deck")
        assert t.sweep_clear(fid, 1e-17, 0)


def test_GEO_SWEEP_1_the_direct_chipmunk_calls_answer_as_pymunks_shape_queries():
    rng = random.Random(11)
    space = pymunk.Space()
    body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    shapes = [
        pymunk.Circle(body, 0.5),
        pymunk.Poly(body, [(0, 0), (1, 0), (1, 2)]),
        pymunk.Segment(body, (0, 0), (3, 1), 0),
    ]
    space.add(body, *shapes)
    hits = 0
    for _ in range(600):
        body.position = (round(rng.uniform(0, 5), 3), round(rng.uniform(0, 5), 3))
        space.reindex_shapes_for_body(body)
        a = (rng.uniform(-2, 7), rng.uniform(-2, 7))
        b = (a[0] + rng.uniform(-3, 3), a[1] + rng.uniform(-3, 3))
        r = rng.choice([0.491, 1e-4, rng.uniform(0, 1)])
        for sh in shapes:
            q = sh.segment_query(a, b, r)
            assert segment_alpha(sh, a, b, r) == (None if q is None else q.alpha)
            assert point_distance(sh, a) == sh.point_query(a).distance
            hits += q is not None
    assert 100 < hits < 1700
