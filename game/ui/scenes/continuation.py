"""One game of a "What happens next?" run, watched like a replay: from the moment it started (the
asking side's view, the other's hidden cards dealt afresh, new dice) through the AI's decisions.
It is no record (its re-dealt cards are in no file), so it steps by replaying its own start again;
it cannot be saved or played on."""

from __future__ import annotations

import pygame

from .. import fonts
from .battle import BattleScene


class ContinuationScene(BattleScene):
    def __init__(self, app, start, decisions, title: str):
        from types import SimpleNamespace

        self.source = SimpleNamespace(decisions=list(decisions))
        self.start = start
        self.title = title
        self.k = 0
        self.playing = False
        self.timer = 0.0
        super().__init__(app, start.clone(), mode="demo", viewer=True)

    def extra_buttons(self, add) -> None:
        add("first", "|<", 40, "The start")
        add("back", "<", 40, "One decision back (Left)")
        add("play", "Pause" if self.playing else "Play", 64, "Play or pause (Space)")
        add("fwd", ">", 40, "One decision forward (Right)")
        add("last", ">|", 40, "The end")

    def goto(self, k: int) -> None:
        """Show the game after its first ``k`` decisions from the moment."""
        k = max(0, min(len(self.source.decisions), k))
        if k == self.k:
            return
        if k == self.k + 1:
            events = self.match.apply(self.source.decisions[self.k])
            self.k = k
            self.on_events(events)
            return
        m = self.start.clone()
        for d in self.source.decisions[:k]:
            m.apply(d)
        cam = self.camera
        self.set_match(m)
        self.camera = cam
        self.anims.clear()
        self.k = k

    def on_extra_button(self, key) -> None:
        if key == "first":
            self.goto(0)
        elif key == "back":
            self.goto(self.k - 1)
        elif key == "fwd":
            self.goto(self.k + 1)
        elif key == "last":
            self.goto(len(self.source.decisions))
        elif key == "play":
            self.playing = not self.playing
            self.buttons["play"].set_text("Pause" if self.playing else "Play")

    def on_key(self, event) -> None:
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

    def save(self) -> str | None:
        self.toast("A game played on from a moment is watched here, not saved", (255, 200, 140))
        return None

    def draw_status(self, surf) -> None:
        super().draw_status(surf)
        t = fonts.outlined(f"{self.title} · decision {self.k} / {len(self.source.decisions)}", 16, (200, 230, 255))
        surf.blit(t, t.get_rect(midbottom=(self.map_rect.centerx, self.map_rect.bottom - 8)))
