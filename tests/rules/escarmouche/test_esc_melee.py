"""ESC sectors, assault, pairing, advantages, results, rounds and civilians."""

from fractions import Fraction

import pytest

from game.rules.decisions import IllegalDecision
from game.rules.dice import ScriptedDice
from game.rules.escarmouche import (
    Card,
    Duel,
    DuelResult,
    Effect,
    RoundEnd,
    advantages,
    apply_results,
    auto_extras,
    auto_pairing,
    build_duels,
    centroid,
    civilian_flight,
    default_eviction,
    eviction_destination,
    eviction_options,
    fighters,
    grid_adjacent,
    grid_all,
    grid_centre,
    grid_sector,
    grid_shape,
    group_has_leader,
    is_cavalry,
    is_civilian,
    parse_grid_sector,
    public_view,
    resolve_pass_chance,
    resolve_test,
    round_end,
    validate_extras,
    validate_order,
    validate_pairing,
)
from game.rules.escarmouche.config import ESCARMOUCHE
from game.rules.model import Figure


def fig(fid, side="def", **kw):
    return Figure(id=fid, name=fid.title(), side=side, x=kw.pop("x", 1.0), y=kw.pop("y", 1.0), **kw)


# -- ESC-SEC-1 ------------------------------------------------------------------------------------


def test_ESC_SEC_1_grid_sector_ids_from_origin():
    assert grid_sector(13.0, 21.5) == "g3_5"
    assert grid_sector(0.0, 0.0) == "g0_0" and grid_sector(3.999, 4.0) == "g0_1"
    assert grid_sector(5.0, 5.0, size=2.0) == "g2_2"
    assert parse_grid_sector("g3_5") == (3, 5) and grid_centre("g3_5") == (14.0, 22.0)
    assert grid_shape(30.0, 20.0) == (8, 5)
    for bad in ["x1_2", "g-1_2", "g1", 5]:
        with pytest.raises(ValueError):
            parse_grid_sector(bad)
    with pytest.raises(ValueError):
        grid_sector(-1.0, 2.0)


def test_ESC_SEC_1_adjacent_shares_an_edge():
    assert grid_adjacent("g3_5") == ["g2_5", "g3_4", "g3_6", "g4_5"]
    assert grid_adjacent("g0_0") == ["g0_1", "g1_0"]
    assert grid_adjacent("g7_4", columns=8, rows=5) == ["g6_4", "g7_3"]


def test_ESC_SEC_1_one_grid_shared_by_rules_and_table_on_a_ragged_map():
    # 18" x 10": the last column and row are part cells; the table answers with the rules' grid
    from game.table import Table, TacticalMap

    t = Table(TacticalMap.open_ground(18, 10))
    shape = grid_shape(18, 10)
    assert shape == (5, 3) and grid_shape(12.0000000001, 4) == (3, 1)
    assert t.sectors() == grid_all(shape) and len(t.sectors()) == 15
    for x, y in [(0, 0), (17.99, 9.99), (18.0, 10.0), (13.0, 5.0)]:
        t.place("a", x, y, 0.5, "deck")
        assert t.sector_of("a") == grid_sector(x, y, shape=shape)
    assert grid_sector(18.0, 10.0, shape=shape) == "g4_2"  # the far edge belongs to the last cell
    for s in grid_all(shape):
        assert t.adjacent_sectors(s) == grid_adjacent(s, *shape)
        assert t.sector_centre(s) == grid_centre(s, bounds=(18, 10))
    assert grid_centre("g4_2", bounds=(18, 10)) == (17.0, 9.0)
    with pytest.raises(ValueError):
        parse_grid_sector("g5_0", shape)
    with pytest.raises(KeyError):
        t.adjacent_sectors("g5_0")


# -- ESC-ENG ----------------------------------------------------------------------------------------


def test_ESC_ENG_2_resolve_passes_on_four_or_less():
    assert resolve_test(ESCARMOUCHE, ScriptedDice([4]), "grp", False).success
    assert not resolve_test(ESCARMOUCHE, ScriptedDice([5]), "grp", False).success
    ev = resolve_test(ESCARMOUCHE, ScriptedDice([5]), "grp", True)
    assert ev.success and ev.total == 4 and ev.roll_under and ev.rule == "ESC-ENG-2"
    assert resolve_pass_chance(ESCARMOUCHE, False) == Fraction(2, 3) and resolve_pass_chance(
        ESCARMOUCHE, True
    ) == Fraction(5, 6)


def test_ESC_ENG_1_group_with_leader_gets_the_resolve_bonus():
    group = [fig("a", "att"), fig("cap", "att", traits=frozenset({"leader"}))]
    assert group_has_leader(group) and not group_has_leader(group[:1])
    ev = resolve_test(ESCARMOUCHE, ScriptedDice([6]), "att:g1_1", group_has_leader(group))
    assert not ev.success  # fail: the activation ends


