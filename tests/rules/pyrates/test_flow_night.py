"""Night actions: the scenario option sight_limit cuts line of sight short [HOUSE] (GEO-LOS-1)."""

from game.rules.dice import Dice
from game.rules.flow import Ctx
from game.rules.model import Figure, SideInfo
from game.rules.pyrates.sight import sees
from game.rules.state import MatchState
from game.table import Table, TacticalMap


def _ctx(options):
    figs = {
        "a": Figure(id="a", name="A", side="red", x=2.0, y=5.0),
        "b": Figure(id="b", name="B", side="blue", x=14.0, y=5.0),
    }
    st = MatchState(sides=(SideInfo("red", "Red"), SideInfo("blue", "Blue")), figures=figs, options=options)
    t = Table(TacticalMap.open_ground(20, 10))
    for f in figs.values():
        t.place(f.id, f.x, f.y, f.radius, f.level)
    return Ctx(st, Dice(1), t)


def test_GEO_LOS_1_night_sight_limit_hides_distant_figures():
    assert sees(_ctx({}), "a", "b").clear
    assert not sees(_ctx({"sight_limit": 8.0}), "a", "b").clear
    assert sees(_ctx({"sight_limit": 12.0}), "a", "b").clear
