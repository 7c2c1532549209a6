"""The pixel size of an image a map names, read from the file's own header before anything decodes it.

Why a reader of our own: the window decodes tileset and image-layer pictures with SDL_image, which
picks the decoder by the file's content (a JPEG named ``.png`` is decoded as a JPEG), allocates
the whole picture at once and trusts the header. So the bound (maps/README.md) must be checked
against the size the decoder will allocate, whatever the .tsx claims: this module sniffs the
content the same way, reads the size each decoder will allocate (a GIF's first frame as well as its
screen, a JPEG's first frame header past any EXIF thumbnail), and refuses every other format and
every header it cannot read within ``HEAD_BYTES`` (header-size libraries read a GIF's screen only,
do not read TGA, and open the path themselves, which blocks on a FIFO).
"""

from __future__ import annotations

import struct

from .tmx_read import Fault, read_bytes

#: How much of a file is read to find its size (a JPEG may carry a thumbnail before its frame header).
HEAD_BYTES = 256 * 1024
#: The formats a map's images may use, as the refusal names them.
FORMATS = "PNG, JPEG, GIF, BMP, WebP or TGA"


def image_size(path: str) -> tuple[str, int, int]:
    """(format, width, height) of the image file at ``path``; Fault if it is not a regular file or
    not one of FORMATS with a header read safely."""
    head = read_bytes(path, head=HEAD_BYTES)
    if not head:
        raise Fault("the image file is empty")
    for sniff in (_png, _gif, _jpeg, _bmp, _webp):
        got = sniff(head)
        if got is not None:
            return got
    if path.lower().endswith((".tga", ".tpic")):  # TGA has no signature: SDL_image goes by the name
        return _tga(head)
    raise Fault(f"the image is not a {FORMATS} file whose size can be read from its header (save it as PNG)")


def _bad(fmt: str, why: str) -> Fault:
    return Fault(f"the {fmt} image's header is unreadable ({why}); save it again as PNG")


def _png(b: bytes) -> tuple[str, int, int] | None:
    if not b.startswith(b"\x89PNG\r\n\x1a\n"):
        return None
    if len(b) < 24 or b[12:16] != b"IHDR":
        raise _bad("PNG", "no IHDR chunk first")
    w, h = struct.unpack(">II", b[16:24])
    return "PNG", w, h


def _gif(b: bytes) -> tuple[str, int, int] | None:
    if b[:6] not in (b"GIF87a", b"GIF89a"):
        return None
    if len(b) < 13:
        raise _bad("GIF", "truncated")
    sw, sh, flags = struct.unpack("<HHB", b[6:11])
    i = 13 + (3 * 2 ** ((flags & 7) + 1) if flags & 0x80 else 0)
    while i < len(b):  # extensions up to the first image descriptor: its frame may exceed the screen
        tag = b[i]
        if tag == 0x2C:
            if i + 10 > len(b):
                break
            fx, fy, fw, fh = struct.unpack("<HHHH", b[i + 1 : i + 9])
            return "GIF", max(sw, fx + fw), max(sh, fy + fh)
        if tag != 0x21 or i + 2 >= len(b):
            raise _bad("GIF", "no image descriptor")
        i += 2
        while i < len(b) and b[i]:
            i += b[i] + 1
        i += 1
    raise _bad("GIF", f"no image descriptor in the first {HEAD_BYTES} bytes")


_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def _jpeg(b: bytes) -> tuple[str, int, int] | None:
    if not b.startswith(b"\xff\xd8\xff"):
        return None
    i = 2
    while i + 4 <= len(b):
        if b[i] != 0xFF:
            raise _bad("JPEG", "a segment does not start with a marker")
        marker = b[i + 1]
        if marker == 0xFF:  # fill byte
            i += 1
            continue
        if marker in (0x01, *range(0xD0, 0xD8)):  # markers without a length
            i += 2
            continue
        (n,) = struct.unpack(">H", b[i + 2 : i + 4])
        if n < 2:
            raise _bad("JPEG", "a segment length is below 2")
        if marker in _SOF:
            if i + 9 > len(b):
                break
            h, w = struct.unpack(">HH", b[i + 5 : i + 9])
            return "JPEG", w, h
        if marker in (0xD9, 0xDA):  # end of image, or scan data before any frame header
            raise _bad("JPEG", "no frame header before the image data")
        i += 2 + n
    raise _bad("JPEG", f"no frame header in the first {HEAD_BYTES} bytes")


def _bmp(b: bytes) -> tuple[str, int, int] | None:
    if not b.startswith(b"BM"):
        return None
    if len(b) < 26:
        raise _bad("BMP", "truncated")
    (dib,) = struct.unpack("<I", b[14:18])
    if dib == 12:  # OS/2 BITMAPCOREHEADER
        w, h = struct.unpack("<HH", b[18:22])
        return "BMP", w, h
    if dib < 40 or len(b) < 26:
        raise _bad("BMP", f"header size {dib}")
    w, h = struct.unpack("<ii", b[18:26])
    return "BMP", abs(w), abs(h)  # a negative height is a top-down bitmap


def _webp(b: bytes) -> tuple[str, int, int] | None:
    if not (b[:4] == b"RIFF" and b[8:12] == b"WEBP"):
        return None
    if len(b) < 30:
        raise _bad("WebP", "truncated")
    chunk = b[12:16]
    if chunk == b"VP8X":
        w = 1 + int.from_bytes(b[24:27], "little")
        h = 1 + int.from_bytes(b[27:30], "little")
        return "WebP", w, h
    if chunk == b"VP8L":
        if b[20] != 0x2F:
            raise _bad("WebP", "lossless signature")
        bits = int.from_bytes(b[21:25], "little")
        return "WebP", (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8 ":
        if b[23:26] != b"\x9d\x01\x2a":
            raise _bad("WebP", "lossy frame signature")
        w, h = struct.unpack("<HH", b[26:30])
        return "WebP", w & 0x3FFF, h & 0x3FFF
    raise _bad("WebP", f"unknown chunk {chunk!r}")


def _tga(b: bytes) -> tuple[str, int, int]:
    if len(b) < 18:
        raise _bad("TGA", "truncated")
    cmap_type, img_type = b[1], b[2]
    if cmap_type > 1 or img_type not in (1, 2, 3, 9, 10, 11):
        raise _bad("TGA", f"image type {img_type}")
    w, h = struct.unpack("<HH", b[12:16])
    return "TGA", w, h
