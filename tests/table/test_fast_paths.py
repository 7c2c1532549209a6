"""Shortcuts the table takes for speed must give the answers of the plain computation they replace
(seeded games and replays depend on every bit)."""

import math
import random
from pathlib import Path

import pytest

from game.rules.tabletop import PathPlan
from game.table import Table, TacticalMap, load_map
from game.table.geometry import point_in_polygon, round_in, segment_inside_intervals, union_length

MAPS = Path(__file__).resolve().parents[2] / "maps"
ZONED = ["boarding_action", "harbour_tavern", "fire_in_the_hold"]


@pytest.mark.parametrize("name", ZONED)
def test_impassable_and_tough_lookups_agree_with_a_scan_of_every_zone(name):
    t = Table(load_map(MAPS / f"{name}.tmx")).terrain
    rng = random.Random(name)
    for _ in range(1500):
        lv = rng.choice(["deck", "hold", "rigging"])
        x, y = rng.uniform(-1, t.map.width + 1), rng.uniform(-1, t.map.height + 1)
        assert t.impassable_at(x, y, lv) == any(z.terrain == "impassable" for z in t.zones_at(x, y, lv))
        b = (x + rng.uniform(-4, 4), y + rng.uniform(-4, 4))
        iv = [
            s
            for z in t.zones_at_level(lv)
            if z.terrain == "tough"
            for s in segment_inside_intervals((x, y), b, z.points)
        ]
        want = union_length(iv) * math.hypot(b[0] - x, b[1] - y) if iv else 0.0
        assert t.tough_length((x, y), b, lv) == want
        assert all(point_in_polygon(x, y, z.points) for z in t.zones_at(x, y, lv))


def _reference_leg(table, fid, b):
    """cost_along of one straight leg on a level with no obstacle, computed the long way: every
    sweep hit, both end checks, the tough-ground cost."""
    t = table.terrain
    base = table._base(fid)
    a = (base.x, base.y)
    if table._blocking(base.level, a, b[0] - a[0], b[1] - a[1], base.radius, frozenset({fid})):
        return None
    if not (t.walkable(b[0], b[1], base.level, base.radius) and t.static_clear(b[0], b[1], base.radius, base.level)):
        return None
    cost = math.hypot(b[0] - a[0], b[1] - a[1]) + t.tough_length(a, b, base.level)
    return PathPlan(
        points=(a, (round_in(b[0]), round_in(b[1]))), length=round_in(0.0 + math.dist(a, b)), cost=round_in(0.0 + cost)
    )


@pytest.mark.parametrize("seed", range(4))
def test_straight_path_cost_without_obstacles_agrees_with_the_full_sweep(seed):
    rng = random.Random(seed)
    table = Table(TacticalMap.open_ground(24, 16))
    for i in range(14):
        table.place(
            f"f{i}",
            round(rng.uniform(0.3, 23.7), 3),
            round(rng.uniform(0.3, 15.7), 3),
            rng.choice([0.491, 0.5, 0.75]),
            "deck",
        )
    blocked = clear = 0
    for _ in range(800):
        fid = f"f{rng.randrange(14)}"
        x, y = table.position(fid)
        ang, d = rng.uniform(0, 2 * math.pi), rng.choice([rng.uniform(0, 4), 2.0, 4.0])
        b = (x + d * math.cos(ang), y + d * math.sin(ang))
        got = table.path_cost(fid, [(x, y), b])
        assert got == _reference_leg(table, fid, b)
        blocked += got is None
        clear += got is not None
    assert blocked > 50 and clear > 50  # both outcomes well exercised


