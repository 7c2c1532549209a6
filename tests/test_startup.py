"""Start-up failures are one line each; --version; every option of every subcommand has help text."""

import argparse
import os
import subprocess
import sys
import types
from pathlib import Path

import pygame
import pytest

from game import __version__, cli, startup

ROOT = Path(__file__).resolve().parents[1]


def _walk(parser: argparse.ArgumentParser, path=()):
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _walk(sub, (*path, name))


def test_every_option_of_every_subcommand_has_help_text():
    seen = set()
    for path, parser in _walk(cli.build_parser()):
        seen.add(path)
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for choice in action._choices_actions:
                    assert choice.help, f"boarders {' '.join(path)} {choice.dest}: subcommand without help"
                continue
            assert action.help and action.help != argparse.SUPPRESS, (
                f"boarders {' '.join(path)} {action.option_strings or action.dest}: no help text"
            )
    assert {("play",), ("simulate",), ("replay",), ("check-map",), ("scenarios",), ("odds", "pyrates")} <= seen


def test_version_prints_the_package_version(capsys):
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"boarders {__version__}"


def test_plain_pygame_is_one_line_with_the_fix(monkeypatch):
    monkeypatch.setitem(sys.modules, "pygame", types.ModuleType("pygame"))  # plain pygame: no IS_CE
    msg = startup.pygame_problem()
    assert msg and "\n" not in msg and "pygame-ce" in msg and "pip install --force-reinstall pygame-ce" in msg


def test_pygame_ce_has_no_problem():
    assert startup.pygame_problem() is None


def test_plain_pygame_stops_the_window_with_exit_2(monkeypatch, capsys):
    monkeypatch.setattr(startup, "pygame_problem", lambda: "plain pygame is installed in place of pygame-ce")
    assert startup.run_window(argparse.Namespace(frames=None, screenshot=None)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "pygame-ce" in err[0]


def test_offscreen_or_dummy_driver_means_no_window(capsys):
    """Under the dummy driver (the test set-up), an interactive start reports it and asks for headless."""
    assert os.environ.get("SDL_VIDEODRIVER") == "dummy"
    assert startup.run_window(argparse.Namespace(frames=None, screenshot=None)) is None
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no display" in err[0] and "dummy" in err[0]


def test_pygame_error_at_start_is_one_line_exit_2(monkeypatch, capsys):
    def broken():
        raise pygame.error("Couldn't open X11 display\nsecond line")

    monkeypatch.setattr(startup, "no_window_reason", broken)
    assert startup.run_window(argparse.Namespace(frames=None, screenshot=None)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "window failed to start" in err[0] and "X11" in err[0]


@pytest.mark.skipif(sys.platform != "linux", reason="a stale X11 DISPLAY")
def test_stale_display_plays_the_headless_demo(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")}
    env.update(DISPLAY=":97", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT), XDG_DATA_HOME=str(tmp_path))
    r = subprocess.run(
        [sys.executable, "-m", "game", "play", "--ai", "random", "--seed", "1"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert "no display" in r.stderr and "Traceback" not in r.stderr
    assert r.stdout.strip().splitlines()[-1].startswith("Result:")
