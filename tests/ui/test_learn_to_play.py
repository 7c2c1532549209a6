"""Learn to play: started from the menu's button and played to its end by posted pygame events
(keys and button presses, as a player would), its lesson's hints following the questions asked."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest


def frame(app, events=(), n=1):
    for _ in range(n):
        app.step(list(events) + pygame.event.get(), 1 / 60)
        events = ()


def post_key(k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def post_press(el):
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=el))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_learn_to_play_from_the_menu_to_its_results_by_posted_events(app_factory, size):
    from game.ui.scenes.battle import BattleScene
    from game.ui.scenes.handover import HandoverScene
    from game.ui.scenes.results import ResultsScene

    app = app_factory(size)
    app.settings["ai_delay"] = 0.0
    app.settings["anim_speed"] = 64.0
    app.to_menu()
    frame(app)
    menu = app.top
    assert menu.learn_btn is not None and all(not s.tutorial for s in menu.scenarios)
    post_press(menu.learn_btn)
    frame(app)
    battle = app.top
    assert isinstance(battle, BattleScene) and battle.match.scenario.title == "Learn to play"
    assert battle.mode == "solo" and battle.humans == {"pirates"}
    activated = 0
    for _ in range(30000):
        top = app.top
        if isinstance(top, ResultsScene):
            break
        assert not isinstance(top, HandoverScene), "solo has no hand-over"
        p = battle.match.pending
        if battle.is_human_turn() and not battle.anims:
            if battle.modal is not None:
                post_key(pygame.K_e)  # "figures have not acted": asked once, E again ends the turn
            elif p.kind == "activate" and battle.ready_figures() and activated < 2:
                post_key(pygame.K_TAB)  # the next figure that can act…
                post_key(pygame.K_RETURN)  # …activated
                activated += 1
            elif p.kind == "activate":
                post_press(battle.buttons["end_turn"])
                activated = 0
            else:
                post_key(pygame.K_RETURN)  # the automatic answer
        frame(app)
    else:
        pytest.fail("the lesson did not reach its end")
    assert battle.match.over
    shown = battle.hints.shown
    assert shown[0] == "welcome", shown
    assert {"motivation_pass", "motivation_fail"} & set(shown), shown
    assert "end_turn" in shown and len(shown) == len(set(shown))
    # the lesson's set rolls: Quill's first motivation fails, Tam's passes, the first mêlée is fought
    # and the boarders' three of a kind gives them taps, whose knockdown is saved or pushed back
    assert {"motivation_fail", "motivation_pass", "melee", "tap"} <= set(shown), shown
    assert {"pushback", "save"} & set(shown), shown


def test_the_lesson_is_left_out_of_the_scenario_list_and_the_demo():
    from game.scenario import scan_scenarios

    good, _ = scan_scenarios()
    lessons = [s for s in good if s.tutorial]
    assert [s.id for s in lessons] == ["learn_to_play"]
    lesson = lessons[0]
    assert "A few dice are set" in lesson.blurb  # the lesson says so
    assert ("PYR-DICE-1", "pirates", (4, 4, 4, 2, 2)) in lesson.lesson_rolls


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_learn_to_play_hints_point_at_what_they_speak_of(app_factory, size):
    """The welcome hint points at a figure to activate (Captain Flint, who never rolls), on the map;
    the end-turn hint at the End turn button; each is drawn as a line and a ring from the hint."""
    from game.ui.scenes.battle import BattleScene

    app = app_factory(size)
    app.settings["ai_delay"] = 0.0
    app.to_menu()
    frame(app)
    post_press(app.top.learn_btn)
    frame(app)
    battle = app.top
    assert isinstance(battle, BattleScene)
    for _ in range(3000):  # the navy may move first: the lesson's first hint comes on the player's turn
        if battle.hints.key == "welcome":
            break
        frame(app)
    assert battle.hints.key == "welcome"
    rect = battle.hints.target(battle)
    assert rect is not None and battle.map_rect.contains(rect)
    flint = next(f for f in battle.match.state.figures.values() if f.is_leader and f.side in battle.humans)
    assert rect.collidepoint(battle.camera.to_screen(flint.x, flint.y))
    before = app.screen.copy()
    app.screen.fill((0, 0, 0))
    battle.hints.draw(battle, app.screen)
    around = rect.inflate(24, 24).clip(app.screen.get_rect())
    black = pygame.mask.from_threshold(app.screen.subsurface(around), (0, 0, 0), (1, 1, 1, 255)).count()
    assert black < around.w * around.h  # the ring (and the line's end) drawn round the figure
    app.screen.blit(before, (0, 0))
    # the end-turn hint points at the button
    from game.ui.tutorial import STEPS

    battle.hints.key, battle.hints.text = "end_turn", STEPS["end_turn"].text
    battle.hints.build(battle)
    assert battle.hints.target(battle) == battle.buttons["end_turn"].rect
