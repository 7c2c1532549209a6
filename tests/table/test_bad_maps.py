"""Every refusal of tmx_guard / loader: a small bad file each, built in tmp_path from a good one."""

import base64
import zlib

import pytest

from game.table import MapError, check_map, load_map, map_summary

TSX = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.10" name="t" tilewidth="32" '
    'tileheight="32" tilecount="4" columns="2">\n <image source="tiles/t.png" width="64" height="64"/>\n'
    "</tileset>\n"
)
GOOD_ZONE = '<object id="1" name="deck" x="0" y="0"><polygon points="0,0 64,0 64,64"/></object>'
GOOD_DEPLOY = '<object id="2" name="red" x="0" y="0" width="64" height="64"/>'


def make(
    tmp_path,
    *,
    data=None,
    encoding='encoding="csv"',
    tileset='<tileset firstgid="1" source="t.tsx"/>',
    attrs='width="4" height="3" tilewidth="32" tileheight="32" infinite="0"',
    zones=GOOD_ZONE,
    deployment=GOOD_DEPLOY,
    extra="",
    name="m.tmx",
    prolog="",
    tsx=TSX,
    raw=None,
) -> str:
    (tmp_path / "t.tsx").write_text(tsx)
    if data is None:
        data = "1,2,3,4,\n0,0,0,0,\n4,3,2,1"
    text = (
        raw
        if raw is not None
        else (
            f'<?xml version="1.0" encoding="UTF-8"?>\n{prolog}'
            f'<map version="1.10" orientation="orthogonal" renderorder="right-down" {attrs}>\n'
            f" {tileset}\n"
            f' <layer id="1" name="ground" width="4" height="3"><data {encoding}>{data}</data></layer>\n'
            f' <objectgroup id="2" name="zones">{zones}</objectgroup>\n'
            f' <objectgroup id="3" name="deployment">{deployment}</objectgroup>\n{extra}'
            f"</map>\n"
        )
    )
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def refused(path, fragment):
    problems = check_map(path)
    assert problems, "expected a problem"
    assert any(fragment in p for p in problems), problems
    for p in problems:
        assert p.startswith(str(path) + ": ") and p.count(": ") >= 2 and "\n" not in p
    with pytest.raises(MapError) as e:
        load_map(path)
    assert isinstance(e.value, ValueError) and str(e.value) == problems[0]
    return problems


def test_good_small_map_is_clean(tmp_path):
    p = make(tmp_path)
    assert check_map(p) == []
    m = load_map(p)
    assert (m.width, m.height) == (4, 3)
    assert map_summary(m).startswith(p) and "4×3 in" in map_summary(m)


def _b64(gids, comp=None):
    raw = b"".join(int(g).to_bytes(4, "little") for g in gids)
    if comp == "zlib":
        raw = zlib.compress(raw)
    return base64.b64encode(raw).decode()


def test_good_base64_zlib_map_is_clean(tmp_path):
    p = make(tmp_path, data=_b64([1, 2, 3, 4] * 3, "zlib"), encoding='encoding="base64" compression="zlib"')
    assert check_map(p) == []


def test_refuses_broken_xml(tmp_path):
    refused(make(tmp_path, raw="<map><layer></map>"), "broken XML")


def test_refuses_empty_file(tmp_path):
    refused(make(tmp_path, raw="   \n"), "empty file")


def test_refuses_missing_file(tmp_path):
    refused(str(tmp_path / "nope.tmx"), "cannot read")


def test_refuses_doctype_entities(tmp_path):
    bomb = '<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n'
    refused(make(tmp_path, prolog=bomb), "ENTITY declarations")


def test_refuses_entities_in_the_tileset(tmp_path):
    tsx = '<?xml version="1.0"?>\n<!DOCTYPE t [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n' + TSX.split("\n", 1)[1]
    refused(make(tmp_path, tsx=tsx), "ENTITY declarations")


def test_refuses_missing_external_tileset(tmp_path):
    refused(make(tmp_path, tileset='<tileset firstgid="1" source="gone.tsx"/>'), "missing")


def test_refuses_non_tsx_external_tileset(tmp_path):
    (tmp_path / "t.tsj").write_text("{}")
    refused(make(tmp_path, tileset='<tileset firstgid="1" source="t.tsj"/>'), "not a .tsx")


def test_refuses_tileset_escaping_the_folder(tmp_path):
    sub = tmp_path / "maps"
    sub.mkdir()
    (tmp_path / "t.tsx").write_text(TSX)
    p = make(sub, tileset='<tileset firstgid="1" source="../t.tsx"/>')
    refused(p, "escapes")


def test_refuses_absolute_reference(tmp_path):
    refused(make(tmp_path, tileset=f'<tileset firstgid="1" source="{tmp_path / "t.tsx"}"/>'), "absolute")


def test_refuses_tileset_image_escaping_the_folder(tmp_path):
    refused(make(tmp_path, tsx=TSX.replace("tiles/t.png", "../../etc/t.png")), "escapes")


