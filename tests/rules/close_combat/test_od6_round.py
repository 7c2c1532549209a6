"""OD6 rounds: rolls and netting (OD6-ROLL-1/2), resolution order (OD6-RES-4), locks (OD6-LOCK-1/2),
rally (OD6-DIS-1), breaking (OD6-PIECE-1), actions (OD6-SEQ-1), and worked examples OD6-EX-1..6."""

import pytest
from od6_helpers import MiniTable, lines_of_six

from game.rules.close_combat import (
    CombatRolled,
    LockState,
    Outcome,
    PairSpec,
    Piece,
    PieceResolved,
    RallyResult,
    UnitActions,
    broken_units,
    classify,
    combat_continues,
    disengage_roll,
    first_round_bonus,
    flank_support,
    is_continuation,
    lock_counts,
    lock_state,
    net_bonus,
    pair_pieces,
    rally,
    rally_outcome,
    resolve_round,
    roll_pair,
    total,
    unit_breaks,
)
from game.rules.decisions import IllegalDecision
from game.rules.dice import ScriptedDice

# Source rolls of the first round, top to bottom, as (red, blue) faces (OD6-EX-1).
EX1_FACES = [(2, 6), (5, 5), (2, 1), (3, 2), (2, 5), (5, 4)]


def run_ex1():
    red, blue = lines_of_six()
    table = MiniTable(red + blue)
    dice = ScriptedDice([f for pair in EX1_FACES for f in pair])
    pairs = [PairSpec(r, b) for r, b in zip(red, blue)]
    res = resolve_round(list(reversed(pairs)), dice, table.can_move_back, table.on_move)
    for pid in res.eliminated:
        table.remove(pid)
    for pid in res.disrupted:
        from dataclasses import replace

        table.pieces[pid] = replace(table.pieces[pid], disrupted=True)
    return res, table


# -- OD6-ROLL -----------------------------------------------------------------------------------


def test_OD6_ROLL_1_netting_adds_difference_to_higher_side_only():
    assert net_bonus(3, 3) == (0, 0)
    assert net_bonus(5, 3) == (2, 0)
    assert net_bonus(3, 5, mods_a=1) == (0, 1)
    assert net_bonus(3, 3, mods_a=1, mods_b=1) == (0, 0)
    assert total(1, 0) == 1


def test_OD6_EX_4_like_v_like_drops_cv_and_pike_v_musket_is_plus_two():
    assert net_bonus(3, 3) == (0, 0) and net_bonus(5, 5) == (0, 0)
    assert net_bonus(5, 3) == (2, 0) and net_bonus(3, 5) == (0, 2)


def test_OD6_ROLL_1_roll_pair_uses_two_dice_and_reports_totals():
    pr = roll_pair(ScriptedDice([2, 5]), "R", "B", 5, 3)
    assert pr.combat.faces == (2, 5) and pr.combat.totals == (4, 5) and pr.combat.bonus == (2, 0)
    assert pr.result.kind == "simple" and pr.combat.winner == "B"
    assert all(d.rule == "OD6-ROLL-1" for d in pr.dice)
    assert isinstance(pr.combat, CombatRolled) and "B wins" in pr.combat.text()


def test_OD6_ROLL_2_flank_support_from_free_friend_in_side_contact():
    red, _ = lines_of_six()
    r1, r2, r3 = red[0], red[1], red[2]
    assert classify(r1, r2).side_contact
    assert flank_support(r1, [r2]) == 1
    assert flank_support(r1, [r2], busy={"R2"}) == 0  # paired or locked
    assert flank_support(r1, [r2], disrupted={"R2"}) == 0  # disrupted
    assert flank_support(r1, [r3]) == 0  # not in contact
    moved_back = r2.moved(-1.0, 0.0)
    assert flank_support(r1, [moved_back]) == 0  # only a corner now


def test_OD6_ROLL_2_first_round_bonus_per_unspent_action():
    assert first_round_bonus(0) == 0 and first_round_bonus(2) == 2
    ua = UnitActions("u", actions=3)
    ua.spend("engage")
    assert ua.give_up_for_bonus() == 2 and ua.left == 0
    with pytest.raises(ValueError):
        first_round_bonus(-1)


# -- OD6-RES-4 and worked examples -----------------------------------------------------------------


