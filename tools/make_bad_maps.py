#!/usr/bin/env python3
"""Write the malformed-map corpus tests/data/bad_maps/: one small bad .tmx per fault.

    tools/make_bad_maps.py [OUT_DIR]

Each map is built from one small good map (the one tests/table/test_bad_maps.py starts from) with a
single fault. Beside them: the shared good tileset t.tsx, the bad tilesets some maps name, and
``manifest.json`` = {file: fragment expected in one of check_map's problems}. Deterministic: rerun
it after changing a case and commit the result. tests/proof/test_proof_bad_inputs.py checks that
every map is refused with MapError in under 1 s and 256 MB.
"""

from __future__ import annotations

import base64
import gzip
import json
import math
import os
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "bad_maps"

TSX = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.10" name="t" tilewidth="32" '
    'tileheight="32" tilecount="4" columns="2">\n <image source="tiles/t.png" width="64" height="64"/>\n'
    "</tileset>\n"
)
GOOD_ZONE = '<object id="1" name="deck" x="0" y="0"><polygon points="0,0 64,0 64,64"/></object>'
GOOD_DEPLOY = '<object id="2" name="red" x="0" y="0" width="64" height="64"/>'
ATTRS = 'width="4" height="3" tilewidth="32" tileheight="32" infinite="0"'


def tmx(
    *,
    data="1,2,3,4,\n0,0,0,0,\n4,3,2,1",
    encoding='encoding="csv"',
    tileset='<tileset firstgid="1" source="t.tsx"/>',
    attrs=ATTRS,
    zones=GOOD_ZONE,
    deployment=GOOD_DEPLOY,
    extra="",
    prolog="",
    orientation="orthogonal",
) -> str:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n{prolog}'
        f'<map version="1.10" orientation="{orientation}" renderorder="right-down" {attrs}>\n'
        f" {tileset}\n"
        f' <layer id="1" name="ground" width="4" height="3"><data {encoding}>{data}</data></layer>\n'
        f' <objectgroup id="2" name="zones">{zones}</objectgroup>\n'
        f' <objectgroup id="3" name="deployment">{deployment}</objectgroup>\n{extra}'
        f"</map>\n"
    )


def b64(gids, comp=None) -> str:
    raw = b"".join(int(g).to_bytes(4, "little") for g in gids)
    if comp == "zlib":
        raw = zlib.compress(raw)
    elif comp == "gzip":
        raw = gzip.compress(raw, mtime=0)
    return base64.b64encode(raw).decode()


def zone(props="", shape='<polygon points="0,0 64,0 64,64"/>', attrs='id="1" name="deck" x="0" y="0"') -> str:
    p = f"<properties>{props}</properties>" if props else ""
    return f"<object {attrs}>{p}{shape}</object>"


def prop(name, value, typ="") -> str:
    t = f' type="{typ}"' if typ else ""
    return f'<property name="{name}"{t} value="{value}"/>'


def obstacles(obj: str) -> str:
    return f'<objectgroup id="4" name="obstacles">{obj}</objectgroup>\n'


LAUGHS = (
    '<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
    '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>\n'
)


