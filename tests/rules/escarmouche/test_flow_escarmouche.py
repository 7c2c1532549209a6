"""PRE-ESC-1 flow: group activation, Resolve, the card-duel melee as match decisions, replays."""

import math
from dataclasses import replace
from pathlib import Path

import pytest

from game.ai import RandomController, play_out
from game.match import Decision, IllegalDecision, Match, record_of, replay
from game.rules.decisions import Item
from game.rules.dice import ScriptedDice
from game.rules.escarmouche import Card, CardsDrawn, Deck, DeckReshuffled, DuelWon, full_deck
from game.rules.events import DiceRolled, TurnStarted
from game.scenario import load_scenario
from game.scenario.loader import parse_scenario

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "scenarios"


def scenario(figures, w=24, h=16):
    """A two-side escarmouche scenario on open ground (4" grid sectors g<col>_<row>)."""
    data = {
        "title": "t",
        "map": f"open:{w}x{h}",
        "preset": "escarmouche",
        "turn_limit": 4,
        "sides": [{"id": "red"}, {"id": "blue"}],
        "figures": figures,
        "victory": [{"type": "rout", "side": "red"}, {"type": "rout", "side": "blue"}],
    }
    return parse_scenario(data, "test.toml")


def fig(fid, side, x, y, **kw):
    return {"id": fid, "side": side, "x": x, "y": y, **kw}


def stack(m, top):
    """Put these cards on top of the ESC-DECK-1 deck (the rest follow in order)."""
    cards = [Card.parse(c) for c in top]
    rest = [c for c in full_deck() if c not in cards]
    m.state.system.deck = Deck(cards + rest).to_json()


def to_assault(m, sector="g1_1", target="g2_1"):
    assert m.pending.kind == "activate" and m.pending.side == "red"
    m.apply(Decision("activate", option=sector))
    assert Decision("assault", option=target) in m.pending.options
    return m.apply(Decision("assault", option=target))


# -- PRE-ESC-1 / RNG-TURN-1 / ESC-ADV-2 --------------------------------------------------------------


def test_PRE_ESC_1_roll_off_winner_activates_first_then_sides_alternate():
    sc = scenario(
        [fig("r1", "red", 5, 5), fig("r2", "red", 13, 5), fig("b1", "blue", 5, 13), fig("b2", "blue", 13, 13)]
    )
    m = Match(sc, dice=ScriptedDice([2, 5] + [3] * 40))
    first = next(e for e in m.log if isinstance(e, TurnStarted)).first
    assert first == "blue" and m.pending.side == "blue" and m.pending.kind == "activate"
    assert {d.option for d in m.pending.options} == {"g1_3", "g3_3"}  # ESC-ADV-2: one group a sector
    m.apply(Decision("activate", option="g1_3"))
    m.apply(Decision("hold", option="g1_3"))
    assert m.pending.side == "red"  # alternate
    m.apply(Decision("activate", option="g1_1"))
    m.apply(Decision("hold", option="g1_1"))
    assert m.pending.side == "blue" and [d.option for d in m.pending.options] == ["g3_3"]


def test_PRE_ESC_1_a_group_moves_to_an_adjacent_sector():
    sc = scenario([fig("r1", "red", 5, 5), fig("r2", "red", 6.5, 5), fig("b1", "blue", 21, 13)])
    m = Match(sc, dice=ScriptedDice([6, 1] + [3] * 40))
    m.apply(Decision("activate", option="g1_1"))
    m.apply(Decision("move", option="g2_1"))
    assert {m.table.sector_of("r1"), m.table.sector_of("r2")} == {"g2_1"}


def test_RNG_SHOOT_1_group_shoots_and_unloads():
    sc = scenario([fig("r1", "red", 5, 5, missile="musket", loaded=True), fig("b1", "blue", 13, 5)])
    m = Match(sc, dice=ScriptedDice([6, 1, 2, 1] + [3] * 40))
    m.apply(Decision("activate", option="g1_1"))
    m.apply(Decision("shoot", option="g1_1"))
    assert m.pending.kind == "shoot" and Decision("shoot", figure="r1", target="b1") in m.pending.options
    ev = m.apply(Decision("shoot", figure="r1", target="b1"))
    assert any(isinstance(e, DiceRolled) and e.rule == "RNG-SHOOT-1" and e.success for e in ev)
    assert any(isinstance(e, DiceRolled) and e.rule == "RNG-WND-1" for e in ev)
    assert not m.figure("r1").loaded and m.figure("b1").wounds == 2 and not m.figure("b1").in_play