def test_a_small_map_answers_swept_and_point_queries_like_the_space():
    from game.table import Obstacle
    from game.table.terrain import swept_hits

    tmap = TacticalMap.open_ground(
        24,
        16,
        obstacles=[
            Obstacle.circle("barrel", 12, 8, 0.5, cover="hard"),
            Obstacle.box("crate", 5, 5, 1, 1),
            Obstacle.line("rail", [(2, 12), (9, 12)]),
            Obstacle.circle("below", 6, 6, 0.5, level="hold"),
        ],
    )
    table = Table(tmap)
    terr = table.terrain
    assert terr.few_on_level("deck") is not None
    rng = random.Random(3)
    for _ in range(1500):
        lv = rng.choice(["deck", "hold"])
        flt = terr.filter(lv)
        a = (rng.uniform(-1, 25), rng.uniform(-1, 17))
        b = (a[0] + rng.uniform(-4, 4), a[1] + rng.uniform(-4, 4))
        r = rng.choice([0.0, 0.491, 0.5])
        want = sorted((al, id(s)) for al, s in swept_hits(terr.space, a, b, r, flt))
        assert sorted((al, id(s)) for al, s in terr.swept_hits(a, b, r, flt)) == want
        d = rng.choice([0.05, 0.49, 0.52, -0.1])
        assert sorted(id(s) for s in terr.point_hits(a, d, flt)) == sorted(
            id(q.shape) for q in terr.space.point_query(a, d, flt)
        )


def test_obstacle_questions_on_a_level_without_obstacles_agree_with_the_shape_scan():
    from game.table import Obstacle

    tmap = TacticalMap.open_ground(24, 16, obstacles=[Obstacle.circle("below", 6, 6, 0.5, level="hold")])
    table = Table(tmap)
    terr = table.terrain
    assert "deck" not in terr.obstacle_levels
    rng = random.Random(5)
    for i in range(30):
        table.place(f"f{i}", round(rng.uniform(0.5, 23.5), 3), round(rng.uniform(0.5, 15.5), 3), 0.5, "deck")
    for i in range(30):
        x, y = table.position(f"f{i}")
        scan = {
            sh.tag[1] for sh in terr.point_hits((x, y), 0.52 + 1e-9, terr.filter("deck")) if sh.tag[0] == "obstacle"
        }
        assert table._touching(f"f{i}") == scan == set()
        assert table._stood_on(x, y, "deck") == set()
        assert table.obstacle_between(f"f{i}", f"f{(i + 1) % 30}") is None


def _few_shape_maps():
    from game.table import Obstacle

    yield TacticalMap.open_ground(24, 16)
    yield TacticalMap.open_ground(
        24,
        16,
        obstacles=[
            Obstacle.circle("barrel", 12, 8, 0.5, cover="hard"),  # across the centre both ways: no clear box
            Obstacle.box("crate", 5, 5, 1, 1),
            Obstacle.line("rail", [(2, 12), (9, 12)]),
            Obstacle.circle("below", 6, 6, 0.5, level="hold"),
        ],
    )
    yield TacticalMap.open_ground(24, 16, obstacles=[Obstacle.line("rail", [(2, 12), (20, 12)])])


@pytest.mark.parametrize("k", range(3))
def test_the_clear_box_of_a_few_shape_level_holds_only_boxes_meeting_no_shape(k):
    terr = Table(list(_few_shape_maps())[k]).terrain
    rng = random.Random(k)
    inside = 0
    for _ in range(3000):
        lv = rng.choice(["deck", "hold"])
        assert terr.few_on_level(lv) is not None
        cl, cb, cr, ct = terr.few_box[lv]
        x, y = rng.uniform(-1, 25), rng.uniform(-1, 17)
        w, h = (
            rng.choice([0.0, rng.uniform(0, 1), rng.uniform(0, 9)]),
            rng.choice([0.0, rng.uniform(0, 1), rng.uniform(0, 9)]),
        )
        if x > cl and y > cb and x + w < cr and y + h < ct:
            inside += 1
            assert terr.bb_shapes(x, y, x + w, y + h, terr.filter(lv)) == []
    assert inside > (500 if k != 1 else -1)


