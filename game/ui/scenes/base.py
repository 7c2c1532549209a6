"""Scene: one screen of the app. The app keeps a stack; only the top scene gets input and widgets."""

from __future__ import annotations

import pygame


class Scene:
    #: scenes drawn over the one beneath (none yet; the hand-over is opaque on purpose)
    transparent = False

    def __init__(self, app):
        self.app = app

    @property
    def manager(self):
        return self.app.manager

    @property
    def size(self) -> tuple[int, int]:
        return self.app.screen.get_size()

    def build(self) -> None:
        """Create this scene's widgets (called on entering, on resuming and after a resize)."""

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        """An input or pygame_gui event; ``consumed`` when a widget already took it."""

    def update(self, dt: float) -> None:
        """Advance animations by dt seconds."""

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill((20, 22, 28))

    def leave(self) -> None:
        """The scene is popped for good."""
