"""Untrusted files in the window: a bad save shows one line and the window stays; a crash
inside a running game offers to save what it can, returns to the menu and logs the traceback; a bad
scenario file hides none of the others."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
import pytest  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data" / "scenarios"


def _press(app, scene, element):
    ev = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element)
    scene.handle(ev, True)


@pytest.fixture
def played_save(app_factory):
    """A real save of the tiny scenario, a few decisions in."""
    from game.ai import make_controller
    from game.match import Match, record_of
    from game.scenario import load_scenario

    scen = load_scenario(DATA / "tiny.toml")
    m = Match(scen, seed=4)
    ctrl = make_controller("random", 1)
    for _ in range(6):
        m.apply(ctrl.decide(m))
    return record_of(m).to_json()


def _choose(ls, name: str) -> None:
    ls.choice = next(t for t, e in ls.rows.items() if e.path.name == name)


@pytest.mark.parametrize(
    "options,place",
    [
        ({"fire": {"cell": 0}}, "options.fire.cell"),
        ({"fire": {"spread": 10**15}}, "options.fire.spread"),
        ({"specials": [1, 2]}, "options.specials"),
        ({"conditions": 5}, "options.conditions"),
    ],
)
def test_resume_of_save_with_bad_option_shows_one_line_and_stays(app_factory, played_save, options, place, caplog):
    """The window says it in a player's words; the log keeps the place and the fault."""
    from game.paths import saves_dir
    from game.ui.scenes.load import LoadScene

    rec = dict(played_save, options=options)
    (saves_dir() / "bad.json").write_text(json.dumps(rec))
    app = app_factory()
    app.to_menu()
    ls = LoadScene(app)
    app.push(ls)
    _choose(ls, "bad.json")
    caplog.clear()
    _press(app, ls, ls.resume)
    app.step([], 1 / 60)
    assert app.top is ls and ls.error == "This save asks for rules settings this game cannot use.", ls.error
    assert any(place in r.getMessage() and "bad.json" in r.getMessage() for r in caplog.records)
    _press(app, ls, ls.watch)
    app.step([], 1 / 60)
    assert app.top is ls and ls.error == "This save asks for rules settings this game cannot use."


def test_resume_against_changed_scenario_says_so(app_factory, played_save, tmp_path):
    from game.paths import saves_dir
    from game.ui.scenes.load import LoadScene

    (saves_dir() / "changed.json").write_text(json.dumps(dict(played_save, scenario_hash="1" * 64)))
    app = app_factory()
    app.to_menu()
    ls = LoadScene(app)
    app.push(ls)
    _choose(ls, "changed.json")
    _press(app, ls, ls.resume)
    assert app.top is ls and "has changed" in ls.error and "scenario_hash" not in ls.error, ls.error


def test_crash_in_a_running_game_offers_a_save_and_returns_to_the_menu(app_factory, monkeypatch):
    from game.paths import log_dir
    from game.scenario import load_scenario
    from game.ui.scenes.crash import CrashScene

    monkeypatch.setenv("XDG_STATE_HOME", str(Path(os.environ["XDG_DATA_HOME"]).parent / "state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(Path(os.environ["XDG_DATA_HOME"]).parent / "cache"))
    app = app_factory()
    sc = app.start_battle(load_scenario(DATA / "tiny.toml"), mode="demo", seed=3, ai="random")
    app.step([], 1 / 60)

    def boom(dt):
        raise ZeroDivisionError("float division by zero")

    monkeypatch.setattr(sc, "update", boom)
    tops = []
    real_quit = app.quit
    monkeypatch.setattr(app, "quit", lambda: (tops.append(app.top), real_quit()))
    assert app.run(frames=3) == 0  # the window stayed up to its last frame
    assert len(app.crashes) == 1
    log = Path(app.crashes[0])
    assert log.parent == log_dir(create=False) and "ZeroDivisionError" in log.read_text()
    crash = tops[0]
    assert isinstance(crash, CrashScene) and crash.match is sc.match and crash.save_btn is not None
    assert "ZeroDivisionError" in crash.message


def test_crash_scene_saves_the_game_so_far_and_goes_to_the_menu(app_factory):
    from game.match import load_match, load_record
    from game.scenario import load_scenario
    from game.ui.scenes.crash import CrashScene
    from game.ui.scenes.menu import MenuScene

    app = app_factory()
    sc = app.start_battle(load_scenario(DATA / "tiny.toml"), mode="demo", seed=3, ai="random")
    for _ in range(30):
        app.step([], 1 / 60)
    crash = CrashScene(app, ZeroDivisionError("float division by zero"), "/tmp/x.log", sc.match)
    app.reset_to(crash)
    app.step([], 1 / 60)
    _press(app, crash, crash.save_btn)
    assert crash.saved.startswith("Saved to "), crash.saved
    path = crash.saved[len("Saved to ") :].split(": Load")[0]
    rec = load_record(path)
    assert load_match(rec, [DATA]).hashes == sc.match.hashes[: len(rec.decisions)]
    _press(app, crash, crash.menu_btn)
    assert isinstance(app.top, MenuScene)


def test_menu_lists_good_scenarios_and_names_a_bad_one(app_factory, tmp_path):
    from game.ui.scenes.menu import MenuScene

    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "good.toml").write_text((DATA / "tiny.toml").read_text().replace('id = "tiny"', 'id = "good"'))
    (folder / "broken.toml").write_text('title = "x"\npreset = 3\n')
    app = app_factory()
    app.extra_dirs.append(folder)
    app.to_menu()
    menu = app.top
    assert isinstance(menu, MenuScene)
    ids = {s.id for s in menu.scenarios}
    assert {"good", "tiny", "boarding_action"} <= ids
    assert "broken.toml" in menu.error and "\n" not in menu.error
    # the line fits its label, however deep the pack's folder: the path's middle gives way, the
    # file's name and the fault stay readable
    shown = menu.err_label.text
    assert menu.err_label.font.size(shown)[0] <= menu.err_label.rect.w
    assert shown.startswith("Skipped a scenario file") and shown.endswith("expected a string, got an integer")
    app.step([], 1 / 60)
