"""SIGTERM and SIGHUP autosave a game in progress and close the window cleanly: a real process is
started, signalled once its handlers are in place, and must exit 0 leaving an autosave that
resumes as it was played."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]


def _catches(pid: int, sig: int) -> bool:
    """Has the process installed a handler for ``sig`` (Linux: SigCgt in /proc/PID/status)?"""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    for line in text.splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) & (1 << (sig - 1)))
    return False


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc to know the handlers are in")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_mid_battle_autosaves_and_exits_cleanly(tmp_path, sig):
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        XDG_DATA_HOME=str(tmp_path / "data"),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        XDG_STATE_HOME=str(tmp_path / "state"),
    )
    # --frames: the window under the dummy driver (without it the game plays headless)
    args = ["play", "boarding_action", "--mode", "solo", "--ai", "easy", "--seed", "4", "--size", "1280x720"]
    args += ["--frames", "100000"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not _catches(proc.pid, sig):
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the window never took the signal"
            time.sleep(0.05)
        time.sleep(0.5)  # a few frames of the battle
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    assert f"stopped by {signal.Signals(sig).name}: the game was autosaved to" in err, err
    assert "Traceback" not in err
    saves = list((tmp_path / "data" / "boarders-away" / "autosaves").glob("*.json"))
    assert len(saves) == 1
    from game.match import load_record

    rec = load_record(saves[0])
    assert rec.scenario == "boarding_action" and rec.meta["mode"] == "solo" and rec.seed == 4


def test_a_signal_behind_the_leave_question_still_saves_and_stops(app_factory):
    from game.ui.session import autosaves
    from game.ui.stop_signals import stop_for_signal

    app = app_factory((1280, 720))
    scene = app.start_battle(app.find_scenario("boarding_action"), mode="hotseat", seed=4)
    app.step(pygame.event.get(), 1 / 60)
    assert scene.ask_leave("quit") and scene.leave_dialog is not None
    path = stop_for_signal(app, signal.SIGTERM)
    assert not app.running and path is not None and Path(path) in autosaves()


def test_a_finished_or_demo_game_has_nothing_to_save(app_factory):
    from game.ui.stop_signals import stop_for_signal

    app = app_factory((1280, 720))
    app.start_battle(app.find_scenario("boarding_action"), mode="demo", seed=4)
    assert stop_for_signal(app, signal.SIGHUP) is None and not app.running
