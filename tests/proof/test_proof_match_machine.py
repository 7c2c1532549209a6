"""A hypothesis state machine over the Match on tests/data/scenarios/tiny.toml: legal and
illegal decisions, clones, save/load round trips and undo-by-replay, with the soak's invariants."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "scenarios"
sys.path.insert(0, str(ROOT / "tools"))

import soak  # noqa: E402  tools/soak.py: the invariants

from game.match import Decision, IllegalDecision, Match, load_match, load_record, record_of, replay, save  # noqa: E402
from game.rules.decisions import Item  # noqa: E402
from game.scenario import load_scenario  # noqa: E402

TINY = load_scenario(DATA / "tiny.toml")
DIRS = [DATA]

ILLEGAL = [
    Decision("fly"),
    Decision("move", figure="nobody", x=1.0, y=1.0),
    Decision("move", figure="red_captain", x=-50.0, y=-50.0),
    Decision("move", figure="blue_captain", x=1e6, y=1e6),
    Decision("choose", option="no_such_option"),
    Decision("activate", figure="ghost"),
    Decision("tap", items=(Item("nobody", "kd"),)),
    Decision("shoot", figure="red_captain", target="red_captain"),
]


class MatchMachine(RuleBasedStateMachine):
    @initialize(seed=st.integers(0, 2**31))
    def start(self, seed):
        self.m = Match(TINY, seed=seed)
        self.chk = soak.Checker(self.m)

    @precondition(lambda self: not self.m.over)
    @rule(pick=st.integers(0, 10_000))
    def legal(self, pick):
        opts = self.m.pending.options
        self.m.apply(opts[pick % len(opts)])
        self.chk = soak.Checker(self.m)

    @precondition(lambda self: not self.m.over)
    @rule(which=st.sampled_from(ILLEGAL))
    def illegal(self, which):
        before = self.m.state_hash()
        n = len(self.m.decisions)
        if which in self.m.pending.options:
            return
        try:
            self.m.apply(which)
        except IllegalDecision:
            pass
        else:  # accepted only by the pending question's own validator: then it was legal after all
            self.chk = soak.Checker(self.m)
            return
        assert self.m.state_hash() == before
        assert len(self.m.decisions) == n

    @rule()
    def illegal_after_end(self):
        if self.m.over:
            before = self.m.state_hash()
            try:
                self.m.apply(Decision("pass"))
                raise AssertionError("a decision was accepted after the end")
            except IllegalDecision:
                pass
            assert self.m.state_hash() == before

    @rule(pick=st.integers(0, 10_000))
    def clone_and_compare(self, pick):
        c = self.m.clone()
        assert c.state_hash() == self.m.state_hash()
        assert c.pending == self.m.pending
        if not self.m.over:  # the clone is independent and plays the same way
            d = self.m.pending.options[pick % len(self.m.pending.options)]
            before = self.m.state_hash()
            c.apply(d)
            assert self.m.state_hash() == before
            self.m.apply(d)
            assert c.state_hash() == self.m.state_hash()
            self.chk = soak.Checker(self.m)

    @rule()
    def save_load_round_trip(self):
        import tempfile

        with tempfile.TemporaryDirectory() as d:
            p = Path(d) / "save.json"
            save(self.m, p)
            loaded = load_match(load_record(p), DIRS)
        assert loaded.state_hash() == self.m.state_hash()
        assert loaded.pending == self.m.pending
        self.m = loaded
        self.chk = soak.Checker(self.m)

    @precondition(lambda self: len(self.m.decisions) > 0)
    @rule()
    def undo_by_replay(self):
        rec = record_of(self.m)
        last = rec.decisions[-1]
        res = replay(rec, DIRS, upto=len(rec.decisions) - 1)
        assert res.ok, res.reason
        back = res.match
        assert back.state_hash() == (
            rec.hashes[-2] if len(rec.hashes) > 1 else Match(TINY, seed=self.m.seed).state_hash()
        )
        back.apply(last)
        assert back.state_hash() == self.m.state_hash()
        self.m = back
        self.chk = soak.Checker(self.m)

    @invariant()
    def invariants(self):
        if hasattr(self, "chk"):
            assert self.chk.check() == []
            assert self.m.state.turn <= TINY.turn_limit


MatchMachine.TestCase.settings = settings(
    max_examples=int(os.environ.get("MACHINE_EXAMPLES", 20)),
    stateful_step_count=40,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
test_match_machine = MatchMachine.TestCase
