"""PRE-INI-1 ``seize`` step: INI-SEIZE-1..5 seizing the initiative, INI-ORD-1 order cards, INI-MEL-2."""

from __future__ import annotations

import math

from game.rules.decisions import Decision
from game.rules.events import Note
from game.rules.flow import Ctx, Flow, ask
from game.rules.model import round_in
from game.rules.rangers import destinations as D
from game.rules.rangers import flowkit as K
from game.rules.rangers.actions import HAND_COMBAT_RANGE, is_firearm
from game.rules.rangers.events import ActionTaken
from game.rules.rangers.turns import MEASURE_TOLERANCE

from ..counting import agreeing
from .config import initiative_config
from .orders import order_actors, order_bonus, parse_objective
from .rates import rng_base_rate, rng_leadership
from .reactions_flow import IniReactionsFlow
from .seize import (
    automatic_break_off,
    can_nominate,
    counters_after_seize_attempt,
    roll_seize,
    tactical_factors,
    within_medium_range,
)
from .sequence import after_seize
from .state import ini_state


class IniSeizeFlow(IniReactionsFlow):
    """The initiative preset's ``seize`` step."""

    # -- INI-SEIZE ------------------------------------------------------------------------------------------
    def seize_options(self, ctx: Ctx, side: str) -> list[Decision]:
        st = ctx.state
        opts = [Decision("decline")]
        cards = self.cards(ctx, side)
        for f in st.in_play(side):
            try:
                rate = rng_base_rate(f.type, f.traits)
            except ValueError:
                continue
            if not can_nominate(rate):
                continue
            fid = f.id
            eng = K.engaged(ctx, fid)
            opts.append(Decision("seize", figure=fid, option="move"))
            if eng:
                opts.append(Decision("seize", figure=fid, option="melee"))
            else:
                for e in K.foes_of(ctx, fid):  # INI-SEIZE-2: offered where the +2 would be given
                    if D.contact_points(ctx, fid, e.id, f.move, limit=1):
                        opts.append(Decision("seize", figure=fid, option="engage", target=e.id))
            if f.missile:
                if is_firearm(f.missile) and not f.loaded:
                    opts.append(Decision("seize", figure=fid, option="load"))
                for e, _s in K.shot_targets(ctx, fid):
                    opts.append(Decision("seize", figure=fid, option="shoot", target=e.id))
            if f.is_leader and self.tome_answers(ctx, fid):
                opts.append(Decision("seize", figure=fid, option="tome"))
            for c in cards:
                if fid in c.figures and self.card_live(ctx, c, side):
                    opts.append(Decision("seize", figure=fid, option="order", label=c.id))
        return opts

    def seize_factors(self, ctx: Ctx, fid: str, d: Decision) -> tuple[int, int, int, list[str]]:
        """INI-SEIZE-1/2: (base rate, leadership, tactical factors, readable reasons)."""
        st = ctx.state
        f = ctx.fig(fid)
        rate = rng_base_rate(f.type, f.traits)
        lead = rng_leadership(f.traits)
        decl = d.option or ""
        reasons = []
        can_engage = reach = can_shoot = False
        out_of_los = False
        card_bonus = 0
        target = st.figures.get(d.target or "")
        if decl == "engage" and target is not None:
            can_engage = bool(D.contact_points(ctx, fid, target.id, f.move, limit=1))
            out_of_los = not ctx.table.line_of_sight(fid, target.id).clear
        elif decl == "shoot" and target is not None:
            s = ctx.table.line_of_sight(fid, target.id)
            can_shoot = s.clear and within_medium_range(s.distance) and K.can_shoot(f)
        elif decl == "melee":
            can_engage = True
        elif decl == "order":
            cid = d.option_label
            card = next((c for c in self.cards(ctx, f.side) if c.id == cid), None)
            if card is not None and self.card_live(ctx, card, f.side):
                card_bonus = order_bonus(card, fid, card.objective, self.conditions(ctx), initiative_config(st))
                o = parse_objective(card.objective)
                if o.kind == "enemy" and o.target in st.figures and st.figures[o.target].in_play:
                    can_engage = bool(D.contact_points(ctx, fid, o.target, f.move, limit=1))
                    out_of_los = not ctx.table.line_of_sight(fid, o.target).clear
                elif o.kind == "place":
                    c = self._place_centre(ctx, o.target)
                    if c is not None:
                        reach = D.within_one_move(ctx, fid, c[0], c[1], f.move, level=c[2])
        eng = K.engaged(ctx, fid)
        brk = automatic_break_off(
            [ctx.table.obstacle_between(fid, e.id) is not None for e in K.foes_within(ctx, fid, HAND_COMBAT_RANGE)]
        )
        counters = ini_state(st).counters.get(f.side, 0)
        config = initiative_config(st)
        fac = tactical_factors(
            config,
            can_engage=can_engage,
            can_reach_objective=reach,
            can_shoot_within_medium=can_shoot,
            shooting_counters=counters,
            destination_out_of_los=out_of_los,
            engaged=eng,
            can_break_off=brk,
            order_card=card_bonus,
        )
        if can_engage or reach or can_shoot:
            reasons.append("+2 can engage/reach/shoot")
        if counters:
            reasons.append(f"+{config.counter_bonus * counters} counters")
        if out_of_los:
            reasons.append("−2 out of sight")
        if eng and not brk:
            reasons.append("−4 engaged")
        if card_bonus:
            reasons.append(f"+{card_bonus} order card")
        return rate, lead, fac, reasons

    def _place_centre(self, ctx: Ctx, name: str) -> tuple[float, float, str | None] | None:
        """An order's place: the centre of the zone so named and the level it lies on."""
        tmap = getattr(ctx.table, "map", None)
        zs = tmap.zones_named(name) if tmap is not None else []
        if not zs:
            return None
        pts = zs[0].points
        return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts), zs[0].level)

    def phase_seize(self, ctx: Ctx) -> Flow:
        """INI-SEIZE-1..5: the passive side nominates a figure and declares its action, then rolls
        1d20 + leadership + factors ≥ base rate; counters are spent; natural 1–3 → INI-MEL-2 first;
        success → the nominee acts at once and its side becomes active."""
        st = ctx.state
        t = self.ini(ctx)
        side = t.passive
        st.phase = "act"
        if st.claim is not None or not st.in_play(side) or not st.in_play(t.active):
            return
        opts = self.seize_options(ctx, side)
        if len(opts) == 1:
            return
        d = yield ask(
            side,
            "seize",
            f"{st.side(side).name}: try to seize the initiative?",
            opts,
            default=self.default_seize(ctx, opts),
            info={"orders": list(ini_state(st).orders.get(side, [])), "counters": ini_state(st).counters.get(side, 0)},
            rule="INI-SEIZE-1",
        )
        if d.kind == "decline":
            ctx.emit(Note(rule="INI-SEIZE-1", message=agreeing(st.side(side).name, "makes", "make") + " no attempt"))
            return
        fid = d.figure_id
        rate, lead, fac, reasons = self.seize_factors(ctx, fid, d)
        counters = ini_state(st).counters
        counters[side] = counters_after_seize_attempt(counters.get(side, 0))
        ctx.emit(
            ActionTaken(
                rule="INI-SEIZE-1",
                figure=fid,
                action="seize",
                target=d.target or "",
                detail=f"declares {d.option}{'' if d.label is None else ':' + d.label}; rate {rate}, leadership {lead}, factors {fac:+d}"
                + (f" ({', '.join(reasons)})" if reasons else ""),
            )
        )
        sr = roll_seize(ctx.dice, rate, lead, fac, who=fid)
        ctx.emit(sr.roll)
        if sr.melee_round:
            yield from self.mass_melee(ctx, side)
        if not ctx.fig(fid).in_play:
            return
        if not sr.success:
            if K.side_broken(ctx, side):
                if "determined" in ctx.fig(fid).traits:
                    ctx.emit(
                        Note(
                            rule="PRE-INI-1",
                            who=fid,
                            message=f"{ctx.fig(fid).name} fails to seize but is Determined: stays (RNG-MOR-1)",
                        )
                    )
                else:
                    ctx.emit(
                        ActionTaken(
                            rule="PRE-INI-1", figure=fid, action="flee", detail="fails to seize and flees (RNG-MOR-1)"
                        )
                    )
                    K.flee_off_table(ctx, fid)
            return
        self.set_ini(ctx, after_seize(t, True))
        ini_state(st).actions += 1
        self._begin_action(ctx)
        ctx.emit(Note(rule="INI-SEIZE-5", who=fid, message=f"{ctx.fig(fid).name} seizes the initiative"))
        yield from self.seized_action(ctx, side, fid, d)
        st.phase = "react"

    def default_seize(self, ctx: Ctx, opts: list[Decision]) -> Decision:
        for pref in ("order", "melee", "shoot", "engage"):
            for d in opts:
                if d.kind == "seize" and d.option == pref:
                    return d
        return opts[0]

    def seized_action(self, ctx: Ctx, side: str, fid: str, d: Decision) -> Flow:
        """INI-SEIZE-5 / INI-ORD-1: the nominee (with its group) performs the declared action; with
        an order card only the card's figures act, doing its objective."""
        decl = d.option or ""
        f = ctx.fig(fid)
        if decl == "move":
            dd = yield from self.ask_destination(ctx, fid, group=len(self.group_of(ctx, fid)) > 1)
            yield from self.do_action(ctx, side, dd)
        elif decl == "engage":
            target = d.target_id
            pts = D.contact_points(ctx, fid, target, f.move, limit=3) if ctx.fig(target).in_play else []
            if pts:
                opts = [Decision("engage", figure=fid, target=target, x=x, y=y) for x, y, _ in pts]
                dd = yield ask(
                    side,
                    "destination",
                    f"{f.name}: engage {ctx.fig(target).name} where?",
                    opts,
                    default=opts[0],
                    info={"figure": fid},
                    rule="INI-SEIZE-5",
                )
                yield from self.engage(ctx, fid, target, *dd.point)
            else:
                ctx.emit(
                    ActionTaken(
                        rule="INI-SEIZE-5",
                        figure=fid,
                        action="engage",
                        target=d.target or "",
                        detail="cannot reach after all",
                    )
                )
        elif decl == "shoot":
            if K.can_shoot(f) and any(e.id == d.target for e, _ in K.shot_targets(ctx, fid)):
                yield from self.shoot_action(ctx, side, [(fid, d.target)], rule="RNG-SHOOT-1")
        elif decl == "melee":
            yield from self.do_action(ctx, side, Decision("melee", figure=fid))
        elif decl == "load":
            yield from self.do_action(ctx, side, Decision("load", figure=fid))
        elif decl == "tome":
            yield from self.tome_action(ctx, fid)
        elif decl == "order":
            yield from self.order_action(ctx, side, fid, d.option_label)

    def order_action(self, ctx: Ctx, side: str, fid: str, cid: str) -> Flow:
        card = next((c for c in self.cards(ctx, side) if c.id == cid), None)
        if card is None:
            return
        o = parse_objective(card.objective)
        ctx.emit(ActionTaken(rule="INI-ORD-1", figure=fid, action="order", detail=f"card {cid}: {o}"))
        actors = [a for a in order_actors(card) if a in ctx.state.figures and ctx.fig(a).in_play]
        for a in actors:
            f = ctx.fig(a)
            if o.kind == "enemy" and o.target in ctx.state.figures and ctx.fig(o.target).in_play:
                if K.dist(f, ctx.fig(o.target)) <= HAND_COMBAT_RANGE + K.EPS:
                    yield from self.melee_round(ctx, [a], rule="INI-ORD-1")
                    continue
                pts = D.contact_points(ctx, a, o.target, f.move, limit=1)
                if pts:
                    yield from self.engage(ctx, a, o.target, pts[0][0], pts[0][1])
                    continue
                goal = (ctx.fig(o.target).x, ctx.fig(o.target).y)
            elif o.kind == "place":
                c = self._place_centre(ctx, o.target)
                plan = D.move_plan(ctx, a, c[0], c[1], f.move, level=c[2]) if c is not None else None
                if plan is not None and plan.cost <= f.move + MEASURE_TOLERANCE:  # there in one move
                    alive = yield from self.walk_out(ctx, a, plan.points[-1][0], plan.points[-1][1])
                    if alive:
                        self._do_move(ctx, a, plan, how="move", rule="INI-ORD-1")
                    continue
                if c is None:
                    continue
                goal = (c[0], c[1])
            else:
                if any(str(s.get("id")) == o.target for s in ctx.state.options.get("specials") or []):
                    yield from self.special(ctx, a, o.target)
                continue
            if goal is None:
                continue
            dx, dy = goal[0] - f.x, goal[1] - f.y
            L = math.hypot(dx, dy)
            if L < 0.05:
                continue
            step = min(f.move, L)
            while step > 0.2:
                p = D.path_cost(ctx, a, round_in(f.x + dx / L * step), round_in(f.y + dy / L * step))
                if p is not None and p.cost <= f.move + MEASURE_TOLERANCE:
                    alive = yield from self.walk_out(ctx, a, p.points[-1][0], p.points[-1][1])
                    if alive:
                        self._do_move(ctx, a, p, how="move", rule="INI-ORD-1")
                    break
                step -= 0.5
