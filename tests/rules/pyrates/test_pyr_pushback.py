"""PYR-PUSH-1..6: pushback."""

import math

import pytest

from game.rules.pyrates import ai_takes_pushback, may_follow_up, push_direction, pushback_option


def test_PYR_PUSH_1_wound_offers_pushback():
    assert pushback_option("w", victim_wounded=False).option == "pushback"
    assert pushback_option("w", victim_wounded=True).option == "pushback"


def test_PYR_PUSH_1_knockdown_offers_pushed_back_wounded_to_unwounded_only():
    assert pushback_option("kd", victim_wounded=False).option == "pushback_wounded"
    chk = pushback_option("kd", victim_wounded=True)
    assert chk.option is None and "PYR-PUSH-1" in chk.reason


@pytest.mark.parametrize(
    "kw, rule",
    [
        ({"mounted": True}, "PYR-MNT-2"),
        ({"surrounded": True}, "PYR-SUR-1"),
        ({"sneaky": True}, "PYR-PUSH-2"),
        ({"sweep_clear": False}, "PYR-PUSH-2"),
        ({"disarmed": True}, "PYR-DIS-2"),
    ],
)
def test_PYR_PUSH_2_illegal_cases(kw, rule):
    for item in ("w", "kd"):
        chk = pushback_option(item, victim_wounded=False, **kw)
        assert chk.option is None and rule in chk.reason


def test_PYR_PUSH_2_main_gauche_and_sneaky_items():
    # an item's Main Gauche or Sneaky Attack rider is passed as ``sneaky`` (items are typed:
    # Item(victim, "w", ("mg",)), no "w+mg" text to parse)
    assert pushback_option("w", victim_wounded=False, sneaky=True).option is None
    assert pushback_option("kd", victim_wounded=False, sneaky=True).option is None
    for bad in ("tickle", "w+mg"):
        with pytest.raises(ValueError):
            pushback_option(bad, victim_wounded=False)


def test_PYR_PUSH_3_single_source_unit_vector():
    dx, dy = push_direction((3.0, 4.0), [(0.0, 0.0)])
    assert math.isclose(dx, 0.6) and math.isclose(dy, 0.8)


def test_PYR_PUSH_3_several_sources_normalised_sum():
    dx, dy = push_direction((0.0, 0.0), [(-1.0, 0.0), (0.0, -1.0)])
    assert math.isclose(dx, math.sqrt(0.5)) and math.isclose(dy, math.sqrt(0.5))


def test_PYR_PUSH_3_opposite_blows_pin():
    assert push_direction((0.0, 0.0), [(-1.0, 0.0), (1.0, 0.0)]) is None
    # sum length just under 0.25: two blows at angles whose unit vectors nearly cancel
    a = math.acos(0.12)  # each contributes 0.12 along +y → length 0.24
    assert push_direction((0.0, 0.0), [(-math.sin(a), -math.cos(a)), (math.sin(a), -math.cos(a))]) is None
    b = math.acos(0.13)  # 0.26
    assert push_direction((0.0, 0.0), [(-math.sin(b), -math.cos(b)), (math.sin(b), -math.cos(b))]) is not None
    assert push_direction((1.0, 1.0), [(1.0, 1.0)]) is None


def test_PYR_PUSH_4_follow_up():
    assert may_follow_up(False) and not may_follow_up(True) and not may_follow_up(False, sweep_clear=False)


def test_PYR_PUSH_6_ai_default():
    assert ai_takes_pushback("pushback", 4) and ai_takes_pushback("pushback", 6)
    assert not ai_takes_pushback("pushback", 3)
    assert ai_takes_pushback("pushback_wounded", 5) and not ai_takes_pushback("pushback_wounded", 4)
    assert not ai_takes_pushback(None, 6)
