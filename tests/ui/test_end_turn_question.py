"""Ending a turn with figures unused asks once, with a setting to stop asking; a question on the
screen holds the game behind it (the AI waits)."""

from __future__ import annotations

import pygame
import pytest


def frame(app, events=(), n=1):
    for _ in range(n):
        app.step(list(events) + pygame.event.get(), 1 / 60)
        events = ()


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def press(el):
    import pygame_gui

    return pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=el)


@pytest.fixture
def solo(app_factory):
    app = app_factory((1280, 720))
    scen = app.find_scenario("boarding_action")
    app.settings["ai_delay"] = 0.0
    scene = app.start_battle(scen, mode="solo", seed=4, human=scen.sides[0].id, ai="easy")
    for _ in range(600):  # to the human side's first "which figure next?"
        p = scene.match.pending
        if p.side in scene.humans and p.kind == "activate":
            break
        frame(app)
    assert scene.match.pending.kind == "activate" and scene.match.pending.side in scene.humans
    return app, scene


def test_e_with_figures_unused_asks_how_many_and_e_again_ends(solo):
    app, scene = solo
    unused = len(scene.ready_figures())
    assert unused > 1
    n = len(scene.match.decisions)
    frame(app, [key(pygame.K_e)])
    assert scene.modal is not None and scene.modal.text == f"{unused} figures have not acted. End the turn?"
    assert len(scene.match.decisions) == n  # nothing decided yet
    frame(app, [key(pygame.K_e)])
    assert scene.modal is None and scene.match.decisions[-1].kind == "pass"


def test_keep_playing_leaves_the_turn_and_the_button_asks_too(solo):
    app, scene = solo
    n = len(scene.match.decisions)
    frame(app, [press(scene.buttons["end_turn"])])
    assert scene.modal is not None
    frame(app, [press(scene.modal.key_for("keep"))])
    assert scene.modal is None and len(scene.match.decisions) == n
    frame(app, [key(pygame.K_e)])
    frame(app, [key(pygame.K_ESCAPE)])  # Esc keeps playing too
    assert scene.modal is None and len(scene.match.decisions) == n


def test_stop_asking_ends_the_turn_and_is_remembered(solo):
    app, scene = solo
    frame(app, [key(pygame.K_e)])
    frame(app, [press(scene.modal.key_for("never"))])
    assert scene.match.decisions[-1].kind == "pass"
    assert app.settings["ask_end_turn"] is False
    from game.settings import load_settings

    assert load_settings()["ask_end_turn"] is False


def test_one_figure_left_is_said_in_the_singular(solo):
    app, scene = solo
    scene.ask_end_turn(1)
    assert scene.modal.text == "1 figure has not acted. End the turn?"


def test_an_open_question_holds_the_ai(solo):
    app, scene = solo
    for _ in range(50):  # end the human turns until the AI side is to answer
        if scene.match.pending.side not in scene.humans:
            break
        if scene.match.pending.kind == "activate":
            frame(app, [key(pygame.K_e)])
            frame(app, [key(pygame.K_e)])
        else:
            scene.decide(scene.match.pending.default)
    assert scene.match.pending.side not in scene.humans
    app.settings["ai_delay"] = 0.5
    n = len(scene.match.decisions)
    frame(app, [press(scene.buttons["menu"])])
    assert scene.leave_dialog is not None
    frame(app, n=90)  # 1.5 s of frames at an AI pause of 0.5 s
    assert len(scene.match.decisions) == n
    cancel = next(b for b, a in scene.leave_dialog[1].items() if a == "cancel")
    frame(app, [press(cancel)])
    frame(app, n=90)
    assert len(scene.match.decisions) > n
