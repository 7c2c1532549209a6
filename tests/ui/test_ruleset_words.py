"""The words a player reads come from the rules — each system's ``Ruleset`` gives
its F1 pages (``rule_texts``), its rows on a figure's card (``figure_rows``) and its values in a
player's words (``term``); the screen only lays them out."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.match import Match
from game.rules.presets import get_ruleset, preset_names, system_of
from game.rules.texts import GENERAL_PAGES, SHARED_PAGES
from game.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]
#: each system's rule family (a variant of a system is the registry's entry on the same package)
PREFIX = {"pyrates": "PYR-", "rangers": "RNG-", "initiative": "INI-", "escarmouche": "ESC-", "close_combat": "OD6-"}
PRESETS = preset_names()
NOT_PYRATES = [n for n in PRESETS if system_of(get_ruleset(n)) != "pyrates"]


@pytest.mark.parametrize("name", list(PRESETS))
def test_each_ruleset_gives_its_own_rule_pages(name):
    pages = get_ruleset(name).rule_texts()
    ruled = [p for p in pages if p.rules]
    assert len(ruled) >= 10
    assert all(len(p.rules) == 1 and p.rules[0].startswith(PREFIX[system_of(get_ruleset(name))]) for p in ruled)
    assert all(p.title and p.text for p in pages)


def test_the_shared_pages_cover_conventions_table_rulesets_and_scenario_rules():
    ids = {p.rules[0] for p in GENERAL_PAGES + SHARED_PAGES}
    assert {"GEN-DICE-1", "GEO-LOS-1", "SCN-FIRE-1", "SCN-ALARM-1"} <= ids
    assert {f"PRE-{s}-1" for s in ("PYR", "RNG", "INI", "ESC", "OD6")} <= ids


def test_pyrates_terms_are_pages_without_a_rule():
    terms = {p.title: p.text for p in get_ruleset("pyrates").rule_texts() if not p.rules}
    assert {"Chance cards", "Panache", "Stakes", "Mutinous Dog point", "Mêlée Quota"} <= set(terms)


def test_the_f1_reference_is_laid_out_from_the_rulesets_pages():
    from game.ui.rules_text import entry, terms

    pyr = get_ruleset("pyrates").rule_texts()
    mq2 = next(p for p in pyr if p.rules == ("PYR-MQ-2",))
    assert entry("PYR-MQ-2") == mq2.text
    assert entry("INI-ORD-1") == next(
        p.text for p in get_ruleset("initiative").rule_texts() if p.rules == ("INI-ORD-1",)
    )
    assert dict(terms())["Panache"] == next(p.text for p in pyr if p.title == "Panache")


def test_the_screen_holds_no_rule_texts():
    """The F1 texts left game/ui: what stays there is layout (no rule ID is written in game/ui's
    reference module)."""
    import re

    src = (ROOT / "game" / "ui" / "rules_text.py").read_text(encoding="utf-8")
    assert not re.findall(r"\b(?:PYR|RNG|INI|ESC|OD6|GEN|GEO|SCN|PRE)-[A-Z]+-\d+\b", src)
    assert not (ROOT / "game" / "ui" / "rules_text_pyrates.py").exists()


@pytest.fixture(scope="module")
def boarding():
    return Match(load_scenario(ROOT / "maps" / "boarding_action.toml"), seed=3)


def test_pyr_mq_2_and_pyr_save_1_rows_on_the_pyrates_figure_card(boarding):
    m = boarding
    cap = next(f for f in m.state.figures.values() if f.rank.value == "captain")
    rows = dict(m.ruleset.figure_rows(m.state, m.table, cap.id))
    assert list(rows) == ["Mêlée Quota", "Save"]
    assert rows["Mêlée Quota"].startswith("3 (")
    assert rows["Save"] == "4+ on a d6 vs a General weapon"


@pytest.mark.parametrize("name", NOT_PYRATES)
def test_other_systems_add_no_rows_to_the_card(boarding, name):
    m = boarding
    fid = next(iter(m.state.figures))
    assert get_ruleset(name).figure_rows(m.state, m.table, fid) == []


def test_figure_card_places_the_systems_rows_after_the_weapons(boarding):
    from game.ui.figure_card import card_lines

    m = boarding
    cap = next(f for f in m.state.figures.values() if f.rank.value == "captain")
    labels = [k for k, _ in card_lines(m, cap.id)]
    assert (
        labels.index("Weapon") < labels.index("Mêlée Quota") < labels.index("Save") < labels.index("Attack / defence")
    )


def test_pyrates_terms_for_hands_and_chance_cards():
    rs = get_ruleset("pyrates")
    assert rs.term("hand", "full_house") == "Full house"
    assert rs.term("hand", "nothing") == "No match"
    assert rs.term("hand", "no_such_hand") == "no_such_hand"
    assert rs.term("card", "dodge_duck") == "Dodge/Duck"
    assert rs.term("card", "flashing_blades") == "Flashing Blades"
    assert rs.term("anything", 3) == "3"


@pytest.mark.parametrize("name", NOT_PYRATES)
def test_other_systems_terms_are_the_value(name):
    assert get_ruleset(name).term("hand", "pair") == "pair"


def test_pyr_dmg_1_hand_scored_event_names_its_hand():
    from game.rules.pyrates.events import HandScored

    ev = HandScored("PYR-DMG-1", "a", 1, (6, 6, 6, 2, 2), "full_house", 1, 1, 0)
    assert ev.label == "Full house" and "full house" in ev.text()
    assert "label" not in ev.to_json()  # words, not state: records keep their shape


def _pyr_text(rule):
    return next(p.text for p in get_ruleset("pyrates").rule_texts() if p.rules == (rule,))


def test_PYR_MOR_1_PYR_WIN_3_PYR_WIN_6_f1_texts_say_who_withdraws_and_when_a_party_tests():
    mor, win3, win6 = _pyr_text("PYR-MOR-1"), _pyr_text("PYR-WIN-3"), _pyr_text("PYR-WIN-6")
    # who withdraws: every figure of the losing party, whether it fought or not
    assert "every figure of its party" in win3 and "those that fought and those that stood by" in win3
    assert "every figure of the losing party, fighters or not, must withdraw" in win6
    # when a party tests: at each round's end after a loss (the sea counts), and at once for a cornered one
    assert "At the end of each round" in mor and "fallen into the sea" in mor
    assert "tests at once" in mor and "surrenders" in mor


def test_INI_RSHOOT_4_no_rule_text_speaks_of_a_d10():
    import re

    for name in PRESETS:
        for p in get_ruleset(name).rule_texts():
            assert not re.search(r"\bd10\b", p.text, re.I), (name, p.title)
