"""OD6-PIECE-2 contact classification between two rectangular pieces, and OD6-ENG-1 engagement.

Touch = ≤ 0.02" apart. Edge contact = an edge of each, parallel within 1°, facing each other,
≤ 0.02" apart, projections overlapping by > 0.02"; full when the overlap ≥ the shorter edge − 0.02".
Corner contact = touching without edge contact. Side contact = flank-to-flank edge contact.
"""

from __future__ import annotations

import math
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


# -- vector helpers ------------------------------------------------------------------------------


def _sub(p: Point, q: Point) -> Point:
    return (p[0] - q[0], p[1] - q[1])


def _dot(p: Point, q: Point) -> float:
    return p[0] * q[0] + p[1] * q[1]


def _cross(p: Point, q: Point) -> float:
    return p[0] * q[1] - p[1] * q[0]


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    ab = _sub(b, a)
    L2 = _dot(ab, ab)
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, _dot(_sub(p, a), ab) / L2))
    cx, cy = a[0] + ab[0] * t, a[1] + ab[1] * t
    return math.hypot(p[0] - cx, p[1] - cy)


def _segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool:
    d1 = _cross(_sub(b, a), _sub(c, a))
    d2 = _cross(_sub(b, a), _sub(d, a))
    d3 = _cross(_sub(d, c), _sub(a, c))
    d4 = _cross(_sub(d, c), _sub(b, c))
    return ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and d1 != 0 and d2 != 0 and d3 != 0 and d4 != 0


def segment_distance(a: Point, b: Point, c: Point, d: Point) -> float:
    if _segments_cross(a, b, c, d):
        return 0.0
    return min(
        point_segment_distance(a, c, d),
        point_segment_distance(b, c, d),
        point_segment_distance(c, a, b),
        point_segment_distance(d, a, b),
    )


def penetration(a: Piece, b: Piece) -> float:
    """Depth by which two rectangles overlap (separating-axis test); 0 if they do not."""
    pa, pb = a.polygon(), b.polygon()
    best = math.inf
    for axis in (a.forward, a.right_dir, b.forward, b.right_dir):
        ia = [_dot(p, axis) for p in pa]
        ib = [_dot(p, axis) for p in pb]
        ov = min(max(ia), max(ib)) - max(min(ia), min(ib))
        if ov <= 0:
            return 0.0
        best = min(best, ov)
    return best


def gap(a: Piece, b: Piece) -> float:
    """Distance between two rectangles (0 when they touch or overlap)."""
    if penetration(a, b) > EPS:
        return 0.0
    ea, eb = list(a.edges().values()), list(b.edges().values())
    return min(segment_distance(p, q, r, s) for p, q in ea for r, s in eb)


@implements("OD6-PIECE-2")
def classify(a: Piece, b: Piece) -> Contact:
    """OD6-PIECE-2: classify the contact of a with b (none, corner or edge; full or partial)."""
    dist = gap(a, b)
    if dist > TOUCH + EPS:
        return Contact(a.id, b.id, round(dist, 6))
    sin_tol = math.sin(math.radians(PARALLEL_DEG))
    best: Contact | None = None
    for na, (p, q) in a.edges().items():
        ua = _sub(q, p)
        la = math.hypot(*ua)
        ua = (ua[0] / la, ua[1] / la)
        nrm_a = a.normal(na)
        for nb, (r, s) in b.edges().items():
            ub = _sub(s, r)
            lb = math.hypot(*ub)
            ub = (ub[0] / lb, ub[1] / lb)
            if abs(_cross(ua, ub)) > sin_tol:
                continue  # not parallel
            if _dot(nrm_a, b.normal(nb)) >= 0:
                continue  # not facing each other
            # distance of b's edge ends from a's edge line
            if max(abs(_dot(_sub(r, p), nrm_a)), abs(_dot(_sub(s, p), nrm_a))) > TOUCH + EPS:
                continue
            t1, t2 = sorted((_dot(_sub(r, p), ua), _dot(_sub(s, p), ua)))
            overlap = min(la, t2) - max(0.0, t1)
            if overlap <= OVERLAP_MIN + EPS:
                continue
            full = overlap >= min(la, lb) - FULL_SLACK - EPS
            c = Contact(a.id, b.id, round(dist, 6), "edge", na, nb, round(overlap, 6), full)
            if best is None or c.overlap > best.overlap:
                best = c
    return best if best is not None else Contact(a.id, b.id, round(dist, 6), "corner")


def _far(a: Piece, b: Piece) -> bool:
    """Broad phase: the pieces' bounding circles are more than TOUCH apart, so they cannot touch."""
    ra = math.hypot(a.width, a.depth) / 2.0
    rb = math.hypot(b.width, b.depth) / 2.0
    return math.hypot(a.x - b.x, a.y - b.y) > ra + rb + TOUCH + 1e-6


def touching(a: Piece, b: Piece) -> bool:
    """GEO-BTB-1 for OD6 pieces: ≤ 0.02" apart."""
    if _far(a, b):
        return False
    return gap(a, b) <= TOUCH + EPS


@implements("OD6-ENG-1")
def engaged(a: Piece, b: Piece) -> Contact | None:
    """OD6-ENG-1: the contact if a and b are enemies with a full front-to-front or front-to-flank/rear
    contact, else None."""
    if a.side == b.side or _far(a, b):
        return None
    c = classify(a, b)
    return c if c.engaging else None


def illegal_contacts(moving: list[Piece], others: list[Piece]) -> list[Contact]:
    """OD6-ENG-1: enemy edge contacts a move would make that are partial or side-to-side."""
    out = []
    for m in moving:
        for o in others:
            if o.side != m.side and o.id != m.id and not _far(m, o):
                c = classify(m, o)
                if c.illegal:
                    out.append(c)
    return out


def move_back_vector(piece: Piece, edge: str) -> tuple[float, float]:
    """OD6-RES-2: one piece length (depth) straight away from the contact edge, facing kept."""
    nx, ny = piece.normal(edge)
    return (round(-nx * piece.length, 6) + 0.0, round(-ny * piece.length, 6) + 0.0)
