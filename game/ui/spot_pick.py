"""Which rules option a click on the table takes, and which options a person can reach at all.

Pure functions over ``match`` and ``match.pending`` (no pygame): the battle screen, its preview and
the reachability test all use these, so the test measures what the screen does.

* ``listed_options`` — the options shown in the side panel's list (keys 1–9 pick the first nine).
* ``spot_candidates`` — the options a click at a table spot may take, in the order a click takes
  them (key C cycles): offered options whose destination lies within ``SNAP`` inches of the spot
  (a climb, a hatch, a crossing, a heading…) nearest first, then the free destinations the question's
  validator accepts there (a plain move, a crossing of an obstacle the figure touches).
* ``route_of`` — the path, cost and end level of a destination option, for the preview.
* ``unreachable`` — offered options no click, key or list entry produces (the sweep wants none).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.rules.decisions import Decision, IllegalDecision
from game.rules.refusals import Cause, Refusal, link_thing, obstacle_thing

#: a click within this many inches of an offered destination takes that option
SNAP = 0.3


def has_point(d: Decision) -> bool:
    return d.x is not None and d.y is not None


def option_label(d: Decision, state) -> str:
    """A readable text for a decision, in a player's words (option_words.py)."""
    from .option_words import option_words

    return option_words(d, state)


def listed_options(pending, state) -> list[tuple[str, Decision]]:
    """(text, decision) rows of the panel list: every option without a destination (those are
    chosen on the table), numbered 1–9 for the keys, the stated default marked."""
    rows: list[tuple[str, Decision]] = []
    seen: set[str] = set()
    if pending is None:
        return rows
    for d in pending.options:
        if has_point(d):
            continue
        text = option_label(d, state)
        if pending.default is not None and d == pending.default:
            text += " (auto)"
        base, k = text, 2
        while text in seen:
            text = f"{base} #{k}"
            k += 1
        seen.add(text)
        rows.append((text, d))
    return [(f"{i + 1}. {t}" if i < 9 else t, d) for i, (t, d) in enumerate(rows)]


def free_kinds(pending) -> list[str]:
    """Kinds for which any spot may be tried (the question validates destinations it did not list)."""
    if pending is None or pending.validate is None:
        return []
    kinds = [d.kind for d in pending.options if has_point(d) and d.target is None]
    if pending.kind == "action" and "move" not in kinds:
        kinds.append("move")  # an action question always validates moves (RNG-MOVE-1)
    return list(dict.fromkeys(kinds))


def free_reach(match, pending, actor: str | None) -> float | None:
    """How far (straight line, inches) a free destination can lie: the question's stated movement
    (``info`` move/move_left/allowance), else the farthest destination it offers; None if unknown."""
    info = pending.info if isinstance(pending.info, dict) else {}
    for k in ("move_left", "move", "allowance"):
        v = info.get(k)
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return float(v)
    f = match.state.figures.get(actor) if actor else None
    if f is None:
        return None
    far = [math.hypot(d.x - f.x, d.y - f.y) for d in pending.options if has_point(d) and d.figure == actor]
    return max(far) + 0.5 if far else None


def crossing_options(pending) -> list[str]:
    """The obstacles the question's ``cross`` options name (a free crossing names the same)."""
    return list(dict.fromkeys(d.label for d in pending.options if d.option == "cross" and d.label and has_point(d)))


def spot_candidates(
    match, pending, actor: str | None, wx: float, wy: float, *, free: bool = True
) -> tuple[list[Decision], str]:
    """The options a click at (wx, wy) may take, first the one a click takes; and, when none is
    legal, the rules' reason in words for the plain destination (``spot_verdict``)."""
    out, why = spot_verdict(match, pending, actor, wx, wy, free=free)
    return out, "" if why is None else why.words()


