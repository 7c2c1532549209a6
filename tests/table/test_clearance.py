"""The distance-field pre-check of the GEO-SWEEP-1 sweeps (game/table/clearance.py): whatever it
answers, the exact pymunk sweep answers the same."""

import random
from pathlib import Path

import pytest

from game.table import Table, load_map
from game.table.clearance import clearance_of
from game.table.sweeps import sweep_of

MAPS = Path(__file__).resolve().parents[2] / "maps"


def _exact(t, level, sw) -> bool:
    """Some static shape on the level is entered (``Sweep.entering`` of every shape, no pre-check)."""
    bl, bb, br, bt = sw.box
    return any(sw.entering(s) is not None for s in t.bb_shapes(bl, bb, br, bt, t.filter(level)))


@pytest.mark.parametrize("name", ["boarding_action", "fire_in_the_hold", "farm_skirmish"])
def test_geo_sweep_1_distance_field_answers_agree_with_the_exact_sweeps(name):
    tab = Table(load_map(MAPS / f"{name}.tmx"))
    t = tab.terrain
    rng = random.Random(22)
    told = {True: 0, False: 0}
    for level in sorted({z.on_level for z in t.map.zones} | {"deck"}):
        cl = clearance_of(t, level)
        assert cl is not None
        for _ in range(150):
            a = (rng.uniform(0, t.map.width), rng.uniform(0, t.map.height))
            # short legs like a move option's, long ones like a straightened path's
            reach = rng.choice((0.5, 3.0, 20.0))
            b = (a[0] + rng.uniform(-reach, reach), a[1] + rng.uniform(-reach, reach))
            sw = sweep_of(a, b[0] - a[0], b[1] - a[1], rng.choice((0.5, 0.75, 1.0)))
            assert sw is not None
            sure = cl.trace(sw.a, sw.b, sw.qr)
            if sure is not None:
                told[sure] += 1
                assert sure is not _exact(t, level, sw), (level, sw.a, sw.b, sw.qr)
    assert told[True] and told[False], told
