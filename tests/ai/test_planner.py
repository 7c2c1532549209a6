"""The hard level's model of the table (game/ai/plan_model.py) and its planner (game/ai/planner.py):
the enemy's reply costs more where a figure stands in a loaded musket's sight, a last leader's fall
weighs the stake, the mêlée a charge starts gains by our figures still to act coming to it, and
hard's choices stay within normal's best few."""

from __future__ import annotations

import math

import pytest

from game.ai import planner
from game.ai.controller import make_controller
from game.ai.levels import Ctx, score_options
from game.ai.plan_model import STAKE, Position, TableModel
from game.ai.scripted import PublicMatch
from game.match.match import Match

from .conftest import ROOT, playable


def _ctx(m, ctl):
    ask = m.pending
    view = PublicMatch(m, ask.side)
    return Ctx(view, ask, ctl.evaluator(view, ask.side), ctl.rng)


def _action_at(seed: int, turn: int = 2):
    """A boarding game played by normal up to an activated figure's action at ``turn`` or later."""
    sc = playable(ROOT / "maps" / "boarding_action.toml")
    m = Match(sc, seed=seed)
    ctl = make_controller("normal", seed)
    while not m.over:
        p = m.pending
        if p.kind == "action" and m.state.turn >= turn and len(p.options) > 2:
            return m, ctl
        m.apply(ctl.decide(m))
    pytest.skip("the game ended first")


def _shooter_and_mark(model):
    """A loaded enemy musket and one of our figures it can shoot at where they stand."""
    pos = Position(model.ctx, model.table)
    for e in model.foes:
        if model.can_shoot(e, pos):
            for t in model.mine:
                if model.shot(pos, e, t)[0] > 0 and t.id != model.last_leader:
                    return e, t
    return None, None


def test_reply_costs_a_figure_more_in_a_loaded_musket_s_sight_than_out_of_it():
    """The greedy enemy shoots someone either way (the total may not drop: its next best mark
    may be dearer), but what falls on the figure that left its sight does."""
    for seed in range(1, 8):
        m, ctl = _action_at(seed)
        model = TableModel(_ctx(m, ctl))
        e, t = _shooter_and_mark(model)
        if e is None:
            continue
        here = model.reply_on(Position(model.ctx, model.table)).get(t.id, 0.0)
        # the same figure stood far behind its own lines, out of every musket's range
        far = max(
            ((x, y) for x in (1.0, model.table.width - 1.0) for y in (1.0, model.table.height - 1.0)),
            key=lambda p: min(math.hypot(p[0] - g.x, p[1] - g.y) for g in model.foes),
        )
        away = Position(model.ctx, model.table, moved={t.id: far})
        assert model.shot(away, e, t) == (0.0, 0.0)
        assert here > 0.0
        assert model.reply_on(away).get(t.id, 0.0) < here
        return
    pytest.skip("no loaded musket had a mark in these games")


def test_a_last_leader_s_fall_costs_the_stake():
    m, ctl = _action_at(3)
    model = TableModel(_ctx(m, ctl))
    assert model.last_leader is not None
    lead = model.state.figures[model.last_leader]
    assert model.loss(lead, "out") == pytest.approx(model.ctx.loss(lead, "out") + STAKE)
    other = next(f for f in model.mine if f.id != lead.id)
    assert model.loss(other, "out") == pytest.approx(model.ctx.loss(other, "out"))


def test_our_figures_still_to_act_raise_the_charge_s_round():
    """The plan counts the figures of ours still to act within a move of the mêlée a charge
    starts (each at its chance to act and to choose it): none, no gain; one near, a gain."""
    m, ctl = _action_at(2)
    model = TableModel(_ctx(m, ctl))
    me = next(f for f in model.mine if f.id == m.pending.info.get("figure"))
    foe = min(model.foes, key=lambda g: math.hypot(g.x - me.x, g.y - me.y))
    spot = (foe.x + foe.radius + me.radius, foe.y)
    pal = next(f for f in model.mine if f.id != me.id and f.level == foe.level and f.move > 1.0)
    near = (foe.x + foe.radius + me.radius, foe.y + 2 * me.radius + pal.radius + 0.5)
    pos = Position(model.ctx, model.table, moved={me.id: spot, pal.id: near}, engaged={me.id, foe.id})
    assert pos.in_contact(me, model.foes)
    assert model.melee_shift(pos, me.id, set()) == 0.0
    assert model.melee_shift(pos, me.id, {pal.id}) > 0.0


