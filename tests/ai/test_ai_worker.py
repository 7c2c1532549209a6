"""game/ui/ai_worker.py: the AI deciding in a thread on a clone makes the decisions it makes on the
frame loop (same controllers, same seeds, same match hashes), and a stale answer is dropped."""

from __future__ import annotations

from game.ai.controller import make_controller
from game.ai.simulate import ai_seed
from game.match.match import Match
from game.ui.ai_worker import AIWorker

from .conftest import TINY, load


def _play(levels, threaded: bool, limit: int = 60):
    sc = load(TINY)
    m = Match(sc, seed=21)
    sides = [s.id for s in sc.sides]
    ctl = {s: make_controller(levels[i], ai_seed(21, i)) for i, s in enumerate(sides)}
    w = AIWorker()
    while not m.over and len(m.decisions) < limit:
        c = ctl[m.pending.side]
        if threaded:
            assert w.think(m, c)
            assert w.think(m, c)  # asking again while it thinks starts nothing new
            w.wait(60)
            d, err = w.ready(m)
            assert err is None
            assert w.ready(m) is None  # handed over once
        else:
            d = c.decide(m)
        m.apply(d)
    return list(m.decisions), list(m.hashes)


def test_threaded_decisions_are_the_synchronous_ones():
    assert _play(("hard", "normal"), True) == _play(("hard", "normal"), False)


def test_an_answer_for_another_question_is_dropped():
    sc = load(TINY)
    m = Match(sc, seed=4)
    w = AIWorker()
    c = make_controller("random", 1)
    w.think(m, c)
    w.wait(30)
    m.apply(m.auto())  # the match moved on (say a human took over): the old answer is stale
    assert w.ready(m) is None
    assert w.think(m, c)
    w.wait(30)
    d, err = w.ready(m)
    assert err is None
    m.apply(d)  # legal for the question asked now


def test_an_ai_error_is_handed_over_not_raised():
    class Broken:
        def decide(self, match):
            raise RuntimeError("no idea")

    m = Match(load(TINY), seed=4)
    w = AIWorker()
    w.think(m, Broken())
    w.wait(30)
    d, err = w.ready(m)
    assert d is None and isinstance(err, RuntimeError)


def test_a_closed_worker_ends_its_thread_and_keeps_no_match():
    import gc
    import weakref

    m = Match(load(TINY), seed=4)
    w = AIWorker()
    assert w.think(m, make_controller("random", 1))
    w.wait(30)
    thread = w._thread
    assert thread is not None and thread.is_alive()
    gone = weakref.ref(m)
    del m
    gc.collect()
    assert gone() is None  # the thread waiting for its next question holds no game
    w.close()
    thread.join(10)
    assert not thread.is_alive()
