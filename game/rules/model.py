"""Shared vocabulary of the rules: sides, figures, weapons, statuses (GEO-BASE-1, PYR-WPN-1, RNG-STAT-1).

Figures are frozen: the match state replaces a figure with a changed copy (``Figure.evolve``, what
``dataclasses.replace`` does) when it changes, so a copy of the state can share every unchanged figure.
"""

from __future__ import annotations

import enum
import operator
from dataclasses import dataclass, fields

from .implements import implements


class Status(str, enum.Enum):
    """Where a figure stands in the fight. Wounds are counted separately in ``Figure.wounds``."""

    UNWOUNDED = "unwounded"
    WOUNDED = "wounded"
    KNOCKED_DOWN = "knocked_down"
    DISARMED = "disarmed"
    CAPTIVE = "captive"
    FLED = "fled"


#: Statuses that take a figure out of play (removed from the table).
OUT_OF_PLAY = frozenset({Status.KNOCKED_DOWN, Status.CAPTIVE, Status.FLED})


class WeaponClass(str, enum.Enum):
    """Mêlée weapon classes, biggest first (PYR-WPN-1/2)."""

    REACH = "reach"
    GENERAL = "general"
    CLOSE = "close"

    @property
    def size(self) -> int:
        return {"reach": 3, "general": 2, "close": 1}[self.value]


class Rank(str, enum.Enum):
    """Pyrates rank, which sets Mêlée Quota and save bonus (PYR-MQ-2, PYR-SAVE-2)."""

    CAPTAIN = "captain"
    OFFICER = "officer"
    ORDINARY = "ordinary"
    NONCOMBATANT = "noncombatant"


class Level(str, enum.Enum):
    """Table levels; figures on different levels never touch (GEO-BTB-1)."""

    HOLD = "hold"
    DECK = "deck"
    RIGGING = "rigging"


#: RNG-STAT-1 profiles: (AV, DV, Wounds, Move in inches, points).
PROFILES: dict[str, tuple[int, int, int, float, int]] = {
    "enlisted": (14, 6, 2, 6.0, 20),
    "native": (14, 6, 2, 6.0, 20),
    "militia": (12, 5, 2, 6.0, 10),
    "civilian": (10, 4, 1, 6.0, 5),
}


@dataclass(frozen=True, slots=True)
class SideInfo:
    """One side of a match."""

    id: str
    """Stable identifier used in decisions, events and records."""
    name: str
    """Name shown to players."""
    colour: tuple[int, int, int] = (200, 200, 200)
    """Display colour (RGB); the screen adds a shape per side for colour-blind players."""
    boarder: bool = False
    """True for the side that boards (PYR-WIN-3 withdraws toward its own ship)."""
    ship: str | None = None
    """The `ship=<id>` zone this side calls its own, if any."""


class _Derived:
    """Slots a Figure derives from its fields when it is built (not fields: not compared, hashed,
    shown nor saved)."""

    __slots__ = ("in_play",)
    in_play: bool


