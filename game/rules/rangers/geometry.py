"""Plain-coordinate geometry for the pure rules helpers (GEO-DIST-1, GEO-FACE-1).

The match asks the ``Tabletop`` for real geometry; these helpers work on anything with ``x``, ``y``
and ``radius`` (a ``Figure``) or on ``(x, y, radius)`` tuples, so the rules can be tested and used by
the AI without a table. Distances are edge to edge, in inches.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from ..implements import implements

Disc = Any
"""A figure-like object with x, y, radius (or base), or an (x, y[, radius]) tuple."""


def xyr(d: Disc) -> tuple[float, float, float]:
    """(x, y, radius) of a disc; a bare (x, y) point has radius 0."""
    if isinstance(d, (tuple, list)):
        if len(d) == 2:
            return float(d[0]), float(d[1]), 0.0
        return float(d[0]), float(d[1]), float(d[2])
    r = getattr(d, "radius", None)
    if r is None:
        r = getattr(d, "base", 0.0) / 2.0
    return float(d.x), float(d.y), float(r)


def centre_distance(a: Disc, b: Disc) -> float:
    ax, ay, _ = xyr(a)
    bx, by, _ = xyr(b)
    return math.hypot(bx - ax, by - ay)


def edge_distance(a: Disc, b: Disc) -> float:
    """GEO-DIST-1: centre distance − r1 − r2, never below 0."""
    ax, ay, ar = xyr(a)
    bx, by, br = xyr(b)
    return max(0.0, math.hypot(bx - ax, by - ay) - ar - br)


def within(a: Disc, b: Disc, inches: float, eps: float = 1e-9) -> bool:
    """Edge distance ≤ inches (with a float tolerance far below the 1/1000" state precision)."""
    return edge_distance(a, b) <= inches + eps


def nearest_distance(a: Disc, others: Iterable[Disc]) -> float:
    """Smallest edge distance from a to any of others; inf when there are none."""
    return min((edge_distance(a, o) for o in others), default=math.inf)


def bearing(frm: Disc, to: Disc) -> float:
    """Degrees from frm's centre to to's centre: 0 = +x, 90 = +y (down the screen)."""
    fx, fy, _ = xyr(frm)
    tx, ty, _ = xyr(to)
    return math.degrees(math.atan2(ty - fy, tx - fx)) % 360.0


def angle_between(a: float, b: float) -> float:
    """Smallest absolute difference between two headings, 0..180 degrees."""
    d = (a - b) % 360.0
    return min(d, 360.0 - d)


@implements("GEO-FACE-1")
def arc_of(defender: Disc, facing: float, attacker: Disc) -> str:
    """GEO-FACE-1: "front" (±45° about facing), "rear" (±45° about the back) or "flank"."""
    off = angle_between(bearing(defender, attacker), facing)
    if off <= 45.0:
        return "front"
    if off >= 135.0:
        return "rear"
    return "flank"


def path_points(path: Sequence[tuple[float, float]], step: float = 0.25) -> list[tuple[float, float]]:
    """Points along a polyline at most ``step`` inches apart, both ends included."""
    pts = [(float(path[0][0]), float(path[0][1]))]
    for (x0, y0), (x1, y1) in zip(path, path[1:]):
        seg = math.hypot(x1 - x0, y1 - y0)
        n = max(1, math.ceil(seg / step))
        for i in range(1, n + 1):
            t = i / n
            pts.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
    return pts


def path_length(path: Sequence[tuple[float, float]]) -> float:
    return sum(math.hypot(x1 - x0, y1 - y0) for (x0, y0), (x1, y1) in zip(path, path[1:]))


def point_segment_distance(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def side_of_line(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    """Sign of the cross product: > 0 on one side of the line a→b, < 0 on the other, 0 on it."""
    return (bx - ax) * (py - ay) - (by - ay) * (px - ax)
