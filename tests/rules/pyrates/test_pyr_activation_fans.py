"""The activation step's fans of straight lines and batched checks agree with the one-by-one
computations they replace (RNG-MOVE-1/2, RNG-MOT-3, PYR-ENG-3, SCN-ALARM-1)."""

from __future__ import annotations

import math
import random

from flow_helpers import random_ctx

from game.rules.model import round_in
from game.rules.pyrates import moves


def reference_move_options(preset, ctx, fid):
    """PyratesPreset.move_options as first written: every target measured and checked in turn."""
    from game.rules.decisions import Decision
    from game.rules.pyrates.engage import nearest_enemy
    from game.rules.pyrates.preset import _MOVE_UNITS
    from game.rules.turns import MOVE_HEADINGS

    f = ctx.fig(fid)
    allowance = preset.move_allowance(ctx, fid)
    out, seen, targets = [], set(), []
    for frac in (1.0, 0.5):
        dist = allowance * frac
        for c, s in _MOVE_UNITS:
            targets.append((f.x + dist * c, f.y + dist * s))
    e, d0 = nearest_enemy(ctx.state, fid)
    if e is not None and d0 > 0.6:
        g = ctx.fig(e)
        cd = math.hypot(g.x - f.x, g.y - f.y)
        step = min(allowance, max(0.0, d0 - 0.5))
        targets.insert(0, (f.x + (g.x - f.x) / cd * step, f.y + (g.y - f.y) / cd * step))
    lo = f.radius + 0.01
    hi_x, hi_y = ctx.table.width - f.radius - 0.01, ctx.table.height - f.radius - 0.01
    for x, y in targets:
        x, y = min(max(x, lo), hi_x), min(max(y, lo), hi_y)
        plan = moves.straight(ctx, fid, x, y)
        if plan is None or plan.cost > allowance + 1e-9:
            continue
        ex, ey = plan.points[-1]
        if math.hypot(ex - f.x, ey - f.y) < 0.05 or (ex, ey) in seen or moves.enemy_contact_at(ctx, fid, ex, ey):
            continue
        again = plan if (ex, ey) == (x, y) else moves.straight(ctx, fid, ex, ey)
        if again is None or math.hypot(again.points[-1][0] - ex, again.points[-1][1] - ey) > 2e-3:
            continue
        seen.add((ex, ey))
        out.append(Decision("move", figure=fid, x=ex, y=ey))
    if not out:  # RNG-MOVE-1 hemmed in by friends: routed moves (hemmed.py)
        from game.rules.pyrates.hemmed import routed_moves

        out += routed_moves(ctx, fid, allowance)
    for ob in ctx.table.touching_obstacles(fid):
        if ob.kind != "linear" or preset._defended(ctx, fid, ob.id):
            continue
        half = allowance / 2
        for h in MOVE_HEADINGS:
            x, y = f.x + half * math.cos(math.radians(h)), f.y + half * math.sin(math.radians(h))
            plan = ctx.table.path_cost(fid, [(f.x, f.y), (x, y)], cross=[ob.id])
            if plan is None or plan.cost > half + 1e-9 or plan.stops_at_obstacle:
                continue
            ex, ey = plan.points[-1]
            if moves.enemy_contact_at(ctx, fid, ex, ey) or (ex, ey) in seen:
                continue
            seen.add((ex, ey))
            out.append(Decision("move", figure=fid, x=ex, y=ey, option=f"cross:{ob.id}"))
    return out


def test_move_options_measured_by_fans_match_the_targets_measured_one_by_one():
    """RNG-MOVE-1/2: the options (and their order) of ``move_options``, which measures its straight
    lines in two fans and tests each end once, are those of the target-by-target loop — with and
    without a rail (where the table measures each line alone), crowded or not."""
    from game.rules.pyrates.preset import _MOVE_UNITS, PyratesPreset

    preset = PyratesPreset()
    rng = random.Random(13)
    kinds = set()
    for rail in (True, False):
        for _ in range(40):
            ctx = random_ctx(rng, rail=rail)
            if rail and rng.random() < 0.5:  # one against the rail, to cross it
                ctx.change("A0", x=11.4, y=round(rng.uniform(3, 7), 3))
                ctx.table.place("A0", 11.4, ctx.fig("A0").y, ctx.fig("A0").radius, "deck")
            if rng.random() < 0.5:  # an enemy just touching (or just not) where a move of A0's ends
                a, b = ctx.fig("A0"), ctx.fig("B0")
                c, s = rng.choice(_MOVE_UNITS)
                reach = (
                    preset.move_allowance(ctx, "A0") * rng.choice([1.0, 0.5])
                    + a.radius
                    + b.radius
                    + rng.choice([0.0, 0.015, 0.03])
                )
                x, y = round(a.x + reach * c, 3), round(a.y + reach * s, 3)
                ctx.change("B0", x=x, y=y)
                ctx.table.place("B0", x, y, b.radius, "deck")
            for fid in ctx.state.figures:
                got = preset.move_options(ctx, fid)
                want = reference_move_options(preset, ctx, fid)
                assert got == want
                kinds |= {(d.option or "")[:5] for d in got}
                kinds.add(len(got) < 17)
                refused = len({(d.x, d.y) for d in want}) < len({(d.x, d.y) for d in got_all(preset, ctx, fid)})
                kinds.add("contact" if refused else "free")
    # crossing moves, some targets refused, some ends refused for an enemy's contact
    assert kinds == {"", "cross", True, False, "contact", "free"}


