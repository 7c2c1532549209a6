"""Exact cases for each geometry rule the table answers, named by rule id (shared/RULES.md §1)."""

import math

import pytest

from game.rules.tabletop import Sight, Tabletop
from game.table import Link, Obstacle, Sector, Table, TacticalMap, Zone


def table(**kw) -> Table:
    return Table(TacticalMap.open_ground(24, 24, **kw))


def test_table_implements_the_tabletop_protocol():
    assert isinstance(table(), Tabletop)


# -- GEO-BTB-1 / GEO-DIST-1 ---------------------------------------------------------------------
def test_GEO_BTB_1_contact_at_002_not_003():
    t = table()
    t.place("a", 10, 10, 0.5, "deck")
    t.place("b", 11.02, 10, 0.5, "deck")
    t.place("c", 10, 11.03, 0.5, "deck")
    assert t.contacts("a") == ["b"]
    assert t.contacts("b") == ["a"]
    assert t.contacts("c") == []


def test_GEO_BTB_1_mixed_radii_and_sorted():
    t = table()
    t.place("a", 10, 10, 0.5, "deck")
    t.place("z", 10 + 0.5 + 1.0 + 0.02, 10, 1.0, "deck")
    t.place("m", 10, 8.98, 0.5, "deck")
    assert t.contacts("a") == ["m", "z"]


def test_GEO_BTB_1_different_levels_never_touch():
    t = table()
    t.place("a", 10, 10, 0.5, "deck")
    t.place("b", 10.5, 10, 0.5, "rigging")
    assert t.contacts("a") == []
    assert t.edge_distance("a", "b") == math.inf
    assert t.sweep_clear("a", 1, 0)  # passes under the rigging


def test_GEO_DIST_1_edge_distance_and_within():
    t = table()
    t.place("a", 2, 2, 0.5, "deck")
    t.place("b", 6, 5, 0.5, "deck")  # centres 5 apart
    t.place("c", 2, 3, 0.5, "deck")  # overlapping-ish: min 0
    t.place("d", 2, 8, 0.5, "hold")
    assert t.edge_distance("a", "b") == 4.0
    assert t.edge_distance("a", "c") == 0.0
    assert t.within("a", 4.0) == ["b", "c"]
    assert t.within("a", 3.999) == ["c"]
    assert t.within("a", 5.0) == ["b", "c", "d"]  # within() spans levels


def test_positions_rounded_to_a_thousandth():
    t = table()
    t.place("a", 1.23456, 2.0004, 0.5, "deck")
    assert t.position("a") == (1.235, 2.0)


# -- GEO-SWEEP-1 -----------------------------------------------------------------------------------
def test_GEO_SWEEP_1_touching_at_end_allowed_penetration_blocked():
    t = table()
    t.place("a", 5, 10, 0.5, "deck")
    t.place("b", 8, 10, 0.5, "deck")
    assert t.sweep_clear("a", 2.0, 0)  # ends touching b
    assert t.sweep_clear("a", 2.005, 0)  # 0.005 in: within tolerance
    assert not t.sweep_clear("a", 2.02, 0)  # 0.02 in: blocked
    assert not t.sweep_clear("a", 5, 0)  # through b
    assert t.sweep_clear("a", 5, 0, ignore=["b"])


def test_GEO_SWEEP_1_touching_at_start_may_move_away_not_into():
    t = table()
    t.place("a", 5, 10, 0.5, "deck")
    t.place("b", 6, 10, 0.5, "deck")
    assert t.sweep_clear("a", -1, 0)
    assert t.sweep_clear("a", 0, 1)  # slides past along the tangent
    assert not t.sweep_clear("a", 0.5, 0)


def test_GEO_SWEEP_1_obstacles_and_off_map():
    t = table(
        obstacles=[Obstacle.box("crate", 10, 9, 1, 2, cover="hard")],
        zones=[Zone.rect("pond", 0, 20, 24, 4, terrain="impassable", water=True)],
    )
    t.place("a", 8, 10, 0.5, "deck")
    assert t.sweep_clear("a", 1.5, 0)  # touches the crate
    assert not t.sweep_clear("a", 1.6, 0)
    assert t.sweep_clear("a", 5, 0, ignore=["crate"])
    assert not t.sweep_clear("a", -7.6, 0)  # base would hang off the table edge
    assert t.sweep_clear("a", -7.5, 0)
    assert not t.sweep_clear("a", 0, 10)  # into impassable water
    assert t.sweep_clear("a", 0, 9.5)  # touching its edge


