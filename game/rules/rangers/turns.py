"""The turn structure shared by the pyrates and rangers presets (RNG-TURN-1, RNG-MOT-1, GEN-TURN-1).

Each game turn opens with a roll-off; then each side's player-turn activates its figures one at a
time (a motivation roll unless the figure needs none, then one action). Presets subclass
``TurnPreset`` and add actions (``actions``/``resolve_action``) and what follows a player-turn
(``after_player_turn``: reactions, the mêlée step).
"""

from __future__ import annotations

import math
from collections.abc import Generator, Iterator

from ..counting import agreeing
from ..decisions import PASS, Decision, IllegalDecision
from ..events import Note, PlayerTurnStarted, TurnStarted
from ..flow import Answer, Ctx, Flow, FlowTo, ask
from ..implements import implements
from ..model import Figure, Rank, Status
from ..refusal_facts import move_refusal
from ..refusals import Cause, refused
from ..state import MatchState
from ..turn_state import moved_now, turn_state
from .aggression import apply_ap
from .config import rangers_config
from .flowkit import ask_ap
from .motivation import leader_in_range, motivation_target, roll_first_player, side_initiative_bonus

#: directions (degrees) offered as representative moves; any other point may be chosen too
MOVE_HEADINGS = tuple(range(0, 360, 45))
#: positions are rounded to 1/1000 in, so a measured cost may exceed its allowance by this much
MEASURE_TOLERANCE = 0.002


def active_side(st: MatchState) -> str:
    """The side whose player-turn is running (set in every phase of a player-turn)."""
    side = st.active
    if side is None:
        raise RuntimeError("no player-turn is running")
    return side


def no_questions() -> Iterator:
    """Marks a step generator that asks nothing (a generator must contain a yield)."""
    return iter(())


@implements("RNG-TURN-1")
def turn_roll_off(ctx: Ctx) -> FlowTo[str]:
    """RNG-TURN-1: the game turn's roll-off, the one place every RNG-turn preset (pyrates, rangers,
    escarmouche) rolls it. Each side still in play — a broken faction too — rolls 1d6, +1 with a
    Legendary Leader in play; RNG-AP-1: each side may first declare aggression points on it (each
    point +1, at most 2). Ties reroll (GEN-DICE-3). Emits the dice; returns the winner."""
    st = ctx.state
    sides = [s for s in st.side_ids() if st.in_play(s)]
    bonus = {s: side_initiative_bonus(st.in_play(s)) for s in sides}
    for s in sides:
        spent = yield from ask_ap(ctx, s, "turn roll-off", s)
        bonus[s] = apply_ap(bonus[s], spent, roll_under=False)  # a roll-off is won high
    first, events = roll_first_player(ctx.dice, bonus)
    ctx.emit(*events)
    return first


