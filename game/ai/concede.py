"""When a side can no longer win, and what turned the game (the demo's logic, no UI).

``can_still_win(match, side)`` reads only what both players see (figures, the scenario's victory
conditions, the turn): a side cannot win once it has no figure in play, once every way the
scenario gives it to win is closed (its capture target is gone, too few figures or turns are left
for a zone) and the turn limit would hand the game to the other side or to a draw, or once its
fighting strength falls under a third of the strongest enemy side's.

``turning_point(events, figures)`` names, in plain words, the game turn with the largest swing of
fighting strength (losses of in-play value, wounds counted by health), or else the first rout
(a figure that fled, a side whose morale broke, a unit that broke, colours struck).

Fighting strength = the sum over a side's figures in play of the evaluation's ``figure_value``
(rank) times ``health`` (wounds, disarmed): the same measure the AI plays by.
"""

from __future__ import annotations

import dataclasses
import math

from game.rules.model import OUT_OF_PLAY, Status

from .evaluate import figure_value, health

#: a side whose fighting strength is under this fraction of the strongest enemy's cannot win
HOPELESS = 1.0 / 3.0


def strength(figures, side: str) -> float:
    """Fighting strength of ``side`` among ``figures`` (a mapping or iterable of Figure)."""
    figs = figures.values() if hasattr(figures, "values") else figures
    return sum(figure_value(f) * health(f) for f in figs if f.side == side and f.in_play)


def _turns_left(match) -> float:
    limit = getattr(match.scenario, "turn_limit", 0) or 0
    return math.inf if not limit else max(0, limit - match.state.turn + 1)


def _closed(match, side: str, c, turns: float, mine: int) -> str | None:
    """Why victory condition ``c`` (of ``side``) can no longer be met, or None if it still can."""
    st = match.state
    if c.type == "capture":
        f = st.figures.get(c.figure)
        if f is None or (not f.in_play and f.status not in (Status.CAPTIVE, Status.KNOCKED_DOWN)):
            return f"{f.name if f else c.figure} is gone and cannot be taken"
    elif c.type == "hold_zone":
        held = match.ruleset.observe(st, side).holds.get(f"{side}:{c.zone}", 0)
        if turns < c.turns - held:
            return f"holding {c.zone} for {c.turns} turns needs more turns than are left ({turns:g})"
    elif c.type == "reach_zone":
        if mine < c.count:
            return f"reaching {c.zone} needs {c.count} figures and only {mine} are left"
    elif c.type in ("rout", "strike_colours") and turns <= 0:
        return "no turn is left"
    return None


def can_still_win(match, side: str) -> tuple[bool, str]:
    """(True, "") while ``side`` can still win ``match``; else (False, the reason in plain words).

    Public information only (figures, victory conditions, the turn): safe for the AI and the demo.
    """
    st = match.state
    name = st.side(side).name
    if st.over:
        return (st.winner == side, "" if st.winner == side else (st.end_reason or "the game is over"))
    mine = sum(1 for f in st.figures.values() if f.side == side and f.in_play)
    if mine == 0:
        return False, f"{name} have no figure left standing"
    foes = [s for s in st.enemies_of(side)]
    me = strength(st.figures, side)
    if foes:
        top = max(foes, key=lambda s: strength(st.figures, s))
        them = strength(st.figures, top)
        if them > 0 and me < HOPELESS * them:
            return False, (
                f"{possessive(name)} fighting strength ({me:.1f}) is under a third of "
                f"{possessive(st.side(top).name)} ({them:.1f})"
            )
    turns = _turns_left(match)
    conds = [c for c in getattr(match.scenario, "victory", ()) if c.side == side]
    if any(c.type == "turn_limit" for c in conds):
        return True, ""  # holding out to the turn limit wins: standing is enough
    if turns <= 0:
        return False, f"no turn is left for {name} to win in"
    closed = [_closed(match, side, c, turns, mine) for c in conds]
    reasons = [r for r in closed if r]
    # every side may still win by leaving the enemy no figure (victory.check_victory), which
    # the strength test above judges; a scenario that names ways to win and closes them all,
    # with the clock running for the other side, leaves none
    clock_theirs = any(c.type == "turn_limit" and c.side != side for c in getattr(match.scenario, "victory", ()))
    if conds and len(reasons) == len(conds) and clock_theirs:
        return False, f"{name} cannot win: " + "; ".join(reasons)
    return True, ""


