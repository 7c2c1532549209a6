"""The hard level's planner: the activating figure's option chosen against the enemy's reply.

Normal scores each option by what it does now (``levels.score_options``: the exact odds of a shot
or blow, the evaluation of where a move ends). The planner takes normal's best few options and
hold, sets each on the model of the table (``plan_model``: where the figure ends, whether it is in
a mêlée, its musket spent, its target's chance to be out of the fight), answers it with the
enemy's greedy reply there, adds to a charge what our figures still to act this player-turn would
bring to its mêlée, and keeps the option whose score less the reply's expected cost (at
``W_REPLY``) plus that gain is best. So hard walks out of a musket's sight or a charge's reach when
the move gains little, shoots the enemy who would hurt it most, keeps its captain out of reach,
and charges where its friends can still come. Only the activating figure's concrete option is
committed; the next question plans again, after the dice of this one.

A shot or charge that may fell the enemy's last leader gains ``HUNT`` times that chance (``hunt``:
RNG-MOR-1 breaks his side, which normal's price of one figure leaves out), and which figure acts
next (RNG-MOT-1) puts loaded shooters with a free mark before normal's front-first order
(``order``: RNG-SHOOT-3, no one shoots into the mêlées the charges would make first).

Questions it plans: an activated figure's action (RNG-ACT-1), a figure that failed its
motivation (RNG-MOT-3: hold, step back, or into cover) and which figure to activate (RNG-MOT-1),
in the systems where figures shoot and charge one by one or fight mêlée rounds of pools
(``ruleset.combat`` "pool" or "blow").
"""

from __future__ import annotations

from .plan_model import Position, TableModel, is_leader

#: questions the planner answers
PLAN_KINDS = ("action", "unmotivated")
#: systems whose outcomes the model knows (``ruleset.combat``)
PLAN_COMBAT = ("pool", "blow")
#: candidates taken from normal's ranking (hold is always one more)
TOP = 6
#: weight of the reply's expected cost against normal's score (both in evaluation units; normal's
#: evaluation already weighs a leader's exposure, and normal moves figures out of fire with nothing
#: to gain: on the same 60 boarding seeds 0.3 won 39-21, 0.5 40-20, 1.0 31-29)
W_REPLY = 0.5
#: the share of the reply's cost heeded at the turn limit by a side the clock is against
BOLD_AT_LIMIT = 0.3
#: weight of what our figures still to act bring to the mêlée a charge starts
W_REACT = 1.0
#: normal's best is kept unless another candidate is better by this much (the model is coarse)
MARGIN = 0.05
#: a normal score this far below the best is not worth modelling
SPREAD = 3.0
#: what the enemy's last leader leaving the fight is worth to us beyond the figure (RNG-MOR-1: its
#: side is broken; a side whose captain fell lost 14 of 15 boarding games), per chance of it
HUNT = 6.0
#: a loaded figure whose best shot is worth this much acts before the rest (RNG-SHOOT-3: no one
#: shoots into a mêlée, and the charges made first would lock its marks into one)
SHOT_FIRST = 0.15
#: the activation score that puts such a shooter before normal's order (its scores stay below 12)
FIRST = 20.0


def boldness(ev, turn: int) -> float:
    """How much of the reply's cost a side heeds at ``turn``: all of it, except in the second half
    of a game whose clock is against it (a limit that makes a draw, or one that gives the match to
    the enemy), where it falls to ``BOLD_AT_LIMIT`` at the limit: caution alone buys draws, and a
    side that still has everything to do must go in while it can."""
    limit = ev.turn_limit
    if not limit or ev.plan.time_is_ours or not ev.need_attack:
        return 1.0
    if not (ev.plan.time_is_theirs or ev.draw_at_limit):
        return 1.0
    late = min(1.0, max(0.0, 2.0 * turn / limit - 1.0))
    return 1.0 - (1.0 - BOLD_AT_LIMIT) * late


def plans(ctx) -> bool:
    return ctx.ask.kind in PLAN_KINDS and getattr(ctx.ruleset, "combat", "") in PLAN_COMBAT


def orders(ctx) -> bool:
    return ctx.ask.kind == "activate" and getattr(ctx.ruleset, "combat", "") in PLAN_COMBAT


def candidates(opts, scores) -> list[int]:
    order = sorted(range(len(opts)), key=lambda i: -scores[i])
    best = scores[order[0]]
    out = [i for i in order[:TOP] if scores[i] >= best - SPREAD]
    for i, d in enumerate(opts):
        if d.kind == "hold" and i not in out:
            out.append(i)
    return out


