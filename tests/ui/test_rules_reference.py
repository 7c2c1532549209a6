"""The F1 rules reference has a player-facing entry for every rule ID any event cites in
seeded games of every scenario, explains the chance cards and duel terms, and searches."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest
from seeded_games import games

from game.ui.rules_text import TERMS, entry, rule_ids, search


# one worker plays the shared seeded games once for both tests (--dist loadgroup)
@pytest.mark.xdist_group("seeded_games")
def test_every_rule_cited_in_seeded_games_of_every_scenario_has_an_f1_entry():
    cited = {ev.rule for _, m in games() for ev in m.log if getattr(ev, "rule", "")}
    assert len(cited) > 40
    missing = sorted(r for r in cited if not entry(r))
    assert not missing, missing


def test_every_rule_id_the_rules_package_names_has_an_entry():
    import pathlib
    import re

    root = pathlib.Path(__file__).resolve().parents[2] / "game" / "rules"
    named = set()
    for p in root.rglob("*.py"):
        if p.name == "texts.py":  # the entries themselves: an ID named only there needs no entry check
            continue
        named |= set(re.findall(r"[\"']((?:GEN|GEO|PYR|RNG|INI|ESC|OD6|PRE|SCN)-[A-Z0-9]+-\d+)[\"']", p.read_text()))
    assert named and not sorted(named - rule_ids())


def test_pyr_mq_2_entry_does_not_call_the_quota_the_number_of_dice():
    text = entry("PYR-MQ-2")
    assert "number of dice" not in text
    assert "quota of 1 throws 3 dice" in text


def test_chance_cards_and_duel_terms_are_explained():
    keys = {k for k, _ in TERMS}
    assert {"Chance cards", "Panache", "Stakes", "Mutinous Dog point"} <= keys
    for card in ("Flashing Blades", "Opportune Shot", "Acrobatics", "Dodge/Duck", "Sneaky Attack"):
        assert any(card in x for _, x in TERMS)


def test_search_filters_entries_and_terms():
    secs, terms = search("panache")
    ids = {r for _, items in secs for r, _ in items}
    assert "PYR-DUEL-2" in ids and "PYR-RIG-2" not in ids
    assert any(k == "Panache" for k, _ in terms)
    secs, _ = search("pyr-mq-2")
    assert [r for _, items in secs for r, _ in items] == ["PYR-MQ-2"]


def test_rules_scene_search_box_filters_as_one_types(app_factory):
    from game.ui.scenes.rules_ref import RulesScene

    app = app_factory()
    sc = RulesScene(app)
    app.reset_to(sc)
    sc.search.set_text("sneaky")
    sc.handle(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=sc.search, text="sneaky"), False)
    assert sc.query == "sneaky"
    shown = " ".join(t for t, _, _ in sc.lines)
    assert "PYR-CARD-5" in shown and "RNG-TURN-1" not in shown
    sc.draw(app.screen)


def test_rules_scene_opens_at_a_cited_rule(app_factory):
    from game.ui.scenes.rules_ref import RulesScene

    app = app_factory()
    sc = RulesScene(app, query="PYR-MQ-2")
    app.reset_to(sc)
    ids = [t.partition("\t")[0] for t, kind, _ in sc.lines if kind == "id"]
    assert "PYR-MQ-2" in ids and "RNG-TURN-1" not in ids
    assert sc.search.get_text() == "PYR-MQ-2"