def test_OD6_EX_1_round_one_results_and_positions():
    res, table = run_ex1()
    o = res.outcomes
    assert [o[f"R{i}"] for i in range(1, 7)] == [
        "eliminated",
        "move_back",
        "stays",
        "stays",
        "move_back_disrupted",
        "stays",
    ]
    assert [o[f"B{i}"] for i in range(1, 7)] == [
        "stays",
        "move_back",
        "move_back_disrupted",
        "move_back",
        "stays",
        "move_back",
    ]
    assert res.eliminated == ["R1"]
    assert sorted(res.disrupted) == ["B3", "R5"]
    assert table.pieces["R2"].x == -1.5 and table.pieces["B2"].x == 1.5
    assert table.pieces["B3"].x == 1.5 and table.pieces["R5"].x == -1.5
    assert all(table.pieces[p].facing == f for p, f in (("R2", 0.0), ("B2", 180.0)))


def test_OD6_RES_4_all_roll_top_down_then_eliminations_then_move_backs_top_down():
    res, table = run_ex1()
    kinds = [type(e).__name__ for e in res.events]
    last_roll = max(i for i, k in enumerate(kinds) if k == "CombatRolled")
    first_piece = min(i for i, k in enumerate(kinds) if k == "PieceResolved")
    assert last_roll < first_piece
    # rolls in top-to-bottom order though the pairs were given bottom-up
    assert [e.attacker for e in res.events if isinstance(e, CombatRolled)] == [f"R{i}" for i in range(1, 7)]
    resolved = [e for e in res.events if isinstance(e, PieceResolved)]
    assert resolved[0].figure == "R1" and resolved[0].outcome == "eliminated"
    assert table.calls == ["R2", "B2", "B3", "B4", "R5", "B6"]  # smallest y first (ties: x)


def test_OD6_RES_3_blocked_move_back_in_a_round():
    red, blue = lines_of_six()
    table = MiniTable(red + blue, blocked={"B4", "R5"})
    dice = ScriptedDice([f for pair in EX1_FACES for f in pair])
    res = resolve_round([PairSpec(r, b) for r, b in zip(red, blue)], dice, table.can_move_back, table.on_move)
    assert res.outcomes["B4"] is Outcome.DISRUPTED_IN_PLACE  # simple loss, blocked
    assert res.outcomes["R5"] is Outcome.ELIMINATED  # double loss, blocked
    assert "R5" in res.eliminated and "B4" in res.disrupted and "B4" not in res.moves
    assert any(isinstance(e, PieceResolved) and e.rule == "OD6-RES-3" and e.blocked for e in res.events)


def test_OD6_RES_3_blocked_by_a_real_piece_behind():
    r = Piece("R", "red", -0.5, 1.0, 0.0, 2.0, 1.0, 3, 4)
    b = Piece("B", "blue", 0.5, 1.0, 180.0, 2.0, 1.0, 3, 4)
    behind = Piece("B2", "blue", 1.5, 1.0, 180.0, 2.0, 1.0, 3, 4)
    table = MiniTable([r, b, behind])
    res = resolve_round([PairSpec(r, b)], ScriptedDice([4, 3]), table.can_move_back, table.on_move)
    assert res.outcomes["B"] is Outcome.DISRUPTED_IN_PLACE


def test_OD6_RES_2_pair_must_be_in_edge_contact():
    r = Piece("R", "red", -0.5, 1.0, 0.0)
    b = Piece("B", "blue", 5.0, 1.0, 180.0)
    with pytest.raises(ValueError):
        resolve_round([PairSpec(r, b)], ScriptedDice([4, 3]), lambda *a: True)


def test_OD6_EX_6_corner_locks_after_round_one_built_from_the_resolution():
    res, table = run_ex1()
    pieces = list(table.pieces.values())
    pairs = pair_pieces([p for p in pieces if p.side == "red"], [p for p in pieces if p.side == "blue"])
    assert pairs == {}  # every pair separated or eliminated
    locks = lock_counts(pieces, pairs)
    assert locks["B5"] == 2 and lock_state(locks["B5"]) is LockState.CANNOT_MOVE
    assert locks["R4"] == 1 and locks["R6"] == 1
    assert all(locks[p] == 0 for p in ("B1", "B2", "B3", "B4", "B6"))
    movable = [
        p.id
        for p in pieces
        if p.side == "blue" and not p.disrupted and lock_state(locks[p.id]) is not LockState.CANNOT_MOVE
    ]
    assert sorted(movable) == ["B1", "B2", "B4", "B6"]  # "Blue has four combat pieces that can move"
    assert combat_continues(locks)


