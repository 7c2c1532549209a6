"""Putting a scenario on the table: the map, and figures deployed in their zones."""

from __future__ import annotations

import math
from dataclasses import replace

from game.rules.model import Figure, round_in
from game.scenario import ScenarioError


def tactical_map_for(scenario, tmap=None):
    from game.table import TacticalMap, load_map

    if tmap is not None:
        return tmap
    if scenario.map.startswith("open:"):
        w, h = (float(v) for v in scenario.map[5:].split("x"))
        return TacticalMap.open_ground(w, h)
    from game.table import MapError

    try:
        return load_map(scenario.map, root=getattr(scenario, "root", "") or None)
    except MapError as e:  # the scenario named first: it is the file the player gave
        err = ScenarioError(f"{scenario.path or scenario.id}: scenario.map: {e}")
        err.problems = [ScenarioError(f"{scenario.path or scenario.id}: scenario.map: {p}").args[0] for p in e.problems]
        raise err from e


def build_table(scenario, tmap=None):
    """An empty Table (no bases) for the scenario's map; clones of it carry the figures."""
    from game.table import Table

    return Table(tactical_map_for(scenario, tmap))


def deploy(table, figures: list[Figure]) -> list[Figure]:
    """Place figures given no x/y inside their deployment zone, on a grid, clear of each other.

    Deterministic: grid points in reading order, the first clear one for each figure in roster order.
    """
    from game.table.geometry import point_in_polygon

    out: list[Figure] = []
    t = table.clone()
    for f in figures:
        if not math.isnan(f.x):
            if not _clear(t, f, f.x, f.y):
                raise ScenarioError(
                    f"{f.id}: x/y: ({f.x}, {f.y}) on {f.level} is off the map, in impassable "
                    f"ground, or overlaps an obstacle or another figure"
                )
            t.place(f.id, f.x, f.y, f.radius, f.level)
            out.append(f)
    for f in figures:
        if not math.isnan(f.x):
            continue
        zone = next((fl[7:] for fl in f.flags if fl.startswith("deploy:")), f.side)
        polys = [d.points for d in table.map.deployments if d.side == zone or d.name == zone]
        if not polys:
            raise ScenarioError(f"{f.id}: deployment: no deployment zone {zone!r} on the map and no x/y given")
        placed = None
        step = f.base + 0.1
        for pts in polys:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            y = min(ys) + f.radius + 0.05
            while y <= max(ys) - f.radius and placed is None:
                x = min(xs) + f.radius + 0.05
                while x <= max(xs) - f.radius:
                    if point_in_polygon(x, y, pts) and _clear(t, f, x, y):
                        placed = (round_in(x), round_in(y))
                        break
                    x += step
                y += step
            if placed:
                break
        if placed is None:
            raise ScenarioError(f"{f.id}: deployment: no clear spot left in zone {zone!r}")
        g = replace(f, x=placed[0], y=placed[1], flags=frozenset(x for x in f.flags if not x.startswith("deploy:")))
        t.place(g.id, g.x, g.y, g.radius, g.level)
        out.append(g)
    order = {f.id: i for i, f in enumerate(figures)}
    return sorted(out, key=lambda g: order[g.id])


def _clear(table, f: Figure, x: float, y: float) -> bool:
    return table.clear_at(x, y, f.radius, f.level)


def in_named_zone(table, fid: str, name: str) -> bool:
    return name in table.zones_of(fid)


def check_zones(table, scenario) -> None:
    """Victory conditions may only name zones the map has."""
    names = {z.name for z in table.map.zones if z.name}
    for i, v in enumerate(scenario.victory):
        if v.type in ("hold_zone", "reach_zone") and v.zone not in names:
            raise ScenarioError(
                f"{scenario.path or scenario.id}: victory[{i}].zone: the map has no zone named {v.zone!r}"
            )