@dataclass(frozen=True, slots=True)
class Figure(_Derived):
    """One figure on its base. Positions are inches, y down (DESIGN: inches).

    ``in_play`` (the status does not take it out of play) is computed once when the figure is
    built: it is read hundreds of times a mêlée round and a figure never changes."""

    id: str
    """Stable identifier, unique in the match."""
    name: str
    """Name shown to players."""
    side: str
    """Id of the side the figure fights for."""
    x: float
    """Centre, inches from the map's left edge."""
    y: float
    """Centre, inches from the map's top edge."""
    base: float = 1.0
    """Base diameter in inches; base depth equals it (GEO-BASE-1)."""
    level: str = "deck"
    """Level the figure stands on: hold, deck or rigging."""
    party: str = ""
    """Roster party tag (PYR-WIN-5); empty = the side's party in that mêlée."""
    command: str = ""
    """Roster command tag for "To me!" (INI-TOME-1); empty = the whole side."""
    type: str = "enlisted"
    """RNG-STAT-1 profile: enlisted, native, militia or civilian."""
    rank: Rank = Rank.ORDINARY
    """Pyrates rank (PYR-MQ-2)."""
    av: int = 14
    """Attack Value (RNG-STAT-1, with Veteran already added)."""
    dv: int = 6
    """Defence Value (RNG-STAT-1, with Athletic already added)."""
    max_wounds: int = 2
    """RNG Wounds value: wounds at or over it kill (RNG-WND-2)."""
    move: float = 6.0
    """Move allowance in inches (Fast already added)."""
    melee_class: WeaponClass = WeaponClass.CLOSE
    """Class of the biggest mêlée weapon carried; unarmed is Close (PYR-WPN-2)."""
    melee_weapon: str = "fists"
    """Name of that weapon, for the log and RNG-WND-3 (improvised, sword, hatchet, musket)."""
    offhand: WeaponClass | None = None
    """Class of a second mêlée weapon for Main Gauche (PYR-MG-1), if any."""
    missile: str | None = None
    """Missile weapon: musket, pistol, bow, sling, crossbow, javelin, thrown_knife; None if none."""
    thrown: bool = False
    """Carries a throwing knife (PRE-PYR-1: once per game, no load)."""
    traits: frozenset[str] = frozenset()
    """RNG-TRAIT-1 traits, lower case: fast, tough, athletic, leader, legendary_leader, ..."""
    armoured: bool = False
    """Armoured or shielded: +1 save (PYR-SAVE-2)."""
    drilled: bool = False
    """May fight in formation (PYR-MQ-3)."""
    mounted: bool = False
    """Mounted (PYR-MNT-1/2)."""
    lancer: bool = False
    """Mounted lancer: +2 MQ instead of +1 (PYR-MQ-4)."""
    can_dismount: bool = False
    """Roster holds a dismounted version (PYR-MNT-2)."""
    flags: frozenset[str] = frozenset()
    """Other roster flags: cavalry, heavy_cavalry, pike, open_formation, civilian, ... (ESC-ADV-2)."""
    facing: float = 0.0
    """Facing in degrees, 0 = +x, clockwise on screen since y grows down (GEO-FACE-1)."""
    status: Status = Status.UNWOUNDED
    """Current status."""
    wounds: int = 0
    """Wounds taken (RNG counts them against max_wounds; PYR wounded = 1)."""
    loaded: bool = False
    """Missile weapon loaded (RNG-SHOOT-2)."""
    aim: int = 0
    """Aim counters, at most 3 (RNG-ACT-1)."""
    cv: int = 0
    """OD6 Combat Value (OD6-PIECE-1)."""
    qv: int = 0
    """OD6 Quality Value (OD6-PIECE-1)."""
    width: float = 0.0
    """OD6 rectangular base width in inches; 0 = round base (OD6-PIECE-2)."""
    depth: float = 0.0
    """OD6 rectangular base depth in inches (OD6-PIECE-2)."""
    unit: str = ""
    """OD6/ESC unit or group tag."""
    points: int = 0
    """Points cost (RNG-PTS-1), computed when the roster is loaded."""

    def __post_init__(self):
        object.__setattr__(self, "in_play", self.status not in OUT_OF_PLAY)

    def __setstate__(self, state):
        # copy.copy and deepcopy restore the fields only: derive the rest again
        for name, value in zip(FIGURE_FIELDS, state):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "in_play", self.status not in OUT_OF_PLAY)

    def evolve(self, **changes) -> Figure:
        """A copy with some fields replaced, built by the constructor as ``dataclasses.replace``
        builds it (every move and status change makes one): the fields are read in one C call and
        passed by position, without ``replace``'s walk over the field objects."""
        values = list(_ALL_FIELDS(self))
        index = _FIELD_INDEX
        for name, value in changes.items():
            i = index.get(name)
            if i is None:
                raise TypeError(f"Figure has no field {name!r}")
            values[i] = value
        return type(self)(*values)

    @property
    @implements("GEO-BASE-1")
    def radius(self) -> float:
        return self.base / 2.0

    @property
    def is_wounded(self) -> bool:
        return self.wounds > 0

    @property
    def is_leader(self) -> bool:
        return "leader" in self.traits or "legendary_leader" in self.traits

    def moved_to(self, x: float, y: float) -> Figure:
        return self.evolve(x=round_in(x), y=round_in(y))

    def to_json(self) -> dict:
        out = {}
        for name in FIGURE_FIELDS:
            v = getattr(self, name)
            out[name] = v if type(v) in _PLAIN else json_value(v)
        return out


def round_in(value: float) -> float:
    """Round a table measure to 1/1000 inch before it enters state (DESIGN: determinism)."""
    return round(float(value), 3) + 0.0


def json_value(v):
    """A figure field's value as JSON data (``Figure.to_json`` and the match's state hash)."""
    if type(v) in _PLAIN:
        return v
    if isinstance(v, enum.Enum):
        return v.value
    if isinstance(v, frozenset):
        return sorted(v)
    return v


FIGURE_FIELDS = tuple(f.name for f in fields(Figure))
_ALL_FIELDS = operator.attrgetter(*FIGURE_FIELDS)
_FIELD_INDEX = {name: i for i, name in enumerate(FIGURE_FIELDS)}
_PLAIN = frozenset({str, int, float, bool, type(None)})
