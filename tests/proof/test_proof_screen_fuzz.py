"""Screen fuzz (issue 10, slow): 100,000 seeded random mouse and key events across every scene under
the dummy video driver — no exception may escape, and memory (RSS and Python's allocated blocks)
may not grow by more than 10% between the end of a warm-up and the end of the run."""
from __future__ import annotations

import gc
import importlib.util
import os
import random
import time
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "scenarios"

_spec = importlib.util.spec_from_file_location("ui_fuzz_events", ROOT / "tests" / "ui" / "test_fuzz.py")
_fuzz = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_fuzz)
random_event = _fuzz.random_event  # the same event mix as tests/ui/test_fuzz.py


def rss_bytes() -> int:
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def run_fuzz(total: int, tmp_path, monkeypatch, warmup_share: float = 0.2) -> dict:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    from game.ai import make_controller, play_out
    from game.match import Match, record_of
    from game.scenario import list_scenarios
    from game.ui.app import App
    from game.ui.scenes.handover import HandoverScene
    from game.ui.scenes.load import LoadScene
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.replay import ReplayScene
    from game.ui.scenes.results import ResultsScene
    from game.ui.scenes.rules_ref import RulesScene
    from game.ui.scenes.settings import SettingsScene

    app = App((1024, 700), extra_dirs=[DATA])
    try:
        tiny = app.find_scenario(str(DATA / "tiny.toml"))
        done = Match(tiny, seed=5)
        play_out(done, {s.id: make_controller("random", 2) for s in tiny.sides})
        app.settings["ai_delay"] = 0.0
        makers = [
            lambda: app.reset_to(MenuScene(app)),
            lambda: app.start_battle(tiny, mode="hotseat", seed=1),
            lambda: app.start_battle(tiny, mode="solo", seed=2, ai="random"),
            lambda: app.start_battle(tiny, mode="demo", seed=3, ai="random"),
            lambda: app.reset_to(HandoverScene(app, done, tiny.sides[1].id, done.log)),
            lambda: app.reset_to(ResultsScene(app, done)),
            lambda: app.reset_to(ReplayScene(app, record_of(done))),
            lambda: app.reset_to(RulesScene(app)),
            lambda: app.reset_to(SettingsScene(app)),
            lambda: app.reset_to(LoadScene(app)),
        ]
        for i, sc in enumerate(sorted(list_scenarios(), key=lambda s: s.id)):  # every shipped map's battle
            makers.append(lambda sc=sc, i=i: app.start_battle(sc, mode="hotseat" if i % 2 else "solo",
                                                              seed=10 + i, ai="random"))
        rng = random.Random(20261121)
        per_frame, frames_per_scene = 10, 100
        sent = frame_no = 0
        warm = None
        samples = []
        t0 = time.perf_counter()
        while sent < total:
            if frame_no % frames_per_scene == 0:
                makers[(frame_no // frames_per_scene) % len(makers)]()
            batch = [random_event(rng, app.screen.get_size()) for _ in range(per_frame)]
            sent += len(batch)
            app.step(batch + pygame.event.get(), 1 / 30)
            app.running = True  # the menu's Quit button only ends the loop
            frame_no += 1
            # measure once a whole cycle of scenes has run after the warm-up share, so both ends
            # are taken at the same point of the cycle
            cycle = frames_per_scene * len(makers)
            if frame_no % cycle == 0:
                gc.collect()
                samples.append((sent, round(rss_bytes() / 2**20, 1), sys_blocks()))
            if warm is None and sent >= total * warmup_share and frame_no % cycle == 0:
                gc.collect()
                warm = (rss_bytes(), sys_blocks(), frame_no)
        makers[0]()
        app.step([], 1 / 30)
        gc.collect()
        end = (rss_bytes(), sys_blocks(), frame_no)
        return {"warm": warm, "end": end, "seconds": time.perf_counter() - t0, "scenes": len(makers), "samples": samples}
    finally:
        if app.scenes:
            app.quit()


def sys_blocks() -> int:
    import sys
    return sys.getallocatedblocks()


@pytest.mark.slow
@pytest.mark.xfail(strict=False, reason="issue 10 finding: RSS grows ~40-75 MB per cycle of scenes (236 -> 388 MB over "
                   "100k events) while Python's own heap grows ~6%: C-side surfaces/pygame_gui; remove once fixed")
def test_100k_random_events_across_every_scene(tmp_path, monkeypatch):
    total = int(os.environ.get("SCREEN_FUZZ_EVENTS", 100_000))
    r = run_fuzz(total, tmp_path, monkeypatch)
    print({k: v for k, v in r.items() if k != 'samples'}, 'samples (events, RSS MB, blocks):', r['samples'])
    assert r["warm"] is not None, r
    (rss0, blocks0, _), (rss1, blocks1, _) = r["warm"], r["end"]
    assert rss1 <= rss0 * 1.10, f"RSS grew {rss0 / 2**20:.1f} → {rss1 / 2**20:.1f} MB"
    assert blocks1 <= blocks0 * 1.10, f"Python allocated blocks grew {blocks0} → {blocks1}"
