"""The one cache of game/rules (DESIGN: one cache): answers about the figures, kept while none changes.

Each match state owns one ``Facts`` (``MatchState.facts``). An answer is the return value of a
plain function ``fn(ctx, *args)`` that reads only the state's figures, its table (whose bases the
figure writers move in step with the figures) and what does not change during a match (sides,
options, terrain). It is kept under ``(fn, args)`` for the current ``revision``; the figure writers
(``Ctx.update``, ``change``, ``move``, ``set_status``) call ``bump()``, which drops every answer at
once. Nothing else is cached in game/rules except content-keyed memos of pure arithmetic (odds).

``Facts.check`` (the playout test sets it) recomputes every answer on every hit and fails on the
first that differs from the kept one: a writer that forgets to bump shows up there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class StaleFact(AssertionError):
    """A kept answer differs from a fresh computation (``Facts.check``): some writer skipped ``bump``."""


class Facts:
    """Answers of plain functions about one state's figures, for one revision of them."""

    __slots__ = ("revision", "_answers")

    #: Recompute on every hit and compare (the consistency test turns it on; never in play).
    check = False

    def __init__(self) -> None:
        self.revision = 0
        """Counts the figure writes; every answer kept is for the current one."""
        self._answers: dict[tuple, Any] = {}

    def bump(self) -> None:
        """A figure changed (position, status, anything): forget every answer."""
        self.revision += 1
        if self._answers:
            self._answers.clear()

    def ask(self, fn: Callable[..., Any], ctx, *args) -> Any:
        """``fn(ctx, *args)``, kept for this revision. ``args`` must be hashable; the answer is
        shared, so callers must not change it."""
        key = (fn, args)
        answers = self._answers
        got = answers.get(key, _MISSING)
        if got is _MISSING:
            got = answers[key] = fn(ctx, *args)
        elif Facts.check:
            fresh = fn(ctx, *args)
            if fresh != got:
                raise StaleFact(
                    f"{fn.__qualname__}{args!r} at revision {self.revision}: the kept answer differs from a fresh one"
                )
        return got

    def stale(self, ctx) -> list[str]:
        """The kept answers that differ from a fresh computation now (the playout test asks at every
        question; empty while every writer bumps)."""
        return [
            f"{fn.__qualname__}{args!r}" for (fn, args), got in list(self._answers.items()) if fn(ctx, *args) != got
        ]

    def __len__(self) -> int:
        return len(self._answers)


_MISSING = object()
