"""Reading an untrusted file without reading without bound: shared by the scenario/save schema
readers (game/schema/text.py) and the map guard (game/table/tmx_read.py)."""

from __future__ import annotations

import os


def read_capped(fd: int, limit: int) -> bytes | None:
    """At most ``limit`` bytes from ``fd``, or None when there are more (a file that grew since its
    stat, or a device that never ends): read a chunk at a time, never ``limit`` + 1 bytes at once."""
    chunks, got = [], 0
    while got <= limit:
        b = os.read(fd, min(1 << 20, limit + 1 - got))
        if not b:
            break
        chunks.append(b)
        got += len(b)
    return None if got > limit else b"".join(chunks)
