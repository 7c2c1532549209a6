"""settings.json is read through its schema (game/schema/settings.py): a wrong value falls back to
its default alone and the log names it; the full-screen choice is kept for the next start; the
autosaves have one folder."""

from __future__ import annotations

import json
import logging

import pygame

from game import paths
from game.schema.settings import DEFAULTS
from game.settings import load_settings


def write(data) -> None:
    paths.settings_path().parent.mkdir(parents=True, exist_ok=True)
    paths.settings_path().write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")


def test_each_wrong_value_falls_back_alone_and_the_log_says_which(caplog):
    write({"volume": 0.25, "fps": 9999, "mute": "yes", "anim_speed": 2, "later_version_key": 1})
    with caplog.at_level(logging.WARNING, logger="game"):
        s = load_settings()
    assert s["volume"] == 0.25 and s["anim_speed"] == 2.0
    assert s["fps"] == DEFAULTS["fps"] and s["mute"] is DEFAULTS["mute"]
    assert "later_version_key" not in s
    said = " ".join(r.getMessage() for r in caplog.records)
    assert "fps: " in said and "mute: " in said and "its default is used" in said


def test_a_broken_or_huge_file_gives_the_defaults(caplog):
    for bad in ("{not json", "[1, 2]", " " * (70 * 1024)):
        write(bad)
        assert load_settings() == DEFAULTS
    paths.settings_path().unlink()
    assert load_settings() == DEFAULTS


def test_the_full_screen_choice_is_kept_for_the_next_start():
    from game.ui.scenes.app import App

    app = App((1280, 800))
    assert not app.fullscreen
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="")], 1 / 60)
    assert app.fullscreen and load_settings()["fullscreen"] is True
    app.quit()
    again = App((1280, 800), fullscreen=None)  # a start without a size asked for
    assert again.fullscreen
    again.toggle_fullscreen()
    assert load_settings()["fullscreen"] is False
    again.quit()
    sized = App((1280, 800))  # --size, --frames or --screenshot: the window asked for
    assert not sized.fullscreen
    sized.quit()


def test_one_autosave_folder_and_an_earlier_autosave_still_continues():
    import os

    from game.ui import session

    assert session.autosave_dir is paths.autosave_dir
    assert session.latest_autosave() is None
    earlier = paths.save_dir() / "autosave" / "tiny-20250101-000001.json"
    earlier.parent.mkdir(parents=True)
    earlier.write_text("{}", encoding="utf-8")
    assert session.latest_autosave() == earlier
    newer = paths.autosave_dir() / "tiny-20260101-000001.json"
    newer.write_text("{}", encoding="utf-8")
    os.utime(newer, (earlier.stat().st_mtime + 5, earlier.stat().st_mtime + 5))
    assert session.latest_autosave() == newer
