"""GEO-SWEEP-1: a sweep from a given start (``sweep_clear_from``) answers as placing the base there
and sweeping, and leaves the table as it was (retreats sweep step after step without moving the
base)."""

import random
from pathlib import Path

import pytest

from game.table import Table, load_map
from game.table.geometry import round_in

MAPS = Path(__file__).resolve().parents[2] / "maps"


@pytest.mark.parametrize("name", ["boarding_action", "harbour_tavern", "fire_in_the_hold"])
def test_GEO_SWEEP_1_sweep_clear_from_equals_placing_the_base_then_sweeping(name):
    table = Table(load_map(MAPS / f"{name}.tmx"))
    rng = random.Random(name)
    w, h = table.width, table.height
    ids = [f"f{i}" for i in range(14)]
    for fid in ids:
        table.place(fid, rng.uniform(1, w - 1), rng.uniform(1, h - 1), rng.choice((0.5, 0.5, 0.75)), "deck")
    answers = set()
    for _ in range(1500):
        fid = rng.choice(ids)
        home = table.position(fid)
        if rng.random() < 0.5:  # near another base, where sweeps meet it
            ox, oy = table.position(rng.choice(ids))
            x, y = ox + rng.uniform(-1.5, 1.5), oy + rng.uniform(-1.5, 1.5)
        else:
            x, y = rng.uniform(0, w), rng.uniform(0, h)
        dx, dy = rng.choice(((0.0, 0.0), (rng.uniform(-1, 1), rng.uniform(-1, 1)), (0.5, 0.0)))
        got = table.sweep_clear_from(fid, x, y, dx, dy)
        assert table.position(fid) == home  # the table is not changed
        table.place(fid, x, y, table.radius_of(fid), "deck")
        assert table.position(fid) == (round_in(x), round_in(y))
        assert got == table.sweep_clear(fid, dx, dy)
        table.place(fid, *home, table.radius_of(fid), "deck")
        answers.add(got)
    assert answers == {True, False}