def test_refuses_infinite_map(tmp_path):
    refused(make(tmp_path, attrs='width="4" height="3" tilewidth="32" tileheight="32" infinite="1"'), "infinite")


def test_refuses_zstd(tmp_path):
    refused(make(tmp_path, data=_b64([1] * 12), encoding='encoding="base64" compression="zstd"'), "zstd")


def test_refuses_unknown_compression(tmp_path):
    refused(make(tmp_path, data=_b64([1] * 12), encoding='encoding="base64" compression="lzma"'), "unknown compression")


def test_refuses_unknown_encoding(tmp_path):
    refused(make(tmp_path, encoding='encoding="hex"'), "unknown encoding")


def test_refuses_short_data(tmp_path):
    refused(make(tmp_path, data="1,2,3"), "fewer than width×height")


def test_refuses_long_data(tmp_path):
    refused(make(tmp_path, data=",".join(["1"] * 13)), "more than width×height")


def test_refuses_long_base64_data(tmp_path):
    refused(make(tmp_path, data=_b64([1] * 14), encoding='encoding="base64"'), "more than width×height")


def test_refuses_decompression_bomb(tmp_path):
    bomb = base64.b64encode(zlib.compress(b"\0" * 50_000_000, 9)).decode()
    refused(make(tmp_path, data=bomb, encoding='encoding="base64" compression="zlib"'), "decompression bomb")


def test_refuses_gid_beyond_tilesets(tmp_path):
    refused(make(tmp_path, data="1,2,3,4,0,0,0,0,4,3,2,5"), "in no tileset")


def test_flipped_gids_are_fine(tmp_path):
    assert check_map(make(tmp_path, data=f"{0x80000001},2,3,4,0,0,0,0,4,3,2,1")) == []


def test_refuses_zone_with_two_points(tmp_path):
    z = '<object id="1" name="deck" x="0" y="0"><polygon points="0,0 64,0"/></object>'
    refused(make(tmp_path, zones=z), "fewer than 3")


def test_refuses_zone_point(tmp_path):
    z = '<object id="1" name="spot" x="5" y="5"><point/></object>'
    refused(make(tmp_path, zones=z), "not a point")


def test_refuses_self_intersecting_polygon(tmp_path):
    z = '<object id="1" name="bow" x="0" y="0"><polygon points="0,0 64,64 64,0 0,64"/></object>'
    refused(make(tmp_path, zones=z), "intersects itself")


def test_refuses_deployment_outside_the_map(tmp_path):
    d = '<object id="2" name="red" x="100" y="0" width="64" height="64"/>'
    refused(make(tmp_path, deployment=d), "outside the map")


def test_refuses_deployment_without_side(tmp_path):
    d = '<object id="2" x="0" y="0" width="64" height="64"/>'
    refused(make(tmp_path, deployment=d), "no side")


def test_refuses_absurd_size(tmp_path):
    refused(make(tmp_path, attrs='width="100000" height="100000" tilewidth="32" tileheight="32"'), "absurd size")


def test_refuses_absurd_tile_size(tmp_path):
    refused(make(tmp_path, attrs='width="4" height="3" tilewidth="0" tileheight="32"'), "absurd tile size")


def test_refuses_non_orthogonal(tmp_path):
    p = make(tmp_path)
    with open(p) as fh:
        text = fh.read().replace('orientation="orthogonal"', 'orientation="hexagonal"')
    refused(make(tmp_path, raw=text), "orientation")


def test_refuses_bad_property_values(tmp_path):
    z = (
        '<object id="1" name="deck" x="0" y="0"><properties><property name="terrain" value="lava"/>'
        '</properties><polygon points="0,0 64,0 64,64"/></object>'
    )
    refused(make(tmp_path, zones=z), "terrain")


def test_refuses_templates(tmp_path):
    z = '<object id="1" template="../evil.tx" x="0" y="0"/>'
    refused(make(tmp_path, zones=z), "template")


def test_refuses_non_tmx_root(tmp_path):
    refused(make(tmp_path, raw='<?xml version="1.0"?><tileset name="x"/>'), "not <map>")


def test_refuses_non_number_attribute(tmp_path):
    refused(make(tmp_path, attrs='width="four" height="3" tilewidth="32" tileheight="32"'), "not a number")


def test_refuses_bad_base64(tmp_path):
    refused(make(tmp_path, data="!!!not base64!!!", encoding='encoding="base64"'), "bad base64")


def test_refuses_truncated_zlib(tmp_path):
    raw = zlib.compress(b"\1\0\0\0" * 12)[:-6]
    refused(
        make(tmp_path, data=base64.b64encode(raw).decode(), encoding='encoding="base64" compression="zlib"'), "zlib"
    )


def test_refuses_link_end_without_room(tmp_path):
    extra = (
        '<objectgroup id="4" name="links"><object id="9" name="hatch" x="2" y="2"><properties>'
        '<property name="to" value="hold"/></properties><point/></object></objectgroup>\n'
    )
    problems = check_map(make(tmp_path, extra=extra))
    assert any("hatch" in p and "no room" in p for p in problems), problems
