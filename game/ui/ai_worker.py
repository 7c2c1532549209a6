"""AI thinking off the frame loop (DESIGN.md: the frame loop never waits).

``AIWorker.think(match, controller)`` hands the question the match asks now to a background
thread and returns at once; ``ready(match)`` is the decision once it is there (None while the
thread still thinks). The battle scene applies it on the main thread, so only the main thread ever
changes the match. The thread decides on ``match.clone()``; before handing the decision over it
applies it to that copy too, so the path plans the rules need for the next question (move and
climb options) are already in the terrain's content-keyed plan memo, shared with the match, when
the main thread applies the same decision.

Deterministic: the controller answers the same question from a copy with the same state and
pending question (a plain clone keeps the match's dice, scenario and table contents), and it is
asked once per question in the same order as when it decided on the frame loop, so its own RNG
runs the same course: the decision is the one the synchronous call would have made.

Only one question is in the air at a time; a result for a question the match no longer asks (a
new match, a loaded save) is dropped.
"""

from __future__ import annotations

import threading
import time

#: a decision that takes longer than this gets the window's "thinking…" cue
CUE_AFTER = 0.3


def question_key(match) -> tuple:
    """What identifies the question a match asks now."""
    p = match.pending
    return (id(match), len(match.decisions), None if p is None else (p.side, p.kind))


class AIWorker:
    """One background thread deciding for the AI, one question at a time."""

    def __init__(self):
        self._cv = threading.Condition()
        self._thread: threading.Thread | None = None
        self._job: tuple | None = None  # (key, match, controller) waiting for the thread
        self._key: tuple | None = None  # the question being decided or decided
        self._result: tuple | None = None  # (key, decision, error)
        self._working = False
        self._closed = False
        self._since: float | None = None  # perf_counter when the question in the air was asked

    @property
    def busy(self) -> bool:
        with self._cv:
            return self._working or self._job is not None

    def think(self, match, controller) -> bool:
        """Start deciding the match's current question (if not already under way or done); False
        while the thread is still busy with an earlier question."""
        key = question_key(match)
        with self._cv:
            if self._key == key:
                return True
            if self._working or self._job is not None:
                return False
            self._key, self._result = key, None
            self._job = (key, match, controller)
            self._since = time.perf_counter()
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name="ai-worker", daemon=True)
                self._thread.start()
            self._cv.notify_all()
        return True

    def _loop(self) -> None:
        while True:
            with self._cv:
                while self._job is None and not self._closed:
                    self._cv.wait()
                job = self._job
                if self._closed or job is None:
                    return
                key, match, controller = job
                del job
                self._job = None
                self._working = True
            got = self._decide(key, match, controller)
            # nothing of the game stays on the waiting thread's stack: a scene left behind (and its
            # match, table and AI) is freed with the scene, not kept until the program ends
            del match, controller
            with self._cv:
                self._working = False
                self._since = None
                if self._key == key:
                    self._result = got
                self._cv.notify_all()

    @staticmethod
    def _decide(key, match, controller) -> tuple:
        try:
            # the copy is taken here, off the frame loop: until this question is answered the main
            # thread only reads the match (and a match that moved on makes the answer stale anyway)
            copy = match.clone()
            if question_key(copy)[1:] != key[1:]:
                raise RuntimeError("the match moved on while the AI was asked")
            d = controller.decide(copy)
        except Exception as e:  # noqa: BLE001 - handed to the main thread, which falls back to auto
            return (key, None, e)
        try:
            copy.apply(d)  # warms the shared plan memo for the main thread's apply (see above)
        except Exception:  # noqa: BLE001 - the main thread's apply reports a bad decision itself
            pass
        return (key, d, None)

    def thinking_for(self) -> float:
        """Seconds the question in the air has been thought about (0 when none is)."""
        with self._cv:
            return 0.0 if self._since is None else time.perf_counter() - self._since

    def shows_cue(self) -> bool:
        """Whether the window should say the AI is thinking (over ``CUE_AFTER`` on one question)."""
        return self.thinking_for() > CUE_AFTER

    def ready(self, match):
        """(decision, error) for the question the match asks now, once decided; None before."""
        key = question_key(match)
        with self._cv:
            r = self._result
            if r is None or r[0] != key:
                return None
            self._result, self._key = None, None
            return r[1], r[2]

    def close(self) -> None:
        """End the thread once its current question (if any) is decided; its answer is dropped."""
        with self._cv:
            self._closed = True
            self._job = None
            self._key = self._result = None
            self._cv.notify_all()

    def wait(self, timeout: float | None = None) -> None:
        """Block until the thread has nothing to do (tests, and a scene closing)."""
        with self._cv:
            self._cv.wait_for(lambda: not self._working and self._job is None, timeout)
