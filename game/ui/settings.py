"""Player settings, stored as JSON in the config folder; unknown or bad values fall back to defaults."""

from __future__ import annotations

import json

from .paths import settings_path

DEFAULTS = {
    "edge_pan": True,
    "show_grid": True,
    "show_overlay": False,
    "anim_speed": 1.0,
    "demo_speed": 1,
    "ai_delay": 0.5,
    "fps": 60,
    "volume": 0.7,
    "mute": False,
}


def load_settings() -> dict:
    out = dict(DEFAULTS)
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8-sig"))  # a BOM an editor added is fine
    except (OSError, ValueError):
        return out
    if isinstance(data, dict):
        for k, v in data.items():
            if k in DEFAULTS and type(v) is type(DEFAULTS[k]):
                out[k] = v
    return out


def save_settings(values: dict) -> str | None:
    """Write the settings; None when written, else one line saying which file and why not (the
    settings screen shows it: the choices still hold for this session)."""
    from game.match import write_atomic
    from game.schema.text import one_line

    p = settings_path()
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(p, json.dumps({k: values[k] for k in DEFAULTS if k in values}, indent=1))
    except OSError as e:
        return one_line(f"Could not save the settings to {e.filename or p}: {e.strerror or e}", 200)
    return None
