"""The log file a player can send (game/logfile.py): each run starts with the versions and the
settings, --log-level sets how much is kept, the file rotates, and a crash report holds the seed,
a record that replays to the crash and the log's last lines."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

import pytest

from game import __version__
from game.cli import main
from game.logfile import log_path, start_logging, stop_logging

DATA = Path(__file__).resolve().parent / "data" / "scenarios"


@pytest.fixture(autouse=True)
def _own_folders(tmp_path, monkeypatch):
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))
    yield
    stop_logging()


def test_a_run_starts_with_versions_and_settings(capsys):
    assert main(["play", "duel_on_the_quarterdeck", "--headless", "--ai", "random", "--seed", "5"]) == 0
    stop_logging()
    text = log_path().read_text(encoding="utf-8")
    head = text.splitlines()[0]
    assert "---- boarders" in head
    for key in (f"boarders: {__version__}", "python: ", "platform: ", "sdl: ", "pygame-ce: ", "pymunk: "):
        assert key in text, key
    assert '"fullscreen": false' in text and '"volume": 0.7' in text


def test_log_level_sets_what_is_kept_and_a_bad_one_is_refused(capsys):
    assert main(["scenarios", "--ids"]) == 0  # a quick command keeps no log unless asked
    assert not log_path().exists()
    assert main(["scenarios", "--ids", "--log-level", "warning"]) == 0
    logging.getLogger("game.test").info("not kept at warning")
    logging.getLogger("game.test").warning("kept at warning")
    stop_logging()
    text = log_path().read_text(encoding="utf-8")
    assert "kept at warning" in text and "not kept" not in text
    assert main(["scenarios", "--log-level", "chatty"]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "'chatty'" in line and "debug" in line


def test_the_file_rotates(monkeypatch):
    import game.logfile as lf

    monkeypatch.setattr(lf, "MAX_BYTES", 4000)
    start_logging(argparse.Namespace(command="simulate", log_level="info"))
    for i in range(400):
        logging.getLogger("game.test").info("line %d of a long run", i)
    stop_logging()
    names = sorted(p.name for p in log_path().parent.glob("boarders.log*"))
    assert names == ["boarders.log", "boarders.log.1", "boarders.log.2", "boarders.log.3"]
    assert all(p.stat().st_size <= 4200 for p in log_path().parent.glob("boarders.log*"))


def test_the_tail_starts_at_this_runs_header():
    from game.logfile import tail

    start_logging(argparse.Namespace(command="simulate", log_level="info"))
    logging.getLogger("game.test").info("from the first run")
    start_logging(argparse.Namespace(command="simulate", log_level="info"))
    logging.getLogger("game.test").info("from the second run")
    got = tail(200)
    assert "---- boarders" in got[0] and got[-1].endswith("from the second run")
    assert not any("from the first run" in line for line in got)
    assert len(tail(3)) == 3


def test_a_crash_report_has_the_seed_a_record_to_replay_and_the_log_tail(monkeypatch):
    from game.match import load_record, replay
    from game.scenario import load_scenario
    from game.ui.scenes.app import App

    start_logging(argparse.Namespace(command="play", log_level=None))
    app = App((1280, 800), extra_dirs=[DATA])
    app.settings["ai_thread"] = False
    sc = app.start_battle(load_scenario(DATA / "tiny.toml"), mode="demo", seed=31, ai="random")
    for _ in range(40):
        app.step([], 1 / 60)

    def boom(dt):
        raise ZeroDivisionError("float division by zero")

    monkeypatch.setattr(sc, "update", boom)
    app.run(frames=2)
    report = Path(app.crashes[0]).read_text(encoding="utf-8")
    assert "ZeroDivisionError: float division by zero" in report and "Traceback" in report
    assert "seed: 31" in report and "scenario: tiny" in report
    record = Path(next(x for x in report.splitlines() if x.startswith("record: ")).split()[1])
    rec = load_record(record)
    assert len(rec.decisions) == len(sc.match.decisions) > 0
    assert replay(rec, scenario=str(DATA / "tiny.toml")).ok
    tail = report.split("The log's last lines:\n", 1)[1]
    assert "---- boarders" in tail and "battle: tiny" in tail and "the game hit ZeroDivisionError" in tail
