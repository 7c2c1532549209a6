"""Flow-level mêlée rules of the pyrates preset, driven through the Match (PRE-PYR-1, PYR-*)."""

import pytest
from flow_helpers import CLOSE, GENERAL, Decision, answer, choose, fig, match

from game.rules.decisions import IllegalDecision, Item
from game.rules.dice import ScriptedDice
from game.rules.events import DiceRolled, Note
from game.rules.model import Status
from game.rules.pyrates.events import ItemResolved, MeleeRoundStarted, QuotaSet
from game.table import Obstacle, TacticalMap


def test_PYR_PUSH_2_no_pushback_when_surrounded():
    # V is engaged by A1 (west), A2 (east), A3 (south): a push from A1 would hit A2 (GEO-SUR-1 b)
    figs = [fig("V", "B", 10, 10), fig("A1", "A", 9, 10), fig("A2", "A", 11, 10), fig("A3", "A", 10, 11)]
    dice = ScriptedDice([6, 1, 6, 6, 6, 1, 2, 1, 2, 3, 3, 2])
    m = match(figs, dice=dice)
    assert m.table.sweep_clear("V", 0.0, -1.0)  # the push away from A3 itself is clear
    assert m.pending.kind == "tap" and m.pending.side == "A"
    ev = answer(m, "tap", Decision("tap", figure="A3", items=(Item("V", "kd"),)))
    # no pushback election: the save is rolled at once (needs 6 against a General weapon) and fails
    assert not any(isinstance(e, ItemResolved) and e.outcome.startswith("pushback") for e in ev)
    assert any(isinstance(e, DiceRolled) and e.rule == "PYR-SAVE-1" and e.who == "V" for e in ev)
    assert m.figure("V").status == Status.KNOCKED_DOWN


def test_PYR_PUSH_1_pushback_offered_when_free():
    figs = [fig("V", "B", 10, 10), fig("A1", "A", 9, 10)]
    m = match(figs, dice=ScriptedDice([6, 1, 6, 6, 1, 1, 2, 3]))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("V", "w"),)))
    assert m.pending.kind == "pushback" and choose("pushback") in m.pending.options
    answer(m, "pushback", choose("pushback"))
    assert (m.figure("V").x, m.figure("V").y) == (11.0, 10.0)
    # PYR-PUSH-4: the unwounded striker may follow up
    assert m.pending.kind == "follow_up"
    answer(m, "follow_up", choose("stay"))
    assert (m.figure("A1").x, m.figure("A1").y) == (9.0, 10.0)


def rail_map():
    return TacticalMap.open_ground(24, 16, obstacles=[Obstacle.line("rail", [(8, 5), (8, 15)], thickness=0.2)])


def test_PYR_ALLOC_2_close_weapon_cannot_strike_across_obstacle():
    figs = [fig("D", "A", 7.4, 10, CLOSE, "dagger"), fig("C", "B", 8.6, 10, GENERAL, "cutlass")]
    # A rolls three of a kind (1 KD) and would allocate first, but its dagger cannot reach across the rail
    m = match(figs, dice=ScriptedDice([6, 1, 6, 6, 6, 5, 5, 1]), tmap=rail_map())
    assert any(isinstance(e, MeleeRoundStarted) for e in m.log)  # PYR-ENG-2: engaged across the rail
    assert m.pending.kind == "tap" and m.pending.side == "B"
    assert all(o.kind == "pass" or o.figure == "C" for o in m.pending.options)
    with pytest.raises(IllegalDecision):
        m.apply(Decision("tap", figure="D", items=(Item("C", "kd"),)))


def test_PYR_ENG_2_close_against_close_never_engages_across():
    figs = [fig("D", "A", 7.4, 10, CLOSE, "dagger"), fig("E", "B", 8.6, 10, CLOSE, "dagger")]
    m = match(figs, seed=3, tmap=rail_map())
    assert not any(isinstance(e, MeleeRoundStarted) for e in m.log)
    assert m.pending.kind in ("activate", "action")


def test_PYR_SEQ_2_six_round_cap():
    figs = [fig("A1", "A", 9, 10), fig("B1", "B", 10, 10)]
    per_round = [1, 2, 3, 1, 2, 4, 2, 1]  # nothing vs nothing, tally tie, roll-off: A wins
    m = match(figs, dice=ScriptedDice([6, 1] + per_round * 7))
    for _rnd in range(6):
        assert m.pending.kind == "withdraw" and m.pending.side == "B"
        answer(m, "withdraw", choose("fight_on"))
    rounds = [e.round for e in m.log if isinstance(e, MeleeRoundStarted)]
    assert rounds == [1, 2, 3, 4, 5, 6, 1]
    assert any(isinstance(e, Note) and e.rule == "PYR-SEQ-2" for e in m.log)
    assert m.pending.kind == "withdraw"  # the carried-over mêlée goes on in the next mêlée step


