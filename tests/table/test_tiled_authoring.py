"""Tiled as authors write it: class-typed properties, property types the game does not read, layer
and group offsets, and the remedy named when a map reaches outside its pack."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.table import MapError, check_map, load_map

HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" renderorder="right-down" '
    'width="8" height="6" tilewidth="32" tileheight="32" infinite="0">\n'
)
POND = (
    '<object id="1" name="pond" x="64" y="64" width="64" height="32"><properties>'
    '<property name="terrain" value="impassable"/>{extra}</properties></object>'
)
DEPLOY = (
    '<objectgroup id="3" name="deployment"><object id="2" name="red" x="0" y="0" width="64" height="64"/></objectgroup>'
)


def write(tmp_path: Path, body: str, map_props: str = "") -> Path:
    p = tmp_path / "m.tmx"
    props = f"<properties>{map_props}</properties>" if map_props else ""
    p.write_text(HEAD + props + body + DEPLOY + "</map>\n")
    return p


CLASS_FULL = (
    '<property name="look" type="class" propertytype="Look"><properties>'
    '<property name="tint" type="color" value="#ff0000"/><property name="inner" type="class" propertytype="X"/>'
    "</properties></property>"
)


@pytest.mark.parametrize(
    "extra",
    [
        '<property name="look" type="class" propertytype="Look"/>',  # every member at its default
        CLASS_FULL,
        '<property name="tint" type="color" value=""/><property name="target" type="object" value=""/>',
        '<property name="n" type="int" value=""/><property name="f" type="float" value=""/>',
        '<property name="pic" type="file" value=""/><property name="l" type="list" value="x"/>',
        '<property name="kind" type="string" propertytype="Terrain" value="tough"/>',
    ],
)
def test_tiled_19_property_types_are_read_or_ignored_never_fatal(tmp_path, extra):
    p = write(tmp_path, f'<objectgroup id="2" name="zones">{POND.format(extra=extra)}</objectgroup>', CLASS_FULL)
    assert check_map(p) == []
    (pond,) = load_map(p).zones
    assert pond.terrain == "impassable"


def test_layer_and_group_offsets_move_objects_as_tiled_draws_them(tmp_path):
    body = (
        '<group id="8" name="water" offsetx="32" offsety="16" parallaxx="0.5">'
        f'<objectgroup id="2" name="zones" offsetx="-16.5" offsety="16">{POND.format(extra="")}</objectgroup></group>'
        '<objectgroup id="4" name="obstacles" offsetx="64">'
        '<object id="5" name="crate" x="0" y="0" width="32" height="32"/></objectgroup>'
    )
    m = load_map(write(tmp_path, body))
    (pond,) = m.zones
    assert min(x for x, _ in pond.points) == pytest.approx((64 + 32 - 16.5) / 32)
    assert min(y for _, y in pond.points) == pytest.approx((64 + 16 + 16) / 32)
    (crate,) = m.obstacles
    assert min(x for x, _ in crate.points) == pytest.approx(2.0)
    t = __import__("game.table", fromlist=["Table"]).Table(m)
    assert t.terrain.impassable_at(3.0, 3.5, "deck") and not t.terrain.impassable_at(2.2, 2.2, "deck")


def test_an_offset_deployment_outside_the_map_is_refused(tmp_path):
    p = write(tmp_path, "")
    p.write_text(p.read_text().replace('name="deployment"', 'name="deployment" offsetx="256"'))
    assert any("outside the map" in line for line in check_map(p))


def test_escaping_the_pack_says_what_to_do(tmp_path):
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "t.tsx").write_text(
        '<?xml version="1.0"?><tileset name="t" tilewidth="32" tileheight="32" tilecount="4" columns="2">'
        '<image source="t.png" width="64" height="64"/></tileset>'
    )
    (tmp_path / "maps").mkdir()
    p = write(tmp_path / "maps", '<tileset firstgid="1" source="../shared/t.tsx"/>')
    with pytest.raises(MapError) as e:
        load_map(p)
    assert ".tiled-project" in str(e.value) and "--root" in str(e.value) and "\n" not in str(e.value)
    assert check_map(p, root=tmp_path) == []  # given the project folder, it loads
    (tmp_path / "game.tiled-project").write_text("{}")
    assert check_map(p) == []
