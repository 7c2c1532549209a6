"""Every image a map names is bounded by the pixel size its own header gives, whatever the tileset
claims, before anything decodes it (maps/README.md "Images"); formats whose header cannot be read
safely are refused."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from game.table import MapError, check_map, load_map
from game.table.image_size import image_size
from game.table.tmx_read import Fault
from game.table.tmx_resolve import MAX_MAP_IMAGE_PIXELS

MAP = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="4" height="3" tilewidth="32" tileheight="32" infinite="0">
 <tileset firstgid="1" name="t" tilewidth="32" tileheight="32" tilecount="4" columns="2">
  <image source="{src}"{size}/>
 </tileset>
 <layer id="1" name="ground" width="4" height="3"><data encoding="csv">1,2,3,4,0,0,0,0,4,3,2,1</data></layer>
 <objectgroup id="2" name="deployment"><object id="2" name="red" x="0" y="0" width="64" height="64"/></objectgroup>
</map>
"""


def png_header(w: int, h: int) -> bytes:
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr))


def gif(sw: int, sh: int, fw: int, fh: int) -> bytes:
    ext = b"\x21\xf9\x04\x00\x00\x00\x00\x00"  # a graphic control extension before the frame
    return b"GIF89a" + struct.pack("<HHBBB", sw, sh, 0, 0, 0) + ext + b"\x2c" + struct.pack("<HHHHB", 0, 0, fw, fh, 0)


def jpeg(w: int, h: int) -> bytes:
    app1 = b"\xff\xe1" + struct.pack(">H", 2 + 5000) + b"\0" * 5000  # an EXIF block before the frame header
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, h, w, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + app1 + sof + b"\xff\xd9"


def bmp(w: int, h: int) -> bytes:
    return b"BM" + b"\0" * 12 + struct.pack("<Iii", 40, w, -h) + b"\0" * 28


def webp_vp8x(w: int, h: int) -> bytes:
    body = (
        b"WEBP"
        + b"VP8X"
        + struct.pack("<I", 10)
        + b"\0" * 4
        + (w - 1).to_bytes(3, "little")
        + (h - 1).to_bytes(3, "little")
    )
    return b"RIFF" + struct.pack("<I", len(body)) + body


def tga(w: int, h: int) -> bytes:
    return bytes([0, 0, 2]) + b"\0" * 9 + struct.pack("<HH", w, h) + bytes([32, 8])


@pytest.mark.parametrize(
    ("name", "data", "want"),
    [
        ("a.png", png_header(300, 200), ("PNG", 300, 200)),
        ("a.gif", gif(64, 64, 20000, 30), ("GIF", 20000, 64)),  # the first frame is bigger than the screen
        ("a.jpg", jpeg(1234, 567), ("JPEG", 1234, 567)),
        ("a.bmp", bmp(640, 480), ("BMP", 640, 480)),
        ("a.webp", webp_vp8x(5000, 7000), ("WebP", 5000, 7000)),
        ("a.tga", tga(256, 128), ("TGA", 256, 128)),
        ("jpeg_named.png", jpeg(99, 77), ("JPEG", 99, 77)),  # sniffed by content, as SDL_image decodes it
    ],
)
def test_image_size_reads_every_format_tiled_may_name_from_its_header(tmp_path, name, data, want):
    p = tmp_path / name
    p.write_bytes(data)
    assert image_size(str(p)) == want


@pytest.mark.parametrize(
    ("name", "data", "fault"),
    [
        ("a.svg", b'<svg width="99999" height="99999"/>', "is not a PNG, JPEG, GIF, BMP, WebP or TGA"),
        ("a.png", b"\x89PNG\r\n\x1a\n" + b"\0" * 4 + b"IDAT", "no IHDR"),
        ("a.jpg", b"\xff\xd8\xff\xda\0\x02", "no frame header"),
        ("a.gif", b"GIF89a" + b"\0" * 7 + b"\x3b", "no image descriptor"),
        ("a.qoi", b"qoif" + b"\0" * 10, "save it as PNG"),
        ("a.png", b"", "empty"),
    ],
)
def test_unreadable_or_unknown_image_headers_are_refused(tmp_path, name, data, fault):
    p = tmp_path / name
    p.write_bytes(data)
    with pytest.raises(Fault, match=fault):
        image_size(str(p))


def write_map(tmp_path: Path, image: bytes | None, size: str = ' width="64" height="64"', name="t.png") -> Path:
    if image is not None:
        (tmp_path / name).write_bytes(image)
    p = tmp_path / "m.tmx"
    p.write_text(MAP.format(src=name, size=size))
    return p


def test_tileset_claiming_a_small_image_is_bounded_by_the_real_header(tmp_path):
    p = write_map(tmp_path, png_header(20000, 20000), size=' width="256" height="128"')
    problems = check_map(p)
    assert len(problems) == 1 and "20000x20000 px" in problems[0] and "t.png" in problems[0], problems


def test_images_of_a_map_share_one_pixel_budget(tmp_path):
    side = int(MAX_MAP_IMAGE_PIXELS**0.5)
    p = write_map(tmp_path, png_header(side, side + 1))
    problems = check_map(p)
    assert problems and f"past {MAX_MAP_IMAGE_PIXELS:,} pixels" in problems[0]
    p = write_map(tmp_path, png_header(side, side))
    assert check_map(p) == []


def test_a_16384_px_tileset_within_the_old_bounds_is_refused(tmp_path):
    p = write_map(tmp_path, png_header(16384, 16384), size="")
    with pytest.raises(MapError, match="16384x16384"):
        load_map(p)


def test_the_real_size_is_what_pytmx_is_given(tmp_path):
    from game.table.tmx_guard import guard

    p = write_map(tmp_path, png_header(128, 96), size=' width="64" height="64"')
    rep = guard(str(p))
    assert rep.tree is not None
    img = rep.tree.find("tileset/image")
    assert img is not None and (img.get("width"), img.get("height")) == ("128", "96")


def test_a_missing_image_leaves_the_table_loadable(tmp_path):
    assert check_map(write_map(tmp_path, None)) == []  # the rules read no pictures


def test_image_layer_pictures_are_bounded_too(tmp_path):
    p = write_map(tmp_path, png_header(64, 64))
    (tmp_path / "sky.gif").write_bytes(gif(16, 16, 16384, 16384))
    p.write_text(
        p.read_text().replace("</map>", '<imagelayer id="5" name="sky"><image source="sky.gif"/></imagelayer></map>')
    )
    problems = check_map(p)
    assert problems and "imagelayer sky" in problems[0] and "16384x16384" in problems[0]


def test_a_map_whose_picture_is_too_big_to_draw_is_refused(tmp_path):
    p = write_map(tmp_path, png_header(64, 64))
    text = p.read_text().replace(
        'width="4" height="3" tilewidth="32" tileheight="32"',
        'width="200" height="200" tilewidth="1000" tileheight="1000"',
        1,
    )
    text = text.replace("<map ", "<map ", 1).replace(
        "<tileset", '<properties><property name="inch" type="float" value="1000"/></properties><tileset', 1
    )
    p.write_text(text)
    problems = check_map(p)
    assert problems and "200000x200000 px" in problems[0]
