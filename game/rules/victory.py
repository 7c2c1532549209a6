"""Scenario victory conditions, checked by the match after every step and at each game turn's end."""

from __future__ import annotations

from typing import NamedTuple

from .model import Status
from .state import MatchState


class Verdict(NamedTuple):
    """How a match ended."""

    winner: str | None
    """The winning side, or None for a draw."""
    reason: str
    """Why, for players."""
    at_turn_limit: bool = False
    """The scenario's turn limit ended it (a side holding out, or a draw), not an objective met."""


def check_victory(
    state: MatchState, conditions, *, zone_holders=None, turn_ended: bool = False, turn_limit: int = 0, zone_counts=None
) -> tuple[str | None, str] | None:
    """(winner or None for a draw, reason) when the match is decided, else None: ``judge_victory``'s
    verdict without how it came."""
    v = judge_victory(
        state,
        conditions,
        zone_holders=zone_holders,
        turn_ended=turn_ended,
        turn_limit=turn_limit,
        zone_counts=zone_counts,
    )
    return None if v is None else (v.winner, v.reason)


def judge_victory(
    state: MatchState, conditions, *, zone_holders=None, turn_ended: bool = False, turn_limit: int = 0, zone_counts=None
) -> Verdict | None:
    """The verdict when the match is decided, else None.

    ``zone_holders(zone_name) -> set of side ids with figures in play inside it`` answers hold_zone;
    hold counts live in the state's ``VictoryBook`` and advance only when ``turn_ended``.
    ``zone_counts(zone_name) -> {side id: figures in play inside it}`` answers reach_zone (judged
    only when ``turn_ended``: the boats cast off at the end of a turn).
    """
    book = state.book
    if book.starting is None:
        book.starting = {}
    starting = book.starting
    if not starting:
        for f in state.figures.values():
            starting[f.side] = starting.get(f.side, 0) + 1
    struck = book.struck or ()
    for c in conditions:
        foes = state.enemies_of(c.side)
        if c.type == "rout":
            for foe in foes:
                left = sum(1 for f in state.figures.values() if f.side == foe and f.in_play)
                if left <= c.below * starting.get(foe, 0) or left == 0:
                    return Verdict(c.side, f"{state.side(foe).name} is routed")
        elif c.type == "strike_colours":
            for foe in foes:
                if foe in struck:
                    return Verdict(c.side, f"{state.side(foe).name} struck her colours")
        elif c.type == "capture":
            prize = state.figures.get(c.figure)
            if prize is not None and prize.status in (Status.CAPTIVE, Status.KNOCKED_DOWN):
                how = "captured" if prize.status is Status.CAPTIVE else "cut down"
                return Verdict(c.side, f"{prize.name} is {how}")
        elif c.type == "hold_zone" and turn_ended and zone_holders is not None:
            holders = zone_holders(c.zone)
            if book.hold is None:
                book.hold = {}
            hold = book.hold
            key = f"{c.side}:{c.zone}"
            hold[key] = hold.get(key, 0) + 1 if holders == {c.side} else 0
            if hold[key] >= c.turns:
                return Verdict(c.side, f"{state.side(c.side).name} held {c.zone} for {c.turns} turn(s)")
        elif c.type == "reach_zone" and turn_ended and zone_counts is not None:
            counts = zone_counts(c.zone)
            mine = counts.get(c.side, 0)
            if mine >= c.count and not any(counts.get(foe, 0) for foe in foes):
                return Verdict(c.side, f"{state.side(c.side).name} reached the {c.zone} with {mine} figure(s)")
    # a side with nobody left loses even without a rout condition
    alive = [s.id for s in state.sides if any(f.side == s.id and f.in_play for f in state.figures.values())]
    if len(alive) == 1:
        return Verdict(alive[0], "the other side has no figure left")
    if not alive:
        return Verdict(None, "no figure is left standing")
    if turn_ended and turn_limit and state.turn >= turn_limit:
        for c in conditions:
            if c.type == "points":
                v = points_verdict(state, c.side, starting)
                if v is not None:
                    return v
        for c in conditions:
            if c.type == "turn_limit":
                return Verdict(c.side, f"{state.side(c.side).name} holds out to the turn limit", at_turn_limit=True)
        return Verdict(None, f"turn limit ({turn_limit}) reached", at_turn_limit=True)
    return None


def points_verdict(state: MatchState, side: str, starting: dict) -> Verdict | None:
    """SCN-PTS-1 (a scenario rule, maps/README.md): at the turn limit ``side`` wins on points when it
    keeps a greater share of its starting figures in play than every enemy keeps of theirs; else
    the limit's other conditions (a side holding out, or a draw) decide."""

    def share(s: str) -> float:
        left = sum(1 for f in state.figures.values() if f.side == s and f.in_play)
        return left / max(1, starting.get(s, 0))

    mine = share(side)
    foes = state.enemies_of(side)
    if foes and all(mine > share(foe) for foe in foes):
        kept = sum(1 for f in state.figures.values() if f.side == side and f.in_play)
        return Verdict(
            side,
            f"{state.side(side).name} wins on points at the turn limit ({kept} of {starting.get(side, 0)} left)",
            at_turn_limit=True,
        )
    return None