def test_GEO_SWEEP_1_linear_obstacle_blocks_the_sweep():
    t = table(obstacles=[Obstacle.line("fence", [(12, 2), (12, 22)], thickness=0.2, cover="soft")])
    t.place("a", 10, 10, 0.5, "deck")
    assert not t.sweep_clear("a", 4, 0)
    assert t.sweep_clear("a", 4, 0, ignore=["fence"])


# -- GEO-ESC-1 / PYR-PUSH-2 --------------------------------------------------------------------
def test_GEO_ESC_1_pushback_blocked_by_barrel_vs_clear():
    barrel = Obstacle.circle("barrel", 12.0, 10.0, 0.5, cover="hard", standable=True)
    t = table(obstacles=[barrel])
    t.place("foe", 9, 10, 0.5, "deck")
    t.place("victim", 10.5, 10, 0.5, "deck")  # touching the barrel on the far side
    # PYR-PUSH-3: away from the tapper = +x, straight into the barrel
    assert not t.sweep_clear("victim", 1.0, 0)
    assert 0 not in t.free_directions("victim")
    t2 = Table(TacticalMap.open_ground(24, 24))
    t2.place("foe", 9, 10, 0.5, "deck")
    t2.place("victim", 10.02, 10, 0.5, "deck")
    assert t2.sweep_clear("victim", 1.0, 0)
    assert 0 in t2.free_directions("victim")


def test_GEO_ESC_1_72_headings_every_5_degrees():
    t = table()
    t.place("a", 12, 12, 0.5, "deck")
    assert t.free_directions("a") == list(range(0, 360, 5))
    t.place("b", 13, 12, 0.5, "deck")  # touching on +x
    dirs = t.free_directions("a")
    assert 0 not in dirs and 180 in dirs and 90 in dirs and 270 in dirs
    assert all(d % 5 == 0 for d in dirs)


def test_GEO_ESC_1_custom_distance():
    t = table(obstacles=[Obstacle.box("wall", 14, 0, 1, 24)])
    t.place("a", 12, 12, 0.5, "deck")
    assert 0 in t.free_directions("a", 1.5)
    assert 0 not in t.free_directions("a", 2.0)


# -- GEO-SUR-1 ---------------------------------------------------------------------------------------
def _ring(t, n, start_deg=0.0, step=None):
    step = step or 360.0 / n
    ids = []
    for k in range(n):
        a = math.radians(start_deg + k * step)
        fid = f"e{k}"
        t.place(fid, 12 + 1.0 * math.cos(a), 12 + 1.0 * math.sin(a), 0.5, "deck")
        ids.append(fid)
    return ids


def test_GEO_SUR_1_two_foes_never_surround_by_hull():
    t = table()
    t.place("f", 12, 12, 0.5, "deck")
    foes = _ring(t, 2, 0, 90)  # at 0° and 90°
    assert not t.surrounded("f", foes)


def test_GEO_SUR_1_three_around_do():
    t = table()
    t.place("f", 12, 12, 0.5, "deck")
    foes = _ring(t, 3)  # 0°, 120°, 240°: centre inside their hull
    assert t.surrounded("f", foes)


def test_GEO_SUR_1_three_on_one_side_do_not():
    """A 2-inch base with three 1-inch foes at 0°, 45°, 90°: no hull, and each pushback is clear.
    (Three equal bases can never crowd one quarter: any third foe sits within ~82° of a pushback.)"""
    t = table()
    t.place("f", 12, 12, 1.0, "deck")
    foes = []
    for k, deg in enumerate((0, 45, 90)):
        a = math.radians(deg)
        t.place(f"e{k}", 12 + 1.5 * math.cos(a), 12 + 1.5 * math.sin(a), 0.5, "deck")
        foes.append(f"e{k}")
    assert not t.surrounded("f", foes)
    t.place("e3", 12 - 1.5, 12, 0.5, "deck")  # a fourth foe opposite the first
    assert t.surrounded("f", foes + ["e3"])


def test_GEO_SUR_1_b_pushback_into_another_enemy():
    t = table()
    t.place("f", 12, 12, 0.5, "deck")
    t.place("e0", 11, 12, 0.5, "deck")  # pushes f towards +x …
    t.place("e1", 13.8, 12, 0.5, "deck")  # … where another enemy stands within a base depth
    assert t.surrounded("f", ["e0"], enemies=["e0", "e1"])
    assert not t.surrounded("f", ["e0"])  # e1 is not named as an enemy
    t.place("e1", 14.0, 12, 0.5, "deck")  # now a base depth away: the push ends touching it
    assert not t.surrounded("f", ["e0"], enemies=["e0", "e1"])