def cases() -> dict[str, tuple[str | bytes, str]]:
    """{file name: (content, expected fragment)}."""
    bomb = base64.b64encode(zlib.compress(b"\0" * (64 * 1024 * 1024), 9)).decode()
    gzbomb = base64.b64encode(gzip.compress(b"\0" * (32 * 1024 * 1024), 9, mtime=0)).decode()
    good = tmx()
    c: dict[str, tuple[str | bytes, str]] = {
        "broken_xml.tmx": ("<map><layer></map>", "broken XML"),
        "empty.tmx": ("", "empty file"),
        "whitespace.tmx": ("   \n\t\n", "empty file"),
        "truncated.tmx": (good[: len(good) // 2], "broken XML"),
        "binary_noise.tmx": (bytes((i * 73 + 41) % 256 for i in range(2048)), ""),
        "billion_laughs.tmx": (tmx(prolog=LAUGHS), "ENTITY declarations"),
        "external_entity.tmx": (
            tmx(prolog='<!DOCTYPE map [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'),
            "ENTITY declarations",
        ),
        "tileset_entities.tmx": (tmx(tileset='<tileset firstgid="1" source="entity.tsx"/>'), "ENTITY declarations"),
        "missing_tileset.tmx": (tmx(tileset='<tileset firstgid="1" source="gone.tsx"/>'), "missing"),
        "tsj_tileset.tmx": (tmx(tileset='<tileset firstgid="1" source="t.tsj"/>'), "not a .tsx"),
        "tileset_escapes.tmx": (tmx(tileset='<tileset firstgid="1" source="../t.tsx"/>'), "or pass --root FOLDER"),
        "tileset_absolute.tmx": (tmx(tileset='<tileset firstgid="1" source="/etc/t.tsx"/>'), "absolute"),
        "tileset_url.tmx": (tmx(tileset='<tileset firstgid="1" source="http://example.com/t.tsx"/>'), ""),
        "tileset_image_escapes.tmx": (tmx(tileset='<tileset firstgid="1" source="escimg.tsx"/>'), "escapes"),
        "infinite.tmx": (tmx(attrs=ATTRS.replace('infinite="0"', 'infinite="1"')), "infinite"),
        "zstd.tmx": (tmx(data=b64([1] * 12), encoding='encoding="base64" compression="zstd"'), "zstd"),
        "lzma.tmx": (tmx(data=b64([1] * 12), encoding='encoding="base64" compression="lzma"'), "compression"),
        "hex_encoding.tmx": (tmx(encoding='encoding="hex"'), "unknown encoding"),
        "short_data.tmx": (tmx(data="1,2,3"), "fewer than width×height"),
        "long_data.tmx": (tmx(data=",".join(["1"] * 13)), "more than width×height"),
        "long_base64.tmx": (tmx(data=b64([1] * 14), encoding='encoding="base64"'), "more than width×height"),
        "zlib_bomb.tmx": (tmx(data=bomb, encoding='encoding="base64" compression="zlib"'), "decompression bomb"),
        "gzip_bomb.tmx": (tmx(data=gzbomb, encoding='encoding="base64" compression="gzip"'), ""),
        "gid_beyond_tilesets.tmx": (tmx(data="1,2,3,4,0,0,0,0,4,3,2,5"), "in no tileset"),
        "zone_two_points.tmx": (tmx(zones=zone(shape='<polygon points="0,0 64,0"/>')), "fewer than 3"),
        "zone_point.tmx": (tmx(zones='<object id="1" name="spot" x="5" y="5"><point/></object>'), "not a point"),
        "zone_self_intersecting.tmx": (
            tmx(zones=zone(shape='<polygon points="0,0 64,64 64,0 0,64"/>')),
            "intersects itself",
        ),
        "deployment_outside.tmx": (
            tmx(deployment='<object id="2" name="red" x="100" y="0" width="64" height="64"/>'),
            "outside the map",
        ),
        "deployment_no_side.tmx": (tmx(deployment='<object id="2" x="0" y="0" width="64" height="64"/>'), "no side"),
        "absurd_size.tmx": (tmx(attrs='width="100000" height="100000" tilewidth="32" tileheight="32"'), "absurd size"),
        "zero_tile_size.tmx": (tmx(attrs='width="4" height="3" tilewidth="0" tileheight="32"'), "absurd tile size"),
        "negative_size.tmx": (tmx(attrs='width="-4" height="3" tilewidth="32" tileheight="32"'), ""),
        "hexagonal.tmx": (tmx(orientation="hexagonal"), "orientation"),
        "isometric.tmx": (tmx(orientation="isometric"), "orientation"),
        "bad_terrain.tmx": (tmx(zones=zone(prop("terrain", "lava"))), "terrain"),
        "bad_cover.tmx": (tmx(zones=zone(prop("cover", "wet"))), "cover"),
        "bad_height.tmx": (tmx(zones=zone(prop("height", "tall", "float"))), ""),
        "template.tmx": (tmx(zones='<object id="1" template="../evil.tx" x="0" y="0"/>'), "template"),
        "tileset_root.tmx": ('<?xml version="1.0"?><tileset name="x"/>', "not <map>"),
        "width_not_number.tmx": (tmx(attrs='width="four" height="3" tilewidth="32" tileheight="32"'), "not a number"),
        "width_nan.tmx": (tmx(attrs='width="nan" height="3" tilewidth="32" tileheight="32"'), ""),
        "bad_base64.tmx": (tmx(data="!!!not base64!!!", encoding='encoding="base64"'), "bad base64"),
        "truncated_zlib.tmx": (
            tmx(
                data=base64.b64encode(zlib.compress(b"\1\0\0\0" * 12)[:-6]).decode(),
                encoding='encoding="base64" compression="zlib"',
            ),
            "zlib",
        ),
        "link_without_room.tmx": (
            tmx(
                extra='<objectgroup id="4" name="links"><object id="9" name="hatch" x="2" y="2">'
                '<properties><property name="to" value="hold"/></properties><point/>'
                "</object></objectgroup>\n"
            ),
            "no room",
        ),
        "zone_nan_point.tmx": (tmx(zones=zone(shape='<polygon points="0,0 nan,0 64,64"/>')), ""),
        "zone_inf_x.tmx": (tmx(zones=zone(attrs='id="1" name="deck" x="inf" y="0"')), ""),
        "obstacle_bad_kind.tmx": (
            tmx(extra=obstacles(zone(prop("kind", "wobbly"), attrs='id="7" name="crate" x="0" y="0"'))),
            "kind",
        ),
    }
    c.update(round2())
    c.update(round3())
    return c


def _png(w: int, h: int) -> bytes:
    """A PNG's signature and header only: what the guard reads (nothing here may decode it)."""
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))


