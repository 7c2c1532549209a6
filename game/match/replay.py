"""Replaying records: re-apply the decisions and compare the state hash after each one."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from game.rules.decisions import IllegalDecision
from game.scenario import ScenarioError, find_scenario

from .match import Match
from .record import Record, SaveError


@dataclass
class ReplayResult:
    """Outcome of a replay."""

    ok: bool
    """Every hash matched and every decision was legal."""
    match: Match
    """The match as replayed (up to the first mismatch)."""
    mismatch: int | None = None
    """Index of the first decision whose hash differs or that was refused, else None."""
    reason: str = ""
    """What went wrong at that decision."""


def match_from_record(rec: Record, extra_dirs: Iterable[Path] = ()) -> Match:
    """A new match at the start of the recorded game; SaveError if its scenario cannot be had."""
    try:
        scenario = find_scenario(rec.scenario, extra_dirs)
    except ScenarioError as e:
        raise SaveError(f"scenario: {e}") from None
    try:
        return Match(scenario, seed=rec.seed, preset=rec.preset, options=rec.options)
    except (ValueError, KeyError, TypeError) as e:
        raise SaveError(f"record: cannot start {rec.scenario!r} with preset {rec.preset!r}: {e}") from None


def replay(rec: Record, extra_dirs: Iterable[Path] = (), *, verify: bool = True,
           upto: int | None = None) -> ReplayResult:
    """Re-apply the record's decisions (all, or the first ``upto``); with verify, compare hashes."""
    m = match_from_record(rec, extra_dirs)
    n = len(rec.decisions) if upto is None else min(upto, len(rec.decisions))
    for i in range(n):
        d = rec.decisions[i]
        try:
            m.apply(d)
        except IllegalDecision as e:
            return ReplayResult(False, m, i, f"decision {i} ({d.describe()}) is refused: {e}")
        if verify and m.hashes[-1] != rec.hashes[i]:
            return ReplayResult(False, m, i, f"decision {i} ({d.describe()}): state hash differs "
                                             f"(record {rec.hashes[i][:12]}…, replay {m.hashes[-1][:12]}…)")
    return ReplayResult(True, m)


def load_match(rec: Record, extra_dirs: Iterable[Path] = ()) -> Match:
    """Resume a saved game: replay it, refusing a save whose hashes do not match."""
    res = replay(rec, extra_dirs, verify=True)
    if not res.ok:
        raise SaveError(f"save: {res.reason}")
    return res.match
