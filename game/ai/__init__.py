"""Controllers that answer pending decisions: random baseline and the scripted levels."""

from .controller import AutoController, Controller, RandomController, make_controller, play_out

__all__ = ["Controller", "RandomController", "AutoController", "make_controller", "play_out"]