def position_after(model: TableModel, d) -> Position:
    """The model's position once option ``d`` of our figure is carried out (its expected outcome)."""
    st = model.state
    f = st.figures.get(d.figure) if d.figure else None
    moved, engaged, unloaded, alive = {}, set(), set(), {}
    if f is not None and d.x is not None and d.y is not None:
        moved[f.id] = (d.x, d.y)
    if d.kind in ("charge", "engage") and d.target and f is not None:
        engaged |= {f.id, d.target}
    if d.kind == "shoot" and f is not None and d.target in st.figures:
        t = st.figures[d.target]
        pos0 = Position(model.ctx, model.table)
        out = model.shot(pos0, f, t)[1]
        alive[t.id] = max(0.0, 1.0 - out)
        if model.ruleset.unloads(f) and d.option != "thrown_knife":
            unloaded.add(f.id)
    return Position(model.ctx, model.table, moved, engaged, unloaded, alive)


def last_leaders(model: TableModel) -> set[str]:
    """The enemy's figures each of which is its side's last leader in the fight."""
    by_side: dict[str, list[str]] = {}
    for f in model.foes:
        if is_leader(f):
            by_side.setdefault(f.side, []).append(f.id)
    return {ids[0] for ids in by_side.values() if len(ids) == 1}


def hunt(model: TableModel, d, leaders: set[str]) -> float:
    """What option ``d`` gains beyond normal's price by the chance it puts an enemy's last leader
    out of the fight (``HUNT`` times that chance): a shot's exact odds, a charge's first round."""
    if d.target not in leaders or not d.figure or d.figure not in model.state.figures:
        return 0.0
    f = model.state.figures[d.figure]
    t = model.state.figures[d.target]
    if d.kind == "shoot":
        out = model.shot(Position(model.ctx, model.table), f, t)[1]
    elif d.kind in ("charge", "engage"):
        out = model.charge(position_after(model, d), f, t, model.mine, model.foes)[1]
    else:
        return 0.0
    return HUNT * out


def order(ctx, scores) -> list[float]:
    """hard's scores of an activation question (RNG-MOT-1: which figure next): normal's order, but
    a loaded figure with a shot worth ``SHOT_FIRST`` at an enemy no one fights yet goes first, the
    best shot first (its mark's last leader counted at ``HUNT``): a charge made first would lock
    that mark into a mêlée no one may shoot into (RNG-SHOOT-3)."""
    model = TableModel(ctx)
    pos = Position(ctx, model.table)
    leaders = last_leaders(model)
    free = [e for e in model.foes if not pos.in_contact(e, model.mine)]
    out = list(scores)
    for i, d in enumerate(ctx.ask.options):
        f = model.state.figures.get(d.figure) if d.kind == "activate" and d.figure else None
        if f is None or not model.can_shoot(f, pos) or pos.in_contact(f, model.foes):
            continue
        best = 0.0
        for e in free:
            harm, gone = model.shot(pos, f, e)
            best = max(best, harm + (HUNT * gone if e.id in leaders else 0.0))
        if best >= SHOT_FIRST:
            out[i] = FIRST + best
    return out


def choose(ctx, scores) -> int:
    """The index of hard's option among ``ctx.ask.options`` given normal's ``scores``."""
    opts = ctx.ask.options
    model = TableModel(ctx)
    leaders = last_leaders(model)
    hunted = {i: hunt(model, d, leaders) for i, d in enumerate(opts)} if leaders else {}
    scores = [s + hunted.get(i, 0.0) for i, s in enumerate(scores)]
    cands = candidates(opts, scores)
    base = cands[0]
    if len(cands) < 2:
        return base
    ready = model.ready()
    w_reply = W_REPLY * boldness(ctx.ev, ctx.state.turn)
    values = {}
    for i in cands:
        d = opts[i]
        pos = position_after(model, d)
        v = scores[i] - w_reply * model.reply(pos)
        if d.figure and d.figure in pos.moved:
            v += W_REACT * model.melee_shift(pos, d.figure, ready)
        values[i] = v
    best = max(cands, key=lambda i: (values[i], -cands.index(i)))
    return best if values[best] > values[base] + MARGIN else base


def predicted(ctx, decision) -> float:
    """The model's value of the position at the end of the enemy's reply to ``decision``: the
    evaluation of where it leaves the table, less the reply's expected cost (the model check,
    tools/plan_check.py, sets it against the engine)."""
    model = TableModel(ctx)
    pos = position_after(model, decision)
    value = ctx.ev(ctx.state, pos.moved) if pos.moved else ctx.base
    for fid, a in pos.alive.items():
        f = ctx.state.figures[fid]
        value += (1.0 - a) * model.loss(f, "out") * (1.0 if f.side in ctx.ev.foes else -1.0)
    return value - model.reply(pos)