def test_ESC_ENG_3_public_view_reveals_leader_only():
    d = [fig("cap", traits=frozenset({"leader", "sharpshooter"}), flags=frozenset({"pike"})), fig("m", wounds=1)]
    view = public_view(d)
    assert [(v.id, v.leader) for v in view] == [("cap", True), ("m", False)]
    shown = set(type(view[0]).__dataclass_fields__)
    assert shown == {"id", "name", "x", "y", "leader"}


# -- ESC-PAIR ---------------------------------------------------------------------------------------


def test_ESC_PAIR_1_every_defender_gets_an_attacker_if_numbers_allow():
    validate_pairing(["a1", "a2", "a3"], ["d1", "d2"], {"a1": "d1", "a2": "d2", "a3": "d1"})
    with pytest.raises(IllegalDecision, match="d2 has no attacker"):
        validate_pairing(["a1", "a2"], ["d1", "d2"], {"a1": "d1", "a2": "d1"})
    with pytest.raises(IllegalDecision):
        validate_pairing(["a1", "a2"], ["d1"], {"a1": "d1"})  # a2 unpaired
    with pytest.raises(IllegalDecision):
        validate_pairing(["a1"], ["d1"], {"a1": "zz"})
    validate_pairing(["a1"], ["d1", "d2"], {"a1": "d2"})  # numbers do not allow more


def test_ESC_PAIR_1_extra_attackers_join_any_duel():
    p = auto_pairing(["a1", "a2", "a3"], ["d1", "d2"])
    assert p == {"a1": "d1", "a2": "d2", "a3": "d1"}
    duels = build_duels(["a1", "a2", "a3"], ["d1", "d2"], p)
    assert duels == [Duel(("a1", "a3"), ("d1",)), Duel(("a2",), ("d2",))]
    assert validate_order(duels, [1, 0]) == [duels[1], duels[0]]
    with pytest.raises(IllegalDecision):
        validate_order(duels, [0, 0])


def test_ESC_PAIR_2_unpaired_defenders_join_duels_of_defenders_choice():
    atts, defs = ["a1", "a2"], ["d1", "d2", "d3", "d4"]
    p = auto_pairing(atts, defs)
    assert p == {"a1": "d1", "a2": "d2"}
    assert auto_extras(defs, p) == {"d3": "a1", "d4": "a2"}
    duels = build_duels(atts, defs, p, {"d3": "a2", "d4": "a2"})
    assert duels == [Duel(("a1",), ("d1",)), Duel(("a2",), ("d2", "d3", "d4"))]
    with pytest.raises(IllegalDecision):
        validate_extras(defs, p, {"d3": "a1"})  # d4 left out
    with pytest.raises(IllegalDecision):
        validate_extras(defs, p, {"d3": "a1", "d4": "d1"})
    with pytest.raises(IllegalDecision):
        build_duels(["a1", "a2"], ["d1"], {"a1": "d1", "a2": "d1"}, {"d1": "a1"})


# -- ESC-ADV ----------------------------------------------------------------------------------------


def test_ESC_ADV_1_each_advantage_adds_a_card():
    hc = fig("hc", "att", flags=frozenset({"heavy_cavalry"}))
    inf_open = fig("i", flags=frozenset({"open_formation"}))
    assert advantages(hc, [inf_open], assaulting=True, first_round=True) == (
        "heavy_cavalry",
        "charging",
        "cavalry_v_open_formation",
    )
    assert advantages(hc, [inf_open], assaulting=True, first_round=False) == (
        "heavy_cavalry",
        "cavalry_v_open_formation",
    )
    pike = fig("p", flags=frozenset({"pike"}))
    assert advantages(pike, [hc], assaulting=False, first_round=True, in_structure=True) == ("pike", "structure")
    assert advantages(pike, [hc], assaulting=False, first_round=False) == ()
    assert advantages(pike, [hc], assaulting=True, first_round=False, in_structure=True) == ()


def test_ESC_ADV_1_opponent_wounded_counts_if_any_in_many_v_one():
    lone = fig("l")
    assert advantages(lone, [fig("a1", "att"), fig("a2", "att", wounds=1)], assaulting=False, first_round=False) == (
        "opponent_wounded",
    )
    assert advantages(lone, [fig("a1", "att")], assaulting=False, first_round=False) == ()


