"""Plane geometry on tuples of inches: polygons, segments, hulls (no pymunk here)."""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

Point = tuple[float, float]

#: Positions leave the table rounded to 1/1000 inch (GEO-SWEEP-1).
PRECISION = 3


@functools.lru_cache(maxsize=1 << 14)
def round_in(v: float) -> float:
    """Round a measure to 1/1000 inch (GEO-SWEEP-1); -0.0 becomes 0.0.

    Memoised: positions recur all game long and ``round(v, 3)`` costs ~0.3 µs (equal floats give
    equal results; 0.0 and -0.0 both give 0.0)."""
    return round(v, PRECISION) + 0.0


def signed_area(pts: Sequence[Point]) -> float:
    """Shoelace area; positive when the vertices run clockwise on a y-down screen."""
    s = 0.0
    n = len(pts)
    for i in range(n):
        x1, y1 = pts[i]
        x2, y2 = pts[(i + 1) % n]
        s += x1 * y2 - x2 * y1
    return s / 2.0


def centroid(pts: Sequence[Point]) -> Point:
    a = signed_area(pts)
    if abs(a) < 1e-12:
        return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
    cx = cy = 0.0
    n = len(pts)
    for i in range(n):
        x1, y1 = pts[i]
        x2, y2 = pts[(i + 1) % n]
        c = x1 * y2 - x2 * y1
        cx += (x1 + x2) * c
        cy += (y1 + y2) * c
    return (cx / (6 * a), cy / (6 * a))


def bbox(pts: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))


def point_in_polygon(x: float, y: float, pts: Sequence[Point]) -> bool:
    """Even-odd ray cast; points on an edge may go either way."""
    inside = False
    n = len(pts)
    j = n - 1
    for i in range(n):
        xi, yi = pts[i]
        xj, yj = pts[j]
        if (yi > y) != (yj > y):
            xc = xi + (y - yi) * (xj - xi) / (yj - yi)
            if x < xc:
                inside = not inside
        j = i
    return inside


def dist_point_segment(px: float, py: float, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    l2 = dx * dx + dy * dy
    t = 0.0 if l2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / l2))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def dist_point_polygon(px: float, py: float, pts: Sequence[Point]) -> float:
    """Distance from a point to a filled polygon (0 inside)."""
    if point_in_polygon(px, py, pts):
        return 0.0
    n = len(pts)
    return min(dist_point_segment(px, py, pts[i], pts[(i + 1) % n]) for i in range(n))


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(a: Point, b: Point, c: Point) -> bool:
    return (
        min(a[0], b[0]) - 1e-12 <= c[0] <= max(a[0], b[0]) + 1e-12
        and min(a[1], b[1]) - 1e-12 <= c[1] <= max(a[1], b[1]) + 1e-12
    )


def segments_intersect(p1: Point, p2: Point, p3: Point, p4: Point) -> bool:
    """Closed segments p1p2 and p3p4 share a point."""
    d1 = _orient(p3, p4, p1)
    d2 = _orient(p3, p4, p2)
    d3 = _orient(p1, p2, p3)
    d4 = _orient(p1, p2, p4)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    eps = 1e-12
    return (
        (abs(d1) <= eps and _on_segment(p3, p4, p1))
        or (abs(d2) <= eps and _on_segment(p3, p4, p2))
        or (abs(d3) <= eps and _on_segment(p1, p2, p3))
        or (abs(d4) <= eps and _on_segment(p1, p2, p4))
    )


def self_intersects(pts: Sequence[Point]) -> bool:
    """A closed polygon's non-adjacent edges touch, or a vertex repeats.

    Edges sorted by their left end; only pairs whose boxes overlap reach the exact test (maps from
    anyone may hold polygons of a few hundred points: all pairs cost seconds, this milliseconds)."""
    n = len(pts)
    if len(set(pts)) != n:
        return True
    boxes = []
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        boxes.append((min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1]), i))
    boxes.sort()
    for k, (_x0, x1, y0, y1, i) in enumerate(boxes):
        for m in range(k + 1, n):
            u0, _u1, v0, v1, j = boxes[m]
            if u0 > x1:
                break
            if v0 > y1 or v1 < y0:
                continue
            lo, hi = (i, j) if i < j else (j, i)
            if hi == lo + 1 or (lo == 0 and hi == n - 1):
                continue
            if segments_intersect(pts[i], pts[(i + 1) % n], pts[j], pts[(j + 1) % n]):
                return True
    return False


