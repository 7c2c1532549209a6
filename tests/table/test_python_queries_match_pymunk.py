"""The table answers sweeps and point queries in Python for speed; these must be Chipmunk's answers
exactly (same shapes, same alpha doubles), or seeded games would change."""

import math
import random
from pathlib import Path

import pymunk
import pytest

from game.table import Table, load_map
from game.table.table import circle_sweep_alpha
from game.table.terrain import swept_hits

MAPS = Path(__file__).resolve().parents[2] / "maps"


def test_circle_sweep_alpha_is_chipmunks_segment_query():
    rng = random.Random(7)
    space = pymunk.Space()
    body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    space.add(body)
    hits = 0
    for _ in range(4000):
        cr = rng.choice([0.5, 0.75, rng.uniform(0.1, 2.0)])
        cx, cy = round(rng.uniform(0, 30), 3), round(rng.uniform(0, 20), 3)
        body.position = (cx, cy)
        shape = pymunk.Circle(body, cr)
        space.add(shape)
        space.reindex_shapes_for_body(body)
        r = rng.choice([0.491, 0.5, rng.uniform(1e-4, 1.0)])
        ang = rng.uniform(0, 2 * math.pi)
        dist = cr + r + rng.choice([0.0, 1e-9, -1e-9, rng.uniform(-0.05, 0.05), rng.uniform(0, 3)])
        ax, ay = round(cx + dist * math.cos(ang), 3), round(cy + dist * math.sin(ang), 3)
        h = ang + math.pi / 2 if rng.random() < 0.3 else rng.uniform(0, 2 * math.pi)
        length = rng.uniform(0.001, 4)
        bx, by = ax + length * math.cos(h), ay + length * math.sin(h)
        q = shape.segment_query((ax, ay), (bx, by), r)
        assert circle_sweep_alpha(cx, cy, cr, ax, ay, bx, by, r) == (None if q is None else q.alpha)
        hits += q is not None
        space.remove(shape)
    assert 500 < hits < 3500  # both outcomes well exercised


def test_circle_sweep_alpha_of_a_move_lost_in_rounding_is_a_miss_like_chipmunk():
    """GEO-SWEEP-1: a move of 1e-17 in leaves b == a in floats; Chipmunk's query misses, no error."""
    body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    body.position = (10.0, 5.0)
    shape = pymunk.Circle(body, 0.5)
    pymunk.Space().add(body, shape)
    for ax, ay in ((11.2, 5.0), (12.0, 6.5), (10.0, 3.9)):
        bx, by = ax + 1e-17, ay
        assert (bx, by) == (ax, ay)
        q = shape.segment_query((ax, ay), (bx, by), 0.49)
        assert circle_sweep_alpha(10.0, 5.0, 0.5, ax, ay, bx, by, 0.49) == (None if q is None else q.alpha)


@pytest.mark.parametrize("name", ["boarding_action", "harbour_tavern", "fire_in_the_hold"])
def test_static_index_answers_like_the_space(name):
    t = Table(load_map(MAPS / f"{name}.tmx"))
    terr = t.terrain
    rng = random.Random(name)
    levels = ["deck", "hold", "rigging"]
    for _ in range(600):
        lv = rng.choice(levels)
        flt = terr.filter(lv)
        a = (rng.uniform(-1, t.width + 1), rng.uniform(-1, t.height + 1))
        b = (
            (a[0] + rng.uniform(-4, 4), a[1] + rng.uniform(-4, 4))
            if rng.random() < 0.9
            else (rng.uniform(0, t.width), rng.uniform(0, t.height))
        )
        r = rng.choice([0.0, 0.491, 0.5])
        want = sorted((al, id(s)) for al, s in swept_hits(terr.space, a, b, r, flt))
        assert sorted((al, id(s)) for al, s in terr.swept_hits(a, b, r, flt)) == want
        d = rng.choice([0.05, 0.49, 0.52, -0.1])
        want = sorted(id(q.shape) for q in terr.space.point_query(a, d, flt))
        assert sorted(id(s) for s in terr.point_hits(a, d, flt)) == want
