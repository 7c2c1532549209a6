"""PRE-OD6-1 ``actions`` phase: each unit's action (OD6-SEQ-1), offered and resolved."""

from __future__ import annotations

from ..counting import agreeing, counted
from ..decisions import PASS, Decision
from ..events import Note
from ..flow import Answer, Ctx, Flow, ask
from ..rangers.actions import is_firearm
from ..rangers.turns import active_side
from ..refusals import unit_words
from .config import close_combat_config
from .fire_flow import CloseCombatFire
from .formation import (
    Board,
)
from .moves_flow import REORGANISE
from .reform import CUSTOM, is_reform, reform_ends, reform_movers, reform_problem
from .reform import LABELS as REFORM_LABELS
from .roll import first_round_bonus
from .state import od6


class CloseCombatActions(CloseCombatFire):
    """The close-combat preset's units' actions."""

    # -- units' actions (OD6-SEQ-1) -----------------------------------------------------------------------
    def phase_actions(self, ctx: Ctx) -> Flow:
        st = ctx.state
        side = active_side(st)
        spent = od6(st).spent
        board = self.board(ctx)
        menus = {}
        for u, ids in self.units(ctx, side).items():
            if spent.get(u, 0) >= self.actions_per_phase(ctx, u):
                continue
            acts = self.unit_actions(ctx, board, u, ids)
            if len(acts) > 1:  # more than hold
                menus[u] = acts
        if not menus:
            st.phase = "combat"
            return
        opts = [Decision("act", option=u) for u in menus] + [PASS]
        dflt = next(
            (Decision("act", option=u) for u, a in menus.items() if any(x.kind in ("engage", "re_engage") for x in a)),
            opts[0],
        )
        dec = yield ask(
            side,
            "activate",
            f"{st.side(side).name}: choose a unit to act, or end your actions",
            opts,
            default=dflt,
            info={"units": {u: len(ids) for u, ids in self.units(ctx, side).items()}, "spent": dict(spent)},
            rule="OD6-SEQ-1",
        )
        if dec.kind == "pass":
            ctx.emit(Note(rule="OD6-SEQ-1", message=agreeing(st.side(side).name, "ends its", "end their") + " actions"))
            st.phase = "combat"
            return
        u = dec.option_name
        ids = self.units(ctx, side)[u]
        acts = menus[u]
        per = self.actions_per_phase(ctx, u)
        dec = yield ask(
            side,
            "action",
            f"{unit_words(st, u)}: choose an action ({per - spent.get(u, 0)} left)",
            acts,
            default=self.default_action(acts),
            validate=lambda x: self.validate_move(ctx, u, ids, x),
            info=self.action_info(ctx, board, u, ids),
            rule="OD6-SEQ-1",
            answer=Answer.POINT,
        )
        yield from self.resolve_action(ctx, u, ids, dec)

    def unit_actions(self, ctx: Ctx, board: Board, u: str, ids: list[str]) -> list[Decision]:
        acts = [Decision("hold", option=u)]
        movers = self.movers(board, ids)
        side = ctx.fig(ids[0]).side
        in_fight = any(board.touching_enemy(i) for i in ids if i in board.pieces)
        if movers:
            if not in_fight:
                _, legal = self.engage_options(ctx, board, movers)
                acts += [Decision("engage", option=u, figure=c.lead, target=c.target, label=c.key) for c in legal]
            if self.reengage_targets(ctx, board, side):
                if any(self.reengage_options(ctx, board, m) for m in movers):
                    acts.append(Decision("re_engage", option=u))
            for label, dx, dy in self.move_vectors(ctx, board, movers):
                acts.append(Decision("move", option=u, x=dx, y=dy, label=label))
            acts += self.reorganise_options(ctx, board, u, ids)
            if self.shooting(ctx):
                if any(self.fire_options(ctx, board, m.id) for m in movers):
                    acts.append(Decision("shoot", option=u))
                if any(is_firearm(ctx.fig(m.id).missile) and not ctx.fig(m.id).loaded for m in movers):
                    acts.append(Decision("load", option=u))
        locks = board.locks(side)
        if any(locks.get(i, 0) == 1 and not board.pieces[i].disrupted for i in ids if i in board.pieces):
            acts.append(Decision("disengage", option=u))
        return acts

    def reorganise_options(self, ctx: Ctx, board: Board, u: str, ids: list[str]) -> list[Decision]:
        """OD6-SEQ-1 reorganise: face about, turn left or right (the free pieces rigidly), or re-form."""
        movers = self.movers(board, ids)
        reach = close_combat_config(ctx.state).move_allowance
        out = [
            Decision("reorganise", option=u, label=label)
            for label, turn in REORGANISE
            if movers and self.reorganise_ends(board, movers, turn, reach) is not None
        ]
        if not ids:
            return out
        rm = reform_movers(board, ids, ctx.fig(ids[0]).side)
        for label in REFORM_LABELS:
            ends = reform_ends(board, rm, label)
            if ends is not None and reform_problem(board, rm, ends, self.allowance(ctx)) is None:
                out.append(Decision("reorganise", option=u, label=label))
        return out

    def default_action(self, acts: list[Decision]) -> Decision:
        """Auto: engage (the shortest best candidate), else re-engage, else shoot, else load, else
        advance on the enemy, else hold."""
        for kind in ("engage", "re_engage", "shoot", "load"):
            for a in acts:
                if a.kind == kind:
                    return a
        advance = [a for a in acts if a.kind == "move" and a.label == "advance"]
        if advance:
            return advance[0]
        return acts[0]

    def action_info(self, ctx: Ctx, board: Board, u: str, ids: list[str]) -> dict:
        side = ctx.fig(ids[0]).side
        locks = board.locks(side)
        return {
            "unit": u,
            "pieces": ids,
            "allowance": self.allowance(ctx),
            "locks": {i: locks.get(i, 0) for i in ids},
            "disrupted": [i for i in ids if board.pieces[i].disrupted],
            # a re-form of the player's own (OD6-SEQ-1): the screen places these pieces one by one
            "reform_movers": [m.id for m in reform_movers(board, ids, side)],
            "reform_label": CUSTOM,
        }

    # -- resolving an action ------------------------------------------------------------------------------------
    def resolve_action(self, ctx: Ctx, u: str, ids: list[str], dec: Decision) -> Flow:
        st = ctx.state
        spent = od6(st).spent
        per = self.actions_per_phase(ctx, u)
        board = self.board(ctx)
        movers = self.movers(board, ids)
        if dec.kind == "hold":
            spent[u] = per
            ctx.emit(Note(rule="OD6-SEQ-1", message=f"unit {u} holds"))
            return
        spent[u] = spent.get(u, 0) + 1
        if dec.kind == "move":
            for m in movers:
                self.move_piece(
                    ctx, m.id, round(m.x + dec.x, 3), round(m.y + dec.y, 3), m.facing, rule="OD6-SEQ-1", how="move"
                )
        elif dec.kind == "reorganise":
            label = dec.option_label
            if is_reform(label):
                _rm, ends = self.reform_placement(ctx, u, ids, dec)
            else:
                reach = close_combat_config(ctx.state).move_allowance
                ends = self.reorganise_ends(board, movers, dict(REORGANISE)[label], reach) or []
            for e in ends:
                self.move_piece(ctx, e.id, e.x, e.y, e.facing, rule="OD6-SEQ-1", how="reorganise")
            ctx.emit(Note(rule="OD6-SEQ-1", message=f"unit {u} reorganises: {label}"))
        elif dec.kind == "engage":
            key = dec.option_label
            _, legal = self.engage_options(ctx, board, movers)
            cand = next(c for c in legal if c.key == key)
            if self.shooting(ctx):
                yield from self.fire_before_contact(ctx, board, movers, cand)
            for e in cand.ends:
                if ctx.fig(e.id).in_play:  # fire before contact may have eliminated it (OD6-FIRE-1)
                    self.move_piece(ctx, e.id, e.x, e.y, e.facing, rule="OD6-ENG-3", how="charge")
            ctx.emit(
                Note(
                    rule="OD6-ENG-3",
                    message=f"{unit_words(ctx.state, u)} engages {unit_words(ctx.state, cand.target)} with {counted(cand.pairs, 'pair')}",
                )
            )
            left = per - spent[u]
            if left > 0:
                yes = Decision("choose", option="bonus", number=left)
                no = Decision("choose", option="keep")
                d2 = yield ask(
                    active_side(st),
                    "bonus",
                    f"{unit_words(ctx.state, u)}: give up {counted(left, 'unspent action')} for +{left} in this first round (OD6-ROLL-2)?",
                    [yes, no],
                    default=yes,
                    rule="OD6-ROLL-2",
                )
                if d2 == yes:
                    od6(st).bonus[u] = first_round_bonus(left)
                    spent[u] = per
        elif dec.kind == "re_engage":
            yield from self.re_engage(ctx, u, [m.id for m in movers])
        elif dec.kind == "disengage":
            self.disengage(ctx, u, ids)
        elif dec.kind == "load":
            for m in movers:
                f = ctx.fig(m.id)
                if is_firearm(f.missile) and not f.loaded:
                    ctx.change(m.id, loaded=True)
                    ctx.emit(Note(rule="RNG-SHOOT-2", who=m.id, message=f"{f.name} loads"))
        elif dec.kind == "shoot":
            yield from self.fire_unit(ctx, [m.id for m in movers])