#: Pictures the round-3 maps name (headers only), written into img/ beside the maps.
IMAGES = {
    "claims_small.png": _png(20000, 20000),
    "budget.png": _png(5000, 5000),
    "gif_frame.gif": b"GIF89a"
    + struct.pack("<HHBBB", 16, 16, 0, 0, 0)
    + b"\x2c"
    + struct.pack("<HHHHB", 0, 0, 20000, 16, 0),
    "vector.svg": b'<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>',
    "no_frame.jpg": b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xda\x00\x02",
    "sky.bmp": b"BM" + b"\0" * 12 + struct.pack("<Iii", 40, 16384, 16384) + b"\0" * 28,
}


def _image_tileset(src: str, size: str = ' width="256" height="128"') -> str:
    return f'<tileset firstgid="1" name="pic" tilewidth="32" tileheight="32" tilecount="4" columns="2"><image source="img/{src}"{size}/></tileset>'


def round3() -> dict[str, tuple[str | bytes, str]]:
    """Pictures bounded by their real headers, the map's own picture,
    zones piled on one spot, tile objects drawn huge, and the remedy for a shared tileset."""
    piled = "".join(
        f'<object id="{20 + i}" name="z{i}" x="0" y="0" width="96" height="64"><ellipse/></object>' for i in range(33)
    )
    return {
        "image_header_bigger_than_tsx.tmx": (tmx(tileset=_image_tileset("claims_small.png")), "20000x20000 px"),
        "image_budget.tmx": (tmx(tileset=_image_tileset("budget.png")), "pixels in all"),
        "image_gif_frame_huge.tmx": (tmx(tileset=_image_tileset("gif_frame.gif")), "GIF of 20000x16 px"),
        "image_svg.tmx": (tmx(tileset=_image_tileset("vector.svg")), "save it as PNG"),
        "image_jpeg_no_frame.tmx": (tmx(tileset=_image_tileset("no_frame.jpg")), "no frame header"),
        "imagelayer_huge_bmp.tmx": (
            tmx(extra='<imagelayer id="8" name="sky"><image source="img/sky.bmp"/></imagelayer>\n'),
            "imagelayer sky: image 'img/sky.bmp' (16384x16384 px)",
        ),
        "map_picture_too_big.tmx": (
            _with_map_props(
                prop("inch", "1000", "float"), attrs='width="200" height="200" tilewidth="1000" tileheight="1000"'
            ),
            "the picture may hold",
        ),
        "zones_piled_up.tmx": (tmx(zones=piled), "too many zones overlap in one place"),
        "tile_objects_huge_in_all.tmx": (
            tmx(
                extra=obstacles(
                    "".join(
                        f'<object id="{30 + i}" name="crate" gid="1" x="0" y="64" width="4096" height="4096"/>'
                        for i in range(5)
                    )
                )
            ),
            "tile objects are drawn over more than",
        ),
        "tile_object_huge.tmx": (
            tmx(extra=obstacles('<object id="7" name="crate" gid="1" x="0" y="64" width="10000" height="10000"/>')),
            "drawn over more than",
        ),
    }


