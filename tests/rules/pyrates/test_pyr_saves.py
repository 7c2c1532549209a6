"""PYR-SAVE-1..3: saving throws."""

from fractions import Fraction

import pytest

from game.rules.dice import ScriptedDice
from game.rules.model import Figure, Rank, Status, WeaponClass
from game.rules.pyrates import Modifier, roll_save, save_chance, save_modifiers, save_outcome, save_passes, save_target
from game.rules.pyrates.config import PYRATES


def fig(**kw):
    return Figure(id="v", name="v", side="b", x=0.0, y=0.0, **kw)


def test_PYR_SAVE_1_target_from_modifiers():
    assert save_target(PYRATES, []) == 6
    assert save_target(PYRATES, [1]) == 5
    assert save_target(PYRATES, [Modifier(1, "x", "PYR-SAVE-2"), Modifier(2, "captain", "PYR-SAVE-2")]) == 3
    assert save_target(PYRATES, [1, 1, 1, 1, 1, 2]) == 2  # never below 2


def test_PYR_SAVE_1_natural_one_always_fails():
    assert not save_passes(1, 2)
    assert save_passes(2, 2)
    assert save_passes(6, 6) and not save_passes(5, 6)
    assert save_chance(2) == Fraction(5, 6) and save_chance(6) == Fraction(1, 6)


def test_PYR_SAVE_1_roll_save_event():
    ev = roll_save(ScriptedDice([5]), PYRATES, "P1", [Modifier(1, "Close weapon", "PYR-SAVE-2")])
    assert ev.rule == "PYR-SAVE-1" and ev.target == 5 and ev.success is True and ev.faces == (5,)
    assert roll_save(ScriptedDice([1]), PYRATES, "C", [5]).success is False


def test_PYR_SAVE_2_each_modifier():
    plain = fig()
    assert save_modifiers(plain, WeaponClass.GENERAL) == []
    assert [m.amount for m in save_modifiers(fig(armoured=True), WeaponClass.GENERAL)] == [1]
    assert len(save_modifiers(plain, WeaponClass.GENERAL, defending=True)) == 1
    assert len(save_modifiers(plain, WeaponClass.GENERAL, supported=True)) == 1
    assert len(save_modifiers(plain, WeaponClass.CLOSE)) == 1
    assert save_modifiers(plain, WeaponClass.CLOSE, close_quarters=True) == []
    assert [m.amount for m in save_modifiers(fig(rank=Rank.OFFICER), WeaponClass.GENERAL)] == [1]
    assert [m.amount for m in save_modifiers(fig(rank=Rank.CAPTAIN), WeaponClass.GENERAL)] == [2]
    assert all(m.rule == "PYR-SAVE-2" for m in save_modifiers(fig(armoured=True), WeaponClass.CLOSE, supported=True))


def test_PYR_SAVE_2_mounted_victim():
    rider = fig(mounted=True)
    assert len(save_modifiers(rider, WeaponClass.GENERAL)) == 1  # foot, no reach
    assert save_modifiers(rider, WeaponClass.REACH) == []  # reach
    assert save_modifiers(rider, WeaponClass.GENERAL, attacker_mounted=True) == []
    assert save_modifiers(rider, WeaponClass.GENERAL, close_quarters=True) == []


def test_PYR_SAVE_2_close_attacker_worked_example_saves_on_5():
    # PYR-EX-1: pyrate P1 against heroine's Close weapon, not in close quarters: 5–6 saves
    assert save_target(PYRATES, save_modifiers(fig(), WeaponClass.CLOSE)) == 5


@pytest.mark.parametrize(
    "item, saved, wounded, status, counts",
    [
        ("w", True, False, None, None),
        ("kd", True, True, None, None),
        ("w", False, False, Status.WOUNDED, "w"),
        ("w", False, True, Status.KNOCKED_DOWN, "kd"),
        ("kd", False, False, Status.KNOCKED_DOWN, "kd"),
        ("kd", False, True, Status.KNOCKED_DOWN, "kd"),
        ("disarm", False, False, Status.DISARMED, "kd"),
        ("capture", False, False, Status.CAPTIVE, "kd"),
        ("capture", True, False, Status.UNWOUNDED, None),
    ],
)
def test_PYR_SAVE_3_outcomes(item, saved, wounded, status, counts):
    out = save_outcome(item, saved, wounded)
    assert (out.status, out.counts_as) == (status, counts)


def test_PYR_SAVE_3_unknown_item():
    with pytest.raises(ValueError):
        save_outcome("hug", False, False)
    with pytest.raises(ValueError):  # the kind alone: a tap's riders are Item.extras, never "w+mg" text
        save_outcome("w+mg", False, False)
