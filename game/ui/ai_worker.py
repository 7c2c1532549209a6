"""AI thinking off the frame loop (issue 22; DESIGN.md: the frame loop never waits).

``AIWorker.think(match, controller)`` starts the controller deciding on ``match.clone()`` in a
daemon thread and returns at once; ``ready(match)`` is the decision once it is there (None while
the thread still thinks), for the question the match asks now. The battle scene applies it on the
main thread, so only the main thread ever changes the match.

Deterministic: the controller answers the same question from a copy with the same state and
pending question (a plain clone keeps the match's dice, scenario and table contents), and it is
asked once per question in the same order as when it decided on the frame loop, so its own RNG
runs the same course: the decision is the one the synchronous call would have made.

Only one question is in the air at a time; a result for a question the match no longer asks (a
new match, a loaded save) is dropped.
"""
from __future__ import annotations

import threading


def question_key(match) -> tuple:
    """What identifies the question a match asks now."""
    p = match.pending
    return (id(match), len(match.decisions), None if p is None else (p.side, p.kind))


class AIWorker:
    """One background thread deciding for the AI, one question at a time."""

    def __init__(self):
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._key: tuple | None = None
        self._result: tuple | None = None  # (key, decision, error)

    @property
    def busy(self) -> bool:
        t = self._thread
        return t is not None and t.is_alive()

    def think(self, match, controller) -> bool:
        """Start deciding the match's current question (if not already under way or done); False
        while a thread is still busy with an earlier question."""
        key = question_key(match)
        with self._lock:
            if self._key == key:
                return True
            if self.busy:
                return False
            self._key, self._result = key, None
            self._thread = threading.Thread(target=self._run, args=(key, match, controller),
                                            name="ai-worker", daemon=True)
            self._thread.start()
        return True

    def _run(self, key, match, controller) -> None:
        try:
            # the copy is taken here, off the frame loop: until this question is answered the main
            # thread only reads the match (and a match that moved on makes the answer stale anyway)
            copy = match.clone()
            if question_key(copy)[1:] != key[1:]:
                raise RuntimeError("the match moved on while the AI was asked")
            got = (key, controller.decide(copy), None)
        except Exception as e:  # noqa: BLE001 - handed to the main thread, which falls back to auto
            got = (key, None, e)
        with self._lock:
            if self._key == key:
                self._result = got

    def ready(self, match):
        """(decision, error) for the question the match asks now, once decided; None before."""
        key = question_key(match)
        with self._lock:
            r = self._result
            if r is None or r[0] != key:
                return None
            self._result, self._key = None, None
            return r[1], r[2]

    def wait(self, timeout: float | None = None) -> None:
        """Block until the thread is done (tests, and a scene closing)."""
        t = self._thread
        if t is not None:
            t.join(timeout)
