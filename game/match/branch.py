"""Branching: a new game from any position of a record, with fresh dice.

The branch keeps its parent's first ``at`` decisions (so it replays and verifies on its own, from
the scenario up) and, from there, rolls ``Dice(seed)``: a seed of its own, recorded in it, so
watching the parent tells nothing about the branch's rolls. It names its parent by the parent's
content hash and title, never by a path.
"""

from __future__ import annotations

from .match import Match
from .record import Record
from .timeline import Timeline


def parent_title(record: Record, scenario_title: str = "") -> str:
    """The parent's title as a player knows it: the scenario's title, and when it was saved."""
    meta = record.meta if isinstance(record.meta, dict) else {}
    title = str(meta.get("title") or scenario_title or record.scenario)
    saved = meta.get("saved")
    return f"{title}, saved {saved}"[:200] if isinstance(saved, str) and saved else title[:200]


def may_branch(record: Record, over: bool) -> bool:
    """May a person branch this record without agreement? Yes for a finished game and for a game
    nobody plays in person (the computer against itself); a solo or hot-seat game in progress
    could use it to roll again what went badly (hot-seat asks both players instead)."""
    if over:
        return True
    meta = record.meta if isinstance(record.meta, dict) else {}
    humans = meta.get("humans")
    return meta.get("mode") == "demo" or (meta.get("mode") is None and not humans)


def branch_from(timeline: Timeline, at: int, seed: int, *, scenario_title: str = "") -> Match:
    """A new match at position ``at`` of the timeline's record, with fresh dice ``Dice(seed)`` and
    ``branch`` naming its parent. ValueError when the game is over there (nothing to play on)."""
    m = timeline.at(at)
    if m.pending is None:
        raise ValueError("the game is over at that point: there is nothing to play on from")
    parent = timeline.record
    m.reseed(seed)
    m.branch = {
        "parent": parent.content_hash(),
        "title": parent_title(parent, scenario_title or getattr(m.scenario, "title", "")),
        "at": timeline.clamp(at),
        "seed": int(seed),
    }
    return m
