"""Every shipped scenario (maps/*.toml) loads, plays to its end headless and replays from its record
to identical state hashes (Wesnoth-style run_wml_tests with replay); the issue-9 boarding scenarios
hold the rosters, options and victory conditions their design promises."""

import glob
import os

import pytest

from game.ai import make_controller, play_out
from game.match import Match, record_of, replay
from game.rules.model import Rank, WeaponClass
from game.scenario import load_scenario
from game.table import load_map
from tests.played_games import random_game

MAPS = os.path.join(os.path.dirname(__file__), "..", "..", "maps")
SCENARIOS = sorted(glob.glob(os.path.join(MAPS, "*.toml")))
BOARDING = ("boarding_action", "cutting_out", "fire_in_the_hold", "duel_on_the_quarterdeck")


def _stem(path):
    return os.path.splitext(os.path.basename(path))[0]


def _play(scenario, seed, level):
    m = Match(scenario, seed=seed)
    ctrl = {s.id: make_controller(level, seed * 10 + i) for i, s in enumerate(scenario.sides)}
    return play_out(m, ctrl, max_decisions=20_000)


def _plays_and_replays(path, seeds, level):
    sc = load_scenario(path)
    for seed in seeds:
        # the random games are the ones tests/proof/test_proof_saveload.py saves and loads mid-game
        m = random_game(path, seed) if level == "random" else _play(sc, seed, level)
        assert m.over and m.pending is None, (sc.id, seed)
        rec = record_of(m)
        res = replay(rec, verify=True)
        assert res.ok, f"{sc.id} seed {seed}: {res.reason}"
        assert res.match.state_hash() == m.state_hash()
        assert res.match.hashes == m.hashes


def test_there_are_boarding_scenarios():
    assert set(BOARDING) <= {_stem(p) for p in SCENARIOS}


@pytest.mark.parametrize("path", SCENARIOS, ids=_stem)
def test_scenario_loads(path):
    sc = load_scenario(path)
    assert sc.title and sc.sides and sc.figures and sc.victory


@pytest.mark.xdist_group("random_games")  # one worker plays the shared games (tests/played_games.py)
@pytest.mark.parametrize("path", SCENARIOS, ids=_stem)
def test_scenario_plays_to_its_end_and_replays(path):
    _plays_and_replays(path, range(3), "random")


@pytest.mark.slow
@pytest.mark.parametrize("path", SCENARIOS, ids=_stem)
def test_scenario_plays_with_the_normal_ai(path):
    try:
        make_controller("normal", 0)
    except (ValueError, ImportError) as e:
        pytest.skip(f"the 'normal' AI level is not available yet: {e}")
    _plays_and_replays(path, range(20), "normal")


@pytest.mark.parametrize("name", BOARDING)
def test_boarding_scenario_plays_normal_v_normal_and_replays(name):
    """The fast suite's short version of the 20-seed normal v normal run above (one seed)."""
    _plays_and_replays(os.path.join(MAPS, f"{name}.toml"), [7], "normal")


# -- the boarding scenarios on the pyrates preset -------------------------------------
def _boarding(name):
    return load_scenario(os.path.join(MAPS, f"{name}.toml"))


@pytest.mark.parametrize("name", BOARDING)
def test_boarding_scenario_is_pyrates_with_a_hand_of_cards(name):
    sc = _boarding(name)
    assert sc.preset == "pyrates" and sc.cards.get("hand") == 3
    for side in sc.sides:
        mine = [f for f in sc.figures if f.side == side.id]
        assert sum(f.rank is Rank.CAPTAIN for f in mine) == 1, side.id
        assert any(f.rank is Rank.OFFICER for f in mine), side.id


@pytest.mark.parametrize("name", BOARDING[1:])
def test_new_boarding_rosters_carry_every_weapon_class(name):
    figs = _boarding(name).figures
    assert {f.melee_class for f in figs} >= {WeaponClass.REACH, WeaponClass.GENERAL, WeaponClass.CLOSE}
    weapons = {f.melee_weapon for f in figs}
    assert "musket with bayonet" in weapons and "boarding pike" in weapons
    assert any(f.offhand is WeaponClass.CLOSE for f in figs)  # Main Gauche
    assert {f.missile for f in figs} >= {"pistol", "musket"}
    assert any(f.thrown for f in figs)
    assert any(f.rank is Rank.NONCOMBATANT for f in figs)


def test_boarders_away_is_strike_colours_or_rout():
    sc = _boarding("boarding_action")
    pirates = {v.type for v in sc.victory if v.side == "pirates"}
    merchants = {v.type for v in sc.victory if v.side == "merchants"}
    assert {"strike_colours", "rout"} <= pirates
    assert merchants & {"rout", "turn_limit"}


def test_cutting_out_is_at_night_with_the_watch_below():
    sc = _boarding("cutting_out")
    assert sc.options["night"] is True and sc.options["sight_limit"] == 8.0
    below = [f for f in sc.figures if f.level == "hold"]
    on_deck = [f for f in sc.figures if f.side == "privateers" and f.level == "deck"]
    assert below and on_deck and len(below) > len(on_deck)
    assert all(f.side == "privateers" for f in below)
    m = load_map(sc.map)
    names = {z.name for z in m.zones}
    assert {"colours", "quarterdeck", "prize_hold", "starboard_boat", "larboard_boat", "entry_port"} <= names
    assert {v.type for v in sc.victory if v.side == "navy"} >= {"strike_colours", "rout"}


def test_fire_in_the_hold_is_won_in_the_boats():
    sc = _boarding("fire_in_the_hold")
    reach = {(v.side, v.zone) for v in sc.victory if v.type == "reach_zone"}
    assert reach == {("navy", "boats"), ("pirates", "boats")}
    assert isinstance(sc.options["fire"], dict) and sc.options["fire"]["spread"] > 0
    assert {f.level for f in sc.figures} == {"deck", "hold", "rigging"}
    m = load_map(sc.map)
    assert sum(z.name == "boats" for z in m.zones) == 2
    assert any(o.id.startswith("fire") and o.level == "hold" for o in m.obstacles)


def test_duel_on_the_quarterdeck_is_won_by_the_enemy_captain():
    sc = _boarding("duel_on_the_quarterdeck")
    assert sc.options["duel"] is True
    captains = {f.side: f.id for f in sc.figures if f.rank is Rank.CAPTAIN}
    captures = {v.side: v.figure for v in sc.victory if v.type == "capture"}
    assert captures == {"pirates": captains["navy"], "navy": captains["pirates"]}
    from game.table import Table

    t = Table(load_map(sc.map))
    for fid in captains.values():
        f = next(g for g in sc.figures if g.id == fid)
        assert t.zone_at(f.x, f.y).advantageous  # both captains stand on the quarterdeck
