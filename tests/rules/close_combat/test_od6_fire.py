"""OD6-FIRE-1 and PRE-OD6-1 shooting: off by default; with the scenario's ``shooting`` option, load and
shoot actions, fire before contact (INI-RSHOOT-1..4), and a hit Disrupts (a Disrupted piece dies)."""

from fractions import Fraction
from pathlib import Path

import pytest

from game.ai import RandomController, play_out
from game.match import Decision, Match, record_of, replay
from game.rules.close_combat import Piece
from game.rules.close_combat.events import PieceResolved
from game.rules.close_combat.fire import ahead, fire_targets, may_fire, reaction_cap
from game.rules.decisions import choose
from game.rules.dice import ScriptedDice
from game.rules.events import DiceRolled
from game.rules.rangers.events import ShotResolved
from game.rules.tabletop import Sight
from game.scenario import load_scenario
from game.scenario.loader import parse_scenario

ROOT = Path(__file__).resolve().parents[3]
MUSKETRY = ROOT / "tests" / "data" / "scenarios" / "od6_musketry.toml"


def piece(pid, side, x, y, facing, cv=3, unit=None, missile="musket", **kw):
    d = {
        "id": pid,
        "side": side,
        "x": x,
        "y": y,
        "facing": facing,
        "cv": cv,
        "qv": 4,
        "width": 2.0,
        "depth": 1.0,
        "unit": unit or f"{side}_regiment",
        **kw,
    }
    if missile:
        d["missile"] = missile
    return d


def scenario(figures, **options):
    data = {
        "title": "t",
        "map": "open:30x20",
        "preset": "close-combat-d6",
        "turn_limit": 6,
        "options": {"break_after": 2, **options},
        "sides": [{"id": "red"}, {"id": "blue"}],
        "figures": figures,
        "victory": [{"type": "rout", "side": "red"}, {"type": "rout", "side": "blue"}],
    }
    return parse_scenario(data, "test.toml")


def two_rows(red_x, blue_x):
    return [
        piece("R1", "red", red_x, 5.0, 0.0),
        piece("R2", "red", red_x, 7.0, 0.0),
        piece("B1", "blue", blue_x, 5.0, 180.0),
        piece("B2", "blue", blue_x, 7.0, 180.0),
    ]


def clear(a, b):
    return Sight(clear=True, cover=None, distance=0.0)


# -- pure helpers ------------------------------------------------------------------------------------------


def test_OD6_FIRE_1_only_loaded_undisrupted_free_firearm_pieces_fire():
    p = Piece("R1", "red", 0, 0, 0.0)
    assert may_fire("musket", True, p, touching_enemy=False)
    assert not may_fire("musket", False, p, touching_enemy=False)  # RNG-SHOOT-2: must be loaded
    assert not may_fire(None, True, p, touching_enemy=False)  # pikes carry no firearm
    assert not may_fire("musket", True, p, touching_enemy=True)  # in close combat
    assert not may_fire("musket", True, Piece("R1", "red", 0, 0, 0.0, disrupted=True), touching_enemy=False)


def test_OD6_FIRE_1_arc_range_and_pieces_in_combat():
    shooter = Piece("R1", "red", 0.0, 0.0, 0.0)
    ahead_t = Piece("B1", "blue", 8.0, 0.0, 180.0)
    behind = Piece("B2", "blue", -8.0, 0.0, 0.0)
    far = Piece("B3", "blue", 17.5, 0.0, 180.0)  # gap 16.5" > 15"
    assert ahead(shooter, ahead_t) and not ahead(shooter, behind)
    shots = fire_targets(shooter, 14, "musket", [ahead_t, behind, far], [shooter], clear)
    assert [s.target for s in shots] == ["B1"] and shots[0].range_in == 7.0
    assert shots[0].chance == Fraction(14, 20) and not shots[0].target_moved  # effective range, no mods
    moved = fire_targets(shooter, 14, "musket", [ahead_t], [shooter], clear, moved=["B1"])
    assert moved[0].chance == Fraction(13, 20) and moved[0].target_moved  # +1 target moved
    # RNG-SHOOT-3: B1 within 1" of another red piece is in combat: no shot
    friend = Piece("R2", "red", 6.5, 0.0, 0.0)
    assert fire_targets(shooter, 14, "musket", [ahead_t], [shooter, friend], clear) == []
    # GEO-LOS-1: a blocked line of sight
    assert (
        fire_targets(
            shooter, 14, "musket", [ahead_t], [shooter], lambda a, b: Sight(clear=False, cover=None, distance=0.0)
        )
        == []
    )


