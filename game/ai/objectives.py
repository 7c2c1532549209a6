"""What each side is playing for, read from the scenario's victory conditions.

``Plan`` is computed once per (scenario, table, side) and tells the evaluation and the scorers:
the points a side must reach (zones it must hold, the colours, a figure to capture), the points it
must guard (the same things seen from the other side), and whether time works for it
(``turn_limit``). Everything here is public: the scenario and the map.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field


def table_map(table):
    """The TacticalMap behind a Table (``tmap`` or ``map``, whichever the table offers)."""
    return getattr(table, "tmap", None) or getattr(table, "map", None)


def zone_points(table, name: str) -> list[tuple[tuple[float, float], tuple]]:
    """(centroid, polygon) of every zone object named ``name`` on the table's map."""
    tm = table_map(table)
    if tm is None or not name:
        return []
    out = []
    try:
        zones = tm.zones_named(name)
    except AttributeError:
        zones = [z for z in getattr(tm, "zones", ()) if getattr(z, "name", "") == name]
    for z in zones:
        pts = tuple(z.points)
        if not pts:
            continue
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        out.append(((cx, cy), pts))
    return out


def inside(x: float, y: float, poly) -> bool:
    """Point in polygon (even-odd rule)."""
    n = len(poly)
    c = False
    j = n - 1
    for i in range(n):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / ((yj - yi) or 1e-12) + xi:
            c = not c
        j = i
    return c


@dataclass
class Goal:
    """One thing to reach or to guard."""

    kind: str
    """hold_zone, reach_zone, colours, capture."""
    side: str
    """Side that wins by it."""
    points: list = field(default_factory=list)
    """(centroid, polygon) pairs for zone goals."""
    figure: str = ""
    """capture: the figure to take."""
    turns: int = 1
    """hold_zone: game-turn ends needed."""
    zone: str = ""
    count: int = 1
    """reach_zone: figures that must stand in the zone (all of them count, not only three)."""


@dataclass
class Plan:
    """A side's reading of the victory conditions."""

    side: str
    attack: list[Goal]
    """Goals this side wins by (other than rout)."""
    guard: list[Goal]
    """Goals the enemy wins by, which this side must deny."""
    time_is_ours: bool
    """A turn_limit condition names this side: running out the clock wins."""
    time_is_theirs: bool
    """A turn_limit condition names an enemy: this side must act before the limit."""
    rout_for: set
    """Sides that win by routing their enemies."""
    rout_below: dict
    """Side → the fraction at which it routs its enemies."""


def plan_for(scenario, table, state, side: str) -> Plan:
    foes = set(state.enemies_of(side))
    attack: list[Goal] = []
    guard: list[Goal] = []
    time_ours = time_theirs = False
    rout_for, rout_below = set(), {}
    for c in getattr(scenario, "victory", ()) or ():
        mine = c.side == side
        if not mine and c.side not in foes:
            continue
        if c.type == "hold_zone":
            g = Goal("hold_zone", c.side, zone_points(table, c.zone), turns=max(1, int(c.turns or 1)), zone=c.zone)
        elif c.type == "reach_zone":
            g = Goal("reach_zone", c.side, zone_points(table, c.zone), zone=c.zone, count=max(1, int(c.count or 1)))
        elif c.type == "strike_colours":
            g = Goal("colours", c.side, zone_points(table, c.zone), zone=c.zone)
        elif c.type == "capture":
            g = Goal("capture", c.side, figure=c.figure)
        elif c.type == "turn_limit":
            if mine:
                time_ours = True
            else:
                time_theirs = True
            continue
        elif c.type == "rout":
            rout_for.add(c.side)
            rout_below[c.side] = float(c.below or 0.0)
            continue
        else:
            continue
        if g.kind != "capture" and not g.points:
            if g.kind in ("hold_zone", "reach_zone"):
                continue  # a zone the map does not have: nothing to walk to
        (attack if mine else guard).append(g)
    return Plan(side, attack, guard, time_ours, time_theirs, rout_for, rout_below)


def goal_point(goal: Goal, state, near: tuple[float, float] | None = None):
    """Where a goal is now: the nearest zone centroid, or the capture target's position."""
    if goal.kind == "capture":
        f = state.figures.get(goal.figure)
        if f is None or not f.in_play:
            return None
        return (f.x, f.y)
    if not goal.points:
        return None
    if near is None or len(goal.points) == 1:
        return goal.points[0][0]
    return min((p[0] for p in goal.points), key=lambda c: math.hypot(c[0] - near[0], c[1] - near[1]))
