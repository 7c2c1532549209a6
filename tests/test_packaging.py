"""The Linux bundle's desktop files (packaging/linux): one app id everywhere, a .desktop entry and
AppStream metainfo the standard validators accept, icons in every hicolor size drawn by
tools/make_icon.py, and the window named and iconed as the entry says. .ci/bundle_check builds the
tarball and plays from it; this checks the files it wraps without a build."""

from __future__ import annotations

import configparser
import importlib.util
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest

import game
from game.ui.scenes.app import APP_ID

ROOT = Path(__file__).resolve().parents[1]
LINUX = ROOT / "packaging" / "linux"
DESKTOP = LINUX / f"{APP_ID}.desktop"
METAINFO = LINUX / f"{APP_ID}.metainfo.xml"


def _make_icon():
    spec = importlib.util.spec_from_file_location("make_icon", ROOT / "tools" / "make_icon.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_entry_names_the_launcher_icon_and_window_class():
    entry = _entry()
    assert entry["Type"] == "Application" and entry["Name"] == "Boarders Away!"
    assert entry["Exec"] == "boarders-away" and (LINUX / "boarders-away").is_file()
    assert entry["Icon"] == APP_ID
    assert entry["StartupWMClass"] == APP_ID, "the desktop matches the window to its entry by this class"
    assert "Game" in entry["Categories"].split(";")


@pytest.mark.skipif(not shutil.which("desktop-file-validate"), reason="desktop-file-utils is not installed")
def test_desktop_entry_passes_desktop_file_validate():
    run = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True)
    assert run.returncode == 0 and not run.stdout.strip(), run.stdout + run.stderr


def test_metainfo_matches_the_entry_and_the_version():
    root = ET.parse(METAINFO).getroot()
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == DESKTOP.name
    assert root.findtext("project_license") == "MIT"
    releases = root.findall("releases/release")
    assert releases and releases[0].get("version") == game.__version__, "the newest release is the game's version"
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    for release in releases:
        assert f"## {release.get('version')} " in changelog, f"CHANGELOG.md has no {release.get('version')}"


@pytest.mark.skipif(not shutil.which("appstreamcli"), reason="appstream is not installed")
def test_metainfo_passes_appstreamcli_validate():
    run = subprocess.run(["appstreamcli", "validate", "--no-net", str(METAINFO)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_icons_in_every_size_match_the_drawing_code():
    make_icon = _make_icon()
    pygame.init()
    drawn = make_icon.draw_icon()
    paths = make_icon.icon_paths(str(ROOT))
    assert set(paths) == {16, 24, 32, 48, 64, 128, 256, 512}
    wanted = [*paths.items(), (make_icon.WINDOW_ICON_SIZE, str(ROOT / "assets" / "icon.png"))]
    for size, path in wanted:
        assert os.path.isfile(path), f"{path}: run tools/make_icon.py"
        img = pygame.image.load(path)
        assert img.get_size() == (size, size)
        fresh = make_icon.scaled(drawn, size)
        assert pygame.image.tobytes(img, "RGBA") == pygame.image.tobytes(fresh, "RGBA"), f"{path} is stale"
        assert img.get_at((0, 0)).a < 32 and img.get_at((size // 2, size // 2)).a >= 250  # a rounded tile


def test_the_tarball_script_wraps_every_file_it_names():
    script = (LINUX / "build_tarball.sh").read_text(encoding="utf-8")
    for name in ("boarders-away", "install.sh", "README.txt", "icons"):
        assert f"packaging/linux/{name}" in script and (LINUX / name).exists()
    assert "$APP_ID.desktop" in script and "$APP_ID.metainfo.xml" in script
    assert f"APP_ID={APP_ID}" in script and f"APP_ID={APP_ID}" in (LINUX / "install.sh").read_text(encoding="utf-8")


def test_the_window_gets_its_class_and_icon_before_it_opens(monkeypatch, tmp_path):
    from game.ui.scenes import app as app_module

    for kind in ("DATA", "CONFIG", "STATE"):
        monkeypatch.setenv(f"XDG_{kind}_HOME", str(tmp_path / kind.lower()))
    for var in ("SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID"):
        monkeypatch.delenv(var, raising=False)
    # what importing pygame under X11 leaves there: the script's name
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", os.path.basename(sys.argv[0]))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    order: list[str] = []
    real_set_icon, real_set_mode = pygame.display.set_icon, pygame.display.set_mode

    def set_icon(surface):
        order.append(f"icon {surface.get_width()}")
        return real_set_icon(surface)

    def set_mode(*a, **k):
        order.append("window")
        return real_set_mode(*a, **k)

    monkeypatch.setattr(pygame.display, "set_icon", set_icon)
    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    app = app_module.App((1280, 720))
    app.quit()
    assert order[:2] == ["icon 128", "window"]
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == APP_ID and os.environ["SDL_APP_ID"] == APP_ID


def test_a_window_class_the_player_set_stays(monkeypatch):
    from game.ui.scenes.app import name_the_window

    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "my-class")
    name_the_window()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "my-class"
