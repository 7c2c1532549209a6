"""Maps as Tiled users save them load. Written here from the TMX format (not
copied from Tiled's repository): a project folder with shared tilesets in ../tilesets, the old DTD
line, an image-collection tileset whose ids skip numbers, an old tileset image without a size,
object templates (.tx), Tiled 1.8 ``type`` and 1.9+ ``class``, several <properties> blocks, UTF-16,
gzip data in several members — and the refusals a map author can act on."""

from __future__ import annotations

import base64
import gzip
import struct
import zlib
from pathlib import Path

import pytest

from game.table import MapError, check_map, load_map
from game.table.tmx_guard import guard

DTD = '<!DOCTYPE map SYSTEM "http://mapeditor.org/dtd/1.0/map.dtd">\n'


def png(w: int, h: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\0" + b"\0\0\0" * w for _ in range(h))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def gz_members(gids: list[int]) -> str:
    raw = b"".join(g.to_bytes(4, "little") for g in gids)
    half = len(raw) // 8 * 4
    return base64.b64encode(gzip.compress(raw[:half], mtime=0) + gzip.compress(raw[half:], mtime=0)).decode()


MAP = """<?xml version="1.0" encoding="{enc}"?>
{dtd}<map version="1.0" orientation="{orient}" renderorder="right-down" width="8" height="6" tilewidth="32" tileheight="32"{inf}>
 <properties><property name="inch" value="16"/></properties>
 <properties><property name="inch" type="float" value="32"/><property name="title" value="Deck"/></properties>
 <tileset firstgid="1" source="{ts}"/>
 <tileset firstgid="5" source="../tilesets/props.tsx"/>
 <layer name="ground" width="8" height="6">
  <data encoding="base64" compression="gzip">{data}</data>
 </layer>
 <objectgroup name="zones">
  <object id="1" name="deck" x="0" y="0" width="256" height="96"><properties><property name="terrain" value="open"/></properties></object>
  <object id="2" name="hold" x="0" y="96" width="256" height="96"><properties>
   <property name="level" value="hold"/><property name="height" type="float" value="2"/></properties></object>
 </objectgroup>
 <objectgroup name="obstacles">
  <object id="3" name="barrel" type="barrel" x="40" y="40" width="24" height="24"><ellipse/></object>
  <object id="4" name="crate" class="crate" x="120" y="40" width="32" height="32"><properties>
   <property name="elevation" type="float" value="1.5"/><property name="cover" value="hard"/></properties></object>
  <object id="5" template="../templates/cannon.tx" x="180" y="20"/>
  <object id="6" template="../templates/cannon.tx" x="180" y="60"><properties>
   <property name="cover" value="soft"/></properties></object>
  <object id="7" name="mast" gid="13" x="200" y="150" width="16" height="16"/>
 </objectgroup>
 <objectgroup name="deployment">
  <object id="8" name="red" x="0" y="0" width="64" height="64"/>
  <object id="9" name="blue" x="192" y="0" width="64" height="64"/>
 </objectgroup>
</map>
"""


def make_pack(
    tmp_path: Path, *, enc="UTF-8", dtd=DTD, orient="orthogonal", inf="", ts="../tilesets/ground.tsx", name="deck.tmx"
) -> Path:
    pack = tmp_path / "pack"
    for sub in ("maps", "tilesets", "templates", "tilesets/img"):
        (pack / sub).mkdir(parents=True, exist_ok=True)
    (pack / "boarders.tiled-project").write_text("{}\n")
    (pack / "tilesets" / "img" / "ground.png").write_bytes(png(64, 64))
    # an old tileset: no tilecount, image without width/height (Tiled reads the PNG)
    (pack / "tilesets" / "ground.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<tileset name="ground" tilewidth="32" tileheight="32">\n'
        ' <image source="img/ground.png"/>\n</tileset>\n'
    )
    # an image collection whose tile ids skip numbers: tilecount 3, highest id 8 (gids 5..13)
    (pack / "tilesets" / "props.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.10" name="props" tilewidth="32" '
        'tileheight="32" tilecount="3" columns="0">\n'
        ' <tile id="0"><image width="32" height="32" source="img/ground.png"/></tile>\n'
        ' <tile id="3"><image width="32" height="32" source="img/ground.png"/></tile>\n'
        ' <tile id="8"><image width="16" height="16" source="img/ground.png"/></tile>\n</tileset>\n'
    )
    (pack / "templates" / "cannon.tx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<template>\n'
        ' <object name="cannon" class="cannon" width="40" height="20"><properties>'
        '<property name="cover" value="hard"/><property name="blocks_los" type="bool" value="true"/>'
        "</properties></object>\n</template>\n"
    )
    text = MAP.format(enc=enc, dtd=dtd, orient=orient, inf=inf, ts=ts, data=gz_members([1, 2, 3, 4] * 12))
    p = pack / "maps" / name
    p.write_bytes(text.encode("utf-16" if enc == "UTF-16" else "utf-8"))
    return p


def test_project_layout_with_old_dtd_templates_and_collections_loads(tmp_path):
    p = make_pack(tmp_path)
    assert check_map(p) == []
    m = load_map(p)
    assert (m.width, m.height, m.inch) == (8, 6, 32)  # the last <properties> block wins, as in pytmx
    ob = {o.name: o for o in m.obstacles}
    assert ob["barrel"].cls == "barrel" and ob["crate"].cls == "crate"  # Tiled 1.8 type, Tiled 1.9+ class
    assert ob["crate"].height == 1.5 and ob["crate"].cover == "hard"  # elevation
    cannons = sorted((o for o in m.obstacles if o.cls == "cannon"), key=lambda o: o.points[0][1])
    assert [c.cover for c in cannons] == ["hard", "soft"] and all(c.blocks_los for c in cannons)
    assert cannons[0].points[0] == pytest.approx((180 / 32, 20 / 32))
    hold = [z for z in m.zones if z.name == "hold"][0]
    assert hold.height == 2.0  # old maps' ``height`` still read


def test_utf16_map_loads_the_same(tmp_path):
    a = load_map(make_pack(tmp_path / "a"))
    b = load_map(make_pack(tmp_path / "b", enc="UTF-16"))
    assert (a.zones, a.obstacles, a.deployments) == (b.zones, b.obstacles, b.deployments)


def test_references_may_leave_the_map_folder_but_not_the_pack(tmp_path):
    p = make_pack(tmp_path, ts="../../outside.tsx")
    (tmp_path / "outside.tsx").write_text((tmp_path / "pack" / "tilesets" / "ground.tsx").read_text())
    with pytest.raises(MapError, match=r"escapes the scenario pack's folder 'pack'"):
        load_map(p)


def test_explicit_root_narrows_the_pack(tmp_path):
    p = make_pack(tmp_path)
    with pytest.raises(MapError, match="escapes"):
        load_map(p, root=p.parent)
    assert guard(str(p)).root == str((tmp_path / "pack").resolve())


@pytest.mark.parametrize(
    "orient,inf,hint",
    [
        ("isometric", "", "Orientation: Orthogonal"),
        ("hexagonal", "", "Orientation: Orthogonal"),
        ("orthogonal", ' infinite="1"', "untick Map > Map Properties > Infinite"),
    ],
)
def test_refusals_say_what_to_change_in_tiled(tmp_path, orient, inf, hint):
    with pytest.raises(MapError) as e:
        load_map(make_pack(tmp_path, orient=orient, inf=inf))
    assert hint in str(e.value) and "\n" not in str(e.value)


def test_gid_beyond_a_collection_is_still_refused(tmp_path):
    p = make_pack(tmp_path)
    p.write_text(p.read_text().replace('gid="13"', 'gid="14"'))
    with pytest.raises(MapError, match="gid 14 is in no tileset"):
        load_map(p)
    p.write_text(p.read_text().replace('gid="14"', 'gid="7"'))  # id 2 is not in the collection
    with pytest.raises(MapError, match="gid 7 is in no tileset"):
        load_map(p)


def test_entities_behind_the_dtd_line_are_refused(tmp_path):
    dtd = '<!DOCTYPE map SYSTEM "x.dtd" [<!ENTITY a "aaaa">]>\n'
    with pytest.raises(MapError, match="ENTITY declarations"):
        load_map(make_pack(tmp_path, dtd=dtd))


def test_tiled_map_for_drawing_finds_every_image_of_the_pack(tmp_path):
    """The renderer's pytmx map comes from the guard's tree: images of ../tilesets resolve."""
    import os

    from game.table import tiled_map

    seen = []

    def loader(path, colorkey=None, **kw):
        seen.append(path)
        return lambda rect=None, flags=None: (path, rect)

    tm = tiled_map(make_pack(tmp_path), image_loader=loader)
    assert seen and all(os.path.isfile(p) for p in seen), seen
    assert any(img is not None for img in tm.images)
    with pytest.raises(MapError, match="ENTITY"):
        tiled_map(make_pack(tmp_path / "b", dtd='<!DOCTYPE map [<!ENTITY a "b">]>\n'))