def is_convex(pts: Sequence[Point]) -> bool:
    n = len(pts)
    sign = 0
    for i in range(n):
        o = _orient(pts[i], pts[(i + 1) % n], pts[(i + 2) % n])
        if abs(o) < 1e-12:
            continue
        s = 1 if o > 0 else -1
        if sign and s != sign:
            return False
        sign = s
    return True


def triangulate(pts: Sequence[Point]) -> list[tuple[Point, Point, Point]]:
    """Ear-clipping triangulation of a simple polygon (either winding)."""
    poly = list(pts)
    if signed_area(poly) < 0:
        poly.reverse()
    tris: list[tuple[Point, Point, Point]] = []
    guard = 0
    while len(poly) > 3 and guard < 10000:
        guard += 1
        n = len(poly)
        for i in range(n):
            a, b, c = poly[i - 1], poly[i], poly[(i + 1) % n]
            if _orient(a, b, c) <= 1e-12:
                continue
            if any(point_in_triangle(p, a, b, c) for p in poly if p not in (a, b, c)):
                continue
            tris.append((a, b, c))
            del poly[i]
            break
        else:
            break
    if len(poly) == 3:
        tris.append((poly[0], poly[1], poly[2]))
    return tris


def point_in_triangle(p: Point, a: Point, b: Point, c: Point) -> bool:
    d1, d2, d3 = _orient(a, b, p), _orient(b, c, p), _orient(c, a, p)
    return not ((d1 < 0 or d2 < 0 or d3 < 0) and (d1 > 0 or d2 > 0 or d3 > 0))


def convex_hull(points: Sequence[Point]) -> list[Point]:
    """Andrew's monotone chain; counter-clockwise in maths axes, collinear points dropped."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts
    lower: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and _orient(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
    for p in reversed(pts):
        while len(upper) >= 2 and _orient(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def strictly_inside_convex(p: Point, hull: Sequence[Point], eps: float = 1e-9) -> bool:
    """p lies strictly inside a convex hull from :func:`convex_hull` (not on its boundary)."""
    if len(hull) < 3:
        return False
    n = len(hull)
    for i in range(n):
        if _orient(hull[i], hull[(i + 1) % n], p) <= eps:
            return False
    return True


def segment_inside_intervals(a: Point, b: Point, pts: Sequence[Point]) -> list[tuple[float, float]]:
    """Parameter intervals (t0, t1) ⊂ [0, 1] of segment ab lying inside polygon pts."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    if dx == 0 and dy == 0:
        return []
    ts = [0.0, 1.0]
    n = len(pts)
    for i in range(n):
        p, q = pts[i], pts[(i + 1) % n]
        ex, ey = q[0] - p[0], q[1] - p[1]
        den = dx * ey - dy * ex
        if abs(den) < 1e-15:
            continue
        t = ((p[0] - ax) * ey - (p[1] - ay) * ex) / den
        u = ((p[0] - ax) * dy - (p[1] - ay) * dx) / den
        if 0.0 < t < 1.0 and -1e-12 <= u <= 1 + 1e-12:
            ts.append(t)
    ts.sort()
    out: list[tuple[float, float]] = []
    for t0, t1 in zip(ts, ts[1:]):
        if t1 - t0 <= 1e-12:
            continue
        tm = (t0 + t1) / 2
        if point_in_polygon(ax + dx * tm, ay + dy * tm, pts):
            if out and abs(out[-1][1] - t0) < 1e-12:
                out[-1] = (out[-1][0], t1)
            else:
                out.append((t0, t1))
    return out


def union_length(intervals: list[tuple[float, float]]) -> float:
    """Total length of a union of intervals."""
    total = 0.0
    end = -math.inf
    for t0, t1 in sorted(intervals):
        if t1 <= end:
            continue
        total += t1 - max(t0, end)
        end = t1
    return total


def ellipse_points(x: float, y: float, w: float, h: float, n: int = 16) -> list[Point]:
    """Polygon approximating the ellipse in the box (x, y, w, h)."""
    cx, cy, rx, ry = x + w / 2, y + h / 2, w / 2, h / 2
    return [(cx + rx * math.cos(2 * math.pi * i / n), cy + ry * math.sin(2 * math.pi * i / n)) for i in range(n)]
