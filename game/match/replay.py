"""Replaying records: re-apply the decisions and compare the state hash after each one."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from game.rules.decisions import IllegalDecision
from game.scenario import ScenarioError, find_scenario, load_scenario

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


def _name(rec: Record) -> str:
    return rec.source or "record"


def scenario_for(rec: Record, extra_dirs: Iterable[Path] = (), scenario=None):
    """The scenario a record was played on: ``scenario`` (a Scenario or a .toml path) if given, else
    found by the record's id in maps/ and ``extra_dirs``. SaveError if it cannot be had, is another
    scenario, or has changed since the record was made (its content hash differs)."""
    try:
        if scenario is None:
            scen = find_scenario(rec.scenario, extra_dirs)
        elif isinstance(scenario, (str, Path)):
            scen = load_scenario(scenario)
        else:
            scen = scenario
    except ScenarioError as e:
        hint = " (a scenario outside maps/: give its file with --scenario PATH)" if "no such scenario" in str(e) else ""
        raise SaveError(f"{_name(rec)}: scenario: {e}{hint}") from None
    if scen.id != rec.scenario:
        raise SaveError(
            f"{_name(rec)}: scenario: the record is of scenario {rec.scenario!r}, "
            f"not {scen.id!r} ({scen.path or 'given'})"
        )
    have = getattr(scen, "content_hash", "")
    if rec.scenario_hash and have and rec.scenario_hash != have:
        raise SaveError(
            f"{_name(rec)}: scenario_hash: scenario {rec.scenario!r} has changed since this record was "
            f"made (it or its map; {rec.scenario_hash[:8]} now {have[:8]}): replay it with "
            f"--scenario PATH, the file it was played on"
        )
    return scen


def match_from_record(rec: Record, extra_dirs: Iterable[Path] = (), scenario=None) -> Match:
    """A new match at the start of the recorded game; SaveError if its scenario cannot be had."""
    scen = scenario_for(rec, extra_dirs, scenario)
    try:
        return Match(scen, seed=rec.seed, preset=rec.preset, options=rec.options)
    except Exception as e:  # noqa: BLE001 - an untrusted record: any failure to start is a refusal
        raise SaveError(
            f"{_name(rec)}: options: cannot start {rec.scenario!r} with preset {rec.preset!r} ({type(e).__name__}: {e})"
        ) from None


def replay(
    rec: Record, extra_dirs: Iterable[Path] = (), *, verify: bool = True, upto: int | None = None, scenario=None
) -> ReplayResult:
    """Re-apply the record's decisions (all, or the first ``upto``); with verify, compare hashes."""
    m = match_from_record(rec, extra_dirs, scenario)
    n = len(rec.decisions) if upto is None else min(upto, len(rec.decisions))
    return replay_onto(m, rec, n, verify=verify)


def replay_onto(m: Match, rec: Record, upto: int, *, verify: bool = True) -> ReplayResult:
    """Apply the record's decisions from the match's own count (``len(m.decisions)``, a match
    already part-way through this record) up to ``upto``, reseeding the dice where the record did;
    with verify, compare hashes."""
    if m.branch is None and rec.branch:
        m.branch = dict(rec.branch)
    reseeds = sorted(rec.reseeds, key=lambda r: r[0])
    done = len(m.reseeds)  # the record's reseeds this match has already made (it follows the record)
    for i in range(len(m.decisions), upto + 1):
        while done < len(reseeds) and reseeds[done][0] <= i:
            if reseeds[done][0] == i and m.pending is not None:
                m.reseed(reseeds[done][1])
            done += 1
        if i == upto:
            break
        d = rec.decisions[i]
        try:
            m.apply(d)
        except IllegalDecision as e:
            return ReplayResult(False, m, i, f"decision {i} ({d.describe()}) is refused: {e}")
        if verify and m.hashes[-1] != rec.hashes[i]:
            return ReplayResult(
                False,
                m,
                i,
                f"decision {i} ({d.describe()}): state hash differs "
                f"(record {rec.hashes[i][:12]}…, replay {m.hashes[-1][:12]}…)",
            )
    return ReplayResult(True, m)


def load_match(rec: Record, extra_dirs: Iterable[Path] = (), scenario=None) -> Match:
    """Resume a saved game: replay it, refusing a save whose hashes do not match."""
    res = replay(rec, extra_dirs, verify=True, scenario=scenario)
    if not res.ok:
        raise SaveError(f"{_name(rec)}: decisions[{res.mismatch}]: {res.reason}")
    return res.match
