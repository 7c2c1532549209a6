"""A scenario pack dropped in the player's scenarios/ folder shows in the menu under its own heading
and plays, picked and started by clicks; a bad pack is listed with its one line; the menu's
"Open scenarios folder" makes the folder and opens it."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scenario"))
from packs_kit import make_escaping_pack, make_pack  # noqa: E402


def frame(app, events=(), n=1):
    for _ in range(n):
        app.step(list(events) + pygame.event.get(), 1 / 60)
        events = ()


def click(app, pos):
    frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    frame(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)])
    frame(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)], n=3)


def row_button(menu, text):
    item = next(i for i in menu.list.item_list if i["text"] == text)
    return item["button_element"].rect.center


def test_a_dropped_pack_shows_under_its_heading_and_plays(app_factory):
    from game.paths import scenarios_dir
    from game.ui.scenes.battle import BattleScene
    from game.ui.scenes.menu import MenuScene

    folder = scenarios_dir(create=True)
    make_pack(folder / "Harbour Tales", "harbour_duel", "Duel in the Harbour")
    make_escaping_pack(folder / "thief", "thief_duel", folder / "Harbour Tales")
    app = app_factory((1280, 720))
    app.reset_to(MenuScene(app))
    frame(app)  # the first frame lists the packs by folder; the frames after it read and check them
    first = [i["text"] for i in app.top.list.item_list]
    assert "— Harbour Tales —" in first and "   Duel in the Harbour" not in first
    frame(app, n=2 * 2)
    menu = app.top
    assert all(pack.read and pack.checked for pack in menu.packs)
    texts = [i["text"] for i in menu.list.item_list]
    heading = texts.index("— Harbour Tales —")
    assert texts[heading + 1] == "   Duel in the Harbour"
    assert texts[texts.index("— thief —") + 1] == "   thief cannot be played: pick for why"
    assert menu.err_label.text.endswith("pack's folder 'thief': copy that file into the pack's folder")
    assert menu.err_label.text.startswith("Scenario pack thief: thief/thief_duel.toml: ")
    click(app, row_button(menu, "   thief cannot be played: pick for why"))
    assert app.top.error.startswith("Scenario pack thief: ") and app.top.error.endswith(
        "copy that file into the pack's folder"
    )
    click(app, row_button(app.top, "   Duel in the Harbour"))
    assert app.top.scenario.id == "harbour_duel"
    app.top.mode = "demo"  # the AI plays both sides: the game goes on without more clicks
    click(app, app.top.start_btn.rect.center)
    battle = next(s for s in app.scenes if isinstance(s, BattleScene))
    assert battle.match.scenario.id == "harbour_duel"
    assert battle.match.scenario.root == str(folder / "Harbour Tales")
    for _ in range(60):
        frame(app, n=10)
        if len(battle.match.decisions) >= 3:
            break
    assert len(battle.match.decisions) >= 3 and not app.crashes


def test_open_scenarios_folder_makes_it_and_opens_it(app_factory, monkeypatch):
    import subprocess

    from game.paths import scenarios_dir
    from game.ui.scenes.menu import MenuScene

    opened = []
    real_popen = subprocess.Popen

    def popen(cmd, **kw):  # only the file manager is faked (ctypes asks ldconfig through Popen too)
        if cmd[0] not in ("xdg-open", "open"):
            return real_popen(cmd, **kw)
        opened.append(cmd)

    monkeypatch.setattr(subprocess, "Popen", popen)
    app = app_factory((1280, 720))
    app.reset_to(MenuScene(app))
    frame(app, n=2)
    assert not scenarios_dir().exists()
    click(app, app.top.folder_btn.rect.center)
    assert scenarios_dir().is_dir() and opened and opened[0][-1] == str(scenarios_dir())
    assert str(scenarios_dir()) in app.top.err_label.text or "Opened" in app.top.err_label.text