def possessive(name: str) -> str:
    """ "Flint's boarders'" and "Crew of the Sea Wolf's": a name ending in s takes the apostrophe alone."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def concession(match) -> tuple[str, str] | None:
    """(side, headline) for the first side, in scenario order, that can no longer win a match still
    being played (the demo concedes for it and rolls on); None while every side can still win."""
    if match.state.over:
        return None
    for s in match.state.side_ids():
        ok, why = can_still_win(match, s)
        if not ok:
            return s, f"{match.state.side(s).name} concede: {why}"
    return None


# -- the turning point ------------------------------------------------------------------------------
def _first_rout(events, figures, sides=None) -> str | None:
    sides = sides or {}

    def side_name(sid) -> str:
        return sides.get(sid, sid)

    for ev in events:
        cls = type(ev).__name__
        if cls == "StatusChanged" and ev.status == Status.FLED.value:
            f = figures.get(ev.figure) if figures else None
            who = f"{f.name} ({side_name(f.side)})" if f else ev.figure
            return f"{who} fled first: the first rout of the game"
        if cls == "StatusChanged" and getattr(ev, "cause", "") == "colours struck":
            side = side_name(figures[ev.figure].side) if figures and ev.figure in figures else "a side"
            return f"{side} struck their colours"
        if cls == "MoraleBroken":
            return f"{possessive(side_name(ev.side))} morale broke ({ev.reason}): the first rout of the game"
        if cls == "UnitBroken":
            return f"a unit broke after {ev.losses} losses: the first rout of the game"
    return None


def _listed(names: list[str], most: int = 3) -> str:
    """ "A, B and C"; past ``most`` names, "A, B, C and 2 more"."""
    if len(names) > most:
        return f"{', '.join(names[:most])} and {len(names) - most} more"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def turning_point(events, figures=None, sides=None) -> str | None:
    """The game's turning point in plain words, or None when nothing turned it.

    ``events``: the match's events in order (``match.log``). ``figures``: the roster by id (e.g.
    ``match.state.figures``), which names each figure's side and value; without it only the first
    rout can be named. ``sides``: each side's name by id (a player reads names, never ids). The
    largest swing is the game turn in which the difference of fighting strength between the two
    strongest sides changed most (each figure counted unhurt at the start).
    """
    figures = dict(figures or {})
    sides_named = dict(sides or {})
    if not figures:
        return _first_rout(events, None, sides_named)
    now = {fid: dataclasses.replace(f, status=Status.UNWOUNDED, wounds=0) for fid, f in figures.items()}
    sides = sorted({f.side for f in now.values()})
    start = {s: strength(now, s) for s in sides}
    if len(sides) < 2:
        return _first_rout(events, figures, sides_named)
    turn, per_turn = 0, []
    lost: dict[str, list[str]] = {}
    before = dict(start)
    winner = None

    def close_turn():
        after = {s: strength(now, s) for s in sides}
        per_turn.append((turn, dict(before), after, dict(lost)))
        return after

    for ev in events:
        cls = type(ev).__name__
        if cls == "TurnStarted" and ev.turn != turn:
            if turn:
                before = close_turn()
            turn, lost = ev.turn, {}
        elif cls == "StatusChanged" and ev.figure in now:
            f = now[ev.figure]
            try:
                status = Status(ev.status)
            except ValueError:
                continue
            if status in OUT_OF_PLAY and f.in_play:
                lost.setdefault(f.side, []).append(f.name)
            now[ev.figure] = dataclasses.replace(f, status=status, wounds=ev.wounds)
        elif cls == "GameOver":
            winner = ev.winner
    if turn:
        close_turn()
    a, b = sorted(sides, key=lambda s: -start[s])[:2]
    if winner in (a, b):
        a, b = winner, (b if winner == a else a)
    best = None
    for t, bef, aft, gone in per_turn:
        swing = (aft[a] - aft[b]) - (bef[a] - bef[b])
        if best is None or abs(swing) > abs(best[1]) + 1e-9:
            best = (t, swing, gone)
    rout = _first_rout(events, figures, sides_named)
    if best is None or abs(best[1]) < 0.5:
        return rout
    t, swing, gone = best
    up = sides_named.get(a if swing > 0 else b, a if swing > 0 else b)
    losses = (
        "; ".join(f"{sides_named.get(s, s)} lost {_listed(names)}" for s, names in sorted(gone.items()))
        or "wounds told"
    )
    text = f"turn {t}: {losses}, and the fight swung to {up}"
    return text + (f" ({rout})" if rout and rout not in text else "")
