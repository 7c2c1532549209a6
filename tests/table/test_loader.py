"""Tiled objects → TacticalMap: shapes, properties, classes, rotation, inches."""

import importlib.util
import os

import pytest

from game.table import Table, TacticalMap, load_map
from tests.table.test_bad_maps import make

OBJ = """
<objectgroup id="5" name="Obstacles">
 <object id="10" name="barrel" class="barrel" x="32" y="32" width="16" height="16">
  <properties><property name="cover" value="hard"/><property name="standable" type="bool" value="true"/>
   <property name="height" type="float" value="1.2"/></properties><ellipse/></object>
 <object id="11" type="crate" x="64" y="0" width="32" height="32" rotation="90">
  <properties><property name="cover" value="hard"/></properties></object>
 <object id="12" name="rail" x="0" y="80"><properties><property name="thickness" type="float" value="0.5"/>
   <property name="cover" value="soft"/></properties><polyline points="0,0 128,0"/></object>
</objectgroup>
<objectgroup id="6" name="links">
 <object id="20" name="hatch" class="hatch" x="112" y="16"><properties><property name="to" value="hold"/>
  <property name="cost" type="float" value="2"/></properties><point/></object>
</objectgroup>
"""
ZONES = (
    '<object id="1" name="quarterdeck" x="0" y="0" width="64" height="32"><properties>'
    '<property name="advantageous" type="bool" value="true"/><property name="height" type="float" value="3"/>'
    '<property name="ship" value="merchant"/></properties></object>'
    '<object id="3" name="hold" x="64" y="0" width="64" height="96"><properties>'
    '<property name="level" value="hold"/><property name="close_quarters" type="bool" value="true"/>'
    "</properties></object>"
)


def test_objects_convert_to_inches(tmp_path):
    p = make(
        tmp_path,
        zones=ZONES,
        extra=OBJ,
        attrs='width="4" height="3" tilewidth="32" tileheight="32" infinite="0"><properties>'
        '<property name="inch" type="float" value="16"/></properties',
    )
    m = load_map(p)
    assert (m.width, m.height, m.inch) == (8, 6, 16)
    qd = m.zones_named("quarterdeck")[0]
    assert qd.advantageous and qd.height == 3 and qd.ship == "merchant" and qd.points[2] == (4, 2)
    assert m.zones_named("hold")[0].level == "hold"
    barrel, crate, rail = m.obstacles
    assert (barrel.id, barrel.shape, barrel.points, barrel.radius) == ("barrel_10", "circle", ((2.5, 2.5),), 0.5)
    assert barrel.standable and barrel.cover == "hard" and barrel.height == 1.2 and barrel.cls == "barrel"
    assert crate.id == "crate_11" and crate.shape == "polygon"  # class read from obj.type
    xs = sorted(round(p[0], 6) for p in crate.points)
    assert xs == [2, 2, 4, 4]  # rotated 90° about its top-left corner
    assert rail.kind == "linear" and rail.radius == 0.25 and rail.points == ((0, 5), (8, 5))
    (hatch,) = m.links
    assert (hatch.a, hatch.b, hatch.level_a, hatch.level_b, hatch.cost, hatch.kind) == (
        (7, 1),
        (7, 1),
        "deck",
        "hold",
        2,
        "hatch",
    )
    t = Table(m)
    t.place("a", 1, 1, 0.5, "deck")
    assert t.zone_of("a").advantageous and t.zones_of("a") == ["quarterdeck"]


def test_tactical_map_in_code_takes_lists():
    m = TacticalMap(10, 8, zones=[], obstacles=[], links=[], deployments=[])
    assert m.zones == () and TacticalMap.open_ground(10, 8) == m
    with pytest.raises(ValueError):
        from game.table import Obstacle

        TacticalMap.open_ground(5, 5, obstacles=[Obstacle.circle("x", 1, 1, 0.5), Obstacle.circle("x", 3, 3, 0.5)])


def test_bench_table_section_runs():
    path = os.path.join(os.path.dirname(__file__), "..", "..", "tools", "bench.py")
    spec = importlib.util.spec_from_file_location("bench_under_test", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    figs = bench.REGISTRY["table"][0](True)
    assert figs["path_across_map"] < 50_000  # µs: well under 50 ms
    assert figs["pushback_checks_1000"] > 0 and figs["contacts_40_figures"] > 0
