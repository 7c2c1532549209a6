"""SIGTERM and SIGHUP (a logout, a system shutdown, `kill`): the window autosaves a game in progress
and closes as if the player had chosen "Save and quit", instead of dying mid-battle or waiting
behind a dialog nobody will answer.

The handler only notes the signal; the frame loop acts on it between frames, where the match is
whole (a handler that saved at once could write a record half-way through a decision).
"""

from __future__ import annotations

import logging
import signal
import sys
import threading

log = logging.getLogger(__name__)

STOP_SIGNALS = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n))


def keep_sdl_off_signals() -> None:
    """SDL catches SIGTERM itself and turns it into a window-close event, which asks "Leave this
    battle…?" of nobody; its hint keeps it off them (read when SDL starts, so before the window)."""
    import os

    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")


class StopSignals:
    """Installed for the frame loop's life: ``asked`` is the signal received (or None)."""

    def __init__(self):
        self.asked: int | None = None
        self._before: dict[int, object] = {}

    def install(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return  # signal handlers belong to the main thread; a window run elsewhere keeps the defaults
        for sig in STOP_SIGNALS:
            try:
                self._before[sig] = signal.signal(sig, self._note)
            except (OSError, ValueError):
                continue

    def _note(self, signum, frame) -> None:
        self.asked = signum

    def restore(self) -> None:
        for sig, before in self._before.items():
            try:
                signal.signal(sig, before)  # type: ignore[arg-type]
            except (OSError, ValueError, TypeError):
                continue
        self._before.clear()


def stop_for_signal(app, signum: int) -> str | None:
    """Autosave a game in progress (the top battle still being played) and stop the loop; the
    autosave's path, or None when there was nothing to save or it could not be written."""
    name = signal.Signals(signum).name if signum in signal.Signals._value2member_map_ else str(signum)
    path = None
    battle = next((s for s in reversed(app.scenes) if hasattr(s, "in_game") and hasattr(s, "autosave")), None)
    if battle is not None and battle.in_game():
        path = battle.autosave()
    app.running = False
    said = f"stopped by {name}: " + (f"the game was autosaved to {path}" if path else "nothing to save")
    log.info(said)
    print(said, file=sys.stderr)
    return str(path) if path else None
