"""Screen fuzz (slow): 100,000 seeded random mouse and key events across every scene (and a
battle on every shipped map) under the dummy video driver — no exception may escape, and memory may
not grow by more than 10%.

How memory is measured: RSS (VmRSS from /proc/self/status) and Python's allocated blocks, each time
the cycle of scenes comes back to the menu, just after the menu replaced the last scene (so each
sample is taken at the same point: the previous scene gone, nothing of the next one built yet).
The baseline is the first such sample after the first tenth of the run, and never before one full
cycle of every scene (19,000 events: every scene built once, fonts, theme, imports and caches
loaded); the end is the same sample after the last event. Growth = end / baseline - 1. Before the
fix RSS went 236 → 388 MB; before each battle's AI thread ended with its scene, 232 →
331 MB over 60,000 events (one match, table and AI kept per battle); before the window's threads
shared two malloc arenas (game/ui/memory.py), 229.8 → 247.2 MB over 100,000 events, half used arenas
of finished threads adding up. CI runs it with 38,000 events
(`make soak`, a step of .ci/run bounded to 5 minutes); `make test-long` with 100,000."""

from __future__ import annotations

import gc
import os
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.screen_fuzz import drive, scene_makers

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "scenarios"


def rss_bytes() -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def run_fuzz(total: int, tmp_path, monkeypatch) -> dict:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    from game.ui.scenes.app import App

    app = App((1024, 700), extra_dirs=[DATA])
    try:
        makers = scene_makers(app, app.find_scenario(str(DATA / "tiny.toml")), every_map=True)
        samples = []  # (events sent, RSS bytes, Python allocated blocks) at each return to the menu

        def sample(sent: int) -> None:
            # the previous scene's background work (an AI thread, a reach search, an after-action
            # report, a what-if run) ends with it: sample once it has, not while it still holds a game
            for t in threading.enumerate():
                if t is not threading.main_thread() and t.daemon:
                    t.join(timeout=30)
            gc.collect()
            samples.append((sent, rss_bytes(), sys.getallocatedblocks()))

        t0 = time.perf_counter()
        drive(app, makers, total, seed=20261121, on_cycle=sample)
        makers[0]()  # back to the menu once more: the end sample, at the same point of the cycle
        sample(total)
        return {"samples": samples, "seconds": time.perf_counter() - t0, "scenes": len(makers)}
    finally:
        if app.scenes:
            app.quit()


@pytest.mark.slow
def test_100k_random_events_across_every_scene(tmp_path, monkeypatch):
    total = int(os.environ.get("SCREEN_FUZZ_EVENTS", 100_000))
    r = run_fuzz(total, tmp_path, monkeypatch)
    shown = [(n, round(b / 2**20, 1), k) for n, b, k in r["samples"]]
    print(f"{r['scenes']} scenes, {r['seconds']:.0f} s; samples (events, RSS MB, blocks): {shown}")
    assert len(r["samples"]) >= 2, "too few events for a full cycle of scenes and an end sample"
    # flat: from the first sample after the first tenth of the run (every scene built once by then
    # whatever the run's length: a cycle is 19,000 events) to the end, at most 10 % more
    after = [s for s in r["samples"] if s[0] >= total / 10]
    (_, rss0, blocks0), (_, rss1, blocks1) = after[0], r["samples"][-1]
    assert rss1 <= rss0 * 1.10, f"RSS grew {rss0 / 2**20:.1f} → {rss1 / 2**20:.1f} MB: {shown}"
    assert blocks1 <= blocks0 * 1.10, f"Python allocated blocks grew {blocks0} → {blocks1}: {shown}"