def test_GEO_SUR_1_b_two_opposite_engaged_foes_pin():
    """Two foes exactly opposite: not (a), but pushing away from one runs into the other (b)."""
    t = table()
    t.place("f", 12, 12, 0.5, "deck")
    foes = _ring(t, 2)  # 0° and 180°
    assert t.surrounded("f", foes)


# -- GEO-LOS-1 / RNG-COVER-1 -----------------------------------------------------------------------
def test_GEO_LOS_1_RNG_COVER_1_rail_gives_soft_cover():
    rail = Obstacle.line("rail", [(2, 12), (22, 12)], thickness=0.25, cover="soft", standable=True)
    t = table(obstacles=[rail])
    t.place("shooter", 10, 4, 0.5, "deck")
    t.place("target", 10, 12.7, 0.5, "deck")  # just behind the rail
    s = t.line_of_sight("shooter", "target")
    assert s.clear and s.cover == "soft"
    assert s.distance == pytest.approx(7.7)
    t.place("target", 10, 15, 0.5, "deck")  # 3 in behind: rail too far to cover
    s = t.line_of_sight("shooter", "target")
    assert s.clear and s.cover is None
    # the shooter hiding behind the rail does not cover the target
    t.place("shooter", 10, 11.4, 0.5, "deck")
    t.place("target", 10, 4, 0.5, "deck")
    assert t.line_of_sight("shooter", "target").cover is None


def test_GEO_LOS_1_blocks_los_obstacle_and_figures_never_block():
    wall = Obstacle.box("wall", 11, 2, 1, 8, cover="hard", blocks_los=True)
    t = table(obstacles=[wall])
    t.place("a", 8, 5, 0.5, "deck")
    t.place("b", 15, 5, 0.5, "deck")
    t.place("c", 8, 14, 0.5, "deck")
    t.place("d", 15, 14, 0.5, "deck")
    t.place("between", 11.5, 14, 0.5, "deck")
    assert not t.line_of_sight("a", "b").clear
    assert t.line_of_sight("a", "b").cover is None  # 2.5 in behind the wall: no cover
    t.place("b", 13, 5, 0.5, "deck")
    assert t.line_of_sight("a", "b") == Sight(clear=False, cover="hard", distance=4.0)
    assert t.line_of_sight("c", "d") == t.line_of_sight("c", "d")
    assert t.line_of_sight("c", "d").clear and t.line_of_sight("c", "d").cover is None


def test_RNG_COVER_1_zone_cover_and_best_of_both():
    woods = Zone.rect("woods", 14, 0, 6, 24, terrain="tough", cover="soft")
    log = Obstacle.line("log", [(13, 2), (13, 22)], thickness=0.6, cover="hard")
    t = table(zones=[woods], obstacles=[log])
    t.place("a", 4, 10, 0.5, "deck")
    t.place("b", 16, 10, 0.5, "deck")  # in the woods, 2.7 in behind the log
    assert t.line_of_sight("a", "b").cover == "soft"
    t.place("b", 14.2, 10, 0.5, "deck")  # within 1 in of the log: hard beats soft
    assert t.line_of_sight("a", "b").cover == "hard"


def test_GEO_LOS_1_levels():
    t = table()
    t.place("deck", 4, 4, 0.5, "deck")
    t.place("top", 8, 4, 0.5, "rigging")
    t.place("hold", 6, 4, 0.5, "hold")
    assert t.line_of_sight("deck", "top").clear
    assert not t.line_of_sight("deck", "hold").clear


# -- zones (GEO-ZONE-1) ------------------------------------------------------------------------------
def test_GEO_ZONE_1_flags_merged_on_a_level():
    zs = [
        Zone.rect("deck", 0, 0, 12, 12, ship="merchant"),
        Zone.rect("qd", 0, 0, 4, 12, advantageous=True, cover="soft"),
        Zone.rect("mud", 2, 0, 4, 12, terrain="tough"),
        Zone.rect("rig", 0, 0, 12, 12, level="rigging", rigging=True, height=8, close_quarters=True),
    ]
    t = table(zones=zs)
    f = t.zone_at(3, 3)
    assert (f.ship, f.advantageous, f.terrain, f.cover, f.rigging) == ("merchant", True, "tough", "soft", False)
    r = t.zone_at(3, 3, "rigging")
    assert r.rigging and r.height == 8 and r.level == "rigging" and r.close_quarters
    assert t.zone_at(20, 20).terrain == "open"


