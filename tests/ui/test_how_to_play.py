"""The "How to play" page: from the menu and from a battle, five paragraphs with pictures that fit
the window at every size, scrolled when the window is short; Esc goes back."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest


def frame(app, events=(), n=1):
    for _ in range(n):
        app.step(list(events) + pygame.event.get(), 1 / 60)
        events = ()


def press(el):
    return pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=el)


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def test_from_the_menu_and_back(app_factory):
    from game.ui.scenes.how_to_play import HowToPlayScene
    from game.ui.scenes.menu import MenuScene

    app = app_factory((1280, 720))
    app.to_menu()
    frame(app)
    menu = app.top
    frame(app, [press(menu.howto_btn)])
    page = app.top
    assert isinstance(page, HowToPlayScene) and page.page is not None
    frame(app, [key(pygame.K_ESCAPE)])
    assert isinstance(app.top, MenuScene)


def test_from_a_battle_and_back_to_it(app_factory):
    from game.ui.scenes.how_to_play import HowToPlayScene

    app = app_factory((1280, 720))
    scene = app.start_battle(app.find_scenario("boarding_action"), mode="hotseat", seed=4)
    frame(app, n=2)
    frame(app, [key(pygame.K_RETURN)])  # past the hand-over
    frame(app, [press(scene.buttons["howto"])])
    assert isinstance(app.top, HowToPlayScene)
    frame(app, [press(app.top.back)])
    assert app.top is scene


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080), (2560, 1440)])
def test_the_page_fits_its_width_and_scrolls_to_its_end(app_factory, size):
    from game.ui.how_to_play import SECTIONS
    from game.ui.scenes.how_to_play import HowToPlayScene

    app = app_factory(size)
    page = HowToPlayScene(app)
    app.push(page)
    frame(app)
    assert len(SECTIONS) == 5
    assert page.view.right <= size[0] and page.page.get_width() == page.view.w
    assert page.view.bottom <= page.back.rect.top
    end = page.max_scroll()
    for _ in range(200):
        frame(app, [key(pygame.K_PAGEDOWN)])
        if page.scroll == end:
            break
    assert page.scroll == end and page.scroll + page.view.h == max(page.page.get_height(), page.view.h)
    frame(app, [key(pygame.K_HOME)])
    assert page.scroll == 0


def test_each_paragraph_has_its_picture_drawn():
    from game.ui.how_to_play import SECTIONS, picture

    pygame.display.init()
    for sec in SECTIONS:
        pic = picture(sec.picture, 240, 160)
        assert pic.get_size() == (240, 160)
        opaque = pygame.mask.from_surface(pic).count()
        assert opaque > 240 * 160 // 20, sec.picture  # something drawn, not a blank box
