"""PRE-INI-1 moves: destinations, group moves (INI-SEQ-2), engaging (INI-MEL-1), mass melee, "To me!" (INI-TOME-1)."""

from __future__ import annotations

from dataclasses import replace

from game.rules.counting import counted
from game.rules.decisions import Decision
from game.rules.events import Note
from game.rules.flow import Ctx, Flow, FlowTo, ask
from game.rules.model import round_in
from game.rules.rangers import destinations as D
from game.rules.rangers import flowkit as K
from game.rules.rangers.actions import HAND_COMBAT_RANGE
from game.rules.rangers.events import ActionTaken
from game.rules.rangers.turns import MEASURE_TOLERANCE
from game.rules.refusals import Cause, refused

from ..implements import implements
from .melee import first_contact_round
from .state import ini_state
from .turn_base import IniTurnBase


class IniMoveFlow(IniTurnBase):
    """The initiative preset's moving and melee steps."""

    def move_destinations(self, ctx: Ctx, fid: str, group: bool) -> list[Decision]:
        """Straight moves in eight directions, full and half (not ending within 1": engaging is
        its own option); alone, a figure stopped at a linear obstacle may cross it at half move."""
        opts = self.move_choices(ctx, fid)
        if group:
            opts = [replace(o, option="group") for o in opts if not o.option]
        return opts

    def ask_destination(self, ctx: Ctx, fid: str, *, group: bool) -> FlowTo[Decision]:
        f = ctx.fig(fid)
        opts = self.move_destinations(ctx, fid, group)
        if not opts:
            return Decision("hold", figure=fid)
        foes = K.foes_of(ctx, fid)

        def score(dec):
            g = replace(f, x=dec.x, y=dec.y)
            return min((K.dist(g, e) for e in foes), default=0.0)

        d = yield ask(
            f.side,
            "destination",
            f"{f.name}: where to{' (with the group)' if group else ''}?",
            opts,
            default=min(opts, key=score),
            info={"figure": fid, "move": f.move, "group": group},
            validate=lambda dec: self._check_dest(ctx, fid, dec, group),
            rule="INI-SEQ-2" if group else "RNG-MOVE-1",
        )
        return d

    def _check_dest(self, ctx: Ctx, fid: str, d: Decision, group: bool) -> None:
        if d.kind != "move" or d.figure != fid or (d.option or "") != ("group" if group else ""):
            raise refused(Cause.NOT_OFFERED, who=ctx.fig(fid).name, detail="choose a destination for this figure")
        self._plan(ctx, fid, d.x, d.y, ctx.fig(fid).move)

    def group_move(self, ctx: Ctx, fid: str, x: float, y: float, *, group: bool, cross: str | None = None) -> Flow:
        """A move; with ``group`` the figure's whole group (INI-SEQ-2) moves by the same offset,
        front figures first; a member whose straight path is blocked stays. Movers that end within
        1" of an enemy fight a first-contact round (INI-MEL-1)."""
        f = ctx.fig(fid)
        members = self.group_of(ctx, fid) if group else [fid]
        was = {m: K.engaged(ctx, m) for m in members}
        crossing = (cross,) if cross else ()
        plan = self._plan(ctx, fid, x, y, f.move / 2 if crossing else f.move, crossing)
        dx, dy = plan.points[-1][0] - f.x, plan.points[-1][1] - f.y
        ctx.emit(
            ActionTaken(
                rule="INI-SEQ-2" if group else "RNG-MOVE-1",
                figure=fid,
                action="move",
                detail=f"with its group of {len(members)}" if group else "",
            )
        )
        alive = yield from self.walk_out(ctx, fid, plan.points[-1][0], plan.points[-1][1])
        if alive:
            self._do_move(ctx, fid, plan, how="move", rule="RNG-MOVE-1")
        others = sorted((m for m in members if m != fid), key=lambda m: -(ctx.fig(m).x * dx + ctx.fig(m).y * dy))
        for m in others:
            g = ctx.fig(m)
            if not g.in_play:
                continue
            p = D.path_cost(ctx, m, round_in(g.x + dx), round_in(g.y + dy))
            if p is None or p.cost > g.move + MEASURE_TOLERANCE:
                continue
            alive = yield from self.walk_out(ctx, m, p.points[-1][0], p.points[-1][1])
            if alive:
                self._do_move(ctx, m, p, how="move", rule="INI-SEQ-2")
        yield from self.first_contact(ctx, [m for m in members if ctx.fig(m).in_play], was)

    def walk_out(self, ctx: Ctx, fid: str, x: float, y: float) -> FlowTo[bool]:
        """PRE-INI-1 (as RNG-HAND-4 in the rangers preset): an engaged figure that walks out of a fight
        — ends its move more than 1" from an enemy now within 1" of it — first takes a free attack
        from each such enemy at DV halved (round up), costing them no action. Returns False when
        the figure died of them."""
        f = ctx.fig(fid)
        g = replace(f, x=x, y=y)
        left = [e for e in K.foes_within(ctx, fid, HAND_COMBAT_RANGE) if K.dist(g, e) > HAND_COMBAT_RANGE + K.EPS]
        if not left:
            return True
        ctx.emit(
            ActionTaken(
                rule="PRE-INI-1",
                figure=fid,
                action="break_off",
                detail=f"walks out of the fight: {counted(len(left), 'free attack')} (RNG-HAND-4)",
            )
        )
        for e in left:
            dead = yield from K.hand_attack(ctx, e.id, fid, how="free", free=True, rule="RNG-HAND-4")
            if dead:
                return False
        return ctx.fig(fid).in_play

    def first_contact(self, ctx: Ctx, members: list[str], was: dict) -> Flow:
        new = [m for m in members if ctx.fig(m).in_play and first_contact_round(bool(was.get(m)), K.engaged(ctx, m))]
        last = ini_state(ctx.state).last
        moved = last["movers"]
        last["engagers"] = [m for m in new if m in moved]
        if new:
            yield from self.melee_round(ctx, new, rule="INI-MEL-1")

    def engage(self, ctx: Ctx, fid: str, target: str, x: float, y: float) -> Flow:
        f = ctx.fig(fid)
        was = {fid: K.engaged(ctx, fid)}
        plan = self._plan(ctx, fid, x, y, f.move, level=ctx.fig(target).level)
        ctx.emit(ActionTaken(rule="INI-MEL-1", figure=fid, action="engage", target=target))
        alive = yield from self.walk_out(ctx, fid, plan.points[-1][0], plan.points[-1][1])
        if not alive:
            return
        self._do_move(ctx, fid, plan, how="charge", rule="RNG-MOVE-1")
        yield from self.first_contact(ctx, [fid], was)

    # -- melee rounds (PRE-INI-1) --------------------------------------------------------------------
    def pick_target(self, ctx: Ctx, fid: str, prefer: list[str] | None = None) -> FlowTo[str | None]:
        f = ctx.fig(fid)
        foes = K.foes_within(ctx, fid, HAND_COMBAT_RANGE)
        if prefer:
            pf = [e for e in foes if e.id in prefer]
            foes = pf or foes
        if not foes:
            return None
        if len(foes) == 1:
            return foes[0].id
        opts = [Decision("attack", figure=fid, target=e.id) for e in foes]
        dflt = min(opts, key=lambda o: (ctx.fig(o.target_id).dv, -ctx.fig(o.target_id).wounds))
        d = yield ask(
            f.side,
            "melee_target",
            f"{f.name}: attack whom?",
            opts,
            default=dflt,
            info={"figure": fid},
            rule="RNG-HAND-1",
        )
        return d.target

    @implements("PRE-INI-1")
    def melee_round(self, ctx: Ctx, first: list[str], *, rule: str) -> Flow:
        """PRE-INI-1: each engaged figure of the acting group attacks once (RNG-HAND), then each
        enemy still in contact with them attacks once. DV budgets are per round (RNG-HAND-3)."""
        K.reset_defence(ctx)
        wave1 = [m for m in first if ctx.fig(m).in_play and K.engaged(ctx, m)]
        for m in wave1:
            if not ctx.fig(m).in_play:
                continue
            t = yield from self.pick_target(ctx, m)
            if t:
                yield from K.hand_attack(ctx, m, t, how="melee", rule="RNG-HAND-1")
        seen: list[str] = []
        for m in wave1:
            if not ctx.fig(m).in_play:
                continue
            for foe in K.foes_within(ctx, m, HAND_COMBAT_RANGE):
                if foe.id not in seen:
                    seen.append(foe.id)
        for e in seen:
            if not ctx.fig(e).in_play:
                continue
            t = yield from self.pick_target(ctx, e, prefer=wave1)
            if t:
                yield from K.hand_attack(ctx, e, t, how="retaliate", rule="RNG-HAND-1")

    def mass_melee(self, ctx: Ctx, rolling: str) -> Flow:
        """INI-MEL-2: every figure in contact fights: the rolling side's first, each once, then each
        enemy figure still in contact."""
        st = ctx.state
        K.reset_defence(ctx)
        ctx.emit(Note(rule="INI-MEL-2", message="natural 1–3: every figure in contact fights a round"))
        first = [f.id for f in st.in_play(rolling) if K.engaged(ctx, f.id)]
        for m in first:
            if ctx.fig(m).in_play:
                t = yield from self.pick_target(ctx, m)
                if t:
                    yield from K.hand_attack(ctx, m, t, how="melee", rule="INI-MEL-2")
        for f in st.in_play():
            if f.side == rolling or not K.engaged(ctx, f.id):
                continue
            t = yield from self.pick_target(ctx, f.id)
            if t:
                yield from K.hand_attack(ctx, f.id, t, how="melee", rule="INI-MEL-2")

    # -- To me! ------------------------------------------------------------------------------------
    def tome_action(self, ctx: Ctx, fid: str) -> Flow:
        """INI-TOME-1: the leader stands still; each mover's owner answers (auto) or stays."""
        answers = self.tome_answers(ctx, fid)
        ctx.emit(
            ActionTaken(rule="INI-TOME-1", figure=fid, action="tome", detail=f'"To me!" — {len(answers)} may answer')
        )
        yield from self.tome_moves(ctx, fid, answers, acted=None)