# -- ESC-ENG ------------------------------------------------------------------------------------------


def test_ESC_ENG_1_failed_resolve_ends_the_activation():
    sc = scenario([fig("r1", "red", 5, 5), fig("r2", "red", 6.5, 5), fig("b1", "blue", 9, 5)])
    m = Match(sc, dice=ScriptedDice([6, 1, 5] + [3] * 40))
    ev = to_assault(m)
    roll = next(e for e in ev if isinstance(e, DiceRolled) and e.rule == "ESC-ENG-2")
    assert not roll.success and m.state.system.melee is None
    assert m.table.sector_of("r1") == "g1_1" and m.pending.side == "blue"


def test_ESC_ENG_1_passed_resolve_enters_the_sector_and_starts_the_melee():
    sc = scenario([fig("r1", "red", 5, 5), fig("r2", "red", 6.5, 5), fig("b1", "blue", 9, 5)])
    m = Match(sc, dice=ScriptedDice([6, 1, 4] + [3] * 40))
    to_assault(m)
    assert m.pending.kind == "pair" and m.pending.side == "red" and m.pending.rule == "ESC-PAIR-1"
    assert {m.table.sector_of("r1"), m.table.sector_of("r2")} == {"g2_1"}
    assert m.state.system.melee["came_from"] == "g1_1"


def test_ESC_ENG_3_attacker_sees_defenders_with_only_the_leader_revealed():
    sc = scenario(
        [
            fig("r1", "red", 5, 5),
            fig("b1", "blue", 9, 5, traits=["leader", "veteran"], flags=["pike"]),
            fig("b2", "blue", 10.5, 5, flags=["heavy_cavalry"]),
        ]
    )
    m = Match(sc, dice=ScriptedDice([6, 1, 1] + [3] * 40))
    m.apply(Decision("activate", option="g1_1"))
    seen = m.pending.info["defenders"]["g2_1"]
    assert all(set(d) == {"id", "name", "x", "y", "leader"} for d in seen)
    assert {d["id"]: d["leader"] for d in seen} == {"b1": True, "b2": False}
    m.apply(Decision("assault", option="g2_1"))
    assert all(set(d) == {"id", "name", "x", "y", "leader"} for d in m.pending.info["defenders"])


# -- ESC-PAIR / ESC-DUEL -------------------------------------------------------------------------------


def test_ESC_PAIR_1_refuses_a_pairing_that_leaves_a_defender_unattacked():
    sc = scenario(
        [fig("r1", "red", 5, 5), fig("r2", "red", 6.5, 5), fig("b1", "blue", 9, 5), fig("b2", "blue", 10.5, 5)]
    )
    m = Match(sc, dice=ScriptedDice([6, 1, 1] + [3] * 40))
    to_assault(m)
    before = m.state_hash()
    with pytest.raises(IllegalDecision, match="ESC-PAIR-1"):
        m.apply(Decision("pair", items=(Item("r1", "b1"), Item("r2", "b1"))))
    assert m.state_hash() == before
    m.apply(Decision("pair", items=(Item("r1", "b2"), Item("r2", "b1"))))  # any legal pairing, not only offered
    assert m.pending.kind == "order"


def test_ESC_DUEL_1_duel_order_is_typed_numbers_and_duels_run_in_that_order():
    sc = scenario(
        [fig("r1", "red", 5, 5), fig("r2", "red", 6.5, 5), fig("b1", "blue", 9, 5), fig("b2", "blue", 10.5, 5)]
    )
    m = Match(sc, dice=ScriptedDice([6, 1, 1] + [3] * 40))
    to_assault(m)
    m.apply(Decision("pair", items=(Item("r1", "b1"), Item("r2", "b2"))))
    p = m.pending
    assert p.kind == "order" and p.rule == "ESC-DUEL-1"
    assert {d.numbers for d in p.options} == {(0, 1), (1, 0)} and all(d.option is None for d in p.options)
    before = m.state_hash()
    for bad in (Decision("order", option="1,0"), Decision("order", numbers=(1, 1)), Decision("order", numbers=(0,))):
        with pytest.raises(IllegalDecision):
            m.apply(bad)
    assert m.state_hash() == before
    ev = m.apply(Decision("order", numbers=(1, 0)))
    first = next(e for e in ev if isinstance(e, CardsDrawn))
    assert first.figure in ("r2", "b2")  # the second pairing's duel first
    assert m.state.system.melee["duels"] == [[["r2"], ["b2"]], [["r1"], ["b1"]]]


