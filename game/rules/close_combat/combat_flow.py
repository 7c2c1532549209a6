"""PRE-OD6-1 turn start, rally, close combat (OD6-ROLL, OD6-RES) and phase end."""

from __future__ import annotations

from ..decisions import Decision
from ..events import Note, PlayerTurnStarted, TurnStarted
from ..flow import Ctx, Flow, ask
from ..implements import implements
from ..model import Status
from ..rangers.turns import active_side, no_questions
from .action_flow import CloseCombatActions
from .config import close_combat_config
from .events import UnitBroken
from .formation import (
    unit_key,
)
from .rally import RallyResult, broken_units, rally
from .resolve import PairSpec, resolve_round
from .roll import round_modifiers
from .state import od6


class CloseCombatRounds(CloseCombatActions):
    """The close-combat preset's start, rally and combat phases."""

    # -- start and rally ----------------------------------------------------------------------------------
    @implements("PRE-OD6-1")
    def phase_start(self, ctx: Ctx) -> Flow:
        """PRE-OD6-1: one roll-off (GEN-DICE-3) for the first player; phases then alternate."""
        st = ctx.state
        sides = [s for s in st.side_ids() if st.in_play(s)]
        first, events = ctx.dice.roll_off("PRE-OD6-1", sides)
        ctx.emit(*events)
        od6(st).order = [first] + [s for s in sides if s != first]
        st.active = first
        st.turn = 1
        ctx.emit(TurnStarted(rule="PRE-OD6-1", turn=1, first=first))
        st.phase = "rally"
        yield from no_questions()

    def phase_rally(self, ctx: Ctx) -> Flow:
        """OD6-DIS-1: each Disrupted piece of the phasing side rolls 1d6: ≥ QV rallies, a natural 1
        eliminates it."""
        st = ctx.state
        side = active_side(st)
        d = od6(st)
        d.spent, d.bonus, d.fought = {}, {}, []
        if self.shooting(ctx):
            assert d.moved is not None
            d.moved[side] = []  # this phase becomes the side's "last turn" (GEN-TURN-1)
            d.rshoot_used = []  # one reaction per side per enemy phase (INI-RSHOOT-1)
        new_turn, d.new_turn = d.new_turn, None
        if new_turn:
            st.turn += 1
            ctx.emit(TurnStarted(rule="PRE-OD6-1", turn=st.turn, first=side))
        ctx.emit(PlayerTurnStarted(rule="PRE-OD6-1", side=side, turn=st.turn))
        for pid in list(d.disrupted):
            f = ctx.fig(pid)
            if f.side != side or not f.in_play:
                continue
            res, ev = rally(ctx.dice, pid, f.qv or 4)
            ctx.emit(ev)
            if res is RallyResult.RALLIED:
                d.disrupted.remove(pid)
                ctx.emit(Note(rule="OD6-DIS-1", who=pid, message=f"{f.name} rallies"))
            elif res is RallyResult.ELIMINATED:
                self.eliminate(ctx, pid, rule="OD6-DIS-1", cause="rolled a 1 while Disrupted")
            else:
                ctx.emit(Note(rule="OD6-DIS-1", who=pid, message=f"{f.name} stays Disrupted"))
        st.phase = "actions"
        yield from no_questions()

    # -- close combat (OD6-ROLL / OD6-RES) -----------------------------------------------------------------
    def phase_combat(self, ctx: Ctx) -> Flow:
        st = ctx.state
        side = active_side(st)
        d = od6(st)
        board = self.board(ctx)
        pairs = board.pairs(side)
        st.phase = "after_combat"
        if not pairs:
            self.apply_breaks(ctx)  # losses from rally rolls (OD6-DIS-1) count too
            return
        mods = round_modifiers(board, side, pairs, d.disrupted, close_combat_config(st))
        specs = []
        for a, b in sorted(pairs.items()):
            ma, mb = mods[a]
            ma += d.bonus.get(unit_key(ctx.fig(a)), 0)
            specs.append(PairSpec(board.pieces[a], board.pieces[b], ma, mb))
        d.fought = sorted({unit_key(ctx.fig(x)) for pr in pairs.items() for x in pr})
        ctx.emit(Note(rule="OD6-ENG-2", message="pairs: " + ", ".join(f"{a} v {b}" for a, b in sorted(pairs.items()))))
        res = resolve_round(specs, ctx.dice, board.can_move_back, board.apply_move, board.drop)
        ctx.emit(*res.events)
        for pid in res.eliminated:
            self.eliminate(ctx, pid, rule="OD6-RES-2" if pid not in res.moves else "OD6-RES-3", cause="eliminated")
        for pid, (dx, dy) in res.moves.items():
            f = ctx.fig(pid)
            ctx.move(pid, round(f.x + dx, 3), round(f.y + dy, 3), rule="OD6-RES-2", how="move_back")
        for pid in res.disrupted:
            if ctx.fig(pid).in_play:
                self.disrupt(ctx, pid)
        self.apply_breaks(ctx)
        yield from no_questions()

    def apply_breaks(self, ctx: Ctx) -> None:
        """OD6-PIECE-1: a unit whose losses exceed break_after loses its other pieces now."""
        d = od6(ctx.state)
        limits = {u: self.break_after(ctx, u) for u in d.losses}
        for u in broken_units(d.losses, limits):
            if u in d.broken:
                continue
            d.broken.append(u)
            rest = sorted(f.id for f in ctx.state.in_play() if unit_key(f) == u)
            for pid in rest:
                ctx.set_status(pid, Status.FLED, rule="OD6-PIECE-1", cause=f"unit {u} breaks")
                if pid in d.disrupted:
                    d.disrupted.remove(pid)
            ctx.emit(UnitBroken(rule="OD6-PIECE-1", unit=u, losses=d.losses[u], removed=tuple(rest)))

    def phase_after_combat(self, ctx: Ctx) -> Flow:
        """OD6-SEQ-1: actions left after its close combat may reorganise a unit at once."""
        st = ctx.state
        d = od6(st)
        st.phase = "phase_end"
        for u in list(d.fought):
            ids = self.units(ctx, active_side(st)).get(u)
            if not ids or d.spent.get(u, 0) >= self.actions_per_phase(ctx, u):
                continue
            opts = self.reorganise_options(ctx, self.board(ctx), u, ids)
            if not opts:
                continue
            skip = Decision("hold", option=u)
            dec = yield ask(
                active_side(st),
                "reorganise",
                f"unit {u}: reorganise with its actions left?",
                [skip] + opts,
                default=skip,
                validate=lambda x, u=u, ids=ids: self.validate_move(ctx, u, ids, x),
                rule="OD6-SEQ-1",
            )
            if dec.kind == "reorganise":
                yield from self.resolve_action(ctx, u, ids, dec)
        yield from no_questions()

    def phase_phase_end(self, ctx: Ctx) -> Flow:
        """Fixed alternation (PRE-OD6-1); a game turn ends after the last side's phase."""
        st = ctx.state
        order = od6(st).order or []
        i = order.index(active_side(st))
        if i + 1 < len(order):
            st.active = order[i + 1]
        else:
            st.turn_ended = st.turn  # the match judges turn-end victory conditions now
            od6(st).new_turn = True
            st.active = order[0]
        st.phase = "rally"
        yield from no_questions()
