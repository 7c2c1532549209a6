"""maps/boarders.tiled-project declares every class and enum the shipped maps use,
with the loader's defaults; the maps keep their classes for Tiled 1.8 and 1.9+; ``elevation``."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "maps").glob("*.tmx"))
PROJECT = json.loads((ROOT / "maps" / "boarders.tiled-project").read_text())
TYPES = {t["name"]: t for t in PROJECT["propertyTypes"]}
sys.path.insert(0, str(ROOT / "tools"))


def test_project_is_what_the_generator_writes(tmp_path):
    import make_maps

    p = make_maps.write_project(str(tmp_path / "p.tiled-project"))
    assert json.loads(Path(p).read_text()) == PROJECT
    assert [t["id"] for t in PROJECT["propertyTypes"]] == list(range(1, len(TYPES) + 1))


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
def test_every_class_and_enum_value_is_declared(path):
    root = ET.parse(path).getroot()
    for grp in root.iter("objectgroup"):
        for obj in grp.iter("object"):
            cls = obj.get("class")
            assert obj.get("type") == cls, "both spellings: Tiled 1.8 reads type, 1.9+ class"
            if cls:
                assert TYPES[cls]["type"] == "class" and TYPES[cls]["useAs"] == ["object"]
            for prop in obj.iter("property"):
                assert prop.get("name") != "height", "renamed elevation"
                if prop.get("propertytype"):
                    assert prop.get("value") in TYPES[prop.get("propertytype")]["values"]
                if cls:
                    members = {m["name"] for m in TYPES[cls]["members"]}
                    assert prop.get("name") in members, (cls, prop.get("name"))


def test_class_defaults_are_the_loaders_defaults():
    from game.table.tactical_map import Link, Obstacle, Zone

    z = Zone(id="z", points=((0, 0), (1, 0), (0, 1)))
    zone_defaults = {
        "terrain": z.terrain,
        "cover": "none",
        "close_quarters": False,
        "advantageous": False,
        "rigging": False,
        "water": False,
        "structure": False,
        "ship": "",
        "level": "deck",
        "elevation": z.height,
    }
    ob = Obstacle(id="o", shape="polygon", points=((0, 0), (1, 0), (0, 1)))
    lk = Link(id="l", a=(0, 0), b=(1, 1))
    for t in TYPES.values():
        if t["type"] != "class":
            continue
        got = {m["name"]: m["value"] for m in t["members"]}
        if "terrain" in got:
            assert got == zone_defaults, t["name"]
        elif "kind" in got:
            assert got["kind"] in ("single", "linear")
            assert (
                got["cover"],
                got["standable"],
                got["blocks_los"],
                got["elevation"],
                got["thickness"],
                got["level"],
            ) == ("none", ob.standable, ob.blocks_los, ob.height, 0.2, ob.level), t["name"]
        elif "cost" in got:
            assert got == {"from": lk.level_a, "to": lk.level_b, "cost": lk.cost}


def test_old_height_property_still_read_and_elevation_wins(tmp_path):
    from game.table import load_map
    from tests.table.test_bad_maps import make

    obs = (
        '<objectgroup id="4" name="obstacles">'
        '<object id="7" name="old" class="crate" x="0" y="0" width="32" height="32"><properties>'
        '<property name="height" type="float" value="1.5"/></properties></object>'
        '<object id="8" name="new" type="crate" x="40" y="0" width="32" height="32"><properties>'
        '<property name="height" type="float" value="9"/><property name="elevation" type="float" value="2"/>'
        "</properties></object></objectgroup>\n"
    )
    m = load_map(make(tmp_path, extra=obs))
    by = {o.name: o for o in m.obstacles}
    assert (by["old"].height, by["new"].height) == (1.5, 2.0)
    assert by["old"].cls == by["new"].cls == "crate"
