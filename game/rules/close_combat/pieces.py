"""OD6-PIECE-1/2: a piece is one rectangular base with a facing, CV and QV.

Geometry (OD6-PIECE-2, digital ruling): front/rear are the width edges, flanks (left/right) the
depth edges; ``facing`` is the front's outward normal in degrees (0 = +x, 90 = +y, clockwise on
screen since y grows down); piece length (XShort) = depth. Inches throughout.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..model import Figure

#: Default OD6 base size when a roster leaves width/depth at 0 (OD6-PIECE-2).
DEFAULT_WIDTH = 2.0
DEFAULT_DEPTH = 1.0
#: Example unit break threshold from the source (OD6-PIECE-1): breaks on the third loss.
DEFAULT_BREAK_AFTER = 2

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

    # -- frame -------------------------------------------------------------------------------
    @property
    def forward(self) -> Point:
        """Unit vector of the facing."""
        t = math.radians(self.facing)
        return (_clean(math.cos(t)), _clean(math.sin(t)))

    @property
    def right_dir(self) -> Point:
        """Unit vector toward the piece's right flank (facing + 90°)."""
        fx, fy = self.forward
        return (-fy, fx)

    @property
    def length(self) -> float:
        """Piece length XShort = depth (OD6-PIECE-2)."""
        return self.depth

    def corners(self) -> dict[str, Point]:
        """front_left, front_right, rear_right, rear_left corner points."""
        fx, fy = self.forward
        rx, ry = self.right_dir
        hd, hw = self.depth / 2.0, self.width / 2.0

        def p(a: float, b: float) -> Point:
            return (self.x + fx * a + rx * b, self.y + fy * a + ry * b)

        return {"front_left": p(hd, -hw), "front_right": p(hd, hw), "rear_right": p(-hd, hw), "rear_left": p(-hd, -hw)}

    def polygon(self) -> list[Point]:
        c = self.corners()
        return [c["front_left"], c["front_right"], c["rear_right"], c["rear_left"]]

    def edges(self) -> dict[str, tuple[Point, Point]]:
        """Edges by label: front, right, rear, left, each (start, end) going clockwise."""
        c = self.corners()
        return {
            "front": (c["front_left"], c["front_right"]),
            "right": (c["front_right"], c["rear_right"]),
            "rear": (c["rear_right"], c["rear_left"]),
            "left": (c["rear_left"], c["front_left"]),
        }

    def normal(self, edge: str) -> Point:
        """Outward unit normal of an edge."""
        fx, fy = self.forward
        rx, ry = self.right_dir
        return {"front": (fx, fy), "rear": (-fx, -fy), "right": (rx, ry), "left": (-rx, -ry)}[edge]

    def moved(self, dx: float, dy: float) -> Piece:
        from dataclasses import replace

        return replace(self, x=round(self.x + dx, 3) + 0.0, y=round(self.y + dy, 3) + 0.0)


def _clean(v: float) -> float:
    """Snap trig noise (cos 90° = 6e-17) so grid layouts stay exact."""
    r = round(v, 12)
    return 0.0 if r == 0 else r