class TurnPreset:
    """RNG-TURN-1 game turns of alternating player-turns with per-figure activation (RNG-MOT-1)."""

    name = "turns"

    # -- set-up ----------------------------------------------------------------------------------
    def setup(self, ctx: Ctx) -> None:
        ctx.state.phase = "turn_start"

    # -- the step dispatcher -----------------------------------------------------------------------
    def step(self, ctx: Ctx) -> Flow:
        phase = ctx.state.phase
        handler = getattr(self, f"phase_{phase}", None)
        if handler is None:
            raise RuntimeError(f"{self.name}: no step for phase {phase!r}")
        yield from handler(ctx)

    def phase_turn_start(self, ctx: Ctx) -> Flow:
        """RNG-TURN-1: each game turn both roll 1d6 (Legendary Leader +1), ties reroll, highest first."""
        st = ctx.state
        st.turn += 1
        sides = [s for s in st.side_ids() if st.in_play(s)]
        first = yield from turn_roll_off(ctx)
        ts = turn_state(st)
        ts.order = [first] + [s for s in sides if s != first]
        ts.done_sides = []
        ts.moved_last_turn = {fid: True for fid in ts.moved_this_turn or ()}
        ts.moved_this_turn = []
        ctx.emit(TurnStarted(rule="RNG-TURN-1", turn=st.turn, first=first))
        self._begin_player_turn(ctx, first)

    @implements("GEN-TURN-1")
    def _begin_player_turn(self, ctx: Ctx, side: str) -> None:
        st = ctx.state
        st.active = side
        turn_state(st).acted = []
        st.phase = "activate"
        ctx.emit(PlayerTurnStarted(rule="GEN-TURN-1", side=side, turn=st.turn))
        self.on_player_turn_start(ctx, side)

    def on_player_turn_start(self, ctx: Ctx, side: str) -> None:
        """Hook: per-player-turn bookkeeping."""

    def phase_activate(self, ctx: Ctx) -> Flow:
        """RNG-MOT-1: the player picks a figure not yet rolled for, or ends the player-turn."""
        st = ctx.state
        side = st.active
        assert side is not None, "a player-turn is running"
        acted = set(turn_state(st).acted)
        ready = self.ready(ctx, [f for f in st.figures.values() if f.in_play and f.side == side and f.id not in acted])
        if not ready:
            st.phase = "player_turn_end"
            return
        opts = [Decision("activate", figure=f.id) for f in ready] + [PASS]
        d = yield ask(
            side,
            "activate",
            f"{st.side(side).name}: choose a figure to activate, or end the player-turn",
            opts,
            default=opts[0],
            rule="RNG-MOT-1",
            answer=Answer.FIGURE,
        )
        if d.kind == "pass":
            st.phase = "player_turn_end"
            ctx.emit(Note(rule="RNG-TURN-1", message=agreeing(st.side(side).name, "ends", "end") + " the player-turn"))
            yield from self.closing_rolls(ctx, side)
            return
        turn_state(st).acted.append(d.figure_id)
        yield from self.activate_figure(ctx, d.figure_id)

    def can_activate(self, ctx: Ctx, fig: Figure) -> bool:
        return True

    def ready(self, ctx: Ctx, figs: list[Figure]) -> list[Figure]:
        """RNG-MOT-1: those of ``figs`` that ``can_activate``, in order (a preset may share work among them)."""
        return [f for f in figs if self.can_activate(ctx, f)]

    def activate_figure(self, ctx: Ctx, fid: str) -> Flow:
        """Roll motivation when needed, then ask for one action."""
        if self.needs_motivation(ctx, fid):
            ok = self.motivation(ctx, fid)
            if not ok:
                yield from self.unmotivated(ctx, fid)
                return
        acts = self.actions(ctx, fid)
        if not acts:
            return
        f = ctx.fig(fid)
        d = yield ask(
            f.side,
            "action",
            f"{f.name}: choose an action",
            acts,
            default=self.default_action(ctx, fid, acts),
            validate=lambda dec: self.validate_action(ctx, fid, dec),
            info=self.action_info(ctx, fid),
            rule="RNG-ACT-1",
            answer=Answer.POINT,
        )
        yield from self.resolve_action(ctx, fid, d)

    # -- ending a broken faction's player-turn (RNG-TURN-1 digital ruling) ----------------------------
    def morale_broken(self, ctx: Ctx, side: str) -> bool:
        """RNG-MOR-1: the side's leaders (Leader trait or Captain) are all out of play, or its points in
        play are half its starting points (``TurnState.start_points``) or less. Presets with
        their own bookkeeping override this."""
        st = ctx.state
        mine = [g for g in st.figures.values() if g.side == side]
        leaders = [g for g in mine if g.is_leader or g.rank == Rank.CAPTAIN]
        if leaders and not any(g.in_play for g in leaders):
            return True
        start = turn_state(st).start_points.get(side, 0)
        now = sum(g.points or 1 for g in mine if g.in_play)
        return bool(start) and 2 * now <= start

    def closing_rolls(self, ctx: Ctx, side: str) -> Flow:
        """RNG-TURN-1 digital ruling: a player may end the player-turn early, but once RNG-MOR-1's
        condition holds for the side every figure not yet rolled for (not yet activated, and one that
        needs a roll: RNG-MOT-1) rolls its motivation first, in roster order: a success holds, a
        failure follows RNG-MOR-1 (flees; Determined: a plain failure, it holds)."""
        st = ctx.state
        if not self.morale_broken(ctx, side):
            return
        ts = turn_state(st)
        acted = set(ts.acted)
        figs = [f for f in st.figures.values() if f.side == side and f.in_play and f.id not in acted]
        for f in self.ready(ctx, figs):
            if not (f.in_play and self.needs_motivation(ctx, f.id)) or st.claim is not None:
                continue
            ts.acted.append(f.id)
            res = self.motivation(ctx, f.id)
            ok = (yield from res) if isinstance(res, Generator) else res
            if ok:
                ctx.emit(Note(rule="RNG-TURN-1", who=f.id, message=f"{f.name} holds"))
            elif "determined" in f.traits:
                ctx.emit(Note(rule="RNG-MOR-1", who=f.id, message=f"{f.name} is Determined: not motivated, holds"))
            else:
                ctx.set_status(f.id, Status.FLED, rule="RNG-MOR-1", cause="morale broken: flees")

    # -- motivation (RNG-MOT-1/2) --------------------------------------------------------------------
    def needs_motivation(self, ctx: Ctx, fid: str) -> bool:
        f = ctx.fig(fid)
        return not (f.is_leader or f.type == "civilian")

    def motivation(self, ctx: Ctx, fid: str) -> bool | FlowTo[bool]:
        """RNG-MOT-1/2: 1d6, success on ≤ 3 (≤ 2 if wounded); −1 for the best leader in range
        (Leader within 6", Legendary Leader within 12", not cumulative); −1 Initiative trait."""
        parts, target = self.motivation_parts(ctx, fid)
        mod = sum(a for a, _, _ in parts)
        ev = ctx.roll(
            "RNG-MOT-1", who=fid, purpose="motivation", modifier=mod, target=target, roll_under=True, parts=parts
        )
        return bool(ev.success)

    def motivation_terms(self, ctx: Ctx, fid: str) -> tuple[int, int]:
        """(modifier, target) of ``motivation``'s roll: what the roll and its odds both use."""
        parts, target = self.motivation_parts(ctx, fid)
        return sum(a for a, _, _ in parts), target

    def motivation_parts(self, ctx: Ctx, fid: str) -> tuple[list[tuple[int, str, str]], int]:
        """([(amount, reason, rule) of each RNG-MOT-2 modifier], target) of ``motivation``'s roll: the
        rule's own functions (``motivation.leader_in_range``, ``motivation_target``), measured on the
        table."""
        f = ctx.fig(fid)
        config = rangers_config(ctx.state)
        parts: list[tuple[int, str, str]] = []
        near = leader_in_range(f, ctx.state.in_play(f.side), config, lambda g: ctx.table.edge_distance(fid, g.id))
        if near:
            parts.append((-1, "a leader near", "RNG-MOT-2"))
        if "initiative" in f.traits:
            parts.append((-1, "the Initiative trait", "RNG-MOT-2"))
        return parts, motivation_target(f.is_wounded, config)

    def unmotivated(self, ctx: Ctx, fid: str) -> Flow:
        """RNG-MOT-3: a failed figure may still move into cover or retreat; by default it holds."""
        ctx.emit(Note(rule="RNG-MOT-3", who=fid, message=f"{ctx.fig(fid).name} is not motivated and holds"))
        yield from no_questions()

    # -- actions ----------------------------------------------------------------------------------
    def actions(self, ctx: Ctx, fid: str) -> list[Decision]:
        """Representative legal actions: hold, and moves in eight directions (full and half)."""
        return [Decision("hold", figure=fid)] + self.move_options(ctx, fid)

    def default_action(self, ctx: Ctx, fid: str, acts: list[Decision]) -> Decision:
        return acts[0]

    def action_info(self, ctx: Ctx, fid: str) -> dict:
        return {"figure": fid, "move": ctx.fig(fid).move}

    def move_allowance(self, ctx: Ctx, fid: str) -> float:
        return ctx.fig(fid).move

    def move_options(self, ctx: Ctx, fid: str) -> list[Decision]:
        f = ctx.fig(fid)
        allowance = self.move_allowance(ctx, fid)
        out = []
        for frac in (1.0, 0.5):
            for h in MOVE_HEADINGS:
                dist = allowance * frac
                x = f.x + dist * math.cos(math.radians(h))
                y = f.y + dist * math.sin(math.radians(h))
                plan = ctx.table.path_cost(fid, [(f.x, f.y), (x, y)])
                if plan is not None and plan.cost <= allowance + MEASURE_TOLERANCE:
                    out.append(Decision("move", figure=fid, x=round(x, 3), y=round(y, 3)))
        return out

    def validate_action(self, ctx: Ctx, fid: str, d: Decision) -> None:
        if d.figure != fid:
            raise IllegalDecision(f"it is {ctx.fig(fid).name}'s action, not {d.figure}'s")
        if d.kind == "move":
            self.plan_move(ctx, fid, d)
            return
        raise refused(Cause.NOT_OFFERED, who=ctx.fig(fid).name, detail=f"{ctx.fig(fid).name} cannot do that now")

    def plan_move(self, ctx: Ctx, fid: str, d: Decision):
        """RNG-MOVE-1/2: a clear path whose cost fits the allowance; returns the PathPlan."""
        f = ctx.fig(fid)
        if d.x is None or d.y is None:
            raise IllegalDecision("a move needs a destination")
        allowance = self.move_allowance(ctx, fid)
        straight = ctx.table.path_cost(fid, [(f.x, f.y), (d.x, d.y)])
        if straight is not None and straight.cost <= allowance + MEASURE_TOLERANCE:
            return straight
        plan = ctx.table.plan_path(fid, d.x, d.y)
        if plan is None or plan.cost > allowance + MEASURE_TOLERANCE:
            raise move_refusal(ctx, fid, d.x, d.y, allowance, plan)
        return plan

    def resolve_action(self, ctx: Ctx, fid: str, d: Decision) -> Flow:
        if d.kind == "move":
            plan = self.plan_move(ctx, fid, d)
            ctx.move(
                fid,
                plan.points[-1][0],
                plan.points[-1][1],
                rule="RNG-MOVE-1",
                path=plan.points,
                cost=plan.cost,
                level=plan.level,
            )
            moved_now(turn_state(ctx.state)).append(fid)
        elif d.kind == "hold":
            ctx.emit(Note(rule="RNG-ACT-1", who=fid, message=f"{ctx.fig(fid).name} holds"))
        yield from no_questions()

    # -- end of a player-turn -------------------------------------------------------------------------
    def phase_player_turn_end(self, ctx: Ctx) -> Flow:
        yield from self.after_player_turn(ctx)
        st = ctx.state
        if st.phase != "player_turn_end":
            return  # the hook scheduled further steps (e.g. a mêlée) and will come back here
        ts = turn_state(st)
        ts.done_sides.append(active_side(st))
        left = [s for s in ts.order or () if s not in ts.done_sides and st.in_play(s)]
        if left:
            self._begin_player_turn(ctx, left[0])
        else:
            self.on_turn_end(ctx)
            st.turn_ended = st.turn  # the match judges turn-end victory conditions now
            st.phase = "turn_start"

    def after_player_turn(self, ctx: Ctx) -> Flow:
        """Hook: reactions and the mêlée step (pyrates)."""
        yield from no_questions()

    def on_turn_end(self, ctx: Ctx) -> None:
        """Hook: end-of-turn checks (morale)."""
