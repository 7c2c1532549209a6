"""Opening the game window, or saying in one line why not.

- plain pygame installed over pygame-ce (pygame_gui then fails with an ImportError): one line with
  the command that fixes it, exit 2;
- no usable display: SDL falls back to its offscreen or dummy driver after display init (a stale
  DISPLAY, an SSH session), and a window nobody sees would run for ever: one line, then the caller
  plays the headless demo;
- any pygame.error while the window starts: one line, exit 2.
An explicit --frames or --screenshot run (tests, the docs' screenshots) may render offscreen.
"""

from __future__ import annotations

import os
import sys

EXIT_ERROR = 2
#: SDL video drivers that draw into memory only: nobody sees the window
NO_WINDOW_DRIVERS = ("offscreen", "dummy")


def pygame_problem() -> str | None:
    """Why the window cannot use the installed pygame (a one-line fix), or None when it is pygame-ce."""
    py = sys.executable or "python"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # its banner would be a second line
    try:
        import pygame
    except ImportError:
        return f"pygame-ce is not installed: run `{py} -m pip install pygame-ce`"
    if not getattr(pygame, "IS_CE", False):
        return (
            "plain pygame is installed in place of pygame-ce, which the game needs: run "
            f"`{py} -m pip uninstall -y pygame && {py} -m pip install --force-reinstall pygame-ce`"
        )
    return None


def no_window_reason() -> str | None:
    """After display init: why a window would not be seen (SDL's driver draws offscreen), or None."""
    import pygame

    pygame.display.init()
    try:
        driver = pygame.display.get_driver()
    finally:
        pygame.display.quit()
    if driver in NO_WINDOW_DRIVERS:
        return f"no display (SDL chose its {driver} driver): playing the boarding demo headless"
    return None


def run_window(args, err=None) -> int | None:
    """Run the game window; its exit status, or None when there is no display (the caller plays
    headless). Every failure is one line on ``err`` (stderr)."""
    err = err or sys.stderr
    problem = pygame_problem()
    if problem:
        print(f"error: {problem}", file=err)
        return EXIT_ERROR
    import pygame

    explicit = getattr(args, "frames", None) is not None or getattr(args, "screenshot", None)
    try:
        if not explicit:
            reason = no_window_reason()
            if reason:
                print(reason, file=err)
                return None
        from game.ui.scenes.app import run_app

        return run_app(args)
    except pygame.error as e:
        print(f"error: the game window failed to start: {' '.join(str(e).split()) or 'pygame.error'}", file=err)
        return EXIT_ERROR
