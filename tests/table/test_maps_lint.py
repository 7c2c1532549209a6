"""Every map in maps/ loads with no problems (Tuxemon-style lint), and the shipped maps hold what
their scenarios rely on."""

import glob
import os
import tomllib

import pytest

from game.table import Table, check_map, load_map, map_summary

MAPS = os.path.join(os.path.dirname(__file__), "..", "..", "maps")
TMX = sorted(glob.glob(os.path.join(MAPS, "*.tmx")))


def test_there_are_maps():
    assert {os.path.basename(p) for p in TMX} >= {"boarding_action.tmx", "forest_clearing.tmx", "harbour_tavern.tmx"}


@pytest.mark.parametrize("path", TMX, ids=os.path.basename)
def test_map_is_clean(path):
    assert check_map(path) == []
    m = load_map(path)
    assert m.deployments and map_summary(m)


@pytest.mark.parametrize("path", TMX, ids=os.path.basename)
def test_scenario_beside_map_fits_it(path):
    toml = path[:-4] + ".toml"
    if not os.path.exists(toml):
        pytest.skip("no scenario")
    with open(toml, "rb") as fh:
        sc = tomllib.load(fh)
    assert sc["map"] == os.path.basename(path)
    m = load_map(path)
    t = Table(m)
    names = {z.name for z in m.zones}
    deps = {d.side for d in m.deployments}
    for v in sc.get("victory", []):
        if "zone" in v:
            assert v["zone"] in names, v
    sides = {s["id"]: s for s in sc["sides"]}
    for s in sides.values():
        assert s.get("deployment", s["id"]) in deps
    from game.table.geometry import point_in_polygon

    for f in sc["figures"]:
        n = f.get("count", 1)
        assert n == 1 or "x" not in f, "explicit positions need count = 1"
        fid = f["id"]
        r = f.get("base", 1.0) / 2
        dep = f.get("deployment", sides[f["side"]].get("deployment", f["side"]))
        assert any(point_in_polygon(f["x"], f["y"], d.points) for d in m.deployment(dep)), fid
        assert t.clear_at(f["x"], f["y"], r, f.get("level", "deck")), fid
        t.place(fid, f["x"], f["y"], r, f.get("level", "deck"))


def test_boarding_action_layout():
    m = load_map(os.path.join(MAPS, "boarding_action.tmx"))
    t = Table(m)
    assert (m.width, m.height) == (48, 32)
    assert t.zone_at(20, 8).ship == "merchant" and t.zone_at(20, 20).ship == "sloop"
    assert t.zone_at(8, 6).advantageous  # quarterdeck
    assert t.zone_at(2, 2).water and t.zone_at(2, 2).terrain == "impassable"
    assert t.zone_at(14, 15.5).terrain == "tough"  # gangplank
    assert t.zone_at(20, 8, "hold").close_quarters
    rig = t.zone_at(24.5, 8, "rigging")
    assert rig.rigging and rig.close_quarters and rig.height == 8
    kinds = {lk.kind for lk in m.links}
    assert kinds >= {"ladder", "hatch", "shroud"}
    t.place("pirate", 20, 20, 0.5, "deck")
    plan = t.plan_path("pirate", 20, 8)  # across a gangplank, no rail in the way
    assert plan is not None and plan.stops_at_obstacle is None
    hold = t.plan_path("pirate", 22, 8, level="hold")
    assert hold is not None and hold.level == "hold"
