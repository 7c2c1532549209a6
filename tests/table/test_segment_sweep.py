"""GEO-SWEEP-1: a base swept past a rail's end stops at the rail (Chipmunk's segment query with a
radius misses the end caps; game.table.terrain.sweep_alpha computes segments itself)."""

import math

import pymunk
from hypothesis import given, settings
from hypothesis import strategies as st

from game.table.terrain import sweep_alpha


def _rail(p0=(2, 8.5), p1=(9, 8.5), r=0.125):
    space = pymunk.Space()
    seg = pymunk.Segment(space.static_body, p0, p1, r)
    space.add(seg)
    return seg


def _seg_dist(px, py, p0, p1):
    ux, uy = p1[0] - p0[0], p1[1] - p0[1]
    t = max(0.0, min(1.0, ((px - p0[0]) * ux + (py - p0[1]) * uy) / (ux * ux + uy * uy)))
    return math.hypot(px - p0[0] - t * ux, py - p0[1] - t * uy)


def test_GEO_SWEEP_1_sweep_past_a_rail_end_is_stopped():
    seg = _rail()
    alpha = sweep_alpha(seg, (13, 8), (9, 7.9375), 0.491)
    assert alpha is not None and 0.8 < alpha < 1.0
    x, y = 13 - 4 * alpha, 8 - 0.0625 * alpha
    assert math.isclose(_seg_dist(x, y, (2, 8.5), (9, 8.5)), 0.125 + 0.491, abs_tol=1e-9)


@settings(max_examples=300, deadline=None)
@given(ax=st.floats(0, 12), ay=st.floats(5, 12), bx=st.floats(0, 12), by=st.floats(5, 12), r=st.floats(0.05, 0.6))
def test_GEO_SWEEP_1_segment_sweep_alpha_is_the_first_touch(ax, ay, bx, by, r):
    p0, p1, sr = (2, 8.5), (9, 8.5), 0.125
    seg = _rail(p0, p1, sr)
    alpha = sweep_alpha(seg, (ax, ay), (bx, by), r)
    grown = sr + r

    def at(t):
        return _seg_dist(ax + (bx - ax) * t, ay + (by - ay) * t, p0, p1)

    if at(0) <= grown - 1e-9:
        assert alpha == 0.0
        return
    samples = [i / 400 for i in range(401)]
    first = next((t for t in samples if at(t) < grown - 1e-6), None)
    if alpha is None:
        assert first is None
    else:
        assert abs(at(alpha) - grown) < 1e-6
        assert all(at(t) >= grown - 1e-6 for t in samples if t < alpha - 1e-9)