def test_ESC_PAIR_2_defender_adds_unpaired_defenders_to_duels():
    sc = scenario(
        [fig("r1", "red", 5, 5), fig("b1", "blue", 9, 5), fig("b2", "blue", 10.5, 5), fig("b3", "blue", 9, 6.5)]
    )
    m = Match(sc, dice=ScriptedDice([6, 1, 1] + [3] * 40))
    to_assault(m)
    m.apply(Decision("pair", items=(Item("r1", "b2"),)))
    assert m.pending.kind == "extras" and m.pending.side == "blue" and m.pending.rule == "ESC-PAIR-2"
    stack(m, ["2C", "3C", "4C", "14H"])
    ev = m.apply(Decision("extras", items=(Item("b1", "r1"), Item("b3", "r1"))))
    drawn = {e.figure: e for e in ev if isinstance(e, CardsDrawn)}
    assert set(drawn) == {"r1", "b1", "b2", "b3"}  # one duel, 1 v 3 (ESC-MULTI-1)


def test_ESC_DUEL_1_each_draws_one_plus_advantages_and_ESC_MULTI_1_pairwise_results():
    sc = scenario([fig("r1", "red", 5, 5, flags=["pike"]), fig("r2", "red", 6.5, 5), fig("b1", "blue", 9, 5)])
    m = Match(sc, dice=ScriptedDice([6, 1, 1] + [3] * 40))
    to_assault(m)
    stack(m, ["2C", "3C", "14S", "5C", "6C", "7C", "8C"])
    ev = m.apply(m.pending.default)
    drawn = {e.figure: e for e in ev if isinstance(e, CardsDrawn)}
    assert drawn["r1"].advantages == ("charging", "pike") and len(drawn["r1"].cards) == 3
    assert drawn["r2"].advantages == ("charging",) and len(drawn["r2"].cards) == 2
    assert drawn["b1"].advantages == () and drawn["b1"].cards == ("7C",)
    won = [e for e in ev if isinstance(e, DuelWon)]
    assert {(w.winner, w.victim, w.card, w.effect) for w in won} == {
        ("r1", "b1", "14S", "evicted"),
        ("b1", "r2", "7C", "evicted"),
    }
    assert m.pending.kind == "evict" and m.pending.side == "blue" and m.pending.rule == "ESC-RES-2"
    assert {d.option for d in m.pending.options} == {"g1_1", "g2_0", "g2_2", "g3_1"}
    m.apply(Decision("evict", figure="b1", option="g3_1"))
    assert m.table.sector_of("b1") == "g3_1"  # ESC-RES-2: evicted defender
    assert m.table.sector_of("r2") == "g1_1"  # evicted attacker goes back
    assert m.state.system.melee is None  # ESC-RND-1: attacker holds


def test_ESC_DUEL_3_winner_picks_which_winning_card_counts():
    sc = scenario([fig("r1", "red", 5, 5), fig("b1", "blue", 9, 5)])
    m = Match(sc, dice=ScriptedDice([6, 1, 1] + [3] * 40))
    to_assault(m)
    stack(m, ["13H", "14C", "2C"])
    m.apply(m.pending.default)  # r1 draws 13H 14C (charging)
    p = m.pending
    assert p.kind == "card" and p.side == "red" and p.rule == "ESC-DUEL-3"
    assert p.default.option == "13H"  # AI default: Hearts first
    assert {d.option for d in p.options} == {"13H", "14C"}
    ev = m.apply(Decision("card", figure="r1", target="b1", option="14C"))
    assert any(isinstance(e, DuelWon) and e.card == "14C" and e.effect == "evicted" for e in ev)
    assert m.figure("b1").in_play