# -- RNG-MOVE-1 / RNG-MOVE-2 ------------------------------------------------------------------------
def test_RNG_MOVE_1_tough_ground_costs_double():
    t = table(zones=[Zone.rect("bog", 10, 0, 4, 24, terrain="tough")])
    t.place("a", 6, 12, 0.5, "deck")
    plan = t.path_cost("a", [(18, 12)])
    assert plan.length == 12 and plan.cost == 16
    p2 = t.plan_path("a", 18, 12)
    assert p2.points[0] == (6, 12) and p2.points[-1] == (18, 12)
    assert p2.cost == pytest.approx(16, abs=0.05)


def test_RNG_MOVE_1_single_obstacles_walked_around():
    t = table(obstacles=[Obstacle.box("crate", 11, 10, 2, 4)])
    t.place("a", 8, 12, 0.5, "deck")
    assert t.path_cost("a", [(16, 12)]) is None
    plan = t.plan_path("a", 16, 12)
    assert plan is not None and plan.stops_at_obstacle is None
    assert plan.length > 8
    for a, b in zip(plan.points, plan.points[1:]):
        t.place("probe", *a, 0.5, "deck")
        assert t.sweep_clear("probe", b[0] - a[0], b[1] - a[1], ignore=["a"])


def test_RNG_MOVE_2_path_stops_at_linear_obstacle():
    t = table(obstacles=[Obstacle.line("hedge", [(12, 0.5), (12, 23.5)], thickness=0.4, cover="soft")])
    t.place("a", 8, 12, 0.5, "deck")
    plan = t.plan_path("a", 16, 12)
    assert plan.stops_at_obstacle == "hedge_0" if False else plan.stops_at_obstacle == "hedge"
    end = plan.points[-1]
    assert end[0] == pytest.approx(12 - 0.2 - 0.5, abs=0.02)
    t.place("a", *end, 0.5, "deck")
    assert [o.id for o in t.touching_obstacles("a")] == ["hedge"]
    exact = t.path_cost("a", [(8, 12), (16, 12)])
    assert exact is None or exact.stops_at_obstacle == "hedge"
    # next turn it crosses
    crossing = t.plan_path("a", 16, 12, cross=["hedge"])
    assert crossing.stops_at_obstacle is None and crossing.points[-1] == (16, 12)


def test_RNG_MOVE_links_climb_and_change_level():
    rig = Zone.rect("yard", 10, 4, 2, 10, level="rigging", rigging=True, height=8, terrain="tough")
    shroud = Link("shroud", (11, 16), (11, 13), "deck", "rigging", cost=2.0, kind="shroud")
    t = table(zones=[rig], links=[shroud])
    t.place("a", 11, 20, 0.5, "deck")
    plan = t.plan_path("a", 11, 6, level="rigging")
    assert plan is not None and plan.level == "rigging"
    assert (11, 16) in plan.points and (11, 13) in plan.points
    # 4 in walk, link 3 in + 2 cost, 7 in along a tough yard (×2)
    assert plan.cost == pytest.approx(4 + 3 + 2 + 14, abs=0.05)
    manual = t.path_cost("a", [(11, 16), (11, 13), (11, 6)])
    assert manual.level == "rigging" and manual.cost == pytest.approx(plan.cost, abs=0.05)
    # off the yard there is no rigging
    t.place("r", 11, 6, 0.5, "rigging")
    assert not t.sweep_clear("r", 3, 0)


def test_plan_path_refuses_unreachable_and_blocked_goals():
    t = table(obstacles=[Obstacle.box("box", 10, 10, 4, 4)])
    t.place("a", 4, 4, 0.5, "deck")
    assert t.plan_path("a", 12, 12) is None
    assert t.plan_path("a", 30, 4) is None


# -- PYR-ENG-2 / PYR-ENG-4 ---------------------------------------------------------------------------
def test_PYR_ENG_2_obstacle_between_and_standing():
    rail = Obstacle.line("rail", [(2, 12), (22, 12)], thickness=0.25, cover="soft", standable=True)
    t = table(obstacles=[rail])
    t.place("a", 10, 11.37, 0.5, "deck")
    t.place("b", 10, 12.63, 0.5, "deck")
    info = t.obstacle_between("a", "b")
    assert info is not None and info.id == "rail" and info.standable and info.kind == "linear"
    assert t.contacts("a") == []
    t.place("b", 10, 14, 0.5, "deck")
    assert t.obstacle_between("a", "b") is None
    t.place("c", 10, 12, 0.5, "deck")
    assert t.on_standable("c") and not t.on_standable("a")


