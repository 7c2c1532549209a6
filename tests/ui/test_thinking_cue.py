"""The frame loop keeps drawing while the hard level thinks on its thread, and the window says so
once a decision takes longer than a third of a second (game/ui/ai_worker.py ``CUE_AFTER``)."""

from __future__ import annotations

import os
import threading
import time

from game.match import Match
from game.scenario import load_scenario
from game.ui.ai_worker import CUE_AFTER

MAPS = os.path.join(os.path.dirname(__file__), "..", "..", "maps")


class _Slow:
    """The hard controller, held back until the test lets it answer."""

    def __init__(self, real):
        self.real = real
        self.gate = threading.Event()
        self.asked = threading.Event()

    def decide(self, match):
        self.asked.set()
        self.gate.wait(30)
        return self.real.decide(match)


def test_frames_go_on_and_the_cue_shows_while_hard_thinks(app_factory, monkeypatch):
    from game.ui.scenes.battle import BattleScene

    app = app_factory((1280, 720))
    app.settings["ai_thread"] = True
    app.settings["ai_delay"] = 0.0
    m = Match(load_scenario(os.path.join(MAPS, "boarding_action.toml")), seed=3)
    ai_side = m.pending.side
    human = next(s.id for s in m.scenario.sides if s.id != ai_side)
    scene = BattleScene(app, m, mode="solo", human=human, ai="hard")
    slow = scene.controllers[ai_side] = _Slow(scene.controllers[ai_side])
    app.reset_to(scene)
    drawn, cues = [], []
    real_draw, real_cue = scene.draw, scene.draw_thinking
    monkeypatch.setattr(scene, "draw", lambda surf: drawn.append(1) or real_draw(surf))
    monkeypatch.setattr(scene, "draw_thinking", lambda surf: cues.append(1) or real_cue(surf))
    decided = len(m.decisions)
    app.step([], 0.05)
    assert slow.asked.wait(10), "the AI was asked on its thread"
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < CUE_AFTER + 0.2:
        app.step([], 0.02)
    frames_while_thinking = len(drawn)
    assert len(m.decisions) == decided, "nothing was decided while the AI was held"
    assert frames_while_thinking >= 5, "the window went on drawing while the AI thought"
    assert cues, "the thinking cue showed after a third of a second"
    slow.gate.set()
    t0 = time.perf_counter()
    while len(m.decisions) == decided and time.perf_counter() - t0 < 30:
        app.step([], 0.02)
    assert len(m.decisions) > decided, "the held decision arrived and was applied"
