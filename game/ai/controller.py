"""Controllers answer a match's pending question for one side: the AI levels, replays, scripts."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from game.rules.decisions import Decision


class Controller(Protocol):
    """Anything that can answer ``match.pending`` for its side."""

    def decide(self, match) -> Decision:
        """Return a legal decision for ``match.pending``; never reads hidden information."""


class RandomController:
    """The `random` level: uniform over the legal options offered (the baseline)."""

    level = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)  # the AI's own RNG, never the match dice

    def decide(self, match) -> Decision:
        return self.rng.choice(match.pending.options)


class AutoController:
    """Always the stated default policy (GEN-CHOICE-1)."""

    level = "auto"

    def decide(self, match) -> Decision:
        return match.auto()


LEVELS: dict[str, Callable[..., Controller]] = {"random": RandomController, "auto": lambda seed=0: AutoController()}


def make_controller(level: str, seed: int = 0) -> Controller:
    """A controller of the named level, seeded with its own RNG."""
    if level not in LEVELS:
        try:  # the scripted levels (easy, normal, hard) live in game.ai.scripted
            from game.ai.scripted import make_scripted
        except ImportError:
            raise ValueError(f"AI level {level!r} is not built yet; available: {', '.join(LEVELS)}") from None
        return make_scripted(level, seed)
    return LEVELS[level](seed)


def play_out(match, controllers: dict[str, Controller], max_decisions: int = 100_000, on_events=None):
    """Drive a match to its end with one controller per side; returns the match."""
    n = 0
    while not match.over:
        side = match.pending.side
        d = controllers[side].decide(match)
        events = match.apply(d)
        if on_events:
            on_events(events)
        n += 1
        if n > max_decisions:
            raise RuntimeError(f"no end after {max_decisions} decisions")
    return match
