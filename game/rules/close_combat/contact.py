"""OD6-PIECE-2 contact classification between two rectangular pieces, and OD6-ENG-1 engagement.

Touch = ≤ 0.02" apart. Edge contact = an edge of each, parallel within 1°, facing each other,
≤ 0.02" apart, projections overlapping by > 0.02"; full when the overlap ≥ the shorter edge − 0.02".
Corner contact = touching without edge contact. Side contact = flank-to-flank edge contact.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..implements import implements
from .pieces import FLANKS, Piece, Point

TOUCH = 0.02
PARALLEL_DEG = 1.0
OVERLAP_MIN = 0.02
FULL_SLACK = 0.02
#: Float slack for the tolerances above (positions are rounded to 1/1000", DESIGN: determinism).
EPS = 1e-9


@dataclass(frozen=True, slots=True)
class Contact:
    """How piece a touches piece b (OD6-PIECE-2)."""

    a: str
    """Id of the first piece."""
    b: str
    """Id of the second piece."""
    distance: float
    """Gap between the rectangles in inches (0 when touching or overlapping)."""
    kind: str = "none"
    """none, corner or edge."""
    edge_a: str | None = None
    """a's edge in edge contact: front, right, rear or left."""
    edge_b: str | None = None
    """b's edge in edge contact."""
    overlap: float = 0.0
    """Length of the edges' common projection, inches."""
    full: bool = False
    """Edge contact over the shorter edge's whole length (− 0.02")."""

    @property
    def touching(self) -> bool:
        return self.kind != "none"

    @property
    def corner(self) -> bool:
        return self.kind == "corner"

    @property
    def edge(self) -> bool:
        return self.kind == "edge"

    @property
    def side_contact(self) -> bool:
        """OD6-PIECE-2: flank-to-flank edge contact."""
        return self.edge and self.edge_a in FLANKS and self.edge_b in FLANKS

    @property
    def engaging(self) -> bool:
        """OD6-ENG-1 shape: full edge contact with at least one edge a front (front-to-front, or a
        front against the other's flank or rear). Whether the pieces are enemies is the caller's."""
        return self.edge and self.full and "front" in (self.edge_a, self.edge_b)

    @property
    def illegal(self) -> bool:
        """OD6-ENG-1: an edge contact with an enemy that movement must reject: partial, or with
        neither edge a front (side-to-side, rear-to-rear, flank-to-rear)."""
        return self.edge and not self.engaging


# -- geometry ------------------------------------------------------------------------------------------


def penetration(a: Piece, b: Piece) -> float:
    """Depth by which two rectangles overlap (separating-axis test); 0 if they do not."""
    pa, pb = a.corner_points, b.corner_points
    best = math.inf
    for ux, uy in (a.forward, a.right_dir, b.forward, b.right_dir):
        ia = [x * ux + y * uy for x, y in pa]
        ib = [x * ux + y * uy for x, y in pb]
        ov = min(max(ia), max(ib)) - max(min(ia), min(ib))
        if ov <= 0:
            return 0.0
        best = min(best, ov)
    return best


def apart(a: Piece, b: Piece, d: float) -> bool:
    """True when an edge direction of a or b separates their projections by more than ``d`` (+ a
    float margin): then ``gap(a, b) > d`` for sure, since no two points are nearer than their
    projections on a line. The cheap no before ``gap`` for "within d?" questions; False says nothing."""
    pa, pb = a.corner_points, b.corner_points
    d += _MARGIN
    for ux, uy in (a.forward, a.right_dir, b.forward, b.right_dir):
        ia = [x * ux + y * uy for x, y in pa]
        ib = [x * ux + y * uy for x, y in pb]
        if min(ia) - max(ib) > d or min(ib) - max(ia) > d:
            return True
    return False


#: how far ``apart`` keeps from the float noise of ``gap`` (whose sums run to ~1e-14 on a table)
_MARGIN = 1e-6


def gap(a: Piece, b: Piece) -> float:
    """Distance between two rectangles (0 when they touch or overlap): 0 when an edge of one strictly
    crosses an edge of the other, else the least distance of a corner of one from an edge of the
    other."""
    if penetration(a, b) > EPS:
        return 0.0
    pa, pb = a.corner_points, b.corner_points
    side_ab, dist_ab = _corners_against_edges(pa, pb)
    side_ba, dist_ba = _corners_against_edges(pb, pa)
    for i in range(4):
        i1 = (i + 1) % 4
        for j in range(4):
            j1 = (j + 1) % 4
            d1, d2 = side_ab[4 * i + j], side_ab[4 * i + j1]
            d3, d4 = side_ba[4 * j + i], side_ba[4 * j + i1]
            if (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0) and d1 != 0 and d2 != 0 and d3 != 0 and d4 != 0:
                return 0.0
    return min(dist_ab, dist_ba)


