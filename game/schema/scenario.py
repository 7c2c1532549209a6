"""The schema of a scenario file (maps/README.md "Scenario files"): types and ranges of every key.

Cross-references (a figure's side is one of the sides, a capture names a figure, the map exists)
are checked by game/scenario/loader.py after this shape check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import msgspec

from game.rules.model import PROFILES, Rank
from game.rules.presets import PRESETS as _BUILT_IN
from game.rules.presets import preset_names

from .bounds import Id, Length, MaxLen, OneOf, Range
from .options import Cards, Options, Order

#: The built-in presets, from the one registry (game/rules/presets/; no system package is imported).
PRESETS = tuple(_BUILT_IN)
#: Every preset a file may name: the built-ins and the add-ons installed when the game starts (their
#: entry points are listed, not loaded; a broken add-on is refused when a match builds it).
PRESET_NAMES = tuple(preset_names())
VICTORY_TYPES = ("rout", "strike_colours", "capture", "hold_zone", "reach_zone", "turn_limit", "points")
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

if TYPE_CHECKING:
    PresetName = str
    ProfileName = str
    RankName = str
    Missile = str
    Trait = str
    LevelName = str
    VictoryType = str
else:
    PresetName = OneOf(PRESET_NAMES)
    ProfileName = OneOf(PROFILES)
    RankName = OneOf(r.value for r in Rank)
    Missile = OneOf(MISSILES)
    Trait = OneOf(TRAITS)
    LevelName = OneOf(LEVELS)
    VictoryType = OneOf(VICTORY_TYPES)


class Side(msgspec.Struct, forbid_unknown_fields=True):
    id: Id
    name: Annotated[str, MaxLen(80)] | None = None
    colour: Colour = "#c8c8c8"
    boarder: bool = False
    ship: Id | None = None
    deployment: Id | None = None


class Figure(msgspec.Struct, forbid_unknown_fields=True):
    id: Id
    side: Id
    name: Annotated[str, MaxLen(60)] | None = None
    type: ProfileName = "enlisted"
    rank: RankName = "ordinary"
    melee: Annotated[str, MaxLen(40)] = "fists"
    offhand: Annotated[str, MaxLen(40)] | None = None
    missile: Missile | None = None
    thrown: bool = False
    traits: Annotated[list[Trait], Length(50)] = []
    armoured: bool = False
    drilled: bool = False
    mounted: bool = False
    lancer: bool = False
    can_dismount: bool = False
    flags: Annotated[list[Annotated[str, MaxLen(64)]], Length(50)] = []
    base: Annotated[float, Range(0.25, 6.0)] = 1.0
    party: Annotated[str, MaxLen(40)] = ""
    command: Annotated[str, MaxLen(40)] = ""
    count: Annotated[int, Range(1, 50)] = 1
    deployment: Id | None = None
    x: Annotated[float, Range(-1000, 1000)] | None = None
    y: Annotated[float, Range(-1000, 1000)] | None = None
    level: LevelName = "deck"
    facing: Annotated[float, Range(-360, 720)] = 0.0
    cv: Annotated[int, Range(0, 20)] = 0
    qv: Annotated[int, Range(0, 7)] = 0
    width: Annotated[float, Range(0, 12)] = 0.0
    depth: Annotated[float, Range(0, 12)] = 0.0
    unit: Annotated[str, MaxLen(40)] = ""
    loaded: bool = False


class LessonRoll(msgspec.Struct, forbid_unknown_fields=True):
    """A roll a lesson sets in advance: the first roll of ``rule`` by ``who`` shows ``faces``."""

    rule: Annotated[str, msgspec.Meta(pattern=r"^[A-Z][A-Z0-9]{1,5}-[A-Z0-9]{1,8}-[0-9]{1,3}$")]
    who: Id
    faces: Annotated[list[Annotated[int, Range(1, 6)]], Length(10, least=1)]


class Victory(msgspec.Struct, forbid_unknown_fields=True):
    type: VictoryType
    side: Id
    figure: Annotated[str, MaxLen(64)] = ""
    zone: Annotated[str, MaxLen(64)] = ""
    turns: Annotated[int, Range(1, 50)] = 1
    below: Annotated[float, Range(0.0, 0.99)] = 0.0
    count: Annotated[int, Range(1, MAX_FIGURES)] = 1


class ScenarioFile(msgspec.Struct, forbid_unknown_fields=True):
    """A whole scenario .toml."""

    title: Annotated[str, MaxLen(120)]
    preset: PresetName
    map: Annotated[str, MaxLen(300)]
    sides: Annotated[list[Side], Length(8, least=2)]
    figures: Annotated[list[Figure], Length(MAX_FIGURES, least=1)]
    id: Id | None = None
    blurb: Annotated[str, MaxLen(1000)] = ""
    turn_limit: Annotated[int, Range(1, 200)] = 12
    points_limit: Annotated[int, Range(0, 100_000)] = 0
    tutorial: bool = False
    """A guided first battle: the menu offers it as "Learn to play", the scenario list leaves it out."""
    lesson_rolls: Annotated[list[LessonRoll], Length(20)] = []
    """A lesson's rolls set in advance (only with ``tutorial``), so that what it teaches does happen."""
    options: Options = msgspec.field(default_factory=Options)
    cards: Cards = msgspec.field(default_factory=Cards)
    orders: Annotated[list[Order], Length(50)] = []
    victory: Annotated[list[Victory], Length(32)] = []