def test_OD6_EX_6_rectangles_touch_only_at_corners():
    # built by hand: Blue 5th stayed at x 0..1, y 8..10; Red 4th and 6th stayed at x -1..0
    b5 = Piece("B5", "blue", 0.5, 9.0, 180.0, 2.0, 1.0)
    r4 = Piece("R4", "red", -0.5, 7.0, 0.0, 2.0, 1.0)
    r6 = Piece("R6", "red", -0.5, 11.0, 0.0, 2.0, 1.0)
    r5 = Piece("R5", "red", -1.5, 9.0, 0.0, 2.0, 1.0)  # moved back, Disrupted
    assert classify(b5, r4).corner and classify(b5, r6).corner
    assert not classify(b5, r5).touching
    assert lock_counts([b5, r4, r5, r6])["B5"] == 2


def test_OD6_LOCK_1_paired_contact_is_not_a_lock_but_unpaired_engaged_contact_is():
    red, blue = lines_of_six()
    pairs = pair_pieces(red, blue)
    locks = lock_counts(red + blue, pairs)
    assert locks["R3"] == 2 and locks["B3"] == 2  # diagonal neighbours at both corners
    assert locks["R1"] == 1  # only B2's corner
    unpaired = dict(pairs)
    del unpaired["R1"]
    assert lock_counts(red + blue, unpaired)["R1"] == 2  # its engaged contact left unpaired now counts
    assert lock_counts([red[0]], {})["R1"] == 0


def test_OD6_LOCK_2_movement_by_lock_count():
    assert lock_state(0) is LockState.FREE
    assert lock_state(1) == "may_disengage"
    assert lock_state(3) is LockState.CANNOT_MOVE
    assert not combat_continues({"a": 0}, {}) and combat_continues({"a": 0}, {"x": "y"})


def test_OD6_EX_5_two_locks_cannot_move_one_may_try_to_disengage():
    assert lock_state(2) is LockState.CANNOT_MOVE
    assert lock_state(1) is LockState.MAY_DISENGAGE
    ok = disengage_roll(ScriptedDice([4]), "B5", 4)
    fail = disengage_roll(ScriptedDice([3]), "B5", 4)
    assert ok.success and not fail.success and ok.rule == "OD6-LOCK-2"


# -- OD6-EX-2, OD6-PIECE-1 breaking, OD6-DIS-1, OD6-SEQ-1 -------------------------------------------


def test_OD6_EX_2_second_round_triples_break_red():
    from game.rules.close_combat import opposed_result

    assert opposed_result(6, 2).kind == "triple" and opposed_result(3, 1).kind == "triple"
    losses = {"red_regiment": 1 + 2, "blue_regiment": 0}
    assert broken_units(losses, 2) == ["red_regiment"]


def test_OD6_PIECE_1_unit_breaks_when_losses_exceed_break_after():
    assert not unit_breaks(2, 2) and unit_breaks(3, 2)
    assert broken_units({"u1": 2, "u2": 4}, {"u1": 1, "u2": 5}) == ["u1"]
    assert broken_units({"u1": 3}) == ["u1"]


def test_OD6_DIS_1_rally_roll():
    assert rally_outcome(4, 4) is RallyResult.RALLIED
    assert rally_outcome(3, 4) is RallyResult.STAYS_DISRUPTED
    assert rally_outcome(1, 1) is RallyResult.ELIMINATED
    result, ev = rally(ScriptedDice([6]), "B3", 4)
    assert result == "rallied" and ev.rule == "OD6-DIS-1" and ev.success


def test_OD6_EX_3_rally_two_stays_one_would_eliminate():
    assert rally(ScriptedDice([2]), "B3", 4)[0] is RallyResult.STAYS_DISRUPTED
    result, ev = rally(ScriptedDice([1]), "B3", 4)
    assert result is RallyResult.ELIMINATED and ev.success is False


def test_OD6_SEQ_1_one_action_per_phase_by_default():
    ua = UnitActions("u")
    ua.spend("engage")
    with pytest.raises(IllegalDecision):
        ua.spend("move")
    with pytest.raises(IllegalDecision):
        UnitActions("v").spend("fly")
    assert is_continuation(True) and not is_continuation(False)
