"""The schema of a scenario file (maps/README.md "Scenario files"): types and ranges of every key.

Cross-references (a figure's side is one of the sides, a capture names a figure, the map exists)
are checked by game/scenario/loader.py after this shape check.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from game.rules.model import PROFILES, Rank

from .bounds import Id, Int, List, Num, OneOf, Str
from .options import Cards, Options, Order

PRESETS = ("pyrates", "rangers", "initiative", "escarmouche", "close-combat-d6")
VICTORY_TYPES = ("rout", "strike_colours", "capture", "hold_zone", "reach_zone", "turn_limit")
MISSILES = ("musket", "pistol", "bow", "sling", "crossbow", "javelin", "rifle")
TRAITS = (
    "fast",
    "tough",
    "athletic",
    "leader",
    "legendary_leader",
    "strongman",
    "keen_eyed",
    "lucky",
    "veteran",
    "initiative",
    "determined",
)
LEVELS = ("hold", "deck", "rigging")
#: Figures a scenario may field (counts included): the table, the AI and the screen scale with it.
MAX_FIGURES = 400
COLOUR = r"^#[0-9a-fA-F]{6}$"
Colour = Annotated[str, msgspec.Meta(pattern=COLOUR)]


class Side(msgspec.Struct, forbid_unknown_fields=True):
    id: Id
    name: Str(80) | None = None
    colour: Colour = "#c8c8c8"
    boarder: bool = False
    ship: Id | None = None
    deployment: Id | None = None


class Figure(msgspec.Struct, forbid_unknown_fields=True):
    id: Id
    side: Id
    name: Str(60) | None = None
    type: OneOf(PROFILES) = "enlisted"
    rank: OneOf(r.value for r in Rank) = "ordinary"
    melee: Str(40) = "fists"
    offhand: Str(40) | None = None
    missile: OneOf(MISSILES) | None = None
    thrown: bool = False
    traits: List(OneOf(TRAITS), 50) = []
    armoured: bool = False
    drilled: bool = False
    mounted: bool = False
    lancer: bool = False
    can_dismount: bool = False
    flags: List(Str(64), 50) = []
    base: Num(0.25, 6.0) = 1.0
    party: Str(40) = ""
    command: Str(40) = ""
    count: Int(1, 50) = 1
    deployment: Id | None = None
    x: Num(-1000, 1000) | None = None
    y: Num(-1000, 1000) | None = None
    level: OneOf(LEVELS) = "deck"
    facing: Num(-360, 720) = 0.0
    cv: Int(0, 20) = 0
    qv: Int(0, 7) = 0
    width: Num(0, 12) = 0.0
    depth: Num(0, 12) = 0.0
    unit: Str(40) = ""
    loaded: bool = False


class Victory(msgspec.Struct, forbid_unknown_fields=True):
    type: OneOf(VICTORY_TYPES)
    side: Id
    figure: Str(64) = ""
    zone: Str(64) = ""
    turns: Int(1, 50) = 1
    below: Num(0.0, 0.99) = 0.0
    count: Int(1, MAX_FIGURES) = 1


class ScenarioFile(msgspec.Struct, forbid_unknown_fields=True):
    """A whole scenario .toml."""

    title: Str(120)
    preset: OneOf(PRESETS)
    map: Str(300)
    sides: List(Side, 8, 2)
    figures: List(Figure, MAX_FIGURES, 1)
    id: Id | None = None
    blurb: Str(1000) = ""
    turn_limit: Int(1, 200) = 12
    points_limit: Int(0, 100_000) = 0
    options: Options = msgspec.field(default_factory=Options)
    cards: Cards = msgspec.field(default_factory=Cards)
    orders: List(Order, 50) = []
    victory: List(Victory, 32) = []
