"""The replay's keys and step buttons, and the help line under the map that says them."""

from __future__ import annotations

import pygame

#: the keys, as the help line under the map says them
HELP = (
    "Left/Right: a decision · Shift+Left/Right: an activation · PgUp/PgDn: a player-turn · "
    "[ ]: a game turn · B: bookmark this moment · Tab: next bookmark · P: play on from here · "
    "W: what happens next? · Space: play · Esc: back"
)

#: a key's step (Shift with Left/Right: an activation instead of a decision)
STEP_KEYS = {
    pygame.K_RIGHT: ("decision", True),
    pygame.K_LEFT: ("decision", False),
    pygame.K_PAGEDOWN: ("player-turn", True),
    pygame.K_PAGEUP: ("player-turn", False),
    pygame.K_RIGHTBRACKET: ("turn", True),
    pygame.K_LEFTBRACKET: ("turn", False),
}
STEP_BUTTONS = {
    "back": ("decision", False),
    "fwd": ("decision", True),
    "act_back": ("activation", False),
    "act_fwd": ("activation", True),
    "pt_back": ("player-turn", False),
    "pt_fwd": ("player-turn", True),
}
