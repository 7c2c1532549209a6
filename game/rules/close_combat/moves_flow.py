"""PRE-OD6-1 options, board helpers, unit moves and engaging (OD6-SEQ-1, OD6-ENG-3)."""

from __future__ import annotations

import math
from dataclasses import replace

from ..decisions import Decision
from ..events import Note
from ..flow import Ctx
from ..implements import implements
from ..model import Status
from ..refusals import Cause, refused, unit_words
from .config import close_combat_config
from .formation import (
    Board,
    Candidate,
    engage_candidates,
    legal_candidates,
    move_allowance,
    norm_deg,
    transform,
    translate_limit,
    unit_key,
)
from .pieces import Piece
from .reform import CUSTOM, is_reform, placed_ends, reform_ends, reform_movers, reform_problem
from .state import od6

#: representative rigid moves: (label, forward, right) in inches, in the unit's frame
MOVES = (
    ("forward 6", 6.0, 0.0),
    ("forward 3", 3.0, 0.0),
    ("forward 1", 1.0, 0.0),
    ("back 1", -1.0, 0.0),
    ("back 3", -3.0, 0.0),
    ("left 2", 0.0, -2.0),
    ("right 2", 0.0, 2.0),
    ("oblique left 3", 2.121, -2.121),
    ("oblique right 3", 2.121, 2.121),
)
REORGANISE = (("face about", 180.0), ("turn left", -90.0), ("turn right", 90.0))


