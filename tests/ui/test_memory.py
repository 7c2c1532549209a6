"""Memory the screen keeps bounded (found by the screen fuzz): pygame_gui's dirty rects, the map
renderer's pre-scaled grounds, log lines outside the text cache, freed pages handed back."""

from __future__ import annotations

import sys

import pygame
import pytest


def frame(app, n=1):
    for _ in range(n):
        app.step(pygame.event.get(), 1 / 60)


def test_scene_changes_leave_no_dirty_rects_behind(app_factory, tiny_path):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.rules_ref import RulesScene

    app = app_factory((1024, 700))
    scen = app.find_scenario(tiny_path)
    for i in range(3):
        app.start_battle(scen, mode="hotseat", seed=i)
        frame(app, 2)
        app.push(RulesScene(app))
        frame(app)
        app.pop()
        app.reset_to(MenuScene(app))
    # pygame_gui 0.6.14 appends two rects per killed element and never empties the list
    assert len(app.manager.ui_group.lostsprites) == 0
    frame(app)
    assert len(app.manager.ui_group.lostsprites) == 0


def test_leaving_a_scene_frees_what_only_reference_cycles_hold(app_factory):
    import gc
    import weakref

    from game.ui.scenes.menu import MenuScene

    app = app_factory((1024, 700))
    app.to_menu()

    class Junk:  # like a killed pygame_gui text box: a cycle holding a surface
        pass

    was = gc.isenabled()
    gc.disable()  # no automatic collection may do the work here
    try:
        j = Junk()
        j.me, j.surface = j, pygame.Surface((400, 400))
        dead = weakref.ref(j)
        del j
        assert dead() is not None
        app.reset_to(MenuScene(app))
        assert dead() is None
    finally:
        if was:
            gc.enable()


def test_ground_cache_is_bounded_in_bytes_and_keeps_the_step_on_screen():
    from game.ui.camera import ZOOM_STEPS
    from game.ui.map_render import MapRenderer

    tmap = types_map(40.0, 30.0)
    r = MapRenderer(tmap, keep=3, budget=8 * 2**20)
    for ppi in ZOOM_STEPS:
        g = r.ground(ppi)
        assert r.ground(ppi) is g  # the step on screen is always kept
        assert len(r._cache) <= 3
        assert len(r._cache) == 1 or r.cached_bytes() <= r.budget
    big = 40 * 64 * 30 * 64 * 4
    assert r.cached_bytes() == big  # 19 MB at 64 px/inch: over the budget, so alone
    r.show_overlay = not r.show_overlay
    r.ground(ZOOM_STEPS[0])
    r.ground(ZOOM_STEPS[1])
    assert len(r._cache) == 2  # small steps fit together again
    assert not hasattr(r, "_overlay")  # the overlay is baked into the ground, not kept beside it


def types_map(w: float, h: float):
    """A bare open map as the renderer sees it."""
    import types

    return types.SimpleNamespace(
        width=w, height=h, inch=32, source="", deployments=[], zones=[], obstacles=[], links=[]
    )


def test_log_lines_are_not_kept_in_the_shared_text_cache(app_factory, tiny_path):
    from game.ai import make_controller, play_out
    from game.match import Match
    from game.ui import fonts
    from game.ui.log_panel import LogPanel

    app = app_factory((1024, 700))
    scen = app.find_scenario(tiny_path)
    m = Match(scen, seed=3)
    play_out(m, {s.id: make_controller("random", 1) for s in scen.sides})
    panel = LogPanel(pygame.Rect(0, 0, 320, 400))
    fonts.text.cache_clear()
    for ev in m.log:
        panel.add(ev, m.state)
    panel.draw(app.screen)
    assert len(m.log) > 20
    assert fonts.text.cache_info().currsize < 12  # rule ids and the scroll hint only, not one per line


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim")
def test_freed_pages_go_back_to_the_system():
    from game.ui.memory import release_free_memory

    def rss():
        with open("/proc/self/status") as fh:
            return next(int(x.split()[1]) for x in fh if x.startswith("VmRSS:")) * 1024

    if not release_free_memory():
        pytest.skip("no glibc malloc_trim here")
    blocks = [pygame.Surface((100, 100), pygame.SRCALPHA) for _ in range(3000)]  # 120 MB of 40 kB heap blocks
    for b in blocks:
        b.fill((1, 2, 3, 4))
    keep = blocks[::50]  # a few live ones pin the heap in the middle
    before = rss()
    del blocks
    release_free_memory()
    assert rss() < before - 60 * 2**20
    del keep


ARENA_COUNT = """
import ctypes, sys, tempfile, threading
from game.ui.memory import _glibc, limit_arenas
if sys.argv[1] == "limit":
    assert limit_arenas(2)
held, ready = [], threading.Barrier(9)
def work():
    held.append(bytearray(200_000))  # a thread's first allocations come from an arena of its own, if allowed
    held.append([str(i) for i in range(1000)])
    ready.wait()
threads = [threading.Thread(target=work) for _ in range(8)]
for t in threads:
    t.start()
ready.wait()
libc = _glibc()
libc.fopen.restype = ctypes.c_void_p
libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
libc.fclose.argtypes = [ctypes.c_void_p]
with tempfile.NamedTemporaryFile(suffix=".xml") as tmp:
    fh = libc.fopen(tmp.name.encode(), b"w")
    libc.malloc_info(0, fh)
    libc.fclose(fh)
    print(open(tmp.name).read().count("<heap nr="))
for t in threads:
    t.join()
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_threads_share_two_malloc_arenas_when_limited():
    import subprocess

    from game.ui.memory import _glibc

    if not _glibc():
        pytest.skip("no glibc here")

    def arenas(how: str) -> int:
        r = subprocess.run([sys.executable, "-c", ARENA_COUNT, how], capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, r.stderr
        return int(r.stdout.split()[-1])

    assert arenas("limit") <= 2 < arenas("free")
