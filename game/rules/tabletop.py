"""The geometry the rules may ask about, as a Protocol that ``game.table.Table`` implements.

Rules never import pymunk: they ask these questions by figure id. All measures are inches; all
positions the table returns are already rounded to 1/1000 inch (GEO-SWEEP-1). The table never
rolls a die.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable


@dataclass(frozen=True, slots=True)
class Sight:
    """What one figure sees of another (GEO-LOS-1, RNG-COVER-1)."""

    clear: bool
    """True when the line between centres crosses no blocks_los shape (and levels allow it)."""
    cover: str | None = None
    """Best cover of the target: None, "soft" or "hard"."""
    distance: float = 0.0
    """Edge-to-edge range in inches (GEO-DIST-1)."""


@dataclass(frozen=True, slots=True)
class ZoneFlags:
    """The GEO-ZONE-1 flags at a point (a figure is in a zone if its centre is)."""

    terrain: str = "open"
    """open, tough or impassable."""
    cover: str | None = None
    """None, soft or hard."""
    close_quarters: bool = False
    """Rigging, below decks, interiors, caves (PYR-MQ-4, PYR-SAVE-2)."""
    advantageous: bool = False
    """Advantageous position (PYR-MQ-5)."""
    rigging: bool = False
    """Rigging zone: wounded figures may fall (PYR-RIG-2)."""
    water: bool = False
    """Sea or river."""
    structure: bool = False
    """Building or fortification (ESC-ADV-1 class IV terrain)."""
    ship: str | None = None
    """Ship id of the deck this point is on, if any."""
    level: str | None = None
    """Level of the zone (hold, deck, rigging), if the zone sets one."""
    height: float = 0.0
    """Inches above the deck below (rigging falls, PYR-DROP-1)."""


@dataclass(frozen=True, slots=True)
class ObstacleInfo:
    """An obstacle as the rules see it (GEO-OBS-1)."""

    id: str
    """Stable id (from the map object)."""
    kind: str
    """linear or single."""
    cover: str | None
    """None, soft or hard."""
    standable: bool
    """A figure may stand on it (rail, barrel, barricade)."""
    blocks_los: bool
    """Blocks line of sight."""
    height: float = 0.0
    """Height in inches."""


@dataclass(frozen=True, slots=True)
class PathPlan:
    """A planned path for a figure to a point (RNG-MOVE-1/2)."""

    points: tuple[tuple[float, float], ...]
    """Centre waypoints, start first, end last, rounded to 1/1000 in."""
    length: float
    """Geometric length in inches."""
    cost: float
    """Movement cost in inches: tough ground counts double, climbing by links adds its cost."""
    stops_at_obstacle: str | None = None
    """Id of the linear obstacle the path reaches and must stop at (RNG-MOVE-2), else None."""
    level: str | None = None
    """Level at the end, when the path climbs or descends by a link; None if unchanged."""


@dataclass(frozen=True, slots=True)
class Landing:
    """Where a figure falling from the rigging ends up (PYR-RIG-2)."""

    x: float
    """Landing centre x in inches (rounded)."""
    y: float
    """Landing centre y in inches (rounded)."""
    level: str
    """Level it lands on ("deck", or "sea" when it goes over the side)."""
    drop: float
    """Height fallen in inches (PYR-DROP-1 modifiers)."""
    sea_possible: bool
    """A water zone lies within 2 in, so the owner may drop it in the sea instead."""


class LinkFacts(Protocol):
    """A hatch, ladder or shroud joining two points, perhaps on two levels (a map's ``links``)."""

    @property
    def id(self) -> str: ...
    @property
    def a(self) -> tuple[float, float]: ...
    @property
    def b(self) -> tuple[float, float]: ...
    @property
    def level_a(self) -> str: ...
    @property
    def level_b(self) -> str: ...
    @property
    def cost(self) -> float:
        """Extra inches a move pays to climb it."""


class MapFacts(Protocol):
    """What the rules read of the map a table was made from."""

    @property
    def links(self) -> Sequence[LinkFacts]: ...


@runtime_checkable
class Tabletop(Protocol):
    """Geometry questions, by figure id, that ``game.table.Table`` answers."""

    # -- keeping the table in step with the match state --------------------------------------
    def place(self, fid: str, x: float, y: float, radius: float, level: str) -> None:
        """Put (or move) a base on the table."""

    def remove(self, fid: str) -> None:
        """Take a base off the table (knocked down, fled, captive)."""

    def position(self, fid: str) -> tuple[float, float]:
        """Centre of a base on the table."""

    def clone(self) -> Tabletop:
        """An independent copy with the same bases (the static map may be shared)."""

    # -- contact and distance -----------------------------------------------------------------
    def contacts(self, fid: str) -> list[str]:
        """GEO-BTB-1: ids of bases on the same level in base-to-base contact, sorted."""

    def edge_distance(self, a: str, b: str) -> float:
        """GEO-DIST-1: centre distance − r1 − r2, min 0; inf if on different levels."""

    def within(self, fid: str, distance: float) -> list[str]:
        """Ids of bases (any level) whose edge distance to fid is ≤ distance, sorted."""

    # -- movement ------------------------------------------------------------------------------
    def sweep_clear(self, fid: str, dx: float, dy: float, ignore: Iterable[str] = ()) -> bool:
        """GEO-SWEEP-1: may fid's base move by (dx, dy) without penetrating > 0.01 in any base or
        obstacle (other than those in ignore) at any point? Touching at start or end is allowed;
        the end must also be on the map and not in impassable ground."""

    def sweep_clear_from(self, fid: str, x: float, y: float, dx: float, dy: float) -> bool:
        """``sweep_clear(fid, dx, dy)`` as if fid's base stood at (x, y) (rounded to 1/1000 in, as
        ``place`` rounds), every other base where it is; the table is not changed."""

    def free_directions(self, fid: str, distance: float | None = None) -> list[int]:
        """GEO-ESC-1: the headings in degrees (0, 5, … 355; 0 = +x, 90 = +y) along which a sweep
        of ``distance`` (default the base depth) is clear."""

    def has_free_direction(self, fid: str, distance: float | None = None) -> bool:
        """``bool(free_directions(fid, distance))``; may stop at the first free heading."""

    def surrounded(self, fid: str, engaged: Sequence[str], enemies: Iterable[str] | None = None) -> bool:
        """GEO-SUR-1 for fid against the given engaged enemies; the pushback sweep of (b) is blocked
        by any base in ``enemies`` (default: the engaged ones)."""

    def plan_path(
        self, fid: str, x: float, y: float, *, level: str | None = None, cross: Iterable[str] = ()
    ) -> PathPlan | None:
        """A clear path for fid's centre to (x, y) (on ``level``, default its own), around obstacles
        and bases, at ≤ 0.25 in resolution; linear obstacles in ``cross`` may be crossed
        (RNG-MOVE-2, next turn); None when there is none."""

    def path_cost(
        self, fid: str, points: Sequence[tuple[float, float]], *, cross: Iterable[str] = ()
    ) -> PathPlan | None:
        """Cost of moving fid along exactly these waypoints; None if any leg is blocked."""

    def path_costs(
        self,
        fid: str,
        start: tuple[float, float],
        targets: Iterable[tuple[float, float]],
        *,
        cross: Iterable[str] = (),
        ends: bool = False,
    ) -> list:
        """``[path_cost(fid, [start, t], cross=cross) for t in targets]``; with ``ends`` each plan
        is only its (end point, cost)."""

    def clear_at(self, x: float, y: float, radius: float, level: str = "deck", ignore: Iterable[str] = ()) -> bool:
        """A base of this radius could stand here (on the map, not impassable, overlapping nothing)."""

    def zones_of(self, fid: str) -> list[str]:
        """Names of the map zones holding fid's centre on its level (hold_zone victory)."""

    # -- terrain, cover, sight ------------------------------------------------------------------
    def zone_at(self, x: float, y: float, level: str | None = None) -> ZoneFlags:
        """GEO-ZONE-1 flags at a point (merged over every zone holding it on that level)."""

    def zone_of(self, fid: str) -> ZoneFlags:
        """Zone flags at a figure's centre on its level."""

    def line_of_sight(self, a: str, b: str) -> Sight:
        """GEO-LOS-1 and RNG-COVER-1 from a to b."""

    def sight_blockers(self, a: str, b: str) -> list[str]:
        """Ids of the obstacles blocking a's line of sight to b, sorted."""

    def path_blockers(self, fid: str, x: float, y: float, *, cross: Iterable[str] = ()) -> list[tuple[str, str]]:
        """(kind, id) of what fid meets on the straight line to (x, y), nearest first: "base", "obstacle", "wall"."""

    def obstacle_between(self, a: str, b: str) -> ObstacleInfo | None:
        """PYR-ENG-2: an obstacle both bases touch and the centre line crosses, else None."""

    def obstacle_between_from(self, a: str, x: float, y: float, b: str) -> ObstacleInfo | None:
        """``obstacle_between(a, b)`` as if a's base stood at (x, y) (rounded to 1/1000 in, as
        ``place`` rounds), every other base where it is; the table is not changed."""

    def touching_obstacles(self, fid: str) -> list[ObstacleInfo]:
        """Obstacles fid's base touches (within 0.02 in)."""

    def on_standable(self, fid: str) -> bool:
        """fid stands on a standable obstacle (PYR-ENG-4)."""

    def fall_landing(self, fid: str) -> Landing | None:
        """PYR-RIG-2: nearest clear deck point below fid; None if no clear point exists."""

    def sector_of(self, fid: str) -> str:
        """ESC-SEC-1: id of the sector holding fid's centre."""

    def adjacent_sectors(self, sector: str) -> list[str]:
        """ESC-SEC-1: sectors sharing an edge with this one, sorted."""

    def sector_centre(self, sector: str) -> tuple[float, float]:
        """A clear-ish centre point of a sector, inches."""

    @property
    def map(self) -> MapFacts:
        """The map the table was made from (the rules read its ``links``: the hatches, ladders and
        shrouds a move may climb)."""

    @property
    def width(self) -> float:
        """Map width in inches."""

    @property
    def height(self) -> float:
        """Map height in inches."""