def test_ESC_ADV_2_heavy_cavalry_implies_cavalry_and_cavalry_v_open_needs_non_cavalry_target():
    assert is_cavalry(fig("h", flags=frozenset({"heavy_cavalry"}))) and not is_cavalry(fig("i"))
    cav = fig("c", "att", flags=frozenset({"cavalry"}))
    open_cav = fig("oc", flags=frozenset({"cavalry", "open_formation"}))
    closed = fig("cl")
    assert advantages(cav, [open_cav], assaulting=True, first_round=False) == ()
    assert advantages(cav, [closed], assaulting=True, first_round=False) == ()
    assert advantages(
        cav, [closed, fig("o", flags=frozenset({"open_formation"}))], assaulting=True, first_round=False
    ) == ("cavalry_v_open_formation",)
    # a defending cavalry figure gets no cavalry-v-open advantage (it is not attacking)
    assert (
        advantages(
            fig("dc", flags=frozenset({"cavalry"})),
            [fig("o", "att", flags=frozenset({"open_formation"}))],
            assaulting=False,
            first_round=False,
        )
        == ()
    )


# -- ESC-RES / ESC-MULTI ------------------------------------------------------------------------------


def R(w, loser, eff):
    suit = {"killed": "H", "wounded": "D", "evicted": "S"}[eff]
    return DuelResult(w, loser, Card(10, suit), Effect(eff))


def test_ESC_RES_1_second_wound_kills():
    fates = apply_results(ESCARMOUCHE, [R("a", "d", "wounded")], {"d": 1})
    assert fates["d"].killed and fates["d"].wounds == 2
    first = apply_results(ESCARMOUCHE, [R("a", "d", "wounded")])
    assert not first["d"].killed and first["d"].wounded and first["d"].wounds == 1


def test_ESC_MULTI_1_kills_then_wounds_then_evictions_apply_together():
    fates = apply_results(ESCARMOUCHE, [R("a1", "d", "evicted"), R("a2", "d", "killed")])
    assert fates["d"].killed and not fates["d"].evicted
    both = apply_results(ESCARMOUCHE, [R("a1", "d", "evicted"), R("a2", "d", "wounded")])["d"]
    assert both.wounded and both.evicted and not both.killed  # wounded and evicted takes both
    twice = apply_results(ESCARMOUCHE, [R("a1", "d", "wounded"), R("a2", "d", "wounded"), R("a3", "d", "evicted")])["d"]
    assert twice.killed and not twice.evicted  # two wounds in one round kill
    mixed = apply_results(ESCARMOUCHE, [R("a1", "d", "killed"), R("d", "a2", "wounded")])
    assert mixed["d"].killed and mixed["a2"].wounded  # both results apply


def test_ESC_RES_2_evicted_attacker_returns_and_defender_moves_to_free_adjacent_sector():
    assert eviction_destination(attacker=True, came_from="g1_1", adjacent=["g2_1"], enemy_sectors=[]) == "g1_1"
    opts = eviction_options(["g1_2", "g2_1", "g2_3", "g3_2"], enemy_sectors={"g1_2"})
    assert opts == ["g2_1", "g2_3", "g3_2"]
    enemy = centroid([(6.0, 10.0), (6.0, 10.0)])
    assert enemy == (6.0, 10.0)
    assert default_eviction(opts, grid_centre, enemy) == "g3_2"  # farthest from the enemy centroid
    assert (
        eviction_destination(
            attacker=False, came_from=None, adjacent=["g1_2", "g2_1"], enemy_sectors=["g1_2"], choice="g2_1"
        )
        == "g2_1"
    )
    with pytest.raises(IllegalDecision):
        eviction_destination(attacker=False, came_from=None, adjacent=["g1_2"], enemy_sectors=["g1_2"], choice="g1_2")


def test_ESC_RES_2_no_free_sector_means_killed():
    assert (
        eviction_destination(
            attacker=False,
            came_from=None,
            adjacent=["g0_1", "g1_0"],
            enemy_sectors=["g0_1", "g1_0"],
            centre=grid_centre,
            enemy_centroid=(0, 0),
        )
        is None
    )


# -- ESC-RND / ESC-CIV --------------------------------------------------------------------------------


def test_ESC_RND_1_round_end_order():
    assert round_end(2, 0) is RoundEnd.ATTACKER_HOLDS
    assert round_end(0, 1, attacker_breaks_off=True) is RoundEnd.DEFENDER_HOLDS
    assert round_end(0, 0) == "empty"
    assert round_end(1, 1, attacker_breaks_off=True, defender_breaks_off=True) is RoundEnd.ATTACKER_BREAKS_OFF
    assert round_end(1, 1, defender_breaks_off=True) is RoundEnd.DEFENDER_BREAKS_OFF
    assert round_end(3, 2) is RoundEnd.NEXT_ROUND


def test_ESC_CIV_1_civilians_never_fight_and_flee_or_are_captured():
    crew = fig("crew", type="civilian")
    follower = fig("f", flags=frozenset({"civilian"}))
    soldier = fig("s")
    assert is_civilian(crew) and is_civilian(follower) and not is_civilian(soldier)
    assert fighters([crew, soldier, follower]) == [soldier]
    assert civilian_flight(["g1_0", "g0_1"], ["g1_0"]) == ["g0_1"]
    assert civilian_flight(["g1_0"], ["g1_0"]) == []  # captured