def spot_verdict(
    match, pending, actor: str | None, wx: float, wy: float, *, free: bool = True
) -> tuple[list[Decision], Refusal | None]:
    """``spot_candidates`` with the rules' typed refusal (``refusals.Refusal``) instead of its words."""
    if pending is None:
        return [], None
    if moving_unit(pending) is not None:
        return unit_verdict(match, pending, wx, wy, free=free)
    near = []
    for d in pending.options:
        if not has_point(d) or (actor is not None and d.figure not in (None, actor)):
            continue
        dist = math.hypot(d.x - wx, d.y - wy)
        if dist <= SNAP:
            near.append((dist, d))
    near.sort(key=lambda t: t[0])
    out = [d for _, d in near]
    why: Refusal | None = None
    if free and actor is not None:
        x, y = round(wx, 2), round(wy, 2)
        reach = free_reach(match, pending, actor)
        f = match.state.figures.get(actor)
        if f is not None and reach is not None and math.hypot(x - f.x, y - f.y) > reach + 0.01:
            # a path is never shorter than the straight line: no search needed to refuse this spot
            # (the words and cause move_refusal gives a spot beyond the allowance)
            far = Refusal(
                Cause.BEYOND_MOVE, f.name, distance=math.hypot(x - f.x, y - f.y), limit=reach, rule="RNG-MOVE-1"
            )
            return out, None if out else far
        # a group's move (INI-SEQ-2) names the group as its option
        group = "group" if isinstance(pending.info, dict) and pending.info.get("group") is True else None
        for kind in free_kinds(pending):
            for opt in [None] + (crossing_options(pending) if kind == "move" else []):
                d = Decision(kind, figure=actor, x=x, y=y, option=opt and "cross" or group, label=opt)
                if d in out or any(o.kind == kind and (o.option, o.label) == (d.option, opt) for o in out):
                    continue
                try:
                    pending.check(d)
                except IllegalDecision as e:
                    if opt is None and why is None:
                        why = e.refusal
                    continue
                except Exception:  # noqa: BLE001 - a preview must never crash the screen
                    why = why or Refusal(Cause.NOT_ALLOWED, detail="that spot cannot be checked")
                    continue
                out.append(d)
    if out:
        why = None
    return out, why


#: a click within this many inches of where an offered unit move takes the unit's centre takes it
UNIT_SNAP = 0.4


def moving_unit(pending) -> str | None:
    """The unit a close-combat action question moves (its options carry a vector, not a spot)."""
    info = pending.info if pending is not None and isinstance(pending.info, dict) else {}
    u = info.get("unit")
    return u if isinstance(u, str) and info.get("pieces") and pending.kind == "action" else None


def unit_centre(match, pending) -> tuple[float, float] | None:
    """The centre of the unit's pieces that a move carries (those free of locks), else of all."""
    info = pending.info
    st = match.state
    ids = [p for p in info.get("pieces", ()) if p in st.figures and st.figures[p].in_play]
    locks = info.get("locks") or {}
    dis = set(info.get("disrupted") or ())
    free = [p for p in ids if not locks.get(p) and p not in dis] or ids
    if not free:
        return None
    return (sum(st.figures[p].x for p in free) / len(free), sum(st.figures[p].y for p in free) / len(free))


def unit_verdict(match, pending, wx: float, wy: float, *, free: bool = True) -> tuple[list[Decision], Refusal | None]:
    """The unit moves a click at (wx, wy) may take: the offered ones that carry the unit's centre
    within UNIT_SNAP of the spot, then the vector to the spot itself if the rules accept it."""
    u = moving_unit(pending)
    c = unit_centre(match, pending)
    if u is None or c is None:
        return [], None
    cx, cy = c
    near = []
    for d in pending.options:
        if d.kind == "move" and d.option == u and has_point(d):
            dist = math.hypot(cx + d.x - wx, cy + d.y - wy)
            if dist <= UNIT_SNAP:
                near.append((dist, d))
    out = [d for _, d in sorted(near, key=lambda t: t[0])]
    why: Refusal | None = None
    if free and pending.validate is not None:
        d = Decision("move", x=round(wx - cx, 3), y=round(wy - cy, 3), option=u)
        if d not in out:
            try:
                pending.check(d)
                out.append(d)
            except IllegalDecision as e:
                why = e.refusal
            except Exception:  # noqa: BLE001 - a preview must never crash the screen
                why = Refusal(Cause.NOT_ALLOWED, detail="that spot cannot be checked")
    return out, None if out else why


