"""A one-line progress bar on stderr, only when stderr is a terminal (issue 8: simulate)."""
from __future__ import annotations

import sys
import time


class Progress:
    """``Progress(total)``; ``step(note)`` after each item; ``close()`` at the end. Silent off a tty."""

    def __init__(self, total: int, label: str = "games", stream=None, width: int = 30):
        self.total = max(0, int(total))
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.done = 0
        self.start = time.monotonic()
        try:
            self.enabled = bool(self.stream.isatty())
        except (AttributeError, ValueError):
            self.enabled = False
        self._draw("")

    def step(self, note: str = "") -> None:
        self.done += 1
        self._draw(note)

    def _draw(self, note: str) -> None:
        if not self.enabled or not self.total:
            return
        frac = self.done / self.total
        fill = int(round(frac * self.width))
        elapsed = time.monotonic() - self.start
        eta = elapsed / self.done * (self.total - self.done) if self.done else 0.0
        line = (f"\r[{'#' * fill}{'.' * (self.width - fill)}] {self.done}/{self.total} {self.label}"
                f"  {elapsed:5.1f}s  eta {eta:5.1f}s  {note}")
        self.stream.write(line[:120].ljust(120))
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.total:
            self.stream.write("\r" + " " * 120 + "\r")
            self.stream.flush()