def _map_props(*blocks: str) -> str:
    return "".join(f" <properties>{b}</properties>\n" for b in blocks)


def _with_map_props(*blocks: str, attrs=ATTRS) -> str:
    return tmx(attrs=attrs).replace(" <tileset", _map_props(*blocks) + " <tileset", 1)


def round2() -> dict[str, tuple[str | bytes, str]]:
    """The guard must read what pytmx reads, with every size bounded."""
    good_member = gzip.compress(b"".join(int(g).to_bytes(4, "little") for g in [1] * 12), mtime=0)
    big_member = gzip.compress(b"\0" * (1 << 20), 9, mtime=0)
    multi = base64.b64encode(good_member + big_member * 64).decode()
    zlib_tail = base64.b64encode(zlib.compress(b"\1\0\0\0" * 12) + zlib.compress(b"\0" * (1 << 20), 9)).decode()
    many_pts = " ".join(
        f"{math.cos(i / 800 * math.tau) * 30 + 32:.3f},{math.sin(i / 800 * math.tau) * 30 + 32:.3f}" for i in range(800)
    )
    ring = " ".join(
        f"{math.cos(i / 150 * math.tau) * 30 + 32:.3f},{math.sin(i / 150 * math.tau) * 30 + 32:.3f}" for i in range(150)
    )
    rings = "".join(
        f'<object id="{10 + k}" name="r{k}" x="0" y="0"><polygon points="{ring}"/></object>' for k in range(30)
    )
    long_name = "x" * 5000
    utf16_laughs = tmx(prolog=LAUGHS).replace('encoding="UTF-8"', 'encoding="UTF-16"').encode("utf-16")
    inline_ts = (
        '<tileset firstgid="1" name="zero" tilewidth="0" tileheight="32" tilecount="4" columns="2">'
        '<image source="tiles/t.png" width="64" height="64"/></tileset>'
    )
    huge_img = (
        '<tileset firstgid="1" name="huge" tilewidth="1" tileheight="1">'
        '<image source="tiles/t.png" width="1000000" height="1000000"/></tileset>'
    )
    return {
        "gzip_members_bomb.tmx": (
            tmx(data=multi, encoding='encoding="base64" compression="gzip"'),
            "decompression bomb",
        ),
        "zlib_trailing_stream.tmx": (
            tmx(data=zlib_tail, encoding='encoding="base64" compression="zlib"'),
            "after the end",
        ),
        "second_properties_negative_inch.tmx": (
            _with_map_props(prop("inch", 32, "float"), prop("inch", -32, "float")),
            "inch",
        ),
        "second_properties_tiny_inch.tmx": (
            _with_map_props(prop("title", "t"), prop("inch", "1e-300", "float")),
            "table is",
        ),
        "inch_nan.tmx": (_with_map_props(prop("inch", "nan", "float")), "inch"),
        "huge_table_in_range_inch.tmx": (
            _with_map_props(
                prop("inch", "0.5", "float"), attrs='width="500" height="500" tilewidth="1024" tileheight="1024"'
            ),
            "table is",
        ),
        "utf16_entities.tmx": (utf16_laughs, "ENTITY declarations"),
        "utf16_no_bom_entities.tmx": (
            tmx(prolog=LAUGHS).replace('encoding="UTF-8"', 'encoding="UTF-16LE"').encode("utf-16-le"),
            "",
        ),
        "polygon_800_points.tmx": (tmx(zones=zone(shape=f'<polygon points="{many_pts}"/>')), "limit"),
        "points_over_budget.tmx": (tmx(zones=rings), "more than"),
        "tileset_tilewidth_zero.tmx": (tmx(tileset=inline_ts), "tile size"),
        "tileset_image_huge.tmx": (tmx(tileset=huge_img), "out of range"),
        "tileset_1000_times.tmx": (
            tmx(tileset="".join(f'<tileset firstgid="{1 + 4 * i}" source="t.tsx"/>' for i in range(1000))),
            "tilesets (limit",
        ),
        "tilesets_overlap.tmx": (
            tmx(tileset='<tileset firstgid="1" source="t.tsx"/><tileset firstgid="3" source="t.tsx"/>'),
            "overlap",
        ),
        "elements_300k.tmx": (tmx(extra="<x>" + "<y/>" * 300_000 + "</x>\n"), "XML elements"),
        "nested_deep.tmx": (tmx(extra="<x>" * 100 + "</x>" * 100 + "\n"), "nested"),
        "property_int_not_int.tmx": (tmx(zones=zone(prop("count", "1.5", "int"))), "type int"),
        "object_id_not_int.tmx": (tmx(zones=zone(attrs='id="1.5" name="deck" x="0" y="0"')), "whole number"),
        "name_with_newlines.tmx": (
            tmx(deployment=f'<object id="2" name="red&#10;&#9;[31m{long_name}" x="900" y="0" width="64" height="64"/>'),
            "\\n",
        ),
        "template_escapes.tmx": (tmx(zones='<object id="1" template="../../../x.tx" x="0" y="0"/>'), "escapes"),
        "template_missing.tmx": (tmx(zones='<object id="1" template="gone.tx" x="0" y="0"/>'), "template"),
        "template_not_template.tmx": (tmx(zones='<object id="1" template="t.tsx" x="0" y="0"/>'), "template"),
        "image_without_size.tmx": (
            tmx(
                tileset='<tileset firstgid="1" name="n" tilewidth="32" tileheight="32">'
                '<image source="t.tsx"/></tileset>'
            ),
            "size can be read",
        ),
        "tileset_is_folder.tmx": (tmx(tileset='<tileset firstgid="1" source="tiles.tsx"/>'), "regular file"),
        "staggered.tmx": (tmx(orientation="staggered"), "Orthogonal"),
    }


