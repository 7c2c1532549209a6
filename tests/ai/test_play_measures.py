"""The AI's measures in ``simulate --json`` (``play_measures``): counted from the decisions and events of
a real boarding game, and summed over games."""

from __future__ import annotations

from tests.ai.conftest import ROOT, new_match, playable


def _watched_game(seed: int, turns: int = 6):
    from game.ai.controller import make_controller
    from game.ai.play_measures import GameWatch

    sc = playable(ROOT / "maps" / "boarding_action.toml", turns=turns)
    m = new_match(sc, seed)
    ctl = {s.id: make_controller("normal", seed + i) for i, s in enumerate(sc.sides)}
    watch = GameWatch(m)
    decisions, events = [], []
    while not m.over:
        d = ctl[m.pending.side].decide(m)
        decisions.append((d, m.pending.side, m.state.figures.get(d.figure) if d.figure else None))
        watch.before(m, d)
        evs = m.apply(d)
        watch.after(m, evs)
        events += evs
    return m, watch.result(m, ctl.values()), decisions, events


def test_measures_count_the_games_charges_links_and_losses():
    m, got, decisions, events = _watched_game(4242)
    links = {lk.id: lk.kind for lk in m.table.map.links}
    charges = [d for d, _, _ in decisions if d.kind == "charge"]
    assert got["charges"] == len(charges) > 0
    assert 0 <= got["charges_poor_noncombatant"] <= got["charges_poor"] <= got["charges"]
    climbs = [d for d, _, _ in decisions if d.kind == "move" and d.option == "climb"]
    assert got["trips_below"] == sum(links[d.option_label] == "hatch" for d in climbs)
    assert got["climbs"] == sum(links[d.option_label] != "hatch" for d in climbs)
    crossed = [d for d, _, _ in decisions if d.kind == "move" and d.option == "cross"]
    assert got["crossings"] == sum(("rail" in d.option_label or "break" in d.option_label) for d in crossed)
    assert got["link_uses"] == got["climbs"] + got["trips_below"] + got["crossings"]
    falls = [e for e in events if type(e).__name__ == "StatusChanged" and e.rule == "PYR-RIG-2"]
    assert got["sea_falls"] == sum(e.status == "fled" for e in falls)
    out = {f.id for f in m.state.figures.values() if not f.in_play}
    assert set(got["leaders_lost"]) == {
        f.id for f in m.state.figures.values() if f.id in out and (f.rank.value == "captain" or f.is_leader)
    }
    assert set(got["capture_targets_lost"]) <= out
    assert got["hard_decisions"] == got["hard_differed"] == 0  # no side plays hard


def test_idle_under_fire_counts_only_figures_that_did_nothing():
    m, got, decisions, _ = _watched_game(4243)
    turns = sum(1 for e in m.log if type(e).__name__ == "PlayerTurnStarted")
    assert 0 <= got["idle_under_fire"] <= turns * len(m.state.figures)


def test_simulate_sums_the_measures_over_games():
    from game.ai.simulate import run_games, summarise

    sc = ROOT / "tests" / "data" / "scenarios" / "tiny.toml"
    results = run_games(str(sc), None, 11, 3, ("normal", "easy"), 1)
    s = summarise(results, scenario="tiny", preset="x", ai=("normal", "easy"), seed=11, jobs=1, wall_s=0.0)
    assert s["measures"]["games"] == 3
    for k in ("charges", "charges_poor", "idle_under_fire", "climbs", "crossings"):
        assert s["measures"][k] == sum(r["measures"][k] for r in results)
