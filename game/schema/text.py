"""Untrusted-file helpers shared by every reader: one-line messages and bounded reads.

A refusal is read by a person on one line (terminal, window label, log): control characters are
escaped and a long message is shortened in the middle, so the file name at the front and the fault
at the end both survive (an unbounded line could be a million characters).
"""

from __future__ import annotations

import os
import stat
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from game.bounded_io import read_capped

#: Longest message a refusal may print ("at most ~300 characters").
MAX_MESSAGE = 300


def _escape(ch: str) -> str:
    o = ord(ch)
    if ch == "\n":
        return "\\n"
    if ch == "\t":
        return "\\t"
    if ch == "\r":
        return "\\r"
    return f"\\x{o:02x}" if o < 0x100 else f"\\u{o:04x}" if o < 0x10000 else f"\\U{o:08x}"


def one_line(text: object, limit: int = MAX_MESSAGE) -> str:
    """``text`` on one line: control/separator characters escaped, at most ``limit`` characters."""
    s = str(text)
    if len(s) > 4 * limit:  # never walk a megabyte of text character by character
        s = s[: 2 * limit] + s[-2 * limit :]
    out = "".join(_escape(c) if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp") else c for c in s)
    if len(out) > limit:
        tail = max(40, limit // 3)
        out = out[: limit - tail - 1] + "…" + out[-tail:]
    return out


def read_bounded(path: str | Path, limit: int, fail: Callable[[str, str], NoReturn]) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; otherwise ``fail(place, fault)``.

    Devices, FIFOs and sockets are refused before they are opened (opening a FIFO for reading
    blocks until a writer comes; /dev/zero never ends), and the read itself stops at ``limit`` + 1
    bytes whatever the size the file system reported.
    """
    p = Path(path)
    try:
        st = os.stat(p)
    except OSError as e:
        fail("file", f"cannot read ({e.strerror or type(e).__name__})")
    if stat.S_ISDIR(st.st_mode):
        fail("file", "is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        fail("file", "not a regular file (a device, FIFO or socket)")
    if st.st_size > limit:
        fail("file", f"larger than {limit} bytes")
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        fail("file", f"cannot read ({e.strerror or type(e).__name__})")
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped for something else since the stat
            fail("file", "not a regular file (a device, FIFO or socket)")
        data = read_capped(fd, limit)
    except OSError as e:
        fail("file", f"cannot read ({e.strerror or type(e).__name__})")
    finally:
        os.close(fd)
    if data is None:
        fail("file", f"larger than {limit} bytes")
    return data


def decode_text(raw: bytes, fail: Callable[[str, str], NoReturn]) -> str:
    """UTF-8 text of a file, a leading byte-order mark dropped (editors on Windows write one);
    ``fail("file", ...)`` naming the first byte that is not UTF-8."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        fail("file", f"not UTF-8 text (byte {e.start})")


def surrogate_place(data: object, root: str = "") -> str | None:
    """Where the first string (key or value) of parsed data holds a lone surrogate (JSON's
    ``"\\ud800"`` decodes to one; no file, terminal or hash can encode it), or None. Iterative: the
    readers' schemas bound the size, not the depth."""
    stack: list[tuple[str, object]] = [(root, data)]
    while stack:
        where, v = stack.pop()
        if isinstance(v, str):
            if _has_surrogate(v):
                return where or "file"
        elif isinstance(v, dict):
            for k, x in reversed(list(v.items())):
                place = f"{where}.{k}" if where else str(k)
                if isinstance(k, str) and _has_surrogate(k):
                    return one_line(place)
                stack.append((place, x))
        elif isinstance(v, list):
            stack.extend((f"{where}[{i}]", x) for i, x in reversed(list(enumerate(v))))
    return None


def _has_surrogate(s: str) -> bool:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False