def _corners_against_edges(edges_of: Sequence[Point], corners: Sequence[Point]) -> tuple[list[float], float]:
    """For each edge (p, q) of the rectangle ``edges_of`` (corner i to corner i + 1) and each of the
    other's ``corners`` c, edge-major: the cross product (q − p) × (c − p), whose sign says which side
    of the edge c lies on (``gap``'s crossing test: an edge crosses another when the ends of each lie
    strictly on both sides of the other); and the least distance of a corner from an edge."""
    sides: list[float] = []
    best = math.inf
    for i in range(4):
        px, py = edges_of[i]
        qx, qy = edges_of[(i + 1) % 4]
        ex, ey = qx - px, qy - py
        L2 = ex * ex + ey * ey
        for cx, cy in corners:
            vx, vy = cx - px, cy - py
            sides.append(ex * vy - ey * vx)
            t = 0.0 if L2 == 0 else max(0.0, min(1.0, (vx * ex + vy * ey) / L2))
            d = math.hypot(cx - (px + ex * t), cy - (py + ey * t))
            if d < best:
                best = d
    return sides, best


@implements("OD6-PIECE-2")
def classify(a: Piece, b: Piece) -> Contact:
    """OD6-PIECE-2: classify the contact of a with b (none, corner or edge; full or partial)."""
    dist = gap(a, b)
    if dist > TOUCH + EPS:
        return Contact(a.id, b.id, round(dist, 6))
    best: Contact | None = None
    edges_b = _edge_frames(b)
    for na, (px, py), _, (ux, uy), la, (nx, ny) in _edge_frames(a):
        for nb, (rx, ry), (sx, sy), (vx, vy), lb, (mx, my) in edges_b:
            if abs(ux * vy - uy * vx) > _SIN_TOL:
                continue  # not parallel
            if nx * mx + ny * my >= 0:
                continue  # not facing each other
            # distance of b's edge ends from a's edge line
            if max(abs((rx - px) * nx + (ry - py) * ny), abs((sx - px) * nx + (sy - py) * ny)) > TOUCH + EPS:
                continue
            t1, t2 = sorted(((rx - px) * ux + (ry - py) * uy, (sx - px) * ux + (sy - py) * uy))
            overlap = min(la, t2) - max(0.0, t1)
            if overlap <= OVERLAP_MIN + EPS:
                continue
            full = overlap >= min(la, lb) - FULL_SLACK - EPS
            c = Contact(a.id, b.id, round(dist, 6), "edge", na, nb, round(overlap, 6), full)
            if best is None or c.overlap > best.overlap:
                best = c
    return best if best is not None else Contact(a.id, b.id, round(dist, 6), "corner")


#: sine of the largest angle between two edges still counted parallel
_SIN_TOL = math.sin(math.radians(PARALLEL_DEG))


def _edge_frames(p: Piece) -> list[tuple[str, Point, Point, Point, float, Point]]:
    """Each edge of p as (label, start, end, unit vector along it, length, outward normal)."""
    out = []
    for name, (s, e) in p.edges().items():
        dx, dy = e[0] - s[0], e[1] - s[1]
        ln = math.hypot(dx, dy)
        out.append((name, s, e, (dx / ln, dy / ln), ln, p.normal(name)))
    return out


def _far(a: Piece, b: Piece) -> bool:
    """Broad phase: the pieces' bounding circles are more than TOUCH apart, so they cannot touch."""
    return math.hypot(a.x - b.x, a.y - b.y) > a.reach + b.reach + TOUCH + 1e-6


def touching(a: Piece, b: Piece) -> bool:
    """GEO-BTB-1 for OD6 pieces: ≤ 0.02" apart."""
    if _far(a, b) or apart(a, b, TOUCH + EPS):
        return False
    return gap(a, b) <= TOUCH + EPS


@implements("OD6-ENG-1")
def engaged(a: Piece, b: Piece) -> Contact | None:
    """OD6-ENG-1: the contact if a and b are enemies with a full front-to-front or front-to-flank/rear
    contact, else None."""
    if a.side == b.side or _far(a, b) or apart(a, b, TOUCH + EPS):
        return None  # (classify would find them not touching)
    c = classify(a, b)
    return c if c.engaging else None


def illegal_contacts(moving: list[Piece], others: list[Piece]) -> list[Contact]:
    """OD6-ENG-1: enemy edge contacts a move would make that are partial or side-to-side."""
    out = []
    for m in moving:
        for o in others:
            if o.side != m.side and o.id != m.id and not _far(m, o) and not apart(m, o, TOUCH + EPS):
                c = classify(m, o)
                if c.illegal:
                    out.append(c)
    return out


def move_back_vector(piece: Piece, edge: str) -> tuple[float, float]:
    """OD6-RES-2: one piece length (depth) straight away from the contact edge, facing kept."""
    nx, ny = piece.normal(edge)
    return (round(-nx * piece.length, 6) + 0.0, round(-ny * piece.length, 6) + 0.0)