SIDE_FILES = {
    "t.tsx": TSX,
    "t.tsj": "{}\n",
    "entity.tsx": '<?xml version="1.0"?>\n<!DOCTYPE t [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
    + TSX.split("\n", 1)[1],
    "escimg.tsx": TSX.replace("tiles/t.png", "../../etc/t.png"),
}


def write(out: Path = OUT, only_refused: bool = True) -> dict[str, str]:
    """Write the corpus; with only_refused, leave out (and print) any case the loader accepts."""
    from game.table import check_map

    out.mkdir(parents=True, exist_ok=True)
    (out / "tiles.tsx").mkdir(exist_ok=True)  # a folder named like a tileset (tileset_is_folder.tmx)
    (out / "tiles.tsx" / ".keep").write_text("")
    for name, text in SIDE_FILES.items():
        (out / name).write_text(text)
    (out / "img").mkdir(exist_ok=True)
    for name, data in IMAGES.items():
        (out / "img" / name).write_bytes(data)
    manifest = {}
    for name, (content, frag) in cases().items():
        p = out / name
        if isinstance(content, bytes):
            p.write_bytes(content)
        else:
            p.write_bytes(content.encode("utf-8"))
        problems = check_map(p)
        if not problems:
            print(f"ACCEPTED (not a refusal; left out of the corpus): {name}", file=sys.stderr)
            if only_refused:
                p.unlink()
                continue
        manifest[name] = frag
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    return manifest


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    os.chdir(ROOT)
    m = write(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
    print(f"{len(m)} bad maps in {OUT if len(sys.argv) < 2 else sys.argv[1]}")