def test_OD6_FIRE_1_reactive_shots_are_harder_and_capped_per_inch_moved():
    shooter = Piece("B1", "blue", 4.0, 0.0, 180.0)
    mover = Piece("R1", "red", 0.0, 0.0, 0.0)
    shot = fire_targets(shooter, 14, "musket", [mover], [shooter], clear, reactive=True)[0]
    # 3" gap: short range −1, INI-RSHOOT-4 +2, the target is moving +1 → hit on 12 or less
    assert shot.chance == Fraction(12, 20) and shot.target_moved
    # INI-RSHOOT-3: ceil(inches moved), min 1, per moving piece
    assert reaction_cap([(mover, mover.moved(3.0, 0.0))]) == 3
    assert reaction_cap([(mover, mover.moved(2.2, 0.0)), (mover, mover.moved(0.0, 0.0))]) == 3 + 1


# -- in the match ---------------------------------------------------------------------------------------------


def test_OD6_FIRE_1_no_shot_unless_the_scenario_enables_shooting():
    figs = two_rows(8.5, 12.5)
    for f in figs:
        f["loaded"] = True
    m = Match(scenario(figs), dice=ScriptedDice([5, 3] + [4] * 40))
    assert m.pending.side == "red"
    m.apply(Decision("act", option="red_regiment"))
    kinds = {d.kind for d in m.pending.options}
    assert "engage" in kinds and not kinds & {"shoot", "load"}
    m.apply(next(d for d in m.pending.options if d.kind == "engage"))
    assert not any(isinstance(e, ShotResolved) for e in m.log)  # no fire before contact
    assert m.state.system.moved is None and m.state.system.rshoot_used is None
    assert "moved" not in m.state.encode_data() and "rshoot_used" not in m.state.encode_data()


def test_OD6_FIRE_1_fire_before_contact_disrupts_the_charging_pieces():
    # Red engages from 3" away; both Blue muskets are loaded and answer before contact
    m = Match(
        scenario(two_rows(8.5, 12.5), shooting=True, start_loaded=True), dice=ScriptedDice([5, 3, 4, 12] + [4] * 40)
    )
    assert m.pending.side == "red"
    m.apply(Decision("act", option="red_regiment"))
    engage = next(d for d in m.pending.options if d.kind == "engage")
    m.apply(engage)
    p = m.pending
    assert p.side == "blue" and p.kind == "reactive_shot" and p.rule == "OD6-FIRE-1"
    assert p.info["cap"] == 6 and p.default == choose("all")
    ev = m.apply(choose("all"))
    shots = [e for e in ev if isinstance(e, ShotResolved)]
    assert [(s.attacker, s.target, s.hit, s.reactive) for s in shots] == [
        ("B1", "R1", True, True),
        ("B2", "R2", True, True),
    ]
    rolls = [e for e in ev if isinstance(e, DiceRolled) and e.rule == "RNG-SHOOT-1"]
    assert [r.target - r.modifier for r in rolls] == [12, 12]  # 3": −1 short, +2 reactive, +1 moving
    res = [(e.figure, e.outcome) for e in ev if isinstance(e, PieceResolved) and e.rule == "OD6-FIRE-1"]
    assert res == [("R1", "disrupted_in_place"), ("R2", "disrupted_in_place")]
    # the Disrupted pieces still complete the rigid engage move (fire module's timing ruling)
    assert m.figure("R1").x == 10.5 and m.figure("R2").x == 10.5
    assert not m.figure("B1").loaded and not m.figure("B2").loaded  # RNG-SHOOT-2: firing unloads


def test_OD6_FIRE_1_one_reaction_per_enemy_phase():
    figs = two_rows(8.5, 12.5)
    figs[0]["unit"], figs[1]["unit"] = "red_a", "red_b"
    m = Match(scenario(figs, shooting=True, start_loaded=True), dice=ScriptedDice([5, 3, 20] + [4] * 40))
    m.apply(Decision("act", option="red_a"))
    m.apply(next(d for d in m.pending.options if d.kind == "engage"))
    single = next(d for d in m.pending.options if d.kind == "shoot" and d.figure == "B1")
    m.apply(single)  # B1 alone fires (and misses)
    assert m.state.system.rshoot_used == ["blue"] and m.figure("B2").loaded
    assert m.pending.side == "red" and m.pending.kind == "activate"
    m.apply(Decision("act", option="red_b"))
    m.apply(next(d for d in m.pending.options if d.kind == "engage"))
    assert m.pending.kind != "reactive_shot" and m.figure("B2").loaded


def test_OD6_FIRE_1_a_miss_spares_the_charger_and_disrupted_pieces_stay_behind():
    m = Match(
        scenario(two_rows(8.5, 12.5), shooting=True, start_loaded=True), dice=ScriptedDice([5, 3, 2, 20] + [4] * 40)
    )
    m.state.system.disrupted = ["R2"]  # OD6-DIS-1: a Disrupted piece cannot move, so R1 charges alone
    m.apply(Decision("act", option="red_regiment"))
    m.apply(next(d for d in m.pending.options if d.kind == "engage"))
    assert m.pending.kind == "reactive_shot"
    assert {d.target for d in m.pending.options if d.kind == "shoot"} == {"R1"}  # only at the movers
    ev = m.apply(choose("all"))
    assert [(e.attacker, e.hit) for e in ev if isinstance(e, ShotResolved)] == [("B1", True), ("B2", False)]
    res = [(e.figure, e.outcome) for e in ev if isinstance(e, PieceResolved) and e.rule == "OD6-FIRE-1"]
    assert res == [("R1", "disrupted_in_place")]
    assert m.figure("R1").x == 10.5 and m.figure("R2").x == 8.5


