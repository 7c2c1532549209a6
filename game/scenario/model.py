"""A scenario: map, preset, sides, rosters, victory conditions (maps/README.md documents the file)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.rules.model import Figure, SideInfo


@dataclass(frozen=True)
class Victory:
    """One victory condition (maps/README.md)."""

    type: str
    """rout, strike_colours, capture, hold_zone, reach_zone or turn_limit."""
    side: str
    """Side that wins when the condition is met."""
    figure: str = ""
    """capture: the figure to take captive (or knock down)."""
    zone: str = ""
    """hold_zone, reach_zone: name of the zone object(s)."""
    turns: int = 1
    """hold_zone: consecutive game-turn ends it must be held."""
    below: float = 0.0
    """rout: the enemy is routed when its figures in play fall to this fraction or less (0 = none left)."""
    count: int = 1
    """reach_zone: figures of the side that must stand in the zone, with no enemy there, at a turn's end."""


@dataclass(frozen=True)
class Scenario:
    """A playable scenario, validated."""

    id: str
    """Stable id, the file stem by default."""
    title: str
    """Title shown in menus."""
    blurb: str
    """One or two sentences for the menu."""
    map: str
    """Map reference: a .tmx path (absolute, resolved from the scenario file) or "open:WxH"."""
    preset: str
    """Ruleset preset name (PRE-*)."""
    sides: tuple[SideInfo, ...]
    """The sides, in order."""
    figures: tuple[Figure, ...]
    """The starting roster, positioned."""
    victory: tuple[Victory, ...] = ()
    """Victory conditions."""
    turn_limit: int = 12
    """Game turns before the match ends (a draw unless a condition says otherwise)."""
    points_limit: int = 0
    """RNG-PTS-1 points limit per side (0 = not checked)."""
    tutorial: bool = False
    """A guided first battle ("Learn to play"): left out of the scenario list and the fairness table."""
    lesson_rolls: tuple = ()
    """(rule, who, faces) rolls a lesson sets in advance (game/rules/dice.py LessonDice)."""
    options: dict = field(default_factory=dict)
    """Preset options (JSON-like)."""
    cards: dict = field(default_factory=dict)
    """Chance-card settings (PYR-CARD-0)."""
    deployment: dict = field(default_factory=dict)
    """Side id → deployment zone name."""
    orders: tuple = ()
    """INI-ORD-1 order cards as dicts."""
    path: str = ""
    """File the scenario came from, if any."""
    content_hash: str = ""
    """sha256 of the scenario file and its map as loaded (records keep it); "" if built in code."""
    root: str = ""
    """The scenario pack's folder every file its map names must lie in (a player's pack: its own
    folder); "" = the map reader's default (game/table: the nearest .tiled-project upward)."""

    def map_path(self) -> Path | None:
        return None if self.map.startswith("open:") else Path(self.map)
