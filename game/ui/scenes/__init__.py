"""The scenes of the window; each builds its pygame_gui widgets in ``build`` and draws itself."""

from .base import Scene

__all__ = ["Scene"]
