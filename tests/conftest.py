"""Test set-up: headless SDL before pygame loads, and a hard stop unless pygame is pygame-ce."""

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

if not getattr(pygame, "IS_CE", False):
    pytest.exit(
        "plain pygame is installed over pygame-ce: reinstall with `pip install --force-reinstall pygame-ce`",
        returncode=3,
    )

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
