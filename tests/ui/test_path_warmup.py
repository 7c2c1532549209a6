"""The battle builds its map's search graphs off the frame loop, so a first hover does not stall
(hover previews within the frame budget)."""

from __future__ import annotations

from game.match import Match


def test_battle_scene_builds_the_search_graphs_on_a_thread(app_factory):
    app = app_factory()
    scen = app.find_scenario("boarding_action")
    m = Match(scen, seed=5)
    scene = app.start_battle(scen, mode="hotseat", seed=5)
    scene.set_match(m)
    th = scene.path_warmup
    assert th.name == "path-warmup" and th.daemon
    th.join(60)
    assert not th.is_alive()
    grids = m.table.terrain.grids
    searched = {(k[2]) for k in grids if isinstance(k, tuple) and k and k[0] == "search"}
    radii = {round(b.radius, 3) for b in m.table._bases.values()}
    assert radii <= searched  # every base size's graph is ready before any hover asks for a path
    levels = {b.level for b in m.table._bases.values()}
    assert all(("clearance", lv) in grids for lv in levels)
