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
        iv = [s for z in t.zones_at_level(lv) if z.terrain == "tough"
              for s in segment_inside_intervals((x, y), b, z.points)]
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
    return PathPlan(points=(a, (round_in(b[0]), round_in(b[1]))), length=round_in(0.0 + math.dist(a, b)),
                    cost=round_in(0.0 + cost))


@pytest.mark.parametrize("seed", range(4))
def test_straight_path_cost_without_obstacles_agrees_with_the_full_sweep(seed):
    rng = random.Random(seed)
    table = Table(TacticalMap.open_ground(24, 16))
    for i in range(14):
        table.place(f"f{i}", round(rng.uniform(0.3, 23.7), 3), round(rng.uniform(0.3, 15.7), 3),
                    rng.choice([0.491, 0.5, 0.75]), "deck")
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
