"""The path search's memo (pathing.plan, kept on the terrain that a table's clones share) gives what a
fresh search gives, and a moved base on any table sharing the terrain is a different question."""

import random

from game.table import Obstacle, Table, TacticalMap, pathing


def _table() -> Table:
    return Table(TacticalMap.open_ground(24, 24, obstacles=[Obstacle.box("crate", 11, 8, 2, 8)]))


def test_RNG_MOVE_1_memoised_path_search_equals_a_fresh_search_as_bases_move():
    rng = random.Random(11)
    t = _table()
    t.place("a", 6, 12, 0.5, "deck")
    t.place("b", 16, 12, 0.5, "deck")
    clone = t.clone()
    for _ in range(40):
        tab = rng.choice((t, clone))
        fid = rng.choice(("a", "b"))
        if rng.random() < 0.4:
            x, y = rng.uniform(1, 23), rng.uniform(1, 23)
            if tab.clear_at(x, y, 0.5, "deck", ignore=[fid]):
                tab.place(fid, x, y, 0.5, "deck")
        gx, gy = rng.choice(((18.0, 12.0), (4.0, 4.0), (12.0, 20.0)))
        memo = tab.plan_path(fid, gx, gy)
        again = tab.plan_path(fid, gx, gy)
        fresh = pathing._plan(tab, fid, gx, gy, level=None, cross=frozenset())
        assert memo == fresh and again is memo


def test_RNG_MOVE_1_a_clone_with_a_moved_base_is_not_answered_from_the_original():
    t = _table()
    t.place("a", 6, 12, 0.5, "deck")
    t.place("b", 12, 16.7, 0.5, "deck")  # closes the way round the crate's south end
    before = t.plan_path("a", 18, 12)
    clone = t.clone()
    clone.place("b", 9, 4, 0.5, "deck")  # out of the way on the clone only
    after = clone.plan_path("a", 18, 12)
    assert t.terrain is clone.terrain
    assert after == pathing._plan(clone, "a", 18, 12, level=None, cross=frozenset())
    assert after != before
    assert t.plan_path("a", 18, 12) == before
