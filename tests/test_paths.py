"""The player's folders come from platformdirs (per OS); the XDG variables move them on Linux."""

import sys

import platformdirs
import pytest

from game import paths, settings


def test_folders_are_the_platformdirs_ones():
    d = platformdirs.PlatformDirs("boarders-away", appauthor=False)
    assert paths.save_dir(create=False) == d.user_data_path / "saves"
    assert paths.autosave_dir(create=False) == d.user_data_path / "autosaves"
    assert paths.settings_path() == d.user_config_path / "settings.json"
    assert paths.log_dir(create=False) == d.user_log_path


def test_old_names_still_work(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert paths.saves_dir() == paths.save_dir() and paths.save_dir().is_dir()
    assert paths.settings_file() == paths.settings_path()


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="XDG variables are Linux/BSD")
def test_xdg_variables_move_every_folder_and_settings_round_trip(tmp_path, monkeypatch):
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var))
    assert paths.save_dir().parent == tmp_path / "XDG_DATA_HOME" / "boarders-away"
    assert paths.autosave_dir().is_dir() and paths.log_dir().is_dir()
    assert str(paths.log_dir()).startswith(str(tmp_path / "XDG_STATE_HOME"))
    s = settings.load_settings()
    s["show_grid"] = not s["show_grid"]
    settings.save_settings(s)
    assert paths.settings_path().parent == tmp_path / "XDG_CONFIG_HOME" / "boarders-away"
    assert settings.load_settings()["show_grid"] == s["show_grid"]
