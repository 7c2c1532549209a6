"""The log file a player can send: Python's ``logging`` into ``boarders.log`` in the user log folder
(game/paths.py), rotated at 1 MB with three old files kept.

Each run starts with a header: the game's version, the platform, Python, SDL and the libraries'
versions, the command line and the settings, so a report says what it ran on. ``--log-level``
(debug, info, warning, error) says how much it keeps; the game, ``simulate`` and ``replay`` write
it, the quick commands (listing, checking, completion) only when given ``--log-level``. A crash
report (game/ui/scenes/crash.py) ends with the log's last lines (``tail``).
"""

from __future__ import annotations

import json
import logging
import logging.handlers
import platform
import sys
from pathlib import Path

LEVELS = ("debug", "info", "warning", "error")
FILE_NAME = "boarders.log"
MAX_BYTES = 1024 * 1024
BACKUPS = 3
#: the commands that log to the file without being asked
LOGGED_COMMANDS = ("play", "simulate", "replay")
#: the libraries whose versions head each run
LIBRARIES = ("pygame-ce", "pygame_gui", "pymunk", "pytmx", "tcod", "numpy", "msgspec", "platformdirs", "defusedxml")
FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"
#: the first line of each run
HEADER = "---- boarders"

log = logging.getLogger("game")
_handler: logging.Handler | None = None


def log_path() -> Path:
    from game.paths import log_dir

    return log_dir(create=False) / FILE_NAME


def versions(with_sdl: bool = False) -> dict[str, str]:
    """The game's, Python's, the platform's and the libraries' versions (SDL's with ``with_sdl``)."""
    from importlib import metadata

    from game import __version__

    out = {
        "boarders": __version__,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "frozen": "yes" if getattr(sys, "frozen", False) else "no",
    }
    if with_sdl:
        try:
            import pygame

            out["sdl"] = ".".join(map(str, pygame.get_sdl_version()))
        except (ImportError, AttributeError):
            out["sdl"] = "unavailable"
    for name in LIBRARIES:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "not installed"
    return out


def start_logging(args) -> Path | None:
    """Log to the file for this run (as ``args.command`` and ``args.log_level`` say) and write the
    header; the file's path, or None when this run keeps no log (or the folder cannot be written)."""
    global _handler
    command = getattr(args, "command", None) or "play"
    level = getattr(args, "log_level", None)
    if level is None and command not in LOGGED_COMMANDS:
        return None
    try:
        path = log_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", delay=False
        )
    except OSError as e:
        print(f"warning: no log file: {e}", file=sys.stderr)
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    stop_logging()
    _handler = handler
    log.addHandler(handler)
    log.setLevel(getattr(logging, (level or "info").upper()))
    log.propagate = False
    sys.excepthook = _log_uncaught
    _header(args, command)
    return path


def stop_logging() -> None:
    """Close this run's log file (tests start several runs in one process)."""
    global _handler
    if _handler is not None:
        log.removeHandler(_handler)
        _handler.close()
        _handler = None
        log.propagate = True
    if sys.excepthook is _log_uncaught:
        sys.excepthook = sys.__excepthook__


def _header(args, command: str) -> None:
    log.info("%s %s", HEADER, " ".join(sys.argv[1:]) or command)
    for k, v in versions(with_sdl=command == "play").items():
        log.info("%s: %s", k, v)
    if command == "play":
        try:
            from game.settings import load_settings

            log.info("settings: %s", json.dumps(load_settings(), sort_keys=True))
        except Exception as e:  # noqa: BLE001 - the header must not stop the game
            log.info("settings: unreadable (%s)", type(e).__name__)


def _log_uncaught(kind, value, tb) -> None:
    log.critical("uncaught %s: %s", kind.__name__, value, exc_info=(kind, value, tb))
    sys.__excepthook__(kind, value, tb)


def tail(lines: int = 200, path: Path | None = None) -> list[str]:
    """The last ``lines`` lines of the log file, from this run's header when it is among them ([]
    without a file); reads at most 256 KB."""
    path = path or log_path()
    if _handler is not None:
        _handler.flush()
    try:
        with open(path, "rb") as fh:
            fh.seek(0, 2)
            size = fh.tell()
            fh.seek(max(0, size - 256 * 1024))
            text = fh.read().decode("utf-8", "replace")
    except OSError:
        return []
    out = text.splitlines()[-lines:]
    starts = [i for i, line in enumerate(out) if HEADER in line]
    return out[starts[-1] :] if starts else out
