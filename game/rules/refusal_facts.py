"""The things a refusal names, read from the state and the table where the rules refuse: who
stands in the way of a move or a charge, which obstacle blocks a line of sight, how far a spot
lies. Each ``*_refusal`` returns the ``IllegalDecision`` to raise (``refusals.refused``).
"""

from __future__ import annotations

import math

from .refusals import Cause, Thing, figure_thing, link_thing, obstacle_thing, refused, weapon_words

LEVEL_WORDS = {"deck": "on the deck", "rigging": "up in the rigging", "hold": "below decks"}


def level_thing(level: str) -> Thing:
    return Thing("level", level, LEVEL_WORDS.get(level, "on another level"))


def blockers_on_line(ctx, fid: str, x: float, y: float, cross=()) -> tuple[Thing, ...]:
    """The first figure or obstacle fid's base meets on the straight line to (x, y)."""
    finder = getattr(ctx.table, "path_blockers", None)
    if finder is None:
        return ()
    try:
        hits = finder(fid, x, y, cross=tuple(cross))
    except Exception:  # noqa: BLE001 - naming a blocker must never turn a refusal into a crash
        return ()
    figs = ctx.state.figures
    for kind, oid in hits:
        if kind == "base" and oid in figs:
            return (figure_thing(figs[oid]),)
        if kind == "obstacle":
            return (obstacle_thing(oid, ctx.table),)
    return ()


def _standing_at(ctx, fid: str, x: float, y: float, things: tuple[Thing, ...]) -> tuple[Thing, ...]:
    """The figure whose base overlaps a base of fid's at (x, y), else the line's blocker if it is a
    thing, else nothing (impassable ground, the map's edge)."""
    f = ctx.state.figures[fid]
    for g in ctx.state.figures.values():
        if (
            g.id != fid
            and g.in_play
            and g.level == f.level
            and math.hypot(g.x - x, g.y - y) < f.radius + g.radius - 0.01
        ):
            return (figure_thing(g),)
    return tuple(t for t in things if t.kind == "obstacle")[:1]


def move_refusal(ctx, fid: str, x: float, y: float, allowance: float, plan, *, cross=(), rule: str = "RNG-MOVE-1"):
    """Why no move of ``allowance`` reaches (x, y): ``plan`` is the searched path (None if none),
    its end short of (x, y) when an obstacle stops it (RNG-MOVE-2)."""
    f = ctx.state.figures[fid]
    straight = math.hypot(x - f.x, y - f.y)
    if straight > allowance + 2e-3:
        return refused(Cause.BEYOND_MOVE, who=f.name, distance=straight, limit=allowance, rule=rule)
    if plan is None:
        things = blockers_on_line(ctx, fid, x, y, cross)
        if not ctx.table.clear_at(x, y, f.radius, f.level, ignore=(fid,)):
            return refused(Cause.OCCUPIED, who=f.name, things=_standing_at(ctx, fid, x, y, things), rule=rule)
        return refused(Cause.NO_CLEAR_PATH, who=f.name, things=things, rule=rule)
    if math.hypot(plan.points[-1][0] - x, plan.points[-1][1] - y) > 2e-3:
        ob = plan.stops_at_obstacle
        if ob:
            return refused(
                Cause.CROSS_FROM_OBSTACLE, who=f.name, things=(obstacle_thing(ob, ctx.table),), rule="RNG-MOVE-2"
            )
        return refused(Cause.NO_CLEAR_PATH, who=f.name, things=blockers_on_line(ctx, fid, x, y, cross), rule=rule)
    return refused(Cause.PATH_TOO_LONG, who=f.name, distance=plan.cost, limit=allowance, rule=rule)


def contact_refusal(ctx, fid: str, foes, rule: str = "RNG-ACT-1"):
    """A move ending in contact with (or too near) ``foes``: charge instead."""
    f = ctx.state.figures[fid]
    figs = ctx.state.figures
    things = tuple(figure_thing(figs[g]) for g in foes if g in figs)[:1]
    return refused(Cause.ENDS_IN_CONTACT, who=f.name, things=things, rule=rule)


def link_refusal(ctx, fid: str, link_id: str, allowance: float):
    """A climb (ladder, hatch, shroud) this move cannot make to that spot."""
    f = ctx.state.figures[fid]
    lk = next((k for k in ctx.table.map.links if k.id == link_id), None)
    if lk is None:
        return refused(
            Cause.NOT_OFFERED, who=f.name, detail="there is no such ladder, hatch or shroud", rule="RNG-MOVE-1"
        )
    near = lk.a if lk.level_a == f.level else lk.b
    need = math.hypot(near[0] - f.x, near[1] - f.y) + lk.cost
    return refused(
        Cause.LINK_OUT_OF_REACH,
        who=f.name,
        things=(link_thing(lk),),
        distance=need if need > allowance else None,
        limit=allowance,
        rule="RNG-MOVE-1",
    )


def charge_refusal(ctx, fid: str, tid: str, reach: float, rule: str = "RNG-ACT-1", *, contact_gap: float = 0.0):
    """Why ``fid`` has no charge at ``tid`` within ``reach`` inches: another level, too far (edge
    to edge, less ``contact_gap`` — the distance a charge may end short), or blocked on the way."""
    st = ctx.state
    f, t = st.figures[fid], st.figures[tid]
    if t.level != f.level:
        return refused(Cause.OTHER_LEVEL, who=f.name, things=(figure_thing(t), level_thing(t.level)), rule=rule)
    gap = math.hypot(t.x - f.x, t.y - f.y) - f.radius - t.radius - contact_gap
    if gap > reach + 0.01:
        return refused(Cause.BEYOND_CHARGE, who=f.name, things=(figure_thing(t),), distance=gap, limit=reach, rule=rule)
    blocking = tuple(b for b in blockers_on_line(ctx, fid, t.x, t.y) if b.id != tid)
    return refused(Cause.CHARGE_BLOCKED, who=f.name, things=(figure_thing(t), *blocking), rule=rule)


def sight_refusal(ctx, fid: str, tid: str, rule: str = "GEO-LOS-1"):
    """No line of sight from fid to tid: the obstacles in the way (or the levels)."""
    st = ctx.state
    f, t = st.figures[fid], st.figures[tid]
    finder = getattr(ctx.table, "sight_blockers", None)
    obs: tuple[Thing, ...] = ()
    if finder is not None:
        try:
            obs = tuple(obstacle_thing(o, ctx.table) for o in finder(fid, tid))[:1]
        except Exception:  # noqa: BLE001 - naming a blocker must never turn a refusal into a crash
            obs = ()
    if not obs and t.level != f.level:
        return refused(Cause.OTHER_LEVEL, who=f.name, things=(figure_thing(t), level_thing(t.level)), rule=rule)
    return refused(Cause.NO_SIGHT, who=f.name, things=(figure_thing(t), *obs), rule=rule)


def range_refusal(ctx, fid: str, tid: str, weapon: str, distance: float, reach: float, rule: str):
    f, t = ctx.state.figures[fid], ctx.state.figures[tid]
    return refused(
        Cause.BEYOND_RANGE,
        who=f.name,
        things=(figure_thing(t), Thing("weapon", weapon, weapon_words(weapon))),
        distance=distance,
        limit=reach,
        rule=rule,
    )
