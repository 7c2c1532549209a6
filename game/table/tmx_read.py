"""Bounded, safe reading of the files a Tiled map names (DESIGN: untrusted files).

Why a module of its own: the guard (tmx_guard) and pytmx must read the same thing, so every byte a
map brings in comes through here once: a regular file (never a FIFO or a device, opened without
blocking), at most MAX_FILE_BYTES; XML parsed by defusedxml (entity declarations refused in any
encoding the parser decodes, a plain ``<!DOCTYPE map SYSTEM "…">`` line accepted), at most
MAX_ELEMENTS elements nested at most MAX_DEPTH deep; layer data inflated member by member with
the output capped; references resolved inside the pack root only.
"""

from __future__ import annotations

import os
import re
import stat
import xml.etree.ElementTree as ET
import zlib

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import DefusedXMLParser

from game.bounded_io import read_capped
from game.schema.text import one_line as one_line  # every refusal of the game escapes and shortens alike

MAX_FILE_BYTES = 8 * 1024 * 1024
MAX_ELEMENTS = 50_000
MAX_DEPTH = 64
MAX_GZIP_MEMBERS = 10_000
MAX_LINE = 300


class Fault(Exception):
    """One problem at one place; the guard adds the file and the place."""


def read_bytes(path: str, limit: int = MAX_FILE_BYTES, head: int = 0) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (or only its first ``head`` bytes);
    Fault otherwise (never blocks)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise Fault(f"cannot read ({e.strerror or type(e).__name__})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = (
                "a folder"
                if stat.S_ISDIR(st.st_mode)
                else "a FIFO"
                if stat.S_ISFIFO(st.st_mode)
                else "a device"
                if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode)
                else "not a file"
            )
            raise Fault(f"not a regular file ({kind})")
        if head:
            return os.read(fd, head)
        if st.st_size > limit:
            raise Fault(f"file is {st.st_size} bytes (limit {limit})")
        data = read_capped(fd, limit)
        if data is None:
            raise Fault(f"file is over {limit} bytes")
        return data
    except OSError as e:
        raise Fault(f"cannot read ({e.strerror or type(e).__name__})") from None
    finally:
        os.close(fd)


class _CountingBuilder(ET.TreeBuilder):
    """A TreeBuilder that stops the parse once the tree is too big or too deep (memory bound)."""

    def __init__(self):
        super().__init__()
        self.count = 0
        self.depth = 0

    def start(self, tag, attrs):
        self.count += 1
        self.depth += 1
        if self.count > MAX_ELEMENTS:
            raise Fault(f"more than {MAX_ELEMENTS} XML elements")
        if self.depth > MAX_DEPTH:
            raise Fault(f"XML nested more than {MAX_DEPTH} deep")
        return super().start(tag, attrs)

    def end(self, tag):
        self.depth -= 1
        return super().end(tag)


def parse_xml(data: bytes) -> ET.Element:
    """Parse ``data`` (any encoding expat decodes: UTF-8, UTF-16 with its BOM, Latin-1 …)."""
    if not data.strip(b" \t\r\n\0\xef\xbb\xbf\xff\xfe"):
        raise Fault("empty file")
    if data.count(b"<") > 2 * MAX_ELEMENTS:  # each element needs a "<" in any encoding expat reads
        raise Fault(f"more than {MAX_ELEMENTS} XML elements")
    parser = DefusedXMLParser(target=_CountingBuilder(), forbid_dtd=False, forbid_entities=True, forbid_external=True)
    try:
        parser.feed(data)
        return parser.close()
    except Fault:
        raise
    except DefusedXmlException as e:
        what = f"entity {e.name!r}" if getattr(e, "name", None) else type(e).__name__
        raise Fault(
            f"ENTITY declarations are refused (entity expansion; {what}); a plain DOCTYPE line without entities is fine"
        ) from None
    except ET.ParseError as e:
        raise Fault(f"broken XML ({e})") from None
    except (ValueError, LookupError, UnicodeError, RecursionError) as e:
        raise Fault(f"unreadable XML ({type(e).__name__}: {e})") from None


def inflate(raw: bytes, comp: str, cap: int) -> bytes:
    """Every zlib stream or gzip member of ``raw`` inflated, at most ``cap`` bytes in all."""
    wbits = zlib.MAX_WBITS if comp == "zlib" else 16 + zlib.MAX_WBITS
    out = bytearray()
    data, members = raw, 0
    while True:
        members += 1
        if members > MAX_GZIP_MEMBERS:
            raise Fault(f"more than {MAX_GZIP_MEMBERS} {comp} members")
        d = zlib.decompressobj(wbits)
        try:
            out += d.decompress(data, cap - len(out) + 1)
        except zlib.error as e:
            raise Fault(f"bad {comp} data ({e})") from None
        if len(out) > cap or d.unconsumed_tail:
            raise Fault(f"inflated data exceeds width×height×4 = {cap} bytes (decompression bomb?)")
        if not d.eof:
            raise Fault(f"truncated {comp} data")
        data = d.unused_data
        if not data.strip(b"\0"):
            return bytes(out)
        if comp == "zlib":
            raise Fault("data after the end of the zlib stream")


#: What to do about a map that names a file outside its folder (a tileset shared one folder up).
PROJECT_REMEDY = "add a .tiled-project file to the folder holding both, or pass --root FOLDER"


def within(root: str, path: str) -> bool:
    root = os.path.realpath(root)
    return os.path.commonpath([os.path.realpath(path), root]) == root


def safe_ref(folder: str, ref: str, root: str) -> str:
    """The real path ``ref`` names from ``folder``; Fault if absolute, a URL, or outside ``root``."""
    if (
        not ref
        or os.path.isabs(ref)
        or ref.startswith(("/", "\\"))
        or re.match(r"^[A-Za-z]:", ref)
        or "://" in ref
        or "\0" in ref
    ):
        raise Fault(f"reference {ref!r} is absolute or a URL (keep files inside the scenario pack's folder)")
    path = os.path.realpath(os.path.join(folder, *re.split(r"[\\/]+", ref)))
    if not within(root, path):
        raise Fault(
            f"reference {ref!r} escapes the scenario pack's folder {os.path.basename(os.path.realpath(root))!r}: "
            + PROJECT_REMEDY
        )
    return path


PACK_MARKER = ".tiled-project"


def pack_root(map_path: str) -> str:
    """The scenario pack's root folder for a map: the nearest folder, from the map's own upward,
    that holds a ``*.tiled-project`` file (a Tiled project is the pack), else the map's folder."""
    folder = os.path.dirname(os.path.realpath(map_path))
    d = folder
    for _ in range(32):
        try:
            if any(n.endswith(PACK_MARKER) for n in os.listdir(d)):
                return d
        except OSError:
            pass
        parent = os.path.dirname(d)
        if parent == d:
            break
        d = parent
    return folder