def test_ESC_RES_1_second_wound_kills_and_ESC_RND_1_break_off():
    sc = scenario([fig("r1", "red", 5, 5), fig("b1", "blue", 9, 5), fig("b2", "blue", 10.5, 5)])
    m = Match(sc, dice=ScriptedDice([6, 1, 1] + [3] * 40))
    to_assault(m)
    m.apply(Decision("pair", items=(Item("r1", "b1"),)))
    stack(m, ["14D", "2C", "3C", "4C"])
    m.apply(m.pending.default)  # b2 joins r1's duel
    assert m.figure("b1").wounds == 1 or m.figure("b2").wounds == 1
    p = m.pending
    assert p.kind == "break_off" and p.side == "red" and p.rule == "ESC-RND-1"
    m.apply(Decision("choose", option="break_off"))
    assert m.state.system.melee is None and m.table.sector_of("r1") == "g1_1"


def test_ESC_RES_2_evicted_defender_with_no_free_sector_is_killed():
    # blue's b1 in g1_0: adjacent g0_0 and g1_1 hold red figures, and the attackers' g2_0 keeps a red
    # civilian (civilians never enter a melee, ESC-CIV-1)
    sc = scenario(
        [
            fig("r1", "red", 9, 1.5),
            fig("r2", "red", 1, 1),
            fig("r3", "red", 5, 5),
            fig("rc", "red", 10.5, 3, type="civilian"),
            fig("b1", "blue", 5, 1.5),
            fig("b9", "blue", 21, 13),
        ]
    )
    m = Match(sc, dice=ScriptedDice([6, 1, 1] + [3] * 40))
    to_assault(m, sector="g2_0", target="g1_0")
    stack(m, ["14S", "2C", "3C"])
    ev = m.apply(m.pending.default)
    assert any(isinstance(e, DuelWon) and e.effect == "evicted" for e in ev)
    assert not m.figure("b1").in_play


def test_ESC_CIV_1_civilians_flee_the_attacked_sector_or_are_captured():
    sc = scenario(
        [
            fig("r1", "red", 5, 5),
            fig("b1", "blue", 9, 5),
            fig("cook", "blue", 10.5, 6.5, type="civilian"),
            fig("b9", "blue", 21, 13),
        ]
    )
    m = Match(sc, dice=ScriptedDice([6, 1, 1] + [3] * 40))
    to_assault(m)
    if m.pending.kind == "flee":
        assert m.pending.rule == "ESC-CIV-1"
        m.apply(m.pending.default)
    assert m.figure("cook").in_play and m.table.sector_of("cook") != "g2_1"
    assert "cook" not in m.state.system.melee["defenders"]
    sc = scenario(
        [
            fig("r1", "red", 5, 5),
            fig("r2", "red", 9, 1.5),
            fig("r3", "red", 13, 5),
            fig("r4", "red", 9, 9),
            fig("cook", "blue", 9, 5, type="civilian"),
            fig("b9", "blue", 21, 13),
        ]
    )
    m = Match(sc, dice=ScriptedDice([6, 1, 1] + [3] * 40))
    to_assault(m)
    assert m.figure("cook").status.value == "captive"


def test_ESC_DECK_1_deck_state_is_whole_and_reshuffles_the_discards():
    sc = scenario([fig("r1", "red", 5, 5), fig("b1", "blue", 9, 5)])
    m = Match(sc, dice=ScriptedDice([6, 1, 1] + [3] * 40))
    deck = Deck.from_json(m.state.system.deck)
    assert len(deck.cards) == 52 and not deck.discards
    to_assault(m)
    cards = [Card.parse(c) for c in ("2C", "3C")]
    m.state.system.deck = Deck([cards[0]], [c for c in full_deck() if c != cards[0]]).to_json()
    ev = m.apply(m.pending.default)
    assert any(isinstance(e, DeckReshuffled) and e.rule == "ESC-DECK-1" for e in ev)
    after = Deck.from_json(m.state.system.deck)
    assert len(after.cards) + len(after.discards) == 52 and not after.face_up


# -- whole games --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path,seed",
    [
        (DATA / "esc_open.toml", 1),
        (DATA / "esc_open.toml", 6),
        (ROOT / "maps" / "farm_skirmish.toml", 2),
        (ROOT / "maps" / "farm_skirmish.toml", 3),
    ],
)
def test_PRE_ESC_1_random_games_end_and_replay_identically(path, seed):
    sc = load_scenario(path)
    m = Match(sc, seed=seed)
    play_out(m, {s.id: RandomController(seed * 10 + i) for i, s in enumerate(sc.sides)})
    assert m.over and m.log[-1].text()
    c = None
    res = replay(record_of(m), [path.parent])
    assert res.ok, res.reason
    assert res.match.state_hash() == m.state_hash()
    # every asked question offered its default among legal answers (GEN-CHOICE-1)
    m2 = Match(sc, seed=seed)
    for d in m.decisions[:60]:
        p = m2.pending
        p.check(p.default)
        if c is None and p.kind in ("pair", "card", "break_off"):
            c = m2.clone()
            assert c.state_hash() == m2.state_hash() and c.pending == p
        m2.apply(d)


