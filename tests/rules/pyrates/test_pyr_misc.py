"""PYR-MOR-1/2 morale, PYR-RIG-2/PYR-DROP-1 falls, PYR-WPN-1/2 weapons, PYR-MG-1, PYR-DUEL-4, PYR-CARD-0."""

from collections import Counter
from fractions import Fraction

import pytest

from game.rules.dice import Dice, ScriptedDice
from game.rules.model import WeaponClass
from game.rules.pyrates import (
    CARDS,
    chance_deck,
    drop_effect,
    drop_result,
    falls_from_rigging,
    fighting_class,
    lost_half,
    main_gauche_result,
    morale_passes,
    morale_target_modifiers,
    odds_report,
    pistol_dice,
    pistol_first,
    roll_morale,
    weapon_class,
)
from game.rules.pyrates.config import PYRATES


# -- morale ---------------------------------------------------------------------------------------
def test_PYR_MOR_2_modifiers():
    mods = morale_target_modifiers(lost_half_starting=True, captain_down=True, tally_winner=True, leader_within_6=True)
    assert [m.amount for m in mods] == [1, 1, -1, -1]
    assert all(m.rule == "PYR-MOR-2" for m in mods)
    assert lost_half(3, 6) and not lost_half(2, 5) and lost_half(3, 5) and not lost_half(0, 0)


def test_PYR_MOR_2_pass_on_4_or_less():
    assert morale_passes(PYRATES, 4) and not morale_passes(PYRATES, 5)
    assert not morale_passes(PYRATES, 4, morale_target_modifiers(lost_half_starting=True))
    assert morale_passes(PYRATES, 5, morale_target_modifiers(tally_winner=True))
    assert morale_passes(PYRATES, 1, [3, 3])  # natural 1 passes
    assert not morale_passes(PYRATES, 6, [-1, -1, -1])  # natural 6 fails
    ev = roll_morale(ScriptedDice([5]), PYRATES, "crew", [-1])
    assert ev.rule == "PYR-MOR-2" and ev.success and ev.roll_under and ev.target == 4


def test_PYR_MOR_2_pass_chances():
    def chance(mods):
        return Fraction(sum(morale_passes(PYRATES, n, mods) for n in range(1, 7)), 6)

    assert chance([]) == Fraction(4, 6)
    assert chance([2]) == Fraction(2, 6)
    assert chance([-2]) == Fraction(5, 6)


# -- falls ----------------------------------------------------------------------------------------
def test_PYR_RIG_2_falls_on_1_to_3():
    assert [falls_from_rigging(r) for r in range(1, 7)] == [True] * 3 + [False] * 3


@pytest.mark.parametrize(
    "roll, drop, result",
    [
        (3, 2.0, "none"),
        (4, 2.0, "wound"),
        (5, 3.0, "wound"),
        (6, 1.0, "knockdown"),
        (3, 3.5, "wound"),
        (5, 3.5, "knockdown"),
        (2, 6.0, "none"),
        (2, 6.5, "wound"),
        (4, 6.5, "knockdown"),
        (1, 10.0, "none"),
    ],
)
def test_PYR_DROP_1_table(roll, drop, result):
    assert drop_result(roll, drop) == result


def test_PYR_DROP_1_wounded_faller_knocked_down():
    assert drop_effect("wound", False) == "wounded"
    assert drop_effect("wound", True) == "knocked_down"
    assert drop_effect("knockdown", False) == "knocked_down"
    assert drop_effect("none", True) == "none"
    with pytest.raises(ValueError):
        drop_result(7, 1.0)


# -- weapons --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "names, cls",
    [
        (
            [
                "spear",
                "boarding pike",
                "boarding_pike",
                "polearm",
                "very large club",
                "two-handed axe",
                "two_handed_axe",
                "musket with bayonet",
                "musket_with_bayonet",
                "lance",
                "Boarding Pike",
            ],
            WeaponClass.REACH,
        ),
        (
            ["cutlass", "rapier", "sabre", "mace", "axe", "cleaver", "flail", "club", "musket butt", "musket_butt"],
            WeaponClass.GENERAL,
        ),
        (
            [
                "dagger",
                "small hatchet",
                "small_hatchet",
                "belaying pin",
                "belaying_pin",
                "bottle",
                "hook",
                "knuckles",
                "furniture",
                "fists",
                "pistol butt",
                "pistol_butt",
            ],
            WeaponClass.CLOSE,
        ),
    ],
)
def test_PYR_WPN_1_classes(names, cls):
    for n in names:
        assert weapon_class(n) is cls, n


def test_PYR_WPN_1_unknown_weapon():
    with pytest.raises(ValueError, match="unknown mêlée weapon 'banana'.*cutlass"):
        weapon_class("banana")


def test_PYR_WPN_2_biggest_weapon():
    assert fighting_class(["dagger", "cutlass"]) is WeaponClass.GENERAL
    assert fighting_class(["dagger", "boarding_pike", "cutlass"]) is WeaponClass.REACH
    assert fighting_class([]) is WeaponClass.CLOSE


# -- main gauche, duels, cards ------------------------------------------------------------------
def test_PYR_MG_1_roll():
    assert [main_gauche_result(r) for r in range(1, 7)] == ["wasted"] * 2 + ["struck"] * 4


def test_PYR_DUEL_4_pistol_dice():
    assert pistol_dice("first") == 4 and pistol_dice("simultaneous") == 4
    assert pistol_dice("reply") == 5 and pistol_dice("reply", wounded=True) == 3
    assert pistol_first(5, 2) == "a" and pistol_first(1, 6) == "b" and pistol_first(3, 3) is None
    with pytest.raises(ValueError):
        pistol_dice("third")


def test_PYR_CARD_0_deck():
    deck = chance_deck()
    assert len(deck) == 20
    assert Counter(deck) == {
        c: 4 for c in ("flashing_blades", "opportune_shot", "acrobatics", "dodge_duck", "sneaky_attack")
    }
    assert set(CARDS) == set(deck)
    d = Dice(3)
    d.shuffle(deck)
    assert Counter(deck) == Counter(chance_deck())


# -- CLI report ------------------------------------------------------------------------------------
def test_PYR_DICE_1_odds_report():
    text = odds_report(12)
    assert "5d6 + 2 rerolls, 5d6 + 2 rerolls, 4d6" in text
    assert "2 × hand of 5d6 + 2 rerolls" in text
    assert "Full house" in text and "Expected knockdowns" in text and "Expected wounds" in text
    assert "%" in text and "/" in text
    assert "rounded up" in odds_report("3/2")
    assert "No dice" in odds_report(0)
    with pytest.raises(ValueError):
        odds_report("lots")


def test_PYR_pure_stdlib_only():
    """DESIGN: game/rules is pure Python — no pygame, pymunk or pytmx in the Pyrates package."""
    import ast
    import pathlib

    import game.rules.pyrates as pkg

    for path in pathlib.Path(pkg.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for n in names:
                assert n.split(".")[0] not in ("pygame", "pymunk", "pytmx", "random"), (path.name, n)
