"""The path search's graph (game/table/search.py): built once per map content, levels, base radius and
crossed obstacles, shared by every table of that map, and stamped with the other bases per search
only: after each plan its arrays hold the static values again, and plans made from two threads at
once are the plans made one after the other."""

import threading

import numpy as np

from game.table import Obstacle, Table, TacticalMap, pathing, search


def _map() -> TacticalMap:
    return TacticalMap.open_ground(24, 24, obstacles=[Obstacle.box("crate", 11, 8, 2, 8)])


def _entry(t: Table) -> dict:
    (key,) = [k for k in t.terrain.grids if k[0] == "search"]
    return search.static(t.terrain, *key[1:])


def test_RNG_MOVE_1_the_graph_is_shared_by_tables_of_the_same_map_content():
    a, b = Table(_map()), Table(_map())  # two loads: equal content, different objects
    for t in (a, b):
        t.place("m", 6, 12, 0.5, "deck")
        assert t.plan_path("m", 18, 12) is not None
    assert _entry(a) is _entry(b)
    other = Table(TacticalMap.open_ground(24, 24, obstacles=[Obstacle.box("crate", 11, 9, 2, 8)]))
    other.place("m", 6, 12, 0.5, "deck")
    other.plan_path("m", 18, 12)
    assert _entry(other) is not _entry(a)


def test_RNG_MOVE_1_prepare_builds_what_the_first_plan_reads():
    t = Table(TacticalMap.open_ground(30, 20, obstacles=[Obstacle.box("crate", 14, 4, 2, 12)]))
    t.place("m", 4, 10, 0.5, "deck")
    pathing.prepare(t)
    built = _entry(t)
    assert t.plan_path("m", 26, 10) is not None
    assert _entry(t) is built


def test_RNG_MOVE_1_other_bases_are_stamped_for_one_search_only():
    t = Table(_map())
    t.place("m", 6, 12, 0.5, "deck")
    t.place("b", 12, 16.7, 0.5, "deck")  # closes the way round the crate's south end
    t.place("c", 16, 5, 0.5, "deck")
    plan = t.plan_path("m", 18, 12)
    assert plan is not None
    assert all(y < 12 for _, y in plan.points[1:-1])  # b closes the south: round the north end
    st = _entry(t)
    for k, v in st["orig"].items():
        assert np.array_equal(st["work"][k], v), k
    assert np.array_equal(st["coarse"]["work"], st["coarse"]["costs"])
    # the same question with the bases gone is no longer (the block graph's plans are within 2 %
    # of the cheapest: either way round the crate, equal on the table, may come first)
    alone = Table(_map())
    alone.place("m", 6, 12, 0.5, "deck")
    assert alone.plan_path("m", 18, 12).length <= 1.02 * plan.length


def test_RNG_MOVE_1_plans_from_two_threads_equal_plans_made_in_turn():
    t = Table(_map())
    t.place("a", 6, 12, 0.5, "deck")
    t.place("b", 12, 16.7, 0.5, "deck")
    goals = [(18.0, 12.0), (4.0, 4.0), (12.0, 20.0), (20.0, 3.0), (3.0, 21.0)]

    def plans(tab: Table) -> list:
        return [pathing._plan(tab, f, x, y, level=None, cross=frozenset()) for f in ("a", "b") for x, y in goals]

    want = plans(t)
    got: list = [None, None]

    def run(i: int) -> None:
        got[i] = [plans(t.clone()) for _ in range(3)]

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert all(p == want for g in got for p in g)