def test_hard_chooses_among_normal_s_best_few_or_hold():
    seen = 0
    for seed in (1, 2, 3):
        m, ctl = _action_at(seed)
        ctx = _ctx(m, ctl)
        scores = score_options("normal", ctx)
        i = planner.choose(ctx, scores)
        assert i in planner.candidates(ctx.ask.options, scores)
        seen += 1
    assert seen == 3


def _question_at(kind: str, want, seeds=range(1, 30)):
    """The first question of ``kind`` in boarding games played by normal where ``want(m, ctl)``."""
    sc = playable(ROOT / "maps" / "boarding_action.toml")
    for seed in seeds:
        m = Match(sc, seed=seed)
        ctl = make_controller("normal", seed)
        while not m.over and m.state.turn <= 8:
            if m.pending.kind == kind and want(m, ctl):
                return m, ctl
            m.apply(ctl.decide(m))
    pytest.skip(f"no {kind} question of that sort in these games")


def test_hunt_prices_a_shot_at_the_enemy_s_last_leader_by_its_chance_to_fell_him():
    """RNG-MOR-1: the enemy's last leader leaving the fight breaks its side; hard adds ``HUNT``
    times the shot's exact chance of that to normal's price, and nothing to a shot at anyone else."""

    def leader_shot(m, ctl):
        model = TableModel(_ctx(m, ctl))
        leaders = planner.last_leaders(model)
        return any(d.kind == "shoot" and d.target in leaders for d in m.pending.options)

    m, ctl = _question_at("action", leader_shot)
    model = TableModel(_ctx(m, ctl))
    leaders = planner.last_leaders(model)
    assert len(leaders) == 1
    pos = Position(model.ctx, model.table)
    for d in m.pending.options:
        if d.kind != "shoot":
            continue
        f, t = model.state.figures[d.figure], model.state.figures[d.target]
        want = planner.HUNT * model.shot(pos, f, t)[1] if t.id in leaders else 0.0
        assert planner.hunt(model, d, leaders) == pytest.approx(want)
    lead = next(d for d in m.pending.options if d.kind == "shoot" and d.target in leaders)
    assert planner.hunt(model, lead, leaders) > 0.0


def test_a_loaded_figure_with_a_free_mark_is_activated_before_the_charges():
    """RNG-SHOOT-3: no one shoots into a mêlée, so hard activates a loaded figure that has a shot
    worth ``SHOT_FIRST`` at an enemy no one fights yet before normal's front-first order, whose
    charges would lock that enemy into a mêlée."""

    def shooter_ready(m, ctl):
        ctx = _ctx(m, ctl)
        scores = score_options("normal", ctx)
        return max(planner.order(ctx, scores)) >= planner.FIRST

    m, ctl = _question_at("activate", shooter_ready)
    ctx = _ctx(m, ctl)
    scores = score_options("normal", ctx)
    ranked = planner.order(ctx, scores)
    first = ctx.ask.options[max(range(len(ranked)), key=ranked.__getitem__)]
    model = TableModel(ctx)
    pos = Position(ctx, model.table)
    shooter = model.state.figures[first.figure]
    assert model.can_shoot(shooter, pos)
    free = [e for e in model.foes if not pos.in_contact(e, model.mine)]
    assert max(model.shot(pos, shooter, e)[0] for e in free) > 0.0
    hard = make_controller("hard", 5)
    assert hard.decide(m) == first