def test_OD6_FIRE_1_eliminated_before_contact_never_arrives():
    # R1 charges alone; two hits in one reaction: the first Disrupts it, the second eliminates it
    # before contact, and the loss counts toward its unit's break (OD6-PIECE-1)
    figs = [
        piece("R1", "red", 8.5, 6.0, 0.0, unit="red_a"),
        piece("R9", "red", 1.5, 18.0, 0.0, unit="far"),
        piece("B1", "blue", 12.5, 5.0, 180.0),
        piece("B2", "blue", 12.5, 7.0, 180.0),
    ]
    m = Match(scenario(figs, shooting=True, start_loaded=True), dice=ScriptedDice([5, 3, 1, 1] + [4] * 40))
    m.apply(Decision("act", option="red_a"))
    m.apply(next(d for d in m.pending.options if d.kind == "engage"))
    ev = m.apply(choose("all"))
    res = [(e.figure, e.outcome) for e in ev if isinstance(e, PieceResolved) and e.rule == "OD6-FIRE-1"]
    assert res == [("R1", "disrupted_in_place"), ("R1", "eliminated")]
    assert not m.figure("R1").in_play and m.figure("R1").x == 8.5
    assert m.state.system.losses == {"red_a": 1}


def test_OD6_FIRE_1_declining_keeps_the_reaction_and_the_loads():
    m = Match(scenario(two_rows(8.5, 12.5), shooting=True, start_loaded=True), dice=ScriptedDice([5, 3] + [4] * 40))
    m.apply(Decision("act", option="red_regiment"))
    m.apply(next(d for d in m.pending.options if d.kind == "engage"))
    m.apply(choose("no"))
    assert m.figure("B1").loaded and m.figure("B2").loaded
    assert m.figure("R1").x == 10.5


def test_PRE_OD6_1_shooting_enables_load_and_shoot_actions():
    figs = two_rows(3.5, 14.5)  # 10" gap: no engage, effective range
    m = Match(scenario(figs, shooting=True), dice=ScriptedDice([5, 3, 13, 15] + [4] * 40))
    m.apply(Decision("act", option="red_regiment"))
    kinds = [d.kind for d in m.pending.options]
    assert "load" in kinds and "shoot" not in kinds and "engage" not in kinds
    m.apply(Decision("load", option="red_regiment"))
    assert m.figure("R1").loaded and m.figure("R2").loaded
    assert m.pending.side == "blue"  # red's one action is spent
    m.apply(Decision("act", option="blue_regiment"))
    m.apply(next(d for d in m.pending.options if d.kind == "move" and d.label == "forward 1"))
    assert m.pending.side == "red"
    m.apply(Decision("act", option="red_regiment"))
    m.apply(Decision("shoot", option="red_regiment"))
    p = m.pending
    assert p.kind == "shoot" and p.info["figure"] == "R1" and p.default.target == "B1"
    # B1 stepped forward 1": 9" (effective, 0) and moved in Blue's last phase (+1) → 13 or less hits
    assert p.info["odds"]["B1"] == "13/20"
    ev = m.apply(p.default)
    assert any(isinstance(e, ShotResolved) and e.hit and e.target == "B1" for e in ev)
    assert m.state.system.disrupted == ["B1"]
    assert m.pending.default.target == "B2"  # straight ahead before diagonal
    ev = m.apply(m.pending.default)  # R2 at B2: a 15 misses
    assert any(isinstance(e, ShotResolved) and not e.hit for e in ev)
    assert not m.figure("R1").loaded and not m.figure("R2").loaded


@pytest.mark.parametrize("seed", [1, 2, 7])
def test_OD6_FIRE_1_random_games_with_musketry_end_and_replay_identically(seed):
    sc = load_scenario(MUSKETRY)
    m = Match(sc, seed=seed)
    play_out(m, {s.id: RandomController(seed * 10 + i) for i, s in enumerate(sc.sides)})
    assert m.over and all(e.rule for e in m.log)
    res = replay(record_of(m), [MUSKETRY.parent])
    assert res.ok, res.reason
    assert res.match.state_hash() == m.state_hash()


def test_OD6_FIRE_1_auto_game_with_musketry_fires_and_ends():
    sc = load_scenario(MUSKETRY)
    m = Match(sc, seed=4)
    while not m.over:
        m.apply(m.auto())
    assert any(isinstance(e, ShotResolved) and e.rule == "OD6-FIRE-1" for e in m.log)