def test_every_escarmouche_event_cites_a_rule():
    sc = load_scenario(ROOT / "maps" / "farm_skirmish.toml")
    m = Match(sc, seed=4)
    play_out(m, {s.id: RandomController(i) for i, s in enumerate(sc.sides)})
    assert all(e.rule for e in m.log)


# -- RNG-MOVE-2 in PRE-ESC-1: the farm's yard wall (a linear obstacle, 12.5..17.5 at y 12.5, in C3) ----


def farm(figures, **options):
    data = {
        "title": "t",
        "map": "farm_skirmish.tmx",
        "preset": "escarmouche",
        "turn_limit": 6,
        "options": options,
        "sides": [{"id": "red"}, {"id": "blue"}],
        "figures": figures,
        "victory": [{"type": "rout", "side": "red"}, {"type": "rout", "side": "blue"}],
    }
    return parse_scenario(data, "farm_test.toml", base_dir=ROOT / "maps")


def hold_all(m, side):
    while m.pending.kind == "activate" and m.pending.side == side:
        sec = m.pending.options[0].option
        m.apply(Decision("activate", option=sec))
        m.apply(Decision("hold", option=sec))


def test_RNG_MOVE_2_escarmouche_figure_stops_at_a_wall_then_crosses_at_half_move():
    from game.rules.events import Note

    m = Match(
        farm([fig("r1", "red", 15.0, 15.0), fig("b1", "blue", 3.0, 21.0)]), dice=ScriptedDice([6, 1] + [6, 1] * 20)
    )
    assert m.table.sector_of("r1") == "C3"
    m.apply(Decision("activate", option="C3"))
    assert Decision("move", option="C2") in m.pending.options
    ev = m.apply(Decision("move", option="C2"))
    # the straight way north meets the wall and no way round reaches C2 within 6": it stops there
    assert any(isinstance(e, Note) and e.rule == "RNG-MOVE-2" and e.who == "r1" for e in ev)
    r1 = m.figure("r1")
    assert r1.x == 15.0 and 13.1 < r1.y < 13.2 and m.table.sector_of("r1") == "C3"
    assert m.state.system.at_obstacle["r1"]["turn"] == 1
    hold_all(m, "blue")
    # turn 2: the wall is undefended (no enemy within 1" of its far side): cross it at half move (3")
    assert m.state.turn == 2 and m.pending.side == "red"
    m.apply(Decision("activate", option="C3"))
    ev = m.apply(Decision("move", option="C2"))
    mv = [e for e in ev if getattr(e, "rule", "") == "RNG-MOVE-2" and getattr(e, "figure", "") == "r1"]
    assert mv, [e.text() for e in ev]
    assert m.table.sector_of("r1") == "C2" and m.figure("r1").y < 12.0
    assert math.hypot(m.figure("r1").x - r1.x, m.figure("r1").y - r1.y) <= 3.0 + 1e-3
    assert "r1" not in m.state.system.at_obstacle


def test_RNG_MOVE_2_escarmouche_no_crossing_in_the_same_turn_nor_when_defended():
    m = Match(
        farm([fig("r1", "red", 15.0, 15.0), fig("b1", "blue", 3.0, 21.0)]), dice=ScriptedDice([6, 1] + [6, 1] * 20)
    )
    preset, ctx = m.preset, m._ctx()
    m.apply(Decision("activate", option="C3"))
    m.apply(Decision("move", option="C2"))
    assert preset.crossable_obstacle(ctx, "r1") is None  # stopped this turn: next turn at the earliest
    m.state.turn += 1
    oid = m.state.system.at_obstacle["r1"]["id"]
    assert preset.crossable_obstacle(m._ctx(), "r1") == oid
    # an enemy within 1" of the far side defends the wall
    m.state.figures["b1"] = replace(m.figure("b1"), x=15.0, y=11.4)
    m.table.place("b1", 15.0, 11.4, 0.5, "deck")
    assert preset.crossable_obstacle(m._ctx(), "r1") is None
