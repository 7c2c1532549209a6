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
    "ask_end_turn": True,
    "first_hints": True,
    "hints_seen": [],
}


def load_settings() -> dict:
    out = dict(DEFAULTS)
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return out
    if isinstance(data, dict):
        for k, v in data.items():
            if k in DEFAULTS and type(v) is type(DEFAULTS[k]):
                out[k] = [x for x in v if isinstance(x, str) and len(x) <= 40][:50] if isinstance(v, list) else v
    return out


def save_settings(values: dict) -> None:
    from game.match import write_atomic

    p = settings_path()
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(p, json.dumps({k: values[k] for k in DEFAULTS if k in values}, indent=1))
    except OSError:
        pass
