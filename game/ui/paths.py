"""Where the game keeps the player's files: saves and settings (XDG base directories)."""
from __future__ import annotations

import os
from pathlib import Path

APP = "boarders-away"


def data_dir() -> Path:
    """$XDG_DATA_HOME/boarders-away (default ~/.local/share/boarders-away)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / APP


def saves_dir(create: bool = True) -> Path:
    d = data_dir() / "saves"
    if create:
        d.mkdir(parents=True, exist_ok=True)
    return d


def config_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / APP


def settings_file() -> Path:
    return config_dir() / "settings.json"


def log_dir(create: bool = True) -> Path:
    """The user's log folder (platformdirs ``user_log_dir``): crash tracebacks go here."""
    try:
        from platformdirs import user_log_dir
        d = Path(user_log_dir(APP, appauthor=False))
    except ImportError:  # platformdirs arrives with the install issue; XDG state as a fallback
        base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
        d = Path(base) / APP / "log"
    if create:
        d.mkdir(parents=True, exist_ok=True)
    return d