@pytest.mark.parametrize("k", range(3))
def test_static_free_and_walkable_agree_with_the_point_query_and_zone_scans(k):
    terr = Table(list(_few_shape_maps())[k]).terrain
    rng = random.Random(10 + k)
    for _ in range(3000):
        lv = rng.choice(["deck", "hold"])
        x, y = (
            rng.choice([rng.uniform(-1, 25), rng.uniform(-0.1, 1.0), rng.uniform(23, 24.1), 12.0]),
            rng.choice([rng.uniform(-1, 17), rng.uniform(-0.1, 1.0), rng.uniform(15, 16.1), 8.0]),
        )
        r = rng.choice([0.0, 0.005, 0.491, 0.5, 0.75])
        ign = rng.choice([frozenset(), frozenset({"edge"}), frozenset({"barrel", "rail"})])
        want = not any(sh.tag[1] not in ign for sh in terr.point_hits((x, y), r - 0.01, terr.filter(lv)))
        assert terr.static_free(x, y, r, lv, ign) == want
        m = max(r - 0.01, 0.0)
        want = m <= x <= 24 - m and m <= y <= 16 - m and terr.in_area(x, y, lv) and not terr.impassable_at(x, y, lv)
        assert terr.walkable(x, y, lv, r) == want


@pytest.mark.parametrize("name", ZONED)
def test_walkable_on_zoned_maps_agrees_with_the_area_and_impassable_scans(name):
    t = Table(load_map(MAPS / f"{name}.tmx")).terrain
    rng = random.Random(name)
    for _ in range(1500):
        lv = rng.choice(["deck", "hold", "rigging"])
        x, y = rng.uniform(-1, t.map.width + 1), rng.uniform(-1, t.map.height + 1)
        r = rng.choice([0.0, 0.5])
        m = max(r - 0.01, 0.0)
        want = (
            m <= x <= t.map.width - m
            and m <= y <= t.map.height - m
            and t.in_area(x, y, lv)
            and not t.impassable_at(x, y, lv)
        )
        assert t.walkable(x, y, lv, r) == want


def _reference_surrounded(table, fid, engaged, enemies=None):
    """GEO-SUR-1 the long way: every base on the level swept, the pool applied as a filter."""
    from game.table.geometry import convex_hull, strictly_inside_convex

    b = table._base(fid)
    x, y = table.position(fid)
    foes = [e for e in engaged if e in table and e != fid]
    if len(foes) >= 3 and strictly_inside_convex((x, y), convex_hull([table.position(e) for e in foes])):
        return True
    pool = set(enemies) if enemies is not None else set(foes)
    pool.discard(fid)
    for e in foes:
        ex, ey = table.position(e)
        n = math.hypot(x - ex, y - ey)
        if n and table._blocked(
            b.level,
            (x, y),
            (x - ex) / n * 2 * b.radius,
            (y - ey) / n * 2 * b.radius,
            b.radius,
            frozenset(),
            static=False,
            only=pool - {e},
        ):
            return True
    return False


@pytest.mark.parametrize("seed", range(3))
def test_surrounded_scanning_only_the_enemy_pool_agrees_with_the_full_scan(seed):
    rng = random.Random(seed)
    table = Table(TacticalMap.open_ground(12, 8))
    ids = [f"f{i}" for i in range(16)]
    for fid in ids:
        table.place(
            fid,
            round(rng.uniform(0.5, 11.5), 3),
            round(rng.uniform(0.5, 7.5), 3),
            rng.choice([0.5, 0.75]),
            rng.choice(["deck", "deck", "deck", "hold"]),
        )
    outcomes = set()
    for _ in range(1500):
        fid = rng.choice(ids)
        near = sorted(ids, key=lambda o: math.dist(table.position(fid), table.position(o)))
        engaged = near[1 : 1 + rng.randrange(0, 5)]
        enemies = None if rng.random() < 0.3 else rng.sample(ids, rng.randrange(0, 12)) + engaged
        got = table.surrounded(fid, engaged, enemies)
        assert got == _reference_surrounded(table, fid, engaged, enemies)
        outcomes.add(got)
        if rng.random() < 0.2:
            table.place(fid, round(rng.uniform(0.5, 11.5), 3), round(rng.uniform(0.5, 7.5), 3), 0.5, "deck")
    assert outcomes == {True, False}


