"""Player settings, stored as JSON in the config folder and read through their schema
(game/schema/settings.py): a wrong or missing value takes its default, alone, and the log says so."""

from __future__ import annotations

import json
import logging

import msgspec

from game.paths import settings_path
from game.schema import read_bounded, validate
from game.schema.settings import DEFAULTS, MAX_BYTES, SettingsFile

log = logging.getLogger(__name__)


class _Fault(Exception):
    def __init__(self, place: str, what: str):
        super().__init__(f"{place}: {what}")
        self.place = place


def _fail(place: str, what: str):
    raise _Fault(place, what)


def load_settings() -> dict:
    """The settings: the file's values over the defaults; each value the schema refuses is dropped."""
    path = settings_path()
    try:
        data = json.loads(read_bounded(path, MAX_BYTES, _fail))
    except _Fault as e:
        if path.exists():
            log.warning("%s: %s; the defaults are used", path, e)
        return dict(DEFAULTS)
    except ValueError as e:  # not JSON, or not UTF-8
        log.warning("%s: not JSON (%s); the defaults are used", path, str(e)[:200])
        return dict(DEFAULTS)
    if not isinstance(data, dict):
        log.warning("%s: not a JSON object; the defaults are used", path)
        return dict(DEFAULTS)
    for _ in range(len(DEFAULTS) + 1):  # each round drops one refused key
        try:
            return msgspec.structs.asdict(validate(data, SettingsFile, _fail))
        except _Fault as e:
            key = e.place.split(".")[0].split("[")[0]
            if key not in data:
                break
            log.warning("%s: %s; its default is used", path, e)
            del data[key]
    return dict(DEFAULTS)


def save_settings(values: dict) -> str | None:
    """Write the settings; None when written, else one line saying which file and why not (the
    settings screen shows it: the choices still hold for this session)."""
    from game.atomic_write import write_atomic
    from game.schema.text import one_line

    p = settings_path()
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(p, json.dumps({k: values[k] for k in DEFAULTS if k in values}, indent=1))
    except OSError as e:
        log.warning("%s: cannot save the settings: %s", p, e)
        return one_line(f"Could not save the settings to {e.filename or p}: {e.strerror or e}", 200)
    return None
