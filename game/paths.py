"""Where the game keeps the player's own files, in each OS's usual folders (platformdirs).

Linux: ~/.local/share/boarders-away (saves, autosaves, scenarios), ~/.cache/boarders-away, ~/.config/boarders-away/settings.json,
~/.local/state/boarders-away/log (the XDG_* variables move them); Windows: %LOCALAPPDATA%\\boarders-away;
macOS: ~/Library/Application Support/boarders-away and ~/Library/Logs/boarders-away. The shipped
maps and assets are found elsewhere: game/resources.py.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP = "boarders-away"


def _dirs() -> platformdirs.PlatformDirs:
    # Built on each call: platformdirs reads XDG_* at call time, so tests and users may move them.
    return platformdirs.PlatformDirs(APP, appauthor=False)


def _made(d: Path, create: bool) -> Path:
    if create:
        d.mkdir(parents=True, exist_ok=True)
    return d


def data_dir() -> Path:
    """The player's data folder (holds saves/ and autosaves/)."""
    return _dirs().user_data_path


def save_dir(create: bool = True) -> Path:
    """Saved games (records of games in progress and finished ones)."""
    return _made(data_dir() / "saves", create)


def autosave_dir(create: bool = True) -> Path:
    """Automatic saves, kept apart from the player's own."""
    return _made(data_dir() / "autosaves", create)


def scenarios_dir(create: bool = False) -> Path:
    """The player's own scenario packs: one folder per pack (game/scenario/packs.py)."""
    return _made(data_dir() / "scenarios", create)


def cache_dir(create: bool = True) -> Path:
    """Files the game can make again (the scenario packs' check results)."""
    return _made(_dirs().user_cache_path, create)


def config_dir() -> Path:
    """The player's configuration folder."""
    return _dirs().user_config_path


def settings_path() -> Path:
    """settings.json (game/settings.py reads and writes it)."""
    return config_dir() / "settings.json"


def log_dir(create: bool = True) -> Path:
    """Log files (crash reports, diagnostics)."""
    return _made(_dirs().user_log_path, create)


# the names used before platformdirs; kept so existing callers work
saves_dir = save_dir
settings_file = settings_path
