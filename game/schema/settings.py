"""The schema of settings.json, the player's settings (game/settings.py reads and writes it).

Every key has its default here; a key the file lacks takes it. A wrong value (of the wrong type or
out of its range) falls back to its default alone, the reader dropping that key and naming it in
the log; unknown keys are ignored (a newer version's settings read by an older one).
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from .bounds import Range

#: bytes read of settings.json at most
MAX_BYTES = 64 * 1024


class SettingsFile(msgspec.Struct, forbid_unknown_fields=False, kw_only=True):
    edge_pan: bool = True
    """Pan the map when the pointer is at the screen's edge."""
    show_grid: bool = True
    """The one-inch grid on open ground."""
    show_overlay: bool = False
    """Zones and obstacles drawn at the battle's start."""
    anim_speed: Annotated[float, Range(0.25, 4.0)] = 1.0
    demo_speed: Literal[1, 2, 4, 8] = 1
    """The demo's speed-up (AI against AI)."""
    ai_delay: Annotated[float, Range(0.0, 2.0)] = 0.5
    """Seconds the AI pauses between decisions."""
    fps: Annotated[int, Range(15, 240)] = 60
    volume: Annotated[float, Range(0.0, 1.0)] = 0.7
    mute: bool = False
    fullscreen: bool = False
    """The window opens full-screen (F11 or Settings toggle it, and the choice is kept)."""
    ask_end_turn: bool = True
    """Ask before ending a turn with figures that have not acted."""
    first_hints: bool = True
    """First-time hints in normal games (motivation, the hand-over, reactions)."""
    hints_seen: Annotated[list[Annotated[str, msgspec.Meta(max_length=40)]], msgspec.Meta(max_length=50)] = (
        msgspec.field(default_factory=list)
    )
    """The first-time hints already shown, by key."""


DEFAULTS: dict = msgspec.structs.asdict(SettingsFile())
