"""The zone grid (game/table/zone_index.py) answers GEO-ZONE-1 look-ups exactly as a scan of every
zone did, in the same order (records keep their hashes), and the map bound on overlapping zones
keeps what one look-up tests small (maps/README.md "Bounds")."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.table import TacticalMap, Zone, check_map
from game.table.geometry import bbox, ellipse_points, point_in_polygon, segment_inside_intervals, union_length
from game.table.terrain import Terrain
from game.table.zone_index import ZoneGrid, densest_cell

W, H = 30.0, 20.0


def zone(i: int, x: float, y: float, w: float, h: float, ellipse: bool, terrain: str) -> Zone:
    pts = ellipse_points(x, y, w, h) if ellipse else [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    return Zone(id=f"z{i}", points=tuple(pts), name=f"z{i}", terrain=terrain, ship=f"s{i}", level=None)


zones_st = st.lists(
    st.tuples(
        st.floats(-5, W + 2),
        st.floats(-5, H + 2),
        st.floats(0.2, 25),
        st.floats(0.2, 15),
        st.booleans(),
        st.sampled_from(["open", "tough", "impassable"]),
    ),
    min_size=1,
    max_size=40,
)
pts_st = st.lists(st.tuples(st.floats(-3, W + 3), st.floats(-3, H + 3)), min_size=1, max_size=12)


@settings(max_examples=60, deadline=None)
@given(zones_st, pts_st)
def test_geo_zone_1_grid_look_ups_equal_a_scan_of_every_zone_in_map_order(raw, points):
    zs = [zone(i, *r) for i, r in enumerate(raw)]
    t = Terrain(TacticalMap.open_ground(W, H, zones=zs))
    for x, y in points:
        scan = [z for z in zs if point_in_polygon(x, y, z.points) and _in_box(x, y, z)]
        assert t.zones_at(x, y) == scan  # same zones, same order: flags merge "the first ship"
        assert t.impassable_at(x, y, "deck") == any(z.terrain == "impassable" for z in scan)
    for (ax, ay), (bx, by) in zip(points, points[1:], strict=False):
        iv = [i for z in zs if z.terrain == "tough" for i in segment_inside_intervals((ax, ay), (bx, by), z.points)]
        want = union_length(iv) * math.hypot(bx - ax, by - ay) if iv else 0.0
        assert t.tough_length((ax, ay), (bx, by), "deck") == want  # bit for bit


def _in_box(x: float, y: float, z: Zone) -> bool:
    x0, y0, x1, y1 = bbox(z.points)
    return x0 <= x <= x1 and y0 <= y <= y1


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.floats(-5, 35), st.floats(-5, 25), st.floats(0, 30), st.floats(0, 20)), max_size=30))
def test_densest_cell_is_the_most_any_grid_cell_lists(boxes):
    entries = [((x, y, x + w, y + h), i) for i, (x, y, w, h) in enumerate(boxes)]
    grid = ZoneGrid(entries, W, H)
    most = max((sum(3 + i for _, i in cell) for cell in grid.cells.values()), default=0)
    assert densest_cell([(b, 3 + i) for b, i in entries], W, H) == most


def test_a_map_whose_zones_pile_up_in_one_place_is_refused(tmp_path):
    from game.table.loader import MAX_ZONE_CORNERS

    def write(n: int):
        objs = "".join(
            f'<object id="{10 + i}" name="z{i}" x="{i}" y="0" width="200" height="200"><ellipse/></object>'
            for i in range(n)
        )
        p = tmp_path / f"m{n}.tmx"
        p.write_text(
            '<?xml version="1.0"?><map version="1.10" orientation="orthogonal" width="8" height="8" tilewidth="32" '
            f'tileheight="32" infinite="0"><objectgroup id="1" name="zones">{objs}</objectgroup></map>'
        )
        return p

    n = MAX_ZONE_CORNERS // 16  # ellipses of 16 corners, all over one spot
    assert check_map(write(n)) == []
    (line,) = check_map(write(n + 1))
    assert f"add up to {16 * (n + 1)} there (limit {MAX_ZONE_CORNERS}" in line
