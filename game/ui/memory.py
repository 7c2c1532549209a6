"""Handing freed memory back to the system when a scene is left.

Measured with the screen fuzz (tests/proof/test_proof_screen_fuzz.py), where RSS grew
236 → 388 MB over 100,000 events while live surfaces stayed at 25–50 MB and Python's heap grew ~6%:

- A left scene is not all freed when it is popped. Killed pygame_gui elements (text layouts, drawable
  shape states and their surfaces) and the pytmx map behind each tile pre-render sit in reference
  cycles, so they wait for a full garbage collection, which Python runs rarely: at a scene change
  10–100 MB of them were still waiting (a ``gc.collect`` took 246 → 149 MB).
- What is freed stays with glibc's malloc: after the first big block is freed it raises its mmap
  threshold, so later pixel buffers (a map ground is up to 24 MB a zoom step) come from the heap, and
  a heap split by live blocks is only trimmed from the top. ``malloc_trim(0)`` took another 20–75 MB.

So when a scene is left the app collects and trims (``release_scene_memory``: ~30 ms, scene
changes only). Screen fuzz, 100,000 events, RSS each time the cycle of scenes is back at the menu,
first → last: both 108 → 113 MB (+5%); trim only 157 → 180 (peaks 249); collect only
158 → 193; neither 280 → 275. (Fixing glibc's mmap threshold as well changed nothing at scene
changes and doubled the cost of a zoom step, so it is not done.) Without glibc the trim is a no-op.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys

_libc = None  # glibc, found on first use; False when there is none


def _glibc():
    global _libc
    if _libc is None:
        _libc = False
        if sys.platform.startswith("linux"):
            try:
                lib = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
                lib.malloc_trim.argtypes, lib.malloc_trim.restype = [ctypes.c_size_t], ctypes.c_int  # glibc only
                lib.mallopt.argtypes, lib.mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
                _libc = lib
            except (OSError, AttributeError):
                _libc = False
    return _libc


#: glibc's mallopt parameter for the most malloc arenas (malloc.h: M_ARENA_MAX)
M_ARENA_MAX = -8
#: two arenas: the frame loop's and one its worker threads share
ARENAS = 2


def limit_arenas(n: int = ARENAS) -> bool:
    """Let glibc keep at most ``n`` malloc arenas; True when it could be asked to.

    Each thread that allocates while another holds an arena gets one of its own (up to 8 a core),
    and the window starts threads all the time: the AI's worker, a reach search per preview. What
    they free stays in their arenas, split by the blocks still live there, so over a long session
    RSS crept up by arenas half used (screen fuzz, 100,000 events, RSS at the menu from the second
    cycle of scenes to the end: 229.8 → 247.2 MB, +7.6 %, with as many arenas as glibc likes;
    225.7 → 232.5 MB, +3.0 %, with two). Called before the first thread starts."""
    lib = _glibc()
    if not lib:
        return False
    return bool(lib.mallopt(M_ARENA_MAX, n))


def release_free_memory() -> bool:
    """Return the allocator's free pages to the system; True when it could be asked to."""
    lib = _glibc()
    if not lib:
        return False
    lib.malloc_trim(0)
    return True


def release_scene_memory() -> None:
    """After a scene is left: free its objects held in reference cycles, then return free pages."""
    gc.collect()
    release_free_memory()
