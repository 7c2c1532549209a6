"""The typed map the table plays on, in inches: zones, obstacles, links, deployment, sectors.

Built once from a Tiled file by :mod:`game.table.loader`, or directly in code (tests, tools)::

    TacticalMap.open_ground(24, 24, obstacles=[Obstacle.circle("barrel", 12, 12, 0.5, cover="hard")])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .geometry import Point, bbox, ellipse_points

TERRAINS = ("open", "tough", "impassable")
COVERS = (None, "soft", "hard")
DECK = "deck"


def _pts(points: Iterable[Sequence[float]]) -> tuple[Point, ...]:
    return tuple((float(p[0]), float(p[1])) for p in points)


def _rect(x: float, y: float, w: float, h: float) -> tuple[Point, ...]:
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


@dataclass(frozen=True, slots=True)
class Zone:
    """A GEO-ZONE-1 area; a figure is in it if its centre is."""

    id: str
    """Stable id (``zone_<object id>`` for Tiled maps)."""
    points: tuple[Point, ...]
    """Polygon vertices, inches."""
    name: str = ""
    """The Tiled object's name (victory conditions refer to it, e.g. "quarterdeck")."""
    terrain: str = "open"
    """open, tough (each inch costs 2, RNG-MOVE-1) or impassable."""
    cover: str | None = None
    """None, soft or hard (RNG-COVER-1)."""
    close_quarters: bool = False
    advantageous: bool = False
    rigging: bool = False
    water: bool = False
    structure: bool = False
    ship: str | None = None
    level: str | None = None
    """Level the zone lies on; None = deck. A zone on another level (hold, rigging) is where that level exists."""
    height: float = 0.0
    """Inches above the deck below (PYR-RIG-2, PYR-DROP-1)."""

    def __post_init__(self):
        object.__setattr__(self, "points", _pts(self.points))

    @classmethod
    def rect(cls, id: str, x: float, y: float, w: float, h: float, **flags) -> Zone:
        return cls(id=id, points=_rect(x, y, w, h), **flags)

    @property
    def on_level(self) -> str:
        return self.level or DECK


@dataclass(frozen=True, slots=True)
class Obstacle:
    """A GEO-OBS-1 static shape: ``polygon`` (vertices), ``circle`` (centre, radius) or ``polyline``
    (vertices, half-thickness in ``radius``)."""

    id: str
    shape: str
    points: tuple[Point, ...]
    radius: float = 0.0
    kind: str = "single"
    """linear (RNG-MOVE-2: a move stops on reaching it) or single (walked around)."""
    cover: str | None = None
    standable: bool = False
    blocks_los: bool = False
    height: float = 0.0
    level: str = DECK
    name: str = ""
    cls: str = ""
    """The Tiled class (barrel, crate, rail …), for drawing."""

    def __post_init__(self):
        object.__setattr__(self, "points", _pts(self.points))

    @classmethod
    def circle(cls, id: str, x: float, y: float, radius: float, **kw) -> Obstacle:
        return cls(id=id, shape="circle", points=((x, y),), radius=radius, **kw)

    @classmethod
    def box(cls, id: str, x: float, y: float, w: float, h: float, **kw) -> Obstacle:
        return cls(id=id, shape="polygon", points=_rect(x, y, w, h), **kw)

    @classmethod
    def line(cls, id: str, points: Iterable[Sequence[float]], thickness: float = 0.2, **kw) -> Obstacle:
        kw.setdefault("kind", "linear")
        return cls(id=id, shape="polyline", points=_pts(points), radius=thickness / 2, **kw)

    def outline(self) -> tuple[Point, ...]:
        """Polygon outline for drawing and bounds (circles as 16-gons)."""
        if self.shape == "circle":
            (x, y), r = self.points[0], self.radius
            return tuple(ellipse_points(x - r, y - r, 2 * r, 2 * r))
        return self.points

    def bounds(self) -> tuple[float, float, float, float]:
        x0, y0, x1, y1 = bbox(self.outline())
        r = self.radius if self.shape == "polyline" else 0.0
        return (x0 - r, y0 - r, x1 + r, y1 + r)


@dataclass(frozen=True, slots=True)
class Link:
    """A ladder, hatch, shroud or plank joining two points, possibly on different levels: climbing
    it costs ``cost`` inches of movement (RNG-MOVE-1) and ends on ``level_b`` (or ``level_a``)."""

    id: str
    a: Point
    b: Point
    level_a: str = DECK
    level_b: str = DECK
    cost: float = 1.0
    kind: str = "ladder"
    name: str = ""


@dataclass(frozen=True, slots=True)
class Deployment:
    """Where a side sets up (a polygon, inches)."""

    side: str
    points: tuple[Point, ...]
    name: str = ""

    def __post_init__(self):
        object.__setattr__(self, "points", _pts(self.points))


@dataclass(frozen=True, slots=True)
class Sector:
    """An ESC-SEC-1 sector drawn in the map's ``sectors`` layer."""

    id: str
    points: tuple[Point, ...]

    def __post_init__(self):
        object.__setattr__(self, "points", _pts(self.points))


@dataclass(frozen=True, slots=True)
class TacticalMap:
    """Everything the table needs from a map, in inches (y grows downward)."""

    width: float
    height: float
    zones: tuple[Zone, ...] = ()
    obstacles: tuple[Obstacle, ...] = ()
    links: tuple[Link, ...] = ()
    deployments: tuple[Deployment, ...] = ()
    sectors: tuple[Sector, ...] = ()
    name: str = ""
    source: str = ""
    """File it was loaded from ("" when built in code)."""
    inch: float = 1.0
    """Pixels per inch in the source file (for drawing)."""
    tile_size: tuple[int, int] = (0, 0)
    """Tiled tile width and height in pixels (0 when built in code)."""
    properties: dict = field(default_factory=dict, compare=False, hash=False)

    def __post_init__(self):
        for name in ("zones", "obstacles", "links", "deployments", "sectors"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        ids = [o.id for o in self.obstacles]
        if len(set(ids)) != len(ids):
            raise ValueError("obstacle ids must be unique")

    @classmethod
    def open_ground(cls, width: float, height: float, **kw) -> TacticalMap:
        """A plain table of open ground (add zones/obstacles/links/… as keyword lists)."""
        return cls(width=float(width), height=float(height), **kw)

    def zones_named(self, name: str) -> list[Zone]:
        return [z for z in self.zones if z.name == name]

    def deployment(self, side: str) -> list[Deployment]:
        return [d for d in self.deployments if d.side == side]

    def obstacle(self, oid: str) -> Obstacle | None:
        for o in self.obstacles:
            if o.id == oid:
                return o
        return None

    def levels(self) -> list[str]:
        found = {DECK} | {z.on_level for z in self.zones} | {o.level for o in self.obstacles}
        for lk in self.links:
            found |= {lk.level_a, lk.level_b}
        return sorted(found)