def test_PYR_ENG_2_obstacle_between_from_answers_as_the_base_moved_there():
    rail = Obstacle.line("rail", [(2, 12), (22, 12)], thickness=0.25, cover="soft", standable=True)
    t = table(obstacles=[rail])
    t.place("a", 10, 9, 0.5, "deck")
    t.place("b", 10, 12.63, 0.5, "deck")
    for x, y in ((10, 11.37), (10.0004, 11.3704), (10, 10.5), (12, 11.37), (10, 13.9)):
        got = t.obstacle_between_from("a", x, y, "b")
        assert t.position("a") == (10, 9)  # the table is left as it is
        moved = t.clone()
        moved.place("a", x, y, 0.5, "deck")
        assert got == moved.obstacle_between("a", "b")
    assert t.obstacle_between_from("a", 10, 11.37, "b") is not None
    assert t.obstacle_between_from("a", 10, 10.5, "b") is None


# -- PYR-RIG-2 ---------------------------------------------------------------------------------------
def test_PYR_RIG_2_fall_lands_on_deck_on_no_other_base():
    rig = Zone.rect("yard", 10, 4, 2, 10, level="rigging", rigging=True, height=8)
    t = table(zones=[rig])
    t.place("r", 11, 8, 0.5, "rigging")
    t.place("below", 11, 8, 0.5, "deck")
    t.place("next", 12, 8, 0.5, "deck")
    land = t.fall_landing("r")
    assert land.level == "deck" and land.drop == 8 and not land.sea_possible
    t.place("r", land.x, land.y, 0.5, "deck")
    for other in ("below", "next"):
        assert t.edge_distance("r", other) >= -1e-9
        assert math.dist(t.position("r"), t.position(other)) >= 1.0 - 0.01
    assert math.dist((land.x, land.y), (11, 8)) <= 1.1


def test_PYR_RIG_2_sea_possible_within_2_inches():
    rig = Zone.rect("yard", 10, 4, 2, 10, level="rigging", rigging=True, height=8)
    sea = Zone.rect("sea", 13.5, 0, 10.5, 24, terrain="impassable", water=True)
    t = table(zones=[rig, sea])
    t.place("r", 11.6, 8, 0.5, "rigging")
    assert t.fall_landing("r").sea_possible
    t.place("r", 10.5, 8, 0.5, "rigging")
    assert not t.fall_landing("r").sea_possible


# -- ESC-SEC-1 --------------------------------------------------------------------------------------
def test_ESC_SEC_1_grid_sectors():
    t = table()
    t.place("a", 13, 21, 0.5, "deck")
    assert t.sector_of("a") == "g3_5"
    assert t.adjacent_sectors("g3_5") == ["g2_5", "g3_4", "g4_5"]
    assert t.adjacent_sectors("g0_0") == ["g0_1", "g1_0"]
    assert t.sector_centre("g3_5") == (14, 22)


def test_ESC_SEC_1_drawn_sectors():
    secs = [
        Sector("west", [(0, 0), (12, 0), (12, 24), (0, 24)]),
        Sector("east", [(12, 0), (24, 0), (24, 12), (12, 12)]),
        Sector("south", [(12, 12), (24, 12), (24, 24), (12, 24)]),
    ]
    t = table(sectors=secs)
    t.place("a", 20, 20, 0.5, "deck")
    assert t.sector_of("a") == "south"
    assert t.adjacent_sectors("west") == ["east", "south"]
    assert t.adjacent_sectors("east") == ["south", "west"]
    assert t.sector_centre("east") == (18, 6)


# -- clone -----------------------------------------------------------------------------------------
def test_clone_is_independent_and_shares_terrain():
    t = table(obstacles=[Obstacle.circle("barrel", 5, 5, 0.5)])
    t.place("a", 10, 10, 0.5, "deck")
    c = t.clone()
    assert c.terrain is t.terrain
    c.place("a", 12, 12, 0.5, "deck")
    c.place("b", 3, 3, 0.5, "deck")
    assert t.position("a") == (10, 10) and "b" not in t and c.position("a") == (12, 12)
    c.remove("a")
    assert "a" in t and "a" not in c


def test_GEO_SWEEP_1_zero_move_checks_where_the_base_stands():
    t = table(obstacles=[Obstacle.circle("barrel", 5, 5, 0.5)])
    t.place("a", 5.5, 5, 0.5, "deck")
    assert not t.sweep_clear("a", 0, 0)
    assert t.sweep_clear("a", 0, 0, ignore=["barrel"])
    t.place("a", 6.0, 5, 0.5, "deck")
    assert t.sweep_clear("a", 0, 0)
    assert t.clear_at(6.0, 5, 0.5, ignore=["a"]) and not t.clear_at(5.2, 5, 0.5, ignore=["a"])
    assert not t.clear_at(6.5, 5, 0.5)  # on top of a
