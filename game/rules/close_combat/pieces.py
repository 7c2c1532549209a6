"""OD6-PIECE-1/2: a piece is one rectangular base with a facing, CV and QV.

Geometry (OD6-PIECE-2, digital ruling): front/rear are the width edges, flanks (left/right) the
depth edges; ``facing`` is the front's outward normal in degrees (0 = +x, 90 = +y, clockwise on
screen since y grows down); piece length (XShort) = depth. Inches throughout.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..model import Figure

#: Default OD6 base size when a roster leaves width/depth at 0 (OD6-PIECE-2).
DEFAULT_WIDTH = 2.0
DEFAULT_DEPTH = 1.0
#: Example unit break threshold from the source (OD6-PIECE-1): breaks on the third loss.

EDGES = ("front", "right", "rear", "left")
FLANKS = ("left", "right")

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Piece:
    """A rectangular OD6 piece as the geometry sees it."""

    id: str
    """Figure id."""
    side: str
    """Side id."""
    x: float
    """Centre x, inches."""
    y: float
    """Centre y, inches (y down)."""
    facing: float = 0.0
    """Degrees; the front edge's outward normal."""
    width: float = DEFAULT_WIDTH
    """Length of the front and rear edges."""
    depth: float = DEFAULT_DEPTH
    """Length of the flanks; also the move-back distance (XShort)."""
    cv: int = 0
    """Combat Value (OD6-PIECE-1)."""
    qv: int = 0
    """Quality Value (OD6-PIECE-1)."""
    unit: str = ""
    """Unit tag (OD6-PIECE-1 breaking counts per unit)."""
    disrupted: bool = False
    """Disrupted marker (OD6-RES-2, OD6-DIS-1)."""

    # The frame, computed once when the piece is made (a piece is a value: it never moves, a move
    # makes a new one). Movement asks each candidate position for its corners and axes many times
    # over (a random close-combat game: ~125,000 unit vectors for ~27,000 pieces).
    forward: Point = field(init=False, repr=False, compare=False)
    """Unit vector of the facing."""
    right_dir: Point = field(init=False, repr=False, compare=False)
    """Unit vector toward the piece's right flank (facing + 90°)."""
    corner_points: tuple[Point, Point, Point, Point] = field(init=False, repr=False, compare=False)
    """front_left, front_right, rear_right, rear_left, as ``corners`` names them."""
    reach: float = field(init=False, repr=False, compare=False)
    """Half the diagonal: the radius of the circle through the corners (broad phases)."""

    def __post_init__(self) -> None:
        t = math.radians(self.facing)
        # trig noise snapped (cos 90° = 6e-17) so grid layouts stay exact; ``or 0.0``: a rounded 0 of
        # either sign is 0.0
        fx = round(math.cos(t), 12) or 0.0
        fy = round(math.sin(t), 12) or 0.0
        rx, ry = -fy, fx
        # each corner is x + fx·(±depth/2) + rx·(±width/2) (and y alike), summed left to right;
        # adding −v is subtracting v exactly, so the shared products give the same floats
        hd, hw = self.depth / 2.0, self.width / 2.0
        fa, fb, ra, rb = fx * hd, fy * hd, rx * hw, ry * hw
        xf, yf, xr, yr = self.x + fa, self.y + fb, self.x - fa, self.y - fb
        setattr_ = object.__setattr__  # the frozen dataclass's own way to fill its fields
        setattr_(self, "forward", (fx, fy))
        setattr_(self, "right_dir", (rx, ry))
        setattr_(
            self, "corner_points", ((xf - ra, yf - rb), (xf + ra, yf + rb), (xr + ra, yr + rb), (xr - ra, yr - rb))
        )
        setattr_(self, "reach", math.hypot(self.width, self.depth) / 2.0)

    @classmethod
    def from_figure(cls, fig: Figure, disrupted: bool = False) -> Piece:
        """Build from a roster Figure; width/depth 0 mean the 2" × 1" default (OD6-PIECE-2)."""
        return cls(
            fig.id,
            fig.side,
            fig.x,
            fig.y,
            fig.facing,
            fig.width or DEFAULT_WIDTH,
            fig.depth or DEFAULT_DEPTH,
            fig.cv,
            fig.qv,
            fig.unit,
            disrupted,
        )

    def at(self, x: float, y: float, facing: float) -> Piece:
        """This piece with its centre at (x, y) and the given facing, as given (no rounding)."""
        return Piece(
            self.id, self.side, x, y, facing, self.width, self.depth, self.cv, self.qv, self.unit, self.disrupted
        )

    # -- frame -------------------------------------------------------------------------------
    @property
    def length(self) -> float:
        """Piece length XShort = depth (OD6-PIECE-2)."""
        return self.depth

    def corners(self) -> dict[str, Point]:
        """front_left, front_right, rear_right, rear_left corner points."""
        fl, fr, rr, rl = self.corner_points
        return {"front_left": fl, "front_right": fr, "rear_right": rr, "rear_left": rl}

    def polygon(self) -> list[Point]:
        return list(self.corner_points)

    def edges(self) -> dict[str, tuple[Point, Point]]:
        """Edges by label: front, right, rear, left, each (start, end) going clockwise."""
        fl, fr, rr, rl = self.corner_points
        return {"front": (fl, fr), "right": (fr, rr), "rear": (rr, rl), "left": (rl, fl)}

    def normal(self, edge: str) -> Point:
        """Outward unit normal of an edge."""
        fx, fy = self.forward
        rx, ry = self.right_dir
        return {"front": (fx, fy), "rear": (-fx, -fy), "right": (rx, ry), "left": (-rx, -ry)}[edge]

    def moved(self, dx: float, dy: float) -> Piece:
        return self.at(round(self.x + dx, 3) + 0.0, round(self.y + dy, 3) + 0.0, self.facing)
