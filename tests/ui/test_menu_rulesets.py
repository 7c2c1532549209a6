"""The menu's preset list shows each ruleset's ``title`` (a player's words) and
keeps the preset's name as the value the battle starts with."""

from __future__ import annotations

import pygame

from game.rules.presets import PRESETS, get_ruleset


def frame(app, events=(), n=1):
    for _ in range(n):
        app.step(list(events) + pygame.event.get(), 1 / 60)
        events = ()


def click(app, pos):
    frame(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    frame(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)])
    frame(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)], n=5)  # the list, then the menu


def test_menu_lists_ruleset_titles_and_starts_the_picked_preset(app_factory, tiny_path):
    from game.ui.scenes.battle import BattleScene
    from game.ui.scenes.menu import MenuScene

    app = app_factory()
    scen = app.find_scenario(tiny_path)
    app.reset_to(MenuScene(app, preselect=scen.id))
    frame(app, n=2)
    menu = app.top
    titles = {name: get_ruleset(name).title for name in PRESETS}
    assert [t for t, _ in menu.preset_dd.options_list] == [titles[n] for n in PRESETS]
    assert [v for _, v in menu.preset_dd.options_list] == list(PRESETS)
    assert menu.preset_dd.selected_option == (titles[scen.preset], scen.preset)
    click(app, menu.preset_dd.rect.center)  # open it, then pick the Rangers! line by its words
    items = menu.preset_dd.current_state.options_selection_list.item_list
    rangers = next(i for i in items if i["text"] == titles["rangers"])
    click(app, rangers["button_element"].rect.center)
    assert app.top.preset == "rangers"
    assert app.top.preset_dd.selected_option == (titles["rangers"], "rangers")  # kept across the rebuild
    app.top.start()
    battle = next(s for s in app.scenes if isinstance(s, BattleScene))
    assert battle.match.preset_name == "rangers"
