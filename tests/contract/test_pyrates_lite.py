"""PRE-*: a variant by values — the example add-on preset ``pyrates-lite`` (pyrates_lite.py) changes
two numbers of the Pyrates rules and one hook, and each change takes effect through the Match; the
contract suite covers it like any registered preset."""

from __future__ import annotations

import pytest

from game.match import Match
from game.rules import presets
from game.rules.decisions import Decision, IllegalDecision, choose
from game.rules.dice import ScriptedDice
from game.rules.events import DiceRolled, Moved
from game.rules.model import Figure, SideInfo, WeaponClass
from game.rules.pyrates.config import PYRATES
from game.scenario.model import Scenario
from game.table import TacticalMap

from .pyrates_lite import LIGHT_FOOT, LITE, PyratesLiteRuleset
from .suite import CHECKS, contract_names

TURN_A = [6, 1]  # RNG-TURN-1 roll-off: A takes the first player-turn
PAD = [2, 3, 4, 5] * 40  # later dice nobody looks at
#: one mêlée of two against two: A rolls three of a kind, B four of a kind (B wins the tally 3–1)
MELEE = [
    Figure(id="A1", name="A1", side="A", x=9.0, y=10.0, melee_class=WeaponClass.GENERAL, melee_weapon="cutlass"),
    Figure(id="B1", name="B1", side="B", x=10.0, y=10.0, melee_class=WeaponClass.GENERAL, melee_weapon="cutlass"),
    Figure(id="A2", name="A2", side="A", x=8.5, y=10.866, melee_class=WeaponClass.GENERAL, melee_weapon="cutlass"),
    Figure(id="B2", name="B2", side="B", x=9.5, y=10.866, melee_class=WeaponClass.GENERAL, melee_weapon="cutlass"),
]
POOLS = [3, 3, 3, 1] + [5, 5, 5, 5]


@pytest.fixture(autouse=True)
def lite(monkeypatch):
    monkeypatch.setitem(presets.PRESETS, PyratesLiteRuleset.name, PyratesLiteRuleset)
    return PyratesLiteRuleset.name


def _match(preset: str, figures, dice) -> Match:
    sc = Scenario(
        id="variant",
        title="variant",
        blurb="",
        map="open:24x16",
        preset="pyrates",
        sides=(SideInfo("A", "A"), SideInfo("B", "B")),
        figures=tuple(figures),
        turn_limit=6,
    )
    return Match(
        sc, preset=preset, dice=ScriptedDice(dice), tmap=TacticalMap.open_ground(24, 16), options={"cards": False}
    )


def _melee_rolls(preset: str, dice) -> list[DiceRolled]:
    """A passes its player-turn; the mêlée is fought with every wound saved against, to the first
    morale test."""
    m = _match(preset, MELEE, dice)
    while m.pending is not None and not any(e.rule == "PYR-MOR-2" for e in m.log if isinstance(e, DiceRolled)):
        p = m.pending
        if p.kind == "activate":
            m.apply(Decision("pass"))
        elif p.kind == "pushback" and choose("save") in p.options:
            m.apply(choose("save"))
        else:
            m.apply(m.auto())
    return [e for e in m.log if isinstance(e, DiceRolled) and e.rule in ("PYR-SAVE-1", "PYR-MOR-2")]


def test_pre_the_variant_is_a_registry_entry_with_its_own_numbers(lite):
    assert lite in presets.preset_names()
    rs = presets.get_ruleset(lite)
    assert (rs.config.base_save, rs.config.morale_target) == (5, 3)
    assert (PYRATES.base_save, PYRATES.morale_target) == (6, 4)
    assert [f for f in LITE.__dataclass_fields__ if getattr(LITE, f) != getattr(PYRATES, f)] == [
        "base_save",
        "morale_target",
    ]
    m = _match(lite, MELEE, TURN_A + PAD)
    assert m.state.config is LITE and m.state.preset == lite
    assert m.clone().state.config is LITE


def test_pyr_save_1_the_variants_base_save_sets_every_saves_target_through_the_match(lite):
    """A natural 5 fails a Pyrates save (6+) and passes the variant's (5+)."""
    dice = TURN_A + POOLS + [5, 5] + PAD
    pyr, var = _melee_rolls("pyrates", dice), _melee_rolls(lite, dice)
    first = [(e.who, e.target, e.success) for e in pyr[:2]], [(e.who, e.target, e.success) for e in var[:2]]
    assert first == ([("A1", 6, False), ("A2", 6, False)], [("A1", 5, True), ("A2", 5, True)])


def test_pyr_save_1_the_odds_and_the_figure_card_read_the_same_number(lite):
    m = _match(lite, MELEE, TURN_A + PAD)
    rows = dict(m.ruleset.figure_rows(m.state, m.table, "A1"))
    assert rows["Save"] == "5+ on a d6 vs a General weapon"
    odds = m.ruleset.attack_odds(m.state, m.table, "B1", "A1", "tap")
    assert odds.target == 5
    plain = Match(m.scenario, preset="pyrates", dice=ScriptedDice(TURN_A + PAD), tmap=m.table.map)
    assert plain.ruleset.attack_odds(plain.state, plain.table, "B1", "A1", "tap").target == 6


def test_pyr_mor_2_the_variants_morale_target_decides_the_party_test_through_the_match(lite):
    """Both saves fail; the losing party tests with +1 (it lost half its figures): a natural 3
    passes at 4 or less and fails at the variant's 3 or less."""
    dice = TURN_A + POOLS + [1, 1] + [3] + PAD
    pyr, var = _melee_rolls("pyrates", dice)[-1], _melee_rolls(lite, dice)[-1]
    assert (pyr.rule, pyr.faces, pyr.modifier, pyr.target, pyr.success) == ("PYR-MOR-2", (3,), 1, 4, True)
    assert (var.rule, var.faces, var.modifier, var.target, var.success) == ("PYR-MOR-2", (3,), 1, 3, False)


def test_pre_the_variants_hook_lets_a_figure_move_one_inch_farther_through_the_match(lite):
    far = [
        Figure(id="A1", name="A1", side="A", x=4.0, y=8.0, melee_class=WeaponClass.GENERAL, melee_weapon="cutlass"),
        Figure(id="B1", name="B1", side="B", x=20.0, y=8.0, melee_class=WeaponClass.GENERAL, melee_weapon="cutlass"),
    ]
    for preset, extra in (("pyrates", 0.0), (lite, LIGHT_FOOT)):
        m = _match(preset, far, TURN_A + [1] + PAD)
        m.apply(Decision("activate", figure="A1"))
        assert m.pending.kind == "action" and m.pending.info["move"] == m.figure("A1").move + extra
        long_move = Decision("move", figure="A1", x=4.0 + m.figure("A1").move + LIGHT_FOOT, y=8.0)
        if extra:
            m.apply(long_move)
            assert [e.cost for e in m.log if isinstance(e, Moved)] == [7.0]
        else:
            with pytest.raises(IllegalDecision, match="moves 6 in"):
                m.apply(long_move)


def test_pre_the_contract_suite_lists_the_variant(lite):
    assert lite in contract_names()


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
def test_pre_the_contract_covers_the_variant(lite, check):
    check(lite)