@dataclass
class Route:
    """What the preview draws for a destination option."""

    points: tuple
    cost: float
    level: str
    what: str  # "move", "climb (ladder L1)", "hatch h1", "cross rail r2"…


def link_of(match, link_id: str):
    return next((k for k in match.table.map.links if k.id == link_id), None)


def route_of(match, d: Decision) -> Route | None:
    """The path the rules would take for ``d`` (a preview: the same table queries the rules use)."""
    t = match.table
    fid = d.figure
    f = match.state.figures.get(fid) if fid else None
    if f is None or not has_point(d):
        return None
    try:
        if d.option == "climb" and d.label:
            lk = link_of(match, d.label)
            if lk is None:
                return None
            near, far = (lk.a, lk.b) if lk.level_a == f.level else (lk.b, lk.a)
            plan = t.path_cost(fid, [(f.x, f.y), near, far])
            if plan is None or plan.stops_at_obstacle:
                walk = t.plan_path(fid, near[0], near[1], level=f.level)
                plan = t.path_cost(fid, [*walk.points, far]) if walk is not None else None
            other = lk.level_b if lk.level_a == f.level else lk.level_a
            kind = "through the" if lk.kind == "hatch" else "climb the"
            what = f"{kind} {link_thing(lk).name}" + (" — goes below" if other == "hold" else "")
            if plan is None:
                return Route(((f.x, f.y), near, far), math.hypot(near[0] - f.x, near[1] - f.y) + lk.cost, other, what)
            return Route(plan.points, plan.cost, plan.level or other, what)
        cross = (d.label,) if d.option == "cross" and d.label else ()
        plan = t.path_cost(fid, [(f.x, f.y), (d.x, d.y)], cross=cross)
        if plan is None or math.hypot(plan.points[-1][0] - d.x, plan.points[-1][1] - d.y) > 2e-3:
            plan = t.plan_path(fid, d.x, d.y, cross=cross)
        if plan is None:
            return None
        what = f"cross the {obstacle_thing(cross[0], t).name}" if cross else d.kind.replace("_", " ")
        if d.option and not cross:
            what += f" ({d.option.replace('_', ' ')})"
        return Route(plan.points, plan.cost, plan.level or f.level, what)
    except Exception:  # noqa: BLE001 - a preview must never crash the screen
        return None


def targeted(pending, actor: str | None, fid: str) -> list[Decision]:
    """Options naming ``fid`` as their target: a click on that figure offers them."""
    from .targeting import options_on

    return options_on(pending, actor, fid)


def acting_figure(pending, selected: str | None = None) -> str | None:
    """The figure whose destinations a table click chooses: the question's own, else the one figure
    its options name, else the figure the player selected."""
    if pending is None:
        return None
    fid = pending.info.get("figure") if isinstance(pending.info, dict) else None
    if fid:
        return fid
    figs = {d.figure for d in pending.options if d.figure}
    if len(figs) == 1:
        return next(iter(figs))
    return selected


def unreachable(match, selected: str | None = None) -> list[Decision]:
    """Offered options that no list row, figure click or table click (with C cycling) produces,
    with the screen's own choice of acting figure."""
    p = match.pending
    if p is None:
        return []
    actor = acting_figure(p, selected)
    listed = {d for _, d in listed_options(p, match.state)}
    out = []
    for d in p.options:
        if d in listed:
            continue
        if d.target and d in targeted(p, actor, d.target):
            continue
        if has_point(d):
            x, y = d.x, d.y
            if moving_unit(p) is not None and d.option == moving_unit(
                p
            ):  # a unit's vector: the spot its centre goes to
                c = unit_centre(match, p)
                x, y = (x + c[0], y + c[1]) if c is not None else (x, y)
            cands, _ = spot_candidates(match, p, actor, x, y, free=False)
            if d in cands:
                continue
        out.append(d)
    return out
