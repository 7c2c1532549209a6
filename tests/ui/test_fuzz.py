"""20,000 seeded random mouse and key events across every scene: no exception may escape."""
from __future__ import annotations

import random
import time

import pygame

KEYS = [pygame.K_ESCAPE, pygame.K_F1, pygame.K_m, pygame.K_l, pygame.K_t, pygame.K_z, pygame.K_s, pygame.K_LEFT,
        pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE, pygame.K_n, pygame.K_1, pygame.K_2, pygame.K_3,
        pygame.K_4, pygame.K_RETURN, pygame.K_a, pygame.K_w, pygame.K_d, pygame.K_HOME, pygame.K_PLUS, pygame.K_MINUS,
        pygame.K_BACKSPACE, pygame.K_5, pygame.K_PERIOD, pygame.K_TAB]


def random_event(rng: random.Random, size):
    w, h = size
    r = rng.random()
    pos = (rng.randrange(w), rng.randrange(h))
    if r < 0.35:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-30, 30), rng.randint(-30, 30)),
                                  buttons=(rng.random() < 0.2, rng.random() < 0.05, 0), touch=False)
    if r < 0.55:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 2, 3)), touch=False)
    if r < 0.75:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=rng.choice((1, 1, 1, 2, 3)), touch=False)
    if r < 0.82:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False, precise_x=0.0,
                                  precise_y=0.0, touch=False)
    key = rng.choice(KEYS)
    mod = pygame.KMOD_CTRL if rng.random() < 0.1 else 0
    t = pygame.KEYDOWN if rng.random() < 0.7 else pygame.KEYUP
    return pygame.event.Event(t, key=key, mod=mod, unicode=chr(key) if 32 <= key < 127 else "", scancode=0)


def test_random_input_across_scenes(app_factory, tiny_path):
    from game.ai import make_controller, play_out
    from game.match import Match, record_of
    from game.ui.scenes.handover import HandoverScene
    from game.ui.scenes.load import LoadScene
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.replay import ReplayScene
    from game.ui.scenes.results import ResultsScene
    from game.ui.scenes.rules_ref import RulesScene
    from game.ui.scenes.settings import SettingsScene

    app = app_factory((1024, 700))
    scen = app.find_scenario(tiny_path)
    done = Match(scen, seed=5)
    play_out(done, {s.id: make_controller("random", 2) for s in scen.sides})
    app.settings["ai_delay"] = 0.0
    makers = [
        lambda: app.reset_to(MenuScene(app)),
        lambda: app.start_battle(scen, mode="hotseat", seed=1),
        lambda: app.start_battle(scen, mode="solo", seed=2, ai="random"),
        lambda: app.start_battle(scen, mode="demo", seed=3, ai="random"),
        lambda: app.reset_to(HandoverScene(app, done, scen.sides[1].id, done.log)),
        lambda: app.reset_to(ResultsScene(app, done)),
        lambda: app.reset_to(ReplayScene(app, record_of(done))),
        lambda: app.reset_to(RulesScene(app)),
        lambda: app.reset_to(SettingsScene(app)),
        lambda: app.reset_to(LoadScene(app)),
    ]
    rng = random.Random(20240601)
    total, per_frame, frames_per_scene = 20_000, 10, 100
    t0 = time.perf_counter()
    sent = 0
    frame_no = 0
    while sent < total:
        if frame_no % frames_per_scene == 0:
            makers[(frame_no // frames_per_scene) % len(makers)]()
        batch = [random_event(rng, app.screen.get_size()) for _ in range(per_frame)]
        sent += len(batch)
        app.step(batch + pygame.event.get(), 1 / 30)
        app.running = True  # the menu's Quit button only ends the loop
        frame_no += 1
    assert time.perf_counter() - t0 < 120
