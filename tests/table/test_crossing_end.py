"""RNG-MOVE-2: crossing a linear obstacle may not end on top of it (unless it is standable, PYR-ENG-4)."""

from game.table import Obstacle, Table, TacticalMap


def _table(standable: bool) -> Table:
    log = Obstacle.line("log", [(10.0, 2.0), (10.0, 18.0)], thickness=0.6, cover="hard", standable=standable)
    t = Table(TacticalMap.open_ground(20, 20, obstacles=[log]))
    t.place("a", 9.2, 10.0, 0.5, "deck")
    return t


def test_RNG_MOVE_2_crossing_may_not_end_on_a_log():
    t = _table(standable=False)
    assert t.path_cost("a", [(9.2, 10.0), (10.0, 10.0)], cross=["log"]) is None
    beyond = t.path_cost("a", [(9.2, 10.0), (11.0, 10.0)], cross=["log"])
    assert beyond is not None and beyond.points[-1] == (11.0, 10.0)


def test_PYR_ENG_4_crossing_may_end_on_a_standable_rail():
    t = _table(standable=True)
    assert t.path_cost("a", [(9.2, 10.0), (10.0, 10.0)], cross=["log"]) is not None
