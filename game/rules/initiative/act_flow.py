"""PRE-INI-1 ``act`` step: the active side's one action (INI-SEQ-1), move-and-shoot (INI-MS), volleys and shots."""

from __future__ import annotations

import math
from dataclasses import replace

from game.rules.decisions import PASS, Decision, IllegalDecision
from game.rules.events import Note
from game.rules.flow import Ctx, Flow, ask
from game.rules.rangers import destinations as D
from game.rules.rangers import flowkit as K
from game.rules.rangers.actions import HAND_COMBAT_RANGE, MAX_AIM, is_firearm
from game.rules.rangers.events import ActionTaken
from game.rules.refusal_facts import charge_refusal
from game.rules.refusals import Cause, refused

from ..flow import Answer
from ..implements import implements
from .move_flow import IniMoveFlow
from .reactions import (
    move_and_shoot_allowance,
    move_and_shoot_problem,
    volley_allowed,
)
from .seize import (
    counters_after_shooting,
)
from .sequence import after_action, after_pass
from .state import ini_state


class IniActFlow(IniMoveFlow):
    """The initiative preset's ``act`` step."""

    def phase_act(self, ctx: Ctx) -> Flow:
        """INI-SEQ-1: the active side takes one action, or passes (initiative changes hands without
        a roll; the second pass in a row ends the game turn)."""
        st = ctx.state
        t = self.ini(ctx)
        side = t.active
        cap = int(st.options.get("actions_per_turn", 0) or 0)
        if cap and ini_state(st).actions >= cap:
            ctx.emit(
                Note(rule="INI-SEQ-1", message=f"{cap} actions taken: the game turn ends ([HOUSE] actions_per_turn)")
            )
            self._end_turn(ctx)
            return
        opts = self.act_options(ctx, side)
        d = yield ask(
            side,
            "action",
            f"{st.side(side).name} holds the initiative: choose an action, or pass",
            opts,
            default=self.default_act(ctx, side, opts),
            validate=lambda dec: self.check_act(ctx, side, dec),
            info={"orders": list(ini_state(st).orders.get(side, [])), "counters": ini_state(st).counters[side]},
            rule="INI-SEQ-1",
            answer=Answer.POINT,
        )
        if d.kind == "pass":
            nt = after_pass(t)
            ctx.emit(Note(rule="INI-SEQ-1", message=f"{st.side(side).name} passes"))
            if nt.over:
                self.set_ini(ctx, replace(nt, active=t.active, passive=t.passive))
                self._end_turn(ctx)
            else:
                self.set_ini(ctx, nt)
            return
        self.set_ini(ctx, after_action(t))
        ini_state(st).actions += 1
        self._begin_action(ctx)
        yield from self.do_action(ctx, side, d)
        st.phase = "react"

    # -- options ---------------------------------------------------------------------------------------
    def act_options(self, ctx: Ctx, side: str) -> list[Decision]:
        st = ctx.state
        opts: list[Decision] = [PASS]
        shooters = 0
        seen_groups: set[str] = set()
        gcache: dict = {}
        for f in st.in_play(side):
            fid = f.id
            eng = K.engaged(ctx, fid)
            if not eng:
                opts.append(Decision("choose", figure=fid, option="move"))
                grp = self.group_of(ctx, fid, gcache)
                if len(grp) > 1:
                    opts.append(Decision("choose", figure=fid, option="group_move"))
                for e in K.foes_of(ctx, fid):
                    for x, y, _ in D.contact_points(ctx, fid, e.id, f.move, limit=1):
                        opts.append(Decision("engage", figure=fid, target=e.id, x=x, y=y))
            else:
                grp = self.group_of(ctx, fid, gcache)
                key = min(grp)
                if key not in seen_groups:
                    seen_groups.add(key)
                    opts.append(Decision("melee", figure=fid))
                opts.append(Decision("choose", figure=fid, option="move"))  # break off
            if f.missile:
                if is_firearm(f.missile) and not f.loaded:
                    opts.append(Decision("load", figure=fid))
                elif f.aim < MAX_AIM:
                    opts.append(Decision("aim", figure=fid))
                if not eng and self.ms_allowance(ctx, fid) > 0:
                    opts.append(Decision("choose", figure=fid, option="move_shoot"))  # INI-MS-1
                tg = K.shot_targets(ctx, fid)
                if tg:
                    shooters += 1
                for e, _s in tg:
                    opts.append(Decision("shoot", figure=fid, target=e.id))
            opts += self.special_options(ctx, fid)
            if f.is_leader and self.tome_answers(ctx, fid):
                opts.append(Decision("tome", figure=fid))
        if shooters >= 2 and volley_allowed(moved_any=False, shooting_only=True):  # offered before any move
            opts.append(Decision("volley"))
        return opts

    def default_act(self, ctx: Ctx, side: str, opts: list[Decision]) -> Decision:
        """Auto: melee, volley, shoot, engage, load, advance the nearest group, else pass."""
        for kind in ("melee", "volley", "shoot", "engage", "load"):
            for d in opts:
                if d.kind == kind:
                    return d
        for d in opts:
            if d.kind == "choose" and d.option == "group_move":
                return d
        for d in opts:
            if d.kind == "choose":
                return d
        return opts[0]

    def check_act(self, ctx: Ctx, side: str, d: Decision) -> None:
        """Validator for one-shot decisions outside the options: moves with a destination
        (``option="group"`` for the group), engaging moves, move-and-shoot (INI-MS-1)."""
        f = ctx.state.figures.get(d.figure or "")
        if f is None or f.side != side or not f.in_play:
            raise IllegalDecision("choose one of your figures in play")
        if d.kind == "move":
            self._plan(ctx, f.id, d.x, d.y, f.move)
            return
        if d.kind == "engage":
            t = ctx.state.figures.get(d.target or "")
            if t is None or not t.in_play or t.side == side:
                raise IllegalDecision("engage an enemy in play")
            if d.x is None or d.y is None:
                raise charge_refusal(ctx, f.id, t.id, f.move, "PRE-INI-1", contact_gap=HAND_COMBAT_RANGE)
            plan = self._plan(ctx, f.id, d.x, d.y, f.move, level=t.level)
            if K.dist(replace(f, x=plan.points[-1][0], y=plan.points[-1][1]), t) > HAND_COMBAT_RANGE + K.EPS:
                raise IllegalDecision('an engaging move must end within 1" of its target (PRE-INI-1)')
            return
        if d.kind == "shoot" and d.x is not None:
            plan = self._plan(ctx, f.id, d.x, d.y, f.move)
            prob = move_and_shoot_problem(f.missile or "", plan.length, f.move) if f.missile else "no missile weapon"
            if prob:
                raise IllegalDecision(prob)
            return
        if d.kind == "shoot" and d.target:
            raise K.shot_refusal(ctx, f.id, d.target)
        if d.kind in ("engage", "charge") and d.target in ctx.state.figures:
            raise charge_refusal(ctx, f.id, d.target, f.move, "PRE-INI-1", contact_gap=HAND_COMBAT_RANGE)
        raise refused(Cause.NOT_OFFERED, who=f.name, detail=f"{f.name} cannot do that now")

    # -- actions ------------------------------------------------------------------------------------
    def do_action(self, ctx: Ctx, side: str, d: Decision, *, only: list[str] | None = None) -> Flow:
        k = d.kind
        if k == "choose" and d.option == "move_shoot":
            yield from self.move_and_shoot(ctx, side, d.figure_id)
            return
        if k == "choose" and d.option in ("move", "group_move"):
            d = yield from self.ask_destination(ctx, d.figure_id, group=d.option == "group_move")
            k = d.kind
        if k == "move":
            yield from self.group_move(
                ctx, d.figure_id, *d.point, group=d.option == "group", cross=d.label if d.option == "cross" else None
            )
        elif k == "engage":
            yield from self.engage(ctx, d.figure_id, d.target_id, *d.point)
        elif k == "shoot":
            if d.x is not None:
                plan = self._plan(ctx, d.figure_id, *d.point, ctx.fig(d.figure_id).move)
                ctx.emit(ActionTaken(rule="INI-MS-1", figure=d.figure_id, action="move", detail="moves, then shoots"))
                alive = yield from self.walk_out(ctx, d.figure_id, plan.points[-1][0], plan.points[-1][1])
                if not alive:
                    return
                self._do_move(ctx, d.figure_id, plan, how="move", rule="INI-MS-1")
            yield from self.shoot_action(ctx, side, [(d.figure, d.target)], rule="RNG-SHOOT-1")
        elif k == "volley":
            pairs = [(i.target, i.kind) for i in d.items] if d.items else self.volley_pairs(ctx, side)
            ctx.emit(
                ActionTaken(
                    rule="INI-VOLLEY-1",
                    figure=pairs[0][0] if pairs else "",
                    action="volley",
                    detail=f"{len(pairs)} shooters, one action",
                )
            )
            yield from self.shoot_action(ctx, side, pairs, rule="INI-VOLLEY-1")
        elif k == "melee":
            grp = only or self.group_of(ctx, d.figure_id)
            ctx.emit(ActionTaken(rule="INI-MEL-1", figure=d.figure_id, action="melee", detail="a round of melee"))
            yield from self.melee_round(ctx, [g for g in grp if K.engaged(ctx, g)], rule="INI-MEL-1")
        elif k == "tome":
            yield from self.tome_action(ctx, d.figure_id)
        elif k in ("load", "aim"):
            ctx.emit(ActionTaken(rule="RNG-SHOOT-2" if k == "load" else "RNG-ACT-1", figure=d.figure_id, action=k))
            self._after(ctx, d.figure_id, k)
        elif k == "special":
            yield from self.special(ctx, d.figure_id, d.option_name)
        elif k == "hold":
            ctx.emit(ActionTaken(rule="INI-SEQ-1", figure=d.figure or "", action="hold", detail="no move possible"))
        else:
            raise IllegalDecision(f"{d.describe()} is not an action")

    def ms_allowance(self, ctx: Ctx, fid: str) -> float:
        """INI-MS-1: how far this figure may move and still shoot in one action (0: it may not)."""
        f = ctx.fig(fid)
        try:
            return move_and_shoot_allowance(f.missile or "", f.move)
        except ValueError:
            return 0.0

    def move_and_shoot(self, ctx: Ctx, side: str, fid: str) -> Flow:
        """INI-MS-1 as one action: a bow or sling moves up to half its move, a javelin up to its full
        move (never ending within 1" of an enemy), then it shoots at a target it now sees, or holds
        its shot. The shot hands the opponent a counter (INI-SEIZE-3)."""
        f = ctx.fig(fid)
        allow = self.ms_allowance(ctx, fid)
        foes = K.foes_of(ctx, fid)

        def ok(x, y, plan):
            g = replace(f, x=x, y=y)
            return all(K.dist(g, e) > HAND_COMBAT_RANGE + K.EPS for e in foes)

        opts = [
            Decision("move", figure=fid, x=x, y=y, option="ms") for x, y, _ in D.heading_moves(ctx, fid, allow, ok=ok)
        ]
        opts.append(Decision("hold", figure=fid))

        def validate(dec: Decision) -> None:
            if dec.kind != "move" or dec.figure != fid:
                raise IllegalDecision("choose where this figure moves before it shoots (INI-MS-1)")
            plan = self._plan(ctx, fid, dec.x, dec.y, f.move)
            prob = move_and_shoot_problem(f.missile or "", plan.length, f.move)
            if prob:
                raise IllegalDecision(prob)
            g = replace(f, x=plan.points[-1][0], y=plan.points[-1][1])
            if any(K.dist(g, e) <= HAND_COMBAT_RANGE + K.EPS for e in foes):
                raise IllegalDecision('a move may not end within 1" of an enemy (PRE-INI-1)')

        def score(dec):
            if dec.x is None:
                return math.inf
            g = replace(f, x=dec.x, y=dec.y)
            return min((K.dist(g, e) for e in foes), default=0.0)

        d = yield ask(
            side,
            "destination",
            f"{f.name}: move up to {allow:g} in, then shoot",
            opts,
            default=min(opts, key=score),
            validate=validate,
            info={"figure": fid, "move": allow, "move_shoot": True},
            rule="INI-MS-1",
        )
        if d.kind == "move":
            plan = self._plan(ctx, fid, d.x, d.y, allow)
            ctx.emit(ActionTaken(rule="INI-MS-1", figure=fid, action="move", detail="moves, then shoots"))
            self._do_move(ctx, fid, plan, how="move", rule="INI-MS-1")
        tg = K.shot_targets(ctx, fid) if K.can_shoot(ctx.fig(fid)) else []
        if not tg:
            ctx.emit(ActionTaken(rule="INI-MS-1", figure=fid, action="hold", detail="no target in sight"))
            return
        sopts = [
            Decision("shoot", figure=fid, target=e.id)
            for e, _s in sorted(tg, key=lambda p: K.shot_odds_key(ctx, fid, p[0], p[1]))
        ]
        sd = yield ask(
            side,
            "ms_target",
            f"{f.name}: shoot at whom?",
            sopts,
            default=sopts[0],
            info={"figure": fid},
            rule="INI-MS-1",
        )
        yield from self.shoot_action(ctx, side, [(fid, sd.target)], rule="INI-MS-1")

    def volley_pairs(self, ctx: Ctx, side: str) -> list[tuple[str, str]]:
        out = []
        for f in ctx.state.in_play(side):
            tg = K.shot_targets(ctx, f.id)
            if tg:
                e, _ = min(tg, key=lambda p: K.shot_odds_key(ctx, f.id, p[0], p[1]))
                out.append((f.id, e.id))
        return out

    @implements("INI-SEIZE-3")
    def shoot_action(self, ctx: Ctx, side: str, pairs, *, rule: str) -> Flow:
        """RNG-SHOOT with INI-SEIZE-3: the action hands the opponent one counter."""
        st = ctx.state
        for s, t in pairs:
            if ctx.fig(s).in_play and ctx.fig(t).in_play and K.can_shoot(ctx.fig(s)):
                if rule != "INI-VOLLEY-1":
                    ctx.emit(ActionTaken(rule=rule, figure=s, action="shoot", target=t))
                yield from K.shoot(ctx, s, t, target_moved=self.target_moved(ctx, t))
                ini_state(st).last["shooters"].append(s)
        counters = ini_state(st).counters
        for foe in st.enemies_of(side):
            counters[foe] = counters_after_shooting(counters.get(foe, 0))
        ctx.emit(Note(rule="INI-SEIZE-3", message="the opponent gains a shooting counter"))