def got_all(preset, ctx, fid):
    """move_options with enemy contact allowed anywhere (to tell which ends contact refused)."""
    from unittest import mock

    with (
        mock.patch.object(moves, "contact_in", lambda *a: []),
        mock.patch("game.rules.pyrates.preset.contact_in", lambda *a: []),
    ):
        return preset.move_options(ctx, fid)


def test_ready_figures_are_those_can_activate_accepts():
    """PYR-ENG-3, SCN-ALARM-1: ``ready`` (one engagements lookup for all) keeps exactly the figures
    ``can_activate`` accepts one by one, in order — engaged, disarmed, captive and asleep ones out."""
    from game.rules.model import Status
    from game.rules.pyrates.engage import engagements_of
    from game.rules.pyrates.preset import PyratesPreset

    preset = PyratesPreset()
    rng = random.Random(17)
    dropped = set()
    for _ in range(60):
        ctx = random_ctx(rng)
        ids = list(ctx.state.figures)
        for fid in rng.sample(ids, min(2, len(ids))):
            ctx.change(fid, status=rng.choice([Status.DISARMED, Status.CAPTIVE, Status.WOUNDED]))
        ctx.state.data["asleep"] = rng.sample(ids, rng.randrange(0, 3))
        figs = list(ctx.state.figures.values())
        got = preset.ready(ctx, figs)
        assert got == [f for f in figs if preset.can_activate(ctx, f)]
        eng = engagements_of(ctx)
        dropped |= {"engaged" if eng.engaged(f.id) else "other" for f in figs if f not in got}
    assert dropped == {"engaged", "other"}


def reference_retreat_options(ctx, fid):
    """unmotivated.retreat_options as first written: each retreat measured alone, the nearest enemy
    looked for among every figure."""
    from game.rules.decisions import Decision
    from game.rules.pyrates.engage import nearest_enemy
    from game.rules.pyrates.unmotivated import RETREAT

    st = ctx.state
    f = st.figures[fid]
    e, d0 = nearest_enemy(st, fid)
    if e is None:
        return []
    g = st.figures[e]
    away = math.degrees(math.atan2(f.y - g.y, f.x - g.x))
    out = []
    for off in (0, 45, -45):
        a = math.radians(away + off)
        x, y = round_in(f.x + RETREAT * math.cos(a)), round_in(f.y + RETREAT * math.sin(a))
        plan = moves.straight(ctx, fid, x, y)
        if plan is None or plan.stops_at_obstacle or plan.cost > RETREAT + 1e-6:
            continue
        if math.hypot(plan.points[-1][0] - x, plan.points[-1][1] - y) > 2e-3:
            continue
        if nearest_enemy(st, fid, x, y)[1] <= d0 + 1e-6:
            continue
        out.append(Decision("retreat", figure=fid, x=x, y=y))
    return out


def test_retreat_options_measured_as_a_fan_match_the_retreats_measured_alone():
    """RNG-MOT-3: the three retreats, measured in one fan with the nearest enemy sought among the
    enemies only, are those measured one by one (with and without a rail; some refused)."""
    from game.rules.model import Status
    from game.rules.pyrates.unmotivated import retreat_options

    rng = random.Random(19)
    sizes = set()
    for rail in (True, False):
        for _ in range(40):
            ctx = random_ctx(rng, rail=rail)
            if rng.random() < 0.3:  # an enemy out of play is no nearest enemy
                ctx.change("B0", status=Status.FLED)
            for fid in ctx.state.figures:
                got = retreat_options(ctx, fid)
                assert got == reference_retreat_options(ctx, fid)
                sizes.add(len(got))
    assert {0, 3} <= sizes and len(sizes) >= 3
