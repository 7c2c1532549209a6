"""The screen fuzz shared by tests/ui/test_fuzz.py (one cycle of every scene, 10,000 events) and
tests/proof/test_proof_screen_fuzz.py (100,000 events, memory): one event mix, one scene list, one loop."""

from __future__ import annotations

import random

import pygame

KEYS = [
    pygame.K_ESCAPE,
    pygame.K_F1,
    pygame.K_m,
    pygame.K_l,
    pygame.K_t,
    pygame.K_z,
    pygame.K_s,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_SPACE,
    pygame.K_n,
    pygame.K_1,
    pygame.K_2,
    pygame.K_3,
    pygame.K_4,
    pygame.K_RETURN,
    pygame.K_a,
    pygame.K_w,
    pygame.K_d,
    pygame.K_HOME,
    pygame.K_PLUS,
    pygame.K_MINUS,
    pygame.K_BACKSPACE,
    pygame.K_5,
    pygame.K_PERIOD,
    pygame.K_TAB,
]


def random_event(rng: random.Random, size):
    w, h = size
    r = rng.random()
    pos = (rng.randrange(w), rng.randrange(h))
    if r < 0.35:
        return pygame.event.Event(
            pygame.MOUSEMOTION,
            pos=pos,
            rel=(rng.randint(-30, 30), rng.randint(-30, 30)),
            buttons=(rng.random() < 0.2, rng.random() < 0.05, 0),
            touch=False,
        )
    if r < 0.55:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 2, 3)), touch=False)
    if r < 0.75:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=rng.choice((1, 1, 1, 2, 3)), touch=False)
    if r < 0.82:
        return pygame.event.Event(
            pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False, precise_x=0.0, precise_y=0.0, touch=False
        )
    key = rng.choice(KEYS)
    mod = pygame.KMOD_CTRL if rng.random() < 0.1 else 0
    t = pygame.KEYDOWN if rng.random() < 0.7 else pygame.KEYUP
    return pygame.event.Event(t, key=key, mod=mod, unicode=chr(key) if 32 <= key < 127 else "", scancode=0)


def scene_makers(app, scenario, *, every_map: bool = False) -> list:
    """One callable per scene, each putting that scene alone on the app's stack; the menu first.

    ``scenario`` (the tiny test scenario) feeds the battle modes and the scenes that show a finished
    game; ``every_map`` adds a battle on every shipped scenario (hot-seat and solo in turn)."""
    from game.ai import make_controller, play_out
    from game.match import Match, record_of
    from game.ui.scenes.handover import HandoverScene
    from game.ui.scenes.load import LoadScene
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.replay import ReplayScene
    from game.ui.scenes.results import ResultsScene
    from game.ui.scenes.rules_ref import RulesScene
    from game.ui.scenes.settings import SettingsScene

    done = Match(scenario, seed=5)
    play_out(done, {s.id: make_controller("random", 2) for s in scenario.sides})
    app.settings["ai_delay"] = 0.0
    makers = [
        lambda: app.reset_to(MenuScene(app)),
        lambda: app.start_battle(scenario, mode="hotseat", seed=1),
        lambda: app.start_battle(scenario, mode="solo", seed=2, ai="random"),
        lambda: app.start_battle(scenario, mode="demo", seed=3, ai="random"),
        lambda: app.reset_to(HandoverScene(app, done, scenario.sides[1].id, done.log)),
        lambda: app.reset_to(ResultsScene(app, done)),
        lambda: app.reset_to(ReplayScene(app, record_of(done))),
        lambda: app.reset_to(RulesScene(app)),
        lambda: app.reset_to(SettingsScene(app)),
        lambda: app.reset_to(LoadScene(app)),
    ]
    if every_map:
        from game.scenario import list_scenarios

        for i, sc in enumerate(sorted(list_scenarios(), key=lambda s: s.id)):
            makers.append(
                lambda sc=sc, i=i: app.start_battle(sc, mode="hotseat" if i % 2 else "solo", seed=10 + i, ai="random")
            )
    return makers


def drive(
    app, makers, total: int, *, seed: int, per_frame: int = 10, frames_per_scene: int = 100, on_cycle=None
) -> int:
    """Send ``total`` random events, ``per_frame`` a frame, moving to the next scene every
    ``frames_per_scene`` frames. ``on_cycle(events_sent)`` is called each time the cycle of scenes
    starts again, just after the menu replaced the last scene (before any event reaches it).
    Returns the number of frames."""
    rng = random.Random(seed)
    sent = frame_no = 0
    while sent < total:
        k, first = divmod(frame_no, frames_per_scene)
        if first == 0:
            makers[k % len(makers)]()
            if on_cycle is not None and k and k % len(makers) == 0:
                on_cycle(sent)
        batch = [random_event(rng, app.screen.get_size()) for _ in range(per_frame)]
        sent += len(batch)
        app.step(batch + pygame.event.get(), 1 / 30)
        app.running = True  # the menu's Quit button only ends the loop
        frame_no += 1
    return frame_no
