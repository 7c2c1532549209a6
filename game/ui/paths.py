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