class CloseCombatMoves:
    """The close-combat preset's option toggles, piece helpers and unit moves."""

    # -- options -----------------------------------------------------------------------------------------
    @implements("OD6-FIRE-1")
    def shooting(self, ctx: Ctx) -> bool:
        """PRE-OD6-1 / OD6-FIRE-1: scenario option ``shooting`` enables RNG-SHOOT (off, as in the source)."""
        return ctx.state.options.get("shooting") is True

    @implements("OD6-SEQ-1")
    def actions_per_phase(self, ctx: Ctx, unit: str = "") -> int:
        """OD6-SEQ-1: each unit's actions per phase — scenario option ``actions``, an integer for
        every unit or a table unit → integer (1 to 4), else the configuration's ``actions_per_phase``."""
        default = close_combat_config(ctx.state).actions_per_phase
        n = ctx.state.options.get("actions", default)
        if isinstance(n, dict):
            n = n.get(unit, default)
        return n if isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 4 else default

    def break_after(self, ctx: Ctx, unit: str) -> int:
        """OD6-PIECE-1: scenario option ``break_after`` (an integer, or a table unit → integer), else
        the configuration's ``break_after``."""
        default = close_combat_config(ctx.state).break_after
        v = ctx.state.options.get("break_after", default)
        if isinstance(v, dict):
            v = v.get(unit, default)
        return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else default

    def allowance(self, ctx: Ctx) -> float:
        return move_allowance(ctx.state)

    # -- helpers ------------------------------------------------------------------------------------------
    def board(self, ctx: Ctx) -> Board:
        return Board.of(ctx, od6(ctx.state).disrupted)

    def units(self, ctx: Ctx, side: str) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for f in ctx.state.in_play(side):
            out.setdefault(unit_key(f), []).append(f.id)
        return {k: sorted(v) for k, v in sorted(out.items())}

    def eliminate(self, ctx: Ctx, pid: str, *, rule: str, cause: str) -> None:
        f = ctx.fig(pid)
        ctx.set_status(pid, Status.KNOCKED_DOWN, rule=rule, cause=cause)
        d = od6(ctx.state)
        u = unit_key(f)
        d.losses[u] = d.losses.get(u, 0) + 1
        if pid in d.disrupted:
            d.disrupted.remove(pid)

    def disrupt(self, ctx: Ctx, pid: str) -> None:
        d = od6(ctx.state).disrupted
        if pid not in d:
            d.append(pid)
            d.sort()

    def move_piece(self, ctx: Ctx, pid: str, x: float, y: float, facing: float, *, rule: str, how: str) -> None:
        f = ctx.fig(pid)
        if (
            self.shooting(ctx)
            and f.side == ctx.state.active
            and ((f.x, f.y) != (x, y) or norm_deg(f.facing) != norm_deg(facing))
        ):
            moved = (od6(ctx.state).moved or {}).setdefault(f.side, [])
            if pid not in moved:  # RNG-SHOOT-1 "target moved": in its side's latest phase
                moved.append(pid)
                moved.sort()
        if (f.x, f.y) != (x, y):
            ctx.move(pid, x, y, rule=rule, how=how)
        if norm_deg(f.facing) != norm_deg(facing):
            ctx.change(pid, facing=norm_deg(facing))
            ctx.emit(Note(rule=rule, who=pid, message=f"{f.name} now faces {norm_deg(facing):g}°"))

    def movers(self, board: Board, ids: list[str]) -> list:
        return [board.pieces[i] for i in ids if i in board.pieces and board.free(i)]

    def reform_placement(self, ctx: Ctx, u: str, ids: list[str], dec: Decision):
        """OD6-SEQ-1: (movers, ends) of a re-form decision — an offered formation or the player's
        own (``option`` the unit, ``label`` "re-form", ``spots`` each piece's end); IllegalDecision otherwise."""
        board = self.board(ctx)
        rm = reform_movers(board, ids, ctx.fig(ids[0]).side)
        label = dec.option_label
        ends: list[Piece] | None
        if label == CUSTOM:
            try:
                ends = placed_ends(dec.spots, rm)
            except ValueError as e:
                raise refused(
                    Cause.NOT_ALLOWED,
                    who=unit_words(ctx.state, u),
                    detail=f"{unit_words(ctx.state, u)} cannot re-form so: {e}",
                ) from None
        else:
            ends = reform_ends(board, rm, label)
            if ends is None:
                raise refused(
                    Cause.NOT_OFFERED,
                    who=unit_words(ctx.state, u),
                    detail=f"{unit_words(ctx.state, u)} cannot {label} now",
                )
        why = reform_problem(board, rm, ends, self.allowance(ctx)) if rm else "no piece may re-form"
        if why:
            raise refused(
                Cause.NOT_ALLOWED,
                who=unit_words(ctx.state, u),
                detail=f"{unit_words(ctx.state, u)} cannot re-form so: {why}",
            )
        return rm, ends

    # -- moves --------------------------------------------------------------------------------------------
    def move_vectors(self, ctx: Ctx, board: Board, movers: list) -> list[tuple[str, float, float]]:
        """Representative rigid translations (the unit's frame), each checked clear; plus an advance
        toward the nearest enemy, stopping 0.1" short."""
        lead = movers[0]
        fx, fy = lead.forward
        rx, ry = lead.right_dir
        allow = self.allowance(ctx)
        out = []
        seen = set()
        foes = board.enemies_of(lead.side)
        if foes:
            cx = sum(m.x for m in movers) / len(movers)
            cy = sum(m.y for m in movers) / len(movers)
            near = min(foes, key=lambda q: (math.hypot(q.x - cx, q.y - cy), q.id))
            dist = math.hypot(near.x - cx, near.y - cy)
            if dist > 0:
                ux, uy = (near.x - cx) / dist, (near.y - cy) / dist
                d = translate_limit(board, movers, ux, uy, min(allow, dist))
                if d >= 0.25:
                    v = (round(ux * d, 3), round(uy * d, 3))
                    seen.add(v)
                    out.append(("advance", v[0], v[1]))
        for label, fwd, right in MOVES:
            if math.hypot(fwd, right) > allow + 1e-9:
                continue
            v = (round(fx * fwd + rx * right, 3) + 0.0, round(fy * fwd + ry * right, 3) + 0.0)
            if v in seen:
                continue
            ends = [m.moved(*v) for m in movers]
            if board.move_clear(movers, ends, may_touch_enemy=False) is None:
                seen.add(v)
                out.append((label, v[0], v[1]))
        return out

    def validate_move(self, ctx: Ctx, u: str, ids: list[str], dec: Decision) -> None:
        """Any rigid translation of the unit's free pieces (x, y = the vector in inches) up to the
        allowance, clear, touching no enemy (OD6-SEQ-1 move); or any re-form (OD6-SEQ-1)."""
        if dec.kind == "reorganise" and dec.option == u and is_reform(dec.label):
            self.reform_placement(ctx, u, ids, dec)
            return
        if dec.kind != "move" or dec.option != u:
            raise refused(
                Cause.NOT_ITS_TURN,
                who=unit_words(ctx.state, u),
                detail=f"choose one of {unit_words(ctx.state, u)}'s actions",
            )
        if dec.x is None or dec.y is None:
            raise refused(Cause.INCOMPLETE, detail="a move needs a destination")
        allow = self.allowance(ctx)
        if math.hypot(dec.x, dec.y) > allow + 0.002:
            raise refused(
                Cause.BEYOND_MOVE,
                who=unit_words(ctx.state, u),
                distance=math.hypot(dec.x, dec.y),
                limit=allow,
                rule="OD6-SEQ-1",
            )
        board = self.board(ctx)
        movers = self.movers(board, ids)
        if not movers:
            raise refused(
                Cause.ALREADY_ENGAGED,
                who=unit_words(ctx.state, u),
                detail=f"{unit_words(ctx.state, u)} has no piece free to move (Disrupted or in contact)",
            )
        why = board.move_clear(movers, [m.moved(dec.x, dec.y) for m in movers], may_touch_enemy=False)
        if why:
            raise move_clear_refusal(ctx.state, u, why)

    def reorganise_ends(self, board: Board, movers: list, turn: float, reach: float):
        """OD6-SEQ-1 reorganise: the pieces' ends after ``turn``, None when a piece would go farther
        than ``reach`` or the ends are not clear."""
        cx = round(sum(m.x for m in movers) / len(movers), 3)
        cy = round(sum(m.y for m in movers) / len(movers), 3)
        if turn == 180.0:
            ends = [replace(m, facing=norm_deg(m.facing + 180.0)) for m in movers]
        else:
            ends = transform(movers, (cx, cy), turn, 0.0, 0.0)
        if any(math.hypot(e.x - s.x, e.y - s.y) > reach for s, e in zip(movers, ends)):
            return None
        return ends if board.move_clear(movers, ends, may_touch_enemy=False) is None else None

    # -- engage (OD6-ENG-3) ---------------------------------------------------------------------------------
    def engage_options(self, ctx: Ctx, board: Board, movers: list) -> tuple[int, list[Candidate]]:
        foes = board.enemies_of(movers[0].side)
        cands = engage_candidates(board, movers, foes, allowance=self.allowance(ctx))
        return legal_candidates(board, movers, cands)

    def reengage_targets(self, ctx: Ctx, board: Board, side: str) -> list:
        """OD6-SEQ-1 continuation: enemy pieces of units that are in contact with ``side``."""
        foes = board.enemies_of(side)
        units = {unit_key(ctx.fig(q.id)) for q in foes if board.touching_enemy(q.id)}
        return sorted((q for q in foes if unit_key(ctx.fig(q.id)) in units), key=lambda q: q.id)

    def reengage_options(self, ctx: Ctx, board: Board, piece) -> list[Candidate]:
        cands = engage_candidates(
            board, [piece], self.reengage_targets(ctx, board, piece.side), allowance=self.allowance(ctx), rigid=False
        )
        out = []
        for c in cands:
            if board.sweep_clear([piece], list(c.ends)):
                out.append(c)
                if len(out) >= 6:
                    break
        return out


def move_clear_refusal(state, u: str, why: str):
    """``Board.move_clear``'s reason as a typed refusal."""
    who = unit_words(state, u)
    if "overlap" in why:
        return refused(Cause.OCCUPIED, who=who, rule="OD6-SEQ-1")
    if "may not touch" in why:
        return refused(
            Cause.ENDS_IN_CONTACT, who=who, detail="that move touches an enemy piece: engage instead", rule="OD6-SEQ-1"
        )
    if "blocked" in why:
        return refused(Cause.NO_CLEAR_PATH, who=who, rule="GEO-SWEEP-1")
    return refused(Cause.NOT_ALLOWED, who=who, detail=f"{who} cannot move so: {why}")
