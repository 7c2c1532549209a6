"""Shipped data (maps/, assets/) is found through game/resources.py, in the source tree and in a wheel."""

import importlib.util
from pathlib import Path

import pytest

from game import resources

ROOT = Path(__file__).resolve().parents[1]


def test_source_tree_finds_the_top_level_maps_and_assets():
    assert resources.maps_dir() == ROOT / "maps"
    assert resources.assets_dir() == ROOT / "assets"
    assert resources.map_path("boarding_action.tmx").is_file()


def test_scenario_registry_uses_the_resources_maps_folder():
    from game.scenario import MAPS_DIR, scenario_files

    assert MAPS_DIR == resources.maps_dir()
    assert {p.stem for p in scenario_files()} >= {"boarding_action"}


def test_packaged_data_is_preferred_over_the_source_tree():
    root = resources._package_root()
    assert resources.candidates("maps") == [root / "_data" / "maps", root.parent / "maps"]


def test_missing_data_is_one_clear_line(monkeypatch, tmp_path):
    monkeypatch.setattr(resources, "_package_root", lambda: tmp_path / "game")
    resources.data_dir.cache_clear()
    try:
        with pytest.raises(resources.MissingData) as e:
            resources.data_dir("maps")
        assert "\n" not in str(e.value) and "maps/ folder is missing" in str(e.value)
        assert resources.data_dir("maps", must_exist=False) == tmp_path / "game" / "_data" / "maps"
    finally:
        resources.data_dir.cache_clear()


def test_no_scenarios_found_is_one_line_exit_2(monkeypatch, tmp_path, capsys):
    from game import cli
    from game.scenario import registry

    monkeypatch.setattr(registry, "MAPS_DIR", tmp_path / "nothing")
    monkeypatch.setattr("game.scenario.MAPS_DIR", tmp_path / "nothing")
    assert cli.main(["scenarios"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no scenarios found" in err[0]
    assert cli.main(["play", "boarding_action", "--headless"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no scenarios found" in err[0]


def test_wheel_build_copies_maps_and_assets_into_the_package(tmp_path, monkeypatch):
    """setup.py's build_py puts maps/ and assets/ under game/_data, where resources.py looks first
    (.ci/wheel_check builds and installs the real wheel)."""
    import setuptools

    monkeypatch.setattr(setuptools, "setup", lambda **kw: kw)  # load setup.py's helpers only
    spec = importlib.util.spec_from_file_location("boarders_setup", ROOT / "setup.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.copy_data(tmp_path)
    data = tmp_path / "game" / "_data"
    for p in (ROOT / "maps").rglob("*"):
        if p.is_file() and "__pycache__" not in p.parts:
            assert (data / "maps" / p.relative_to(ROOT / "maps")).is_file(), p
    assert (data / "assets" / "tiles" / "boarders.png").is_file()
    assert (data / "assets" / "sounds" / "dice.wav").is_file()
