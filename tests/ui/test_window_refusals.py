"""The window tells you: a scenario named on the command line that cannot be played opens on a
screen showing its one line (exit status 2), never on another scenario; a file-writing button
whose folder cannot be written says so in the window instead of raising."""

from __future__ import annotations

import os
from pathlib import Path
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
BAD = ROOT / "tests" / "data" / "bad_scenarios"


def args(scenario: str | None, mode: str | None = None) -> SimpleNamespace:
    return SimpleNamespace(scenario=scenario, mode=mode, seed=1, preset=None, side=None, ai="random")


def press(scene, element) -> None:
    scene.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element), True)


@pytest.mark.parametrize(
    ("name", "mode", "fault"),
    [
        ("side_no_figures.toml", None, "side 'green' has no figures"),
        ("side_no_figures.toml", "demo", "side 'green' has no figures"),
        ("map_bad.toml", None, "bad_map.tmx: zones object pond: polygon intersects itself"),
        ("map_bad.toml", "solo", "bad_map.tmx: zones object pond: polygon intersects itself"),
        ("map_bad.toml", "hotseat", "bad_map.tmx"),
        ("no_such_file.toml", "demo", "cannot read"),
    ],
)
def test_a_refused_scenario_opens_on_its_line_and_plays_nothing_else(app_factory, capsys, name, mode, fault):
    from game.ui.scenes.refused import RefusedScene

    app = app_factory()
    app.start_from_args(args(str(BAD / name), mode))
    app.step([], 1 / 60)
    assert isinstance(app.top, RefusedScene), type(app.top).__name__
    assert app.top.line.startswith(str(BAD / name)) and fault in app.top.line and "\n" not in app.top.line
    assert app.exit_code == 2
    assert capsys.readouterr().err.count(fault) == 1  # said once on stderr too
    press(app.top, app.top.menu_btn)
    assert type(app.top).__name__ == "MenuScene"


def test_an_unknown_scenario_id_is_refused_not_replaced(app_factory):
    from game.ui.scenes.refused import RefusedScene

    app = app_factory()
    app.start_from_args(args("no_such_scenario", "demo"))
    assert isinstance(app.top, RefusedScene) and "no_such_scenario" in app.top.line


def test_a_good_scenario_file_still_opens_the_menu_on_it(app_factory):
    app = app_factory()
    app.start_from_args(args(str(ROOT / "tests" / "data" / "scenarios" / "tiny.toml")))
    assert type(app.top).__name__ == "MenuScene" and app.top.scenario.title == "Tiny skirmish"
    assert app.exit_code == 0


def test_save_record_on_an_unwritable_data_folder_says_so_in_the_window(app_factory, tmp_path, monkeypatch):
    from game.ai import make_controller, play_out
    from game.match import Match
    from game.scenario import load_scenario
    from game.ui.scenes.results import ResultsScene

    scen = load_scenario(ROOT / "tests" / "data" / "scenarios" / "tiny.toml")
    m = Match(scen, seed=2)
    play_out(m, {s.id: make_controller("random", 1) for s in scen.sides})
    app = app_factory()
    blocked = tmp_path / "not_a_folder"
    blocked.write_text("")  # the data folder is a file: making saves/ in it fails, even for root
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    scene = ResultsScene(app, m)
    app.reset_to(scene)
    press(scene, scene.save_btn)
    app.step([], 1 / 60)
    assert app.top is scene and scene.msg.text.startswith("Could not save to ") and "not_a_folder" in scene.msg.text


def test_settings_that_cannot_be_written_say_so_on_the_settings_screen(app_factory, tmp_path, monkeypatch):
    from game.ui.scenes.settings import SettingsScene

    app = app_factory()
    blocked = tmp_path / "not_a_folder"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(blocked))
    scene = SettingsScene(app)
    app.reset_to(scene)
    press(scene, scene.toggles["show_grid"])
    assert scene.problem.text.startswith("Could not save the settings to ") and "not_a_folder" in scene.problem.text
    app.step([], 1 / 60)
    assert app.top is scene


def test_settings_written_with_a_bom_are_read():
    import json

    from game.paths import settings_path
    from game.settings import load_settings

    p = settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(b"\xef\xbb\xbf" + json.dumps({"show_grid": True, "volume": 0.25}).encode())
    s = load_settings()
    assert s["show_grid"] is True and s["volume"] == 0.25
