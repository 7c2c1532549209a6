"""A one-line progress bar on stderr, only when stderr is a terminal (simulate:
games done, rate and ETA)."""

from __future__ import annotations

import sys
import time


class Progress:
    """``Progress(total, start=done already)``; ``step(note)`` after each item; ``close()`` at the end.
    Silent off a tty. The rate and ETA count only the items done in this run."""

    def __init__(self, total: int, label: str = "games", stream=None, width: int = 24, start: int = 0):
        self.total = max(0, int(total))
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.done = self.first = max(0, int(start))
        self.start = time.monotonic()
        self._last = 0.0
        try:
            self.enabled = bool(self.stream.isatty())
        except (AttributeError, ValueError):
            self.enabled = False
        self._draw("")

    def step(self, note: str = "") -> None:
        self.done += 1
        now = time.monotonic()
        if now - self._last >= 0.1 or self.done >= self.total:  # a redraw per game slows 10,000 fast games
            self._last = now
            self._draw(note)

    def line(self, note: str = "") -> str:
        frac = self.done / self.total if self.total else 1.0
        fill = int(round(frac * self.width))
        elapsed = time.monotonic() - self.start
        ran = self.done - self.first
        rate = ran / elapsed if elapsed > 0 else 0.0
        eta = (self.total - self.done) / rate if rate > 0 else 0.0
        return (
            f"[{'#' * fill}{'.' * (self.width - fill)}] {self.done}/{self.total} {self.label}"
            f"  {rate:6.2f}/s  {elapsed:6.1f}s  eta {_clock(eta)}  {note}"
        )

    def _draw(self, note: str) -> None:
        if not self.enabled or not self.total:
            return
        self.stream.write("\r" + self.line(note)[:120].ljust(120))
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.total:
            self.stream.write("\r" + " " * 120 + "\r")
            self.stream.flush()


def _clock(s: float) -> str:
    s = int(round(s))
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"
