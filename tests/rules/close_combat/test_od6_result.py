"""OD6-RES-1..3 result ladder and outcomes, OD6-FIRE-1, and the source's worked rolls."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.close_combat import Outcome, ResultKind, consequences, fire_hit, loser_outcome, opposed_result, worsen


def test_OD6_RES_1_tie_when_equal():
    r = opposed_result(5, 5)
    assert r.kind == "tie" and r.kind is ResultKind.TIE and r.winner is None and r.loser is None


def test_OD6_RES_1_triple_when_w_ge_3l():
    assert opposed_result(6, 2).kind == "triple"
    assert opposed_result(3, 1).kind == "triple"
    assert opposed_result(1, 3).winner == "b"


def test_OD6_RES_1_double_when_w_ge_2l():
    assert opposed_result(2, 1).kind == "double"
    assert opposed_result(5, 2).kind == "double"
    assert opposed_result(4, 2).kind == "double"


def test_OD6_RES_1_simple_otherwise():
    assert opposed_result(3, 2).kind == "simple"
    assert opposed_result(5, 4).winner == "a"


def test_OD6_RES_1_kind_is_a_str_enum_usable_as_dict_key():
    assert {"tie": 1}[ResultKind.TIE] == 1 and {ResultKind.DOUBLE: 2}["double"] == 2
    assert str(ResultKind.SIMPLE) == "simple"


def test_OD6_RES_1_rejects_totals_below_one():
    with pytest.raises(ValueError):
        opposed_result(0, 3)


@given(st.integers(1, 20), st.integers(1, 20))
def test_OD6_RES_1_ladder_matches_definition_and_is_symmetric(a, b):
    r, s = opposed_result(a, b), opposed_result(b, a)
    assert r.kind == s.kind
    hi, lo = max(a, b), min(a, b)
    expected = "tie" if hi == lo else "triple" if hi >= 3 * lo else "double" if hi >= 2 * lo else "simple"
    assert r.kind == expected
    if a != b:
        assert r.winner == ("a" if a > b else "b") and s.winner == ("b" if a > b else "a")


def test_OD6_EX_1_source_rolls():
    """6 v 2 triple, 5 v 5 tie, 2 v 1 double, 3 v 2 simple, 5 v 2 double, 5 v 4 simple."""
    got = [opposed_result(a, b).kind.value for a, b in [(6, 2), (5, 5), (2, 1), (3, 2), (5, 2), (5, 4)]]
    assert got == ["triple", "tie", "double", "simple", "double", "simple"]


def test_OD6_RES_2_tie_moves_both_back():
    assert consequences(opposed_result(4, 4)) == {"a": Outcome.MOVE_BACK, "b": Outcome.MOVE_BACK}


def test_OD6_RES_2_simple_double_triple_effects_on_loser():
    assert consequences(opposed_result(3, 2)) == {"a": "stays", "b": "move_back"}
    assert consequences(opposed_result(2, 5)) == {"a": "move_back_disrupted", "b": "stays"}
    assert consequences(opposed_result(6, 2)) == {"a": "stays", "b": "eliminated"}


def test_OD6_RES_3_double_on_disrupted_piece_eliminates():
    assert loser_outcome("double", already_disrupted=True) is Outcome.ELIMINATED
    assert consequences(opposed_result(5, 2), b_disrupted=True)["b"] is Outcome.ELIMINATED
    assert loser_outcome("simple", already_disrupted=True) is Outcome.MOVE_BACK


def test_OD6_RES_3_blocked_move_back_is_one_step_worse():
    assert worsen(Outcome.MOVE_BACK) is Outcome.DISRUPTED_IN_PLACE
    assert worsen(Outcome.MOVE_BACK_DISRUPTED) is Outcome.ELIMINATED
    assert worsen(Outcome.MOVE_BACK, already_disrupted=True) is Outcome.ELIMINATED
    assert worsen(Outcome.STAYS) is Outcome.STAYS


def test_OD6_FIRE_1_hit_disrupts_and_disrupted_piece_is_eliminated():
    assert fire_hit(False) is Outcome.DISRUPTED_IN_PLACE
    assert fire_hit(True) is Outcome.ELIMINATED
