"""The replay viewer: step forward and back through a record; each position is rebuilt by replay(upto=k)."""

from __future__ import annotations

from .. import fonts
from .battle import BattleScene


class ReplayScene(BattleScene):
    def __init__(self, app, record):
        from game.match import replay

        self.source = record  # not `record`: that is the method Ctrl+S saves through
        self.k = 0
        self.playing = False
        self.timer = 0.0
        m = replay(record, app.scenario_dirs(), verify=False, upto=0).match
        super().__init__(app, m, mode="demo", viewer=True)

    def extra_buttons(self, add) -> None:
        add("first", "|<", 40, "Start")
        add("back", "<", 40, "One decision back (Left)")
        add("play", "Pause" if self.playing else "Play", 64, "Space")
        add("fwd", ">", 40, "One decision forward (Right)")
        add("last", ">|", 40, "End")
        add("whatif", "What next?", 110, "Play on from here many times by the AI and count who wins")

    def goto(self, k: int) -> None:
        from game.match import replay

        k = max(0, min(len(self.source.decisions), k))
        if k == self.k:
            return
        forward_one = k == self.k + 1
        if forward_one:
            events = self.match.apply(self.source.decisions[self.k])
            self.k = k
            self.on_events(events)
        else:
            cam = self.camera
            self.set_match(replay(self.source, self.app.scenario_dirs(), verify=False, upto=k).match)
            self.camera = cam
            self.anims.clear()
            self.k = k

    def on_extra_button(self, key) -> None:
        n = len(self.source.decisions)
        if key == "first":
            self.goto(0)
        elif key == "back":
            self.goto(self.k - 1)
        elif key == "fwd":
            self.goto(self.k + 1)
        elif key == "last":
            self.goto(n)
        elif key == "whatif":
            from .what_if import WhatIfScene

            self.playing = False
            self.app.push(WhatIfScene(self.app, self.source, self.k))
        elif key == "play":
            self.playing = not self.playing
            self.buttons["play"].set_text("Pause" if self.playing else "Play")

    def on_key(self, event) -> None:
        import pygame

        if event.key == pygame.K_RIGHT and not self.playing:
            self.goto(self.k + 1)
        elif event.key == pygame.K_LEFT and not self.playing:
            self.goto(self.k - 1)
        elif event.key == pygame.K_SPACE:
            self.on_extra_button("play")
        elif event.key == pygame.K_ESCAPE:
            self.app.pop()
        else:
            super().on_key(event)

    def on_button(self, el) -> None:
        if el is self.buttons.get("menu"):
            self.app.pop()
            return
        super().on_button(el)

    def update_viewer(self, dt: float) -> None:
        if self.playing and not self.anims:
            self.timer += dt
            if self.timer >= 0.5 / self.speed:
                self.timer = 0.0
                if self.k < len(self.source.decisions):
                    self.goto(self.k + 1)
                else:
                    self.playing = False
                    self.buttons["play"].set_text("Play")

    def draw_status(self, surf) -> None:
        super().draw_status(surf)
        t = fonts.outlined(f"Replay: decision {self.k} / {len(self.source.decisions)}", 18, (255, 236, 180))
        surf.blit(t, t.get_rect(midtop=(self.map_rect.centerx, self.map_rect.y + 8)))
