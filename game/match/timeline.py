"""A record laid out in time: any position of the game rebuilt exactly, and where its steps start.

A position ``k`` is the game after its first ``k`` decisions (0: before the first). The timeline
replays the record once, hash-checked, keeping a clone of the match every ``every`` decisions and,
for each position, the game turn, the side to decide, whether a step (an activation, a reaction
phase, a mêlée…) or a player-turn starts there. ``at(k)`` clones the nearest snapshot at or before
``k`` and replays the record's decisions forward with the record's dice (a branch's reseeds too),
comparing each state hash, so a position reached by stepping back is the very position the game
had. Nothing here draws or reads the screen: the replay scene, a game looking at its own past and
the tools use it alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from game.rules.events import PlayerTurnStarted

from .match import Match
from .record import Record, SaveError
from .replay import match_from_record, replay_onto

#: Decisions between snapshots. A clone of a boarding game's match holds ~0.4 MB; replaying a
#: decision costs ~0.7 ms: 25 keeps a jump to tens of ms and an 18-turn game's 18 snapshots at
#: ~7 MB (tools/bench.py replay).
SNAPSHOT_EVERY = 25


@dataclass(frozen=True, slots=True)
class Mark:
    """What is known of one position without rebuilding it."""

    turn: int
    """The game turn at this position."""
    side: str | None
    """The side whose question is pending (None once the game is over)."""
    step_start: bool
    """A step (an activation, a reaction phase, a mêlée…) starts here."""
    player_turn_start: bool
    """A player-turn started with the last decision (or before the first, at position 0)."""


class Timeline:
    """Every position of a record, reachable in any order."""

    def __init__(
        self,
        record: Record,
        extra_dirs: Iterable[Path] = (),
        *,
        scenario=None,
        every: int = SNAPSHOT_EVERY,
        start: Match | None = None,
    ):
        """``start``: a match at the record's position 0 (e.g. built by the caller with its own
        scenario), else one is made from the record. A record that does not replay with its
        hashes is laid out up to its first fault: ``fault`` says which decision and why."""
        self.record = record
        self.every = max(1, int(every))
        m = start if start is not None else match_from_record(record, extra_dirs, scenario)
        self.fault = ""
        """Empty when every decision replayed with its hash; else the one-line reason."""
        self._snapshots: dict[int, Match] = {0: m.clone()}
        self.marks: list[Mark] = [self._mark(m, 0, m.log)]
        for k in range(len(record.decisions)):
            seen = len(m.log)
            res = replay_onto(m, record, k + 1)
            if not res.ok:
                self.fault = f"{record.source or 'record'}: decisions[{res.mismatch}]: {res.reason}"
                break
            self.marks.append(self._mark(m, k + 1, m.log[seen:]))
            if (k + 1) % self.every == 0:
                self._snapshots[k + 1] = m.clone()
        self.last = len(self.marks) - 1
        """The last position (the record's length, or the decision before its first fault)."""
        self._end = m

    @staticmethod
    def _mark(m: Match, k: int, events) -> Mark:
        p = m.pending
        return Mark(
            turn=m.state.turn,
            side=p.side if p is not None else None,
            step_start=m.step_index == k or p is None,
            player_turn_start=any(type(e) is PlayerTurnStarted for e in events),
        )

    # -- rebuilding a position -------------------------------------------------------------------
    def at(self, k: int) -> Match:
        """A new match at position ``k`` (clamped to 0..last), hash-checked against the record."""
        k = self.clamp(k)
        base = max(s for s in self._snapshots if s <= k)
        m = self._snapshots[base].clone()
        res = replay_onto(m, self.record, k)
        if not res.ok:  # the record replayed once already: a difference now is a fault of the game
            raise SaveError(f"{self.record.source or 'record'}: decisions[{res.mismatch}]: {res.reason}")
        return m

    def clamp(self, k: int) -> int:
        return max(0, min(self.last, int(k)))

    @property
    def snapshot_count(self) -> int:
        return len(self._snapshots)

    # -- where things start ----------------------------------------------------------------------
    def step_starts(self) -> list[int]:
        """Positions where a step starts (an activation, a reaction phase, a mêlée…)."""
        return [k for k, mk in enumerate(self.marks) if mk.step_start]

    def player_turn_starts(self) -> list[int]:
        """Positions where a player-turn has just started (0 counts: the game's first)."""
        return [k for k, mk in enumerate(self.marks) if mk.player_turn_start or k == 0]

    def turns(self) -> list[int]:
        """The game turns the record reaches, in order."""
        return sorted({mk.turn for mk in self.marks})

    def turn_start(self, turn: int) -> int:
        """The first position of game turn ``turn`` (the nearest turn the record has)."""
        for k, mk in enumerate(self.marks):
            if mk.turn >= turn:
                return k
        return self.last

    def next_of(self, starts: list[int], k: int) -> int:
        """The first of ``starts`` after position ``k`` (the last position when none)."""
        return next((s for s in starts if s > k), self.last)

    def previous_of(self, starts: list[int], k: int) -> int:
        """The last of ``starts`` before position ``k`` (0 when none)."""
        return next((s for s in reversed(starts) if s < k), 0)
