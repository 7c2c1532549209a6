"""INI-ORD-1 order cards and the worked examples INI-EX-1..3."""

import pytest

from game.rules.initiative import (
    Objective,
    OrderCard,
    order_actors,
    order_bonus,
    parse_objective,
    tactical_factors,
    validate_order_cards,
)
from game.rules.initiative.config import INITIATIVE


def test_INI_ORD_1_specific_objectives_only():
    assert parse_objective("enemy:blackheart") == Objective("enemy", "blackheart")
    assert parse_objective(Objective("place", "barn")) == Objective("place", "barn")
    for vague in (
        "attack the enemy",
        "enemy:enemy",
        "enemy:all",
        "place:a good position",
        "occupy a good position",
        "enemy:",
        "glory:now",
    ):
        with pytest.raises(ValueError, match="INI-ORD-1"):
            parse_objective(vague)


def test_INI_ORD_1_validation():
    cards = [
        OrderCard("c1", ("gawain", "squire"), "enemy:blackheart"),
        OrderCard("c2", ("squire",), "place:barn"),
        OrderCard("c3", ("percy",), "attack the enemy"),
        OrderCard("c4", (), "task:fire_barn"),
    ]
    problems = validate_order_cards(cards)
    assert any("'squire' is already on card 'c1'" in p for p in problems)
    assert any("'c3'" in p and "too vague" in p for p in problems)
    assert any("'c4'" in p and "names no figure" in p for p in problems)
    assert len(problems) == 3
    ok = [OrderCard("c1", ("gawain",), "enemy:blackheart")]
    assert validate_order_cards(ok, figures={"gawain"}, enemies={"blackheart"}) == []
    assert "not in this scenario" in validate_order_cards(ok, enemies={"mordred"})[0]
    assert "not one of this side's figures" in validate_order_cards(ok, figures={"lancelot"})[0]
    assert OrderCard("c", "solo", "place:x").figures == ("solo",)


def test_INI_EX_1_gawain_card_only_against_blackheart():
    card = OrderCard("gawain", ("gawain", "gawain_man1", "gawain_man2"), "enemy:blackheart")
    assert order_bonus(card, "gawain", "enemy:blackheart") == 4
    assert order_bonus(card, "gawain", "enemy:mordred") == 0
    assert order_bonus(card, "lancelot", "enemy:blackheart") == 0
    assert tactical_factors(INITIATIVE, order_card=order_bonus(card, "gawain", "enemy:blackheart")) == 4
    assert order_actors(card) == ("gawain", "gawain_man1", "gawain_man2")  # no allied forces


def test_INI_EX_2_conditional_card_waits_for_the_gate():
    card = OrderCard("bh", ("blackheart", "bh_man"), "task:fire_barn", condition="main_gate_open")
    assert order_bonus(card, "blackheart", "task:fire_barn") == 0
    assert order_bonus(card, "blackheart", "task:fire_barn", {"main_gate_open"}) == 4
    assert order_bonus(card, "blackheart", "task:fire_barn", {"main_gate_open": False}) == 0
    assert order_bonus(card, "blackheart", "task:fire_barn", {"main_gate_open": True}) == 4


def test_INI_EX_3_duplicated_card_each_acts_alone():
    cards = [OrderCard(f"tr{i}", (f"thief{i}",), "place:treasury_door") for i in (1, 2, 3)]
    assert validate_order_cards(cards) == []
    c = next(c for c in cards if "thief2" in c.figures)
    assert order_bonus(c, "thief2", "place:treasury_door") == 4
    assert order_actors(c) == ("thief2",)  # goes alone
    # the others keep their cards to try later
    assert order_bonus(cards[0], "thief1", "place:treasury_door") == 4
