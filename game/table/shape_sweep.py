"""A circle swept against pymunk shapes (``terrain``'s narrow phase): which shapes a moving base
touches and where along its move, with the segment end caps Chipmunk misses computed here."""

from __future__ import annotations

import math

import pymunk

from .chipmunk import point_distance

#: a static segment's (world end a, world end b, radius): they never change, and pymunk builds
#: new objects for each on every read (most of a sweep's time when a rail is near)
_SEGMENTS: dict = {}


def swept_hits(space: pymunk.Space, a, b, radius: float, flt: pymunk.ShapeFilter) -> list:
    """Every shape a circle of ``radius`` moving from a to b touches: [(alpha, shape)], unsorted.

    Not ``Space.segment_query``: with a radius, Chipmunk walks its bounding-box tree with the thin
    segment only, so it misses shapes the swept circle reaches but the centre line's box does not
    (measured with pymunk 7.3.1). A box query of the swept area, then each shape's own query.
    """
    bb = pymunk.BB(
        min(a[0], b[0]) - radius, min(a[1], b[1]) - radius, max(a[0], b[0]) + radius, max(a[1], b[1]) + radius
    )
    out = []
    for s in space.bb_query(bb, flt):
        alpha = sweep_alpha(s, a, b, radius)
        if alpha is not None:
            out.append((alpha, s))
    return out


def sweep_alpha(shape, a, b, radius: float) -> float | None:
    """Where a circle of ``radius`` moving from a to b first touches ``shape`` (0..1), or None.

    ``shape.segment_query`` except for segments given a radius: there Chipmunk (pymunk 7.3.1) misses
    the end caps — a base swept past the end of a rail (2,8.5)-(9,8.5) r 0.125 from (13, 8) to
    (9, 7.94) ends 0.06 in inside it with no hit, and the reverse query reports a hit at the start.
    A segment with a radius is a capsule: the moving centre meets the capsule grown by ``radius``
    (two end circles and two sides), computed here.
    """
    if radius <= 0 or not isinstance(shape, pymunk.Segment):
        h = shape.segment_query(a, b, radius)
        return None if h is None else h.alpha
    got = _SEGMENTS.get(shape)
    if got is None:
        body = shape.body
        assert body is not None, "the table's shapes are attached"
        got = (body.local_to_world(shape.a), body.local_to_world(shape.b), shape.radius)
        if body.body_type == pymunk.Body.STATIC:
            if len(_SEGMENTS) > 4096:
                _SEGMENTS.clear()
            _SEGMENTS[shape] = got
    p0, p1, sr = got
    ax, ay = a
    bx, by = b
    grown = sr + radius
    if point_distance(shape, a) <= radius:
        return 0.0  # as Chipmunk answers a start already touching
    best = None
    for cx, cy in (p0, p1):
        t = _ray_circle(ax, ay, bx, by, cx, cy, grown)
        if t is not None and (best is None or t < best):
            best = t
    ux, uy = p1[0] - p0[0], p1[1] - p0[1]
    seg_len = math.hypot(ux, uy)
    if seg_len > 0:
        ux, uy = ux / seg_len, uy / seg_len
        nx, ny = -uy, ux
        sa = (ax - p0[0]) * ux + (ay - p0[1]) * uy
        ha = (ax - p0[0]) * nx + (ay - p0[1]) * ny
        sd = (bx - ax) * ux + (by - ay) * uy
        hd = (bx - ax) * nx + (by - ay) * ny
        for side in (grown, -grown):
            if hd == 0 or (side > 0 and not (ha >= side and hd < 0)) or (side < 0 and not (ha <= side and hd > 0)):
                continue
            t = (side - ha) / hd
            s = sa + t * sd
            if 0.0 <= t <= 1.0 and 0.0 <= s <= seg_len and (best is None or t < best):
                best = t
    return best


def _ray_circle(ax, ay, bx, by, cx, cy, r) -> float | None:
    """First t in 0..1 where a + t (b - a) is at distance r from c, coming from outside."""
    dx, dy = bx - ax, by - ay
    fx, fy = ax - cx, ay - cy
    qa = dx * dx + dy * dy
    if qa == 0:
        return None
    qb = fx * dx + fy * dy
    qc = fx * fx + fy * fy - r * r
    det = qb * qb - qa * qc
    if det < 0:
        return None
    t = (-qb - math.sqrt(det)) / qa
    return t if 0.0 <= t <= 1.0 else None
