"""Saves a player can recognise: the Load list reads each record's meta (scenario, mode, side, turn,
time); a damaged or foreign save is told in a player's words with the technical line in the log;
"Continue last game" takes the newest autosave that opens and says when it passed one over."""

from __future__ import annotations

import json
import os
import re
import time

import pygame
import pygame_gui
import pytest


def frame(app, events=(), n=1):
    for _ in range(n):
        app.step(list(events) + pygame.event.get(), 1 / 60)
        events = ()


def press(el):
    return pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=el)


@pytest.fixture
def solo(app_factory):
    app = app_factory((1280, 720))
    scen = app.find_scenario("boarding_action")
    scene = app.start_battle(scen, mode="solo", seed=5, human=scen.sides[1].id, ai="easy")
    frame(app, n=2)
    return app, scen, scene


def load_scene(app):
    from game.ui.scenes.load import LoadScene

    ls = LoadScene(app)
    app.push(ls)
    frame(app)
    return ls


def test_load_list_names_scenario_mode_side_turn_and_time(solo):
    app, scen, scene = solo
    path = scene.save()
    ls = load_scene(app)
    (text,) = [t for t, e in ls.rows.items() if str(e.path) == path]
    side = scen.sides[1].name
    assert re.fullmatch(
        rf"{re.escape(scen.title)} · solo vs easy · you: {re.escape(side)} · turn 1 · \d+ \w{{3}} \d{{4}}, \d\d:\d\d",
        text,
    ), text
    assert "boarding_action" not in text and ".json" not in text


def test_an_older_save_without_a_turn_says_turn_unknown(solo):
    app, scen, scene = solo
    from game.match import save

    rec = scene.record()
    rec.meta = {"mode": "hotseat", "humans": [s.id for s in scen.sides]}
    rec.final = None
    from game.paths import saves_dir

    save(rec, saves_dir() / "old.json")
    ls = load_scene(app)
    (text,) = [t for t, e in ls.rows.items() if e.path.name == "old.json"]
    assert text.startswith(f"{scen.title} · hot-seat · turn unknown · "), text


def test_a_cut_off_save_is_described_and_its_technical_line_logged(solo, caplog):
    app, scen, scene = solo
    path = scene.save()
    text = open(path, encoding="utf-8").read()
    cut = text[: len(text) // 2]
    line = cut.count("\n") + 1
    with open(path, "w", encoding="utf-8") as f:
        f.write(cut)
    caplog.clear()
    ls = load_scene(app)
    (row,) = [t for t, e in ls.rows.items() if str(e.path) == path]
    frame(app, [pygame.event.Event(pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, ui_element=ls.list, text=row)])
    assert ls.error == f"This save is damaged: it ends in the middle (line {line}).", ls.error
    assert any("not valid JSON" in r.getMessage() and path in r.getMessage() for r in caplog.records)
    frame(app, [press(ls.resume)])
    assert app.top is ls and ls.error.startswith("This save is damaged")


@pytest.mark.parametrize(
    "content,words",
    [
        ('{"format": "somebody-else", "version": 1}', "This file is not a Boarders Away! save."),
        ("", "This save is empty: nothing was written to it."),
        ('{"format": "boarders-away-record", "version": 99}', "newer version of the game"),
    ],
)
def test_foreign_empty_and_newer_files_in_a_players_words(solo, content, words):
    app, scen, scene = solo
    from game.paths import saves_dir

    (saves_dir() / "other.json").write_text(content)
    ls = load_scene(app)
    (entry,) = [e for e in ls.rows.values() if e.path.name == "other.json"]
    assert entry.record is None and words in entry.problem
    assert "format" not in entry.problem.replace("Boarders", "") and "version 99" not in entry.problem


def _autosaves(scene, n):
    from game.ui.session import autosave

    paths = []
    for i in range(n):
        paths.append(autosave(scene.record(), stamp=f"2026010{i}-000000"))
        t = time.time() - 100 + i  # each newer than the one before
        os.utime(paths[-1], (t, t))
    return paths


def test_continue_passes_over_a_damaged_newest_autosave_and_says_so(solo):
    app, scen, scene = solo
    older, newest = _autosaves(scene, 2)
    newest.write_text(newest.read_text()[:300])
    from game.ui.scenes.menu import MenuScene

    menu = MenuScene(app)
    app.reset_to(menu)
    frame(app)
    frame(app, [press(menu.continue_btn)])
    battle = app.top
    assert type(battle).__name__ == "BattleScene" and battle.mode == "solo"
    assert any("The newest autosave could not be opened" in t[0] for t in battle.toasts), battle.toasts


def test_continue_with_every_autosave_damaged_stays_and_says_why(solo):
    app, scen, scene = solo
    for p in _autosaves(scene, 2):
        p.write_text(json.dumps({"format": "nope"}))
    from game.ui.scenes.menu import MenuScene

    menu = MenuScene(app)
    app.reset_to(menu)
    frame(app)
    frame(app, [press(menu.continue_btn)])
    assert app.top is menu
    assert menu.error == "Cannot continue: This file is not a Boarders Away! save."
    assert "/" not in menu.err_label.text
