"""First-time hints: motivation on the first "which figure?", the hand-over on the first hand-over
page, reactions on the first reaction question; each once, and none when Settings turns them off."""

from __future__ import annotations

import types

import pygame
import pygame_gui


def frame(app, events=(), n=1):
    for _ in range(n):
        app.step(list(events) + pygame.event.get(), 1 / 60)
        events = ()


def press(el):
    return pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=el)


def _solo(app):
    app.settings["ai_delay"] = 0.0
    scen = app.find_scenario("boarding_action")
    scene = app.start_battle(scen, mode="solo", seed=4, human=scen.sides[0].id, ai="easy")
    for _ in range(600):
        p = scene.match.pending
        if p.side in scene.humans and p.kind == "activate":
            break
        frame(app)
    frame(app)
    return scene


def test_the_motivation_hint_shows_once_and_says_leaders_never_roll(app_factory):
    app = app_factory((1280, 720))
    scene = _solo(app)
    assert scene.hints.key == "motivation" and scene.hints.panel is not None
    from game.ui.first_hints import HINTS

    assert "never roll" in HINTS["motivation"]
    got = next(b for b, k in scene.hints.buttons.items() if k == "got")
    frame(app, [press(got)])
    assert scene.hints.key is None and scene.hints.panel is None
    again = _solo(app)  # a new battle: the hint was seen
    assert again.hints.key is None


def test_no_more_hints_turns_them_off_and_settings_bring_them_back(app_factory):
    app = app_factory((1280, 720))
    scene = _solo(app)
    off = next(b for b, k in scene.hints.buttons.items() if k == "off")
    frame(app, [press(off)])
    assert app.settings["first_hints"] is False
    from game.ui.scenes.settings import SettingsScene

    st = SettingsScene(app)
    app.push(st)
    frame(app)
    frame(app, [press(st.toggles["first_hints"])])
    assert app.settings["first_hints"] is True and app.settings["hints_seen"] == []


def test_hints_off_in_settings_show_none(app_factory):
    app = app_factory((1280, 720))
    app.settings["first_hints"] = False
    scene = _solo(app)
    assert scene.hints.key is None


def test_the_first_hand_over_says_what_hot_seat_is_once(app_factory):
    from game.ui.scenes.handover import HandoverScene

    app = app_factory((1280, 720))
    app.start_battle(app.find_scenario("boarding_action"), mode="hotseat", seed=4)
    frame(app, n=2)
    ho = app.top
    assert isinstance(ho, HandoverScene) and ho.first and "two players share this screen" in ho.hint
    app.start_battle(app.find_scenario("boarding_action"), mode="hotseat", seed=5)
    frame(app, n=2)
    assert isinstance(app.top, HandoverScene) and app.top.hint == ""


def test_a_reaction_question_calls_for_the_reactions_hint():
    from game.ui.first_hints import hint_for

    def battle(kind):
        ask = types.SimpleNamespace(kind=kind, side="a")
        return types.SimpleNamespace(
            viewer=False,
            mode="solo",
            is_human_turn=lambda: True,
            may_see=lambda s: True,
            match=types.SimpleNamespace(pending=ask),
        )

    assert hint_for(battle("react_move")) == "reactions"
    assert hint_for(battle("activate")) == "motivation"
    assert hint_for(battle("pushback")) is None
    demo = battle("activate")
    demo.mode = "demo"
    assert hint_for(demo) is None