def test_PYR_DICE_2_reroll_options_one_die_at_a_time():
    figs = [fig("A1", "A", 9, 10, rank="captain"), fig("A2", "A", 9, 11), fig("B1", "B", 10, 10)]
    # A: captain 3 + 1 = 4 → 5d6 + 1 reroll; two pair: the auto policy rerolls the odd die
    m = match(figs, dice=ScriptedDice([6, 1, 2, 2, 3, 3, 6, 4, 1, 2, 3, 6]))
    answer(m, "activate", Decision("pass"))  # the supporter A2 is unengaged: it could act first
    p = m.pending
    assert p.kind == "reroll" and p.side == "A"
    assert {(o.option, o.number) for o in p.options} == {("reroll", i) for i in range(5)} | {("stop", None)}
    assert p.default == choose("reroll", 4)
    answer(m, "reroll", choose("reroll", 4))
    assert any(e.rule == "PYR-DICE-2" for e in m.log)


def test_PYR_ALLOC_1_better_dice_allocate_first():
    figs = [fig("A1", "A", 9, 10), fig("B1", "B", 10, 10)]
    m = match(figs, dice=ScriptedDice([6, 1, 1, 1, 3, 4, 4, 4]))  # A pair (1 W), B three of a kind (1 KD)
    assert m.pending.kind == "tap" and m.pending.side == "B"


def test_PYR_ALLOC_2_tap_refused_leaves_state_untouched():
    figs = [fig("A1", "A", 9, 10), fig("B1", "B", 10, 10), fig("B2", "B", 14, 10)]
    m = match(figs, dice=ScriptedDice([6, 1, 4, 4, 4, 1, 2, 3]))
    before = m.state_hash()
    for bad in (
        Decision("tap", figure="A1", items=(Item("B2", "kd"),)),  # not engaged with B2
        Decision("tap", figure="A1", items=(Item("B1", "kd"), Item("B1", "w"))),
        Decision("tap", figure="A1", items=(Item("B1", "w"),)),  # pool holds no W
        Decision("tap", figure="B1", items=(Item("A1", "kd"),)),  # not A's figure
        Decision("tap", figure="A1", items=(Item("B1", "kd", ("mg",)),)),
    ):  # no off-hand weapon
        with pytest.raises(IllegalDecision):
            m.apply(bad)
        assert m.state_hash() == before


def test_PYR_MG_1_main_gauche_wasted_on_1_or_2():
    figs = [fig("A1", "A", 9, 10, offhand=CLOSE), fig("B1", "B", 10, 10)]
    m = match(figs, dice=ScriptedDice([6, 1, 4, 4, 1, 1, 2, 3, 2, 1, 2]))
    ev = answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "w", ("mg",)),)))
    assert any(isinstance(e, ItemResolved) and e.outcome == "wasted" for e in ev)
    assert m.figure("B1").status == Status.UNWOUNDED


def test_PYR_DIS_1_disarm_then_capture():
    figs = [fig("A1", "A", 9, 10), fig("B1", "B", 10, 10)]
    m = match(figs, dice=ScriptedDice([6, 1, 4, 4, 4, 1, 2, 3, 3, 2]))
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "disarm"),)))
    # a disarm item is a KD: B1 may be pushed back wounded instead; it saves and fails
    answer(m, "pushback", choose("save"))
    assert m.figure("B1").status == Status.DISARMED
    assert m.pending.kind == "surrender"
    answer(m, "surrender", choose("surrender"))
    assert m.figure("B1").status == Status.CAPTIVE
    assert m.state.system.captives == {"B1": "A1"}


def test_PYR_MQ_quota_events_and_PYR_SAVE_2_rank_bonus():
    figs = [fig("A1", "A", 9, 10, rank="officer"), fig("B1", "B", 10, 10, rank="captain")]
    m = match(figs, dice=ScriptedDice([6, 1, 4, 4, 4, 1, 1, 2, 3, 6, 5, 2]))
    q = {e.who: e.mq for e in m.log if isinstance(e, QuotaSet)}
    assert q == {"A": 2, "B": 3}
    # B rolled [1,2,3,6,5]: nothing; A [4,4,4,1] three of a kind → KD → B1 captain saves on 4+ (6 − 2)
    answer(m, "tap", Decision("tap", figure="A1", items=(Item("B1", "kd"),)))
    assert m.pending.kind == "pushback" and m.pending.info["save_target"] == 4