@pytest.mark.parametrize("seed", range(4))
def test_path_costs_of_a_fan_are_the_path_costs_one_by_one(seed):
    from game.table import Obstacle

    rng = random.Random(seed)
    obstacles = [] if seed % 2 == 0 else [Obstacle.line("rail", [(2, 12), (20, 12)]), Obstacle.box("crate", 5, 5, 1, 1)]
    table = Table(TacticalMap.open_ground(24, 16, obstacles=obstacles))
    for i in range(14):
        table.place(
            f"f{i}",
            round(rng.uniform(0.3, 23.7), 3),
            round(rng.uniform(0.3, 15.7), 3),
            rng.choice([0.491, 0.5, 0.75]),
            rng.choice(["deck", "deck", "hold"]),
        )
    seen = set()
    for _ in range(150):
        fid = f"f{rng.randrange(14)}"
        x, y = table.position(fid)
        start = rng.choice([(x, y), (x + 0.0004, y), (x + 0.5, y)])
        fan = [
            (x + d * math.cos(k * math.pi / 8), y + d * math.sin(k * math.pi / 8))
            for k in range(16)
            for d in (rng.uniform(0, 6),)
        ] + [(x, y), start]
        cross = rng.choice([(), ("rail",), ("f3", "f4")])
        want = [table.path_cost(fid, [start, p], cross=cross) for p in fan]
        assert table.path_costs(fid, start, fan, cross=cross) == want
        assert table.path_costs(fid, start, iter(fan), cross=cross) == want
        assert table.path_costs(fid, start, fan, cross=cross, ends=True) == [
            None if p is None else (p.points[-1], p.cost) for p in want
        ]
        seen |= {p is None for p in want}
    assert seen == {True, False}
    assert table.path_costs("f0", table.position("f0"), []) == []


@pytest.mark.parametrize("walled", [False, True])
def test_path_costs_inside_and_across_the_clear_box_are_the_path_costs_one_by_one(walled):
    """A fan boxed inside the static shapes' clear box skips them once for all its legs; fans near
    and across the table's edges, or an impassable zone's walls off the table's centre (which stop
    legs between two walkable ends), still measure every leg as alone."""
    from game.table import Zone

    rng = random.Random(23)
    zones = [Zone.rect("rock", 2, 2, 4, 3, terrain="impassable")] if walled else []
    table = Table(TacticalMap.open_ground(24, 16, zones=zones))
    spots = [(x, y) for x in range(1, 24) for y in range(1, 16) if not (walled and 1 <= x <= 7 and 1 <= y <= 6)]
    for i, (x, y) in enumerate(rng.sample(spots, 10)):
        table.place(f"f{i}", x + 0.3, y + 0.3, 0.5, "deck")
    t = table.terrain
    inside, blocked = set(), set()
    for _ in range(600):
        fid = f"f{rng.randrange(10)}"
        if rng.random() < 0.5:  # hug an edge, or the rock
            x, y = rng.choice(
                [
                    (rng.uniform(0.5, 1.5), rng.uniform(0.5, 15.5)),
                    (rng.uniform(22.5, 23.5), rng.uniform(0.5, 15.5)),
                    (rng.uniform(1, 8), rng.choice([1.4, 5.6])),
                    (rng.choice([1.4, 6.6]), rng.uniform(1, 6)),
                ]
            )
            table.place(fid, round(x, 3), round(y, 3), 0.5, "deck")
        start = table.position(fid)
        d = rng.choice([0.3, 1.0, 2.0, 4.0, rng.uniform(0, 6)])
        fan = [(start[0] + d * math.cos(k * math.pi / 4), start[1] + d * math.sin(k * math.pi / 4)) for k in range(8)]
        want = [table.path_cost(fid, [start, p]) for p in fan]
        assert table.path_costs(fid, start, fan) == want
        cl, cb, cr, ct = t.few_box["deck"]
        xs, ys = [p[0] for p in fan] + [start[0]], [p[1] for p in fan] + [start[1]]
        inside.add(min(xs) - 0.5 > cl and max(xs) + 0.5 < cr and min(ys) - 0.5 > cb and max(ys) + 0.5 < ct)
        blocked |= {w is None and t.static_clear(p[0], p[1], 0.5, "deck") for w, p in zip(want, fan)}
    assert inside == {True, False} and blocked == {True, False}
