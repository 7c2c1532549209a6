"""PRE-OD6-1 shooting (RNG-SHOOT, OD6-FIRE-1), re-engaging and disengaging."""

from __future__ import annotations

from ..counting import counted
from ..decisions import Decision, choose
from ..events import Note
from ..flow import Ctx, Flow, ask
from ..rangers.events import ShotResolved
from ..rangers.shooting import roll_shot
from ..turns import active_side
from .events import PieceResolved
from .fire import FireTarget, fire_targets, may_fire, reaction_cap
from .formation import (
    Board,
    Candidate,
)
from .locks import disengage_roll, lock_state
from .moves_flow import CloseCombatMoves
from .result import Outcome, fire_hit
from .state import od6


class CloseCombatFire(CloseCombatMoves):
    """The close-combat preset's fire, re-engage and disengage steps."""

    # -- shooting (PRE-OD6-1 with RNG-SHOOT, OD6-FIRE-1) ----------------------------------------------------
    def fire_options(
        self, ctx: Ctx, board: Board, pid: str, *, at: list | None = None, reactive: bool = False
    ) -> list[FireTarget]:
        """Legal shots of piece ``pid`` (at ``at``, default every enemy piece), best first."""
        f = ctx.fig(pid)
        p = board.pieces.get(pid)
        if p is None or not may_fire(f.missile, f.loaded, p, board.touching_enemy(pid)):
            return []
        foes = board.enemies_of(p.side) if at is None else at
        moved = [q for s, ids in (od6(ctx.state).moved or {}).items() if s != p.side for q in ids]
        return fire_targets(
            p,
            f.av,
            f.missile,
            sorted(foes, key=lambda q: q.id),
            board.friends_of(p.side),
            ctx.table.line_of_sight,
            moved=moved,
            reactive=reactive,
            keen_eyed="keen_eyed" in f.traits,
        )

    def resolve_fire(self, ctx: Ctx, ft: FireTarget, *, reactive: bool) -> None:
        """RNG-SHOOT-1/2 roll (the shot unloads); OD6-FIRE-1 [HOUSE]: a hit Disrupts the target, or
        eliminates it if it was already Disrupted."""
        f = ctx.fig(ft.shooter)
        hr = roll_shot(
            ctx.dice,
            f.av,
            range_in=ft.range_in,
            cover=ft.cover,
            target_moved=ft.target_moved,
            keen_eyed="keen_eyed" in f.traits,
            reactive=reactive,
            who=ft.shooter,
            weapon=f.missile,
        )
        ctx.emit(hr.roll)
        ctx.emit(
            ShotResolved(
                rule="OD6-FIRE-1",
                attacker=ft.shooter,
                target=ft.target,
                range_in=ft.range_in,
                cover=ft.cover or "",
                natural=hr.roll.faces[0],
                hit=hr.hit,
                reactive=reactive,
            )
        )
        ctx.change(ft.shooter, loaded=False)
        if not hr.hit or not ctx.fig(ft.target).in_play:
            return
        was = ft.target in od6(ctx.state).disrupted
        out = fire_hit(was)
        ctx.emit(PieceResolved(rule="OD6-FIRE-1", figure=ft.target, outcome=out.value))
        if out is Outcome.ELIMINATED:
            self.eliminate(ctx, ft.target, rule="OD6-FIRE-1", cause=f"shot by {f.name} while Disrupted")
        else:
            self.disrupt(ctx, ft.target)

    def fire_unit(self, ctx: Ctx, ids: list[str]) -> Flow:
        """A unit's shoot action: each free loaded piece picks a target or holds fire (auto: the
        best chance)."""
        st = ctx.state
        for pid in ids:
            if not ctx.fig(pid).in_play:
                continue
            shots = self.fire_options(ctx, self.board(ctx), pid)
            if not shots:
                continue
            opts = [Decision("shoot", figure=pid, target=ft.target) for ft in shots] + [Decision("hold", figure=pid)]
            dec = yield ask(
                active_side(st),
                "shoot",
                f"{ctx.fig(pid).name}: choose a target, or hold fire",
                opts,
                default=opts[0],
                info={"figure": pid, "odds": {ft.target: str(ft.chance) for ft in shots}},
                rule="OD6-FIRE-1",
            )
            if dec.kind == "shoot":
                self.resolve_fire(ctx, shots[opts.index(dec)], reactive=False)

    def fire_before_contact(self, ctx: Ctx, board: Board, movers: list, cand: Candidate) -> Flow:
        """OD6-FIRE-1: the engaged side may answer the engage move with one INI-RSHOOT reaction
        before contact: shooters declared together (INI-RSHOOT-2), at most ceil(inches moved) per
        moving piece (INI-RSHOOT-3), +2 each (INI-RSHOOT-4), at the moving pieces only."""
        st = ctx.state
        side = ctx.fig(cand.target).side
        if side in (od6(st).rshoot_used or ()):
            return
        cap = reaction_cap((board.pieces[e.id], e) for e in cand.ends)
        best = []
        for q in sorted(board.friends_of(side), key=lambda p: p.id):
            shots = self.fire_options(ctx, board, q.id, at=movers, reactive=True)
            if shots:
                best.append(shots[0])
        if not best:
            return
        best.sort(key=lambda ft: (-ft.chance, ft.shooter))
        every, none = choose("all"), choose("no")
        opts = [every, none] + [Decision("shoot", figure=ft.shooter, target=ft.target) for ft in best]
        dec = yield ask(
            side,
            "reactive_shot",
            f"{st.side(side).name}: fire before contact at the charging "
            f"unit (once this phase, up to {counted(cap, 'shooter')})?",
            opts,
            default=every,
            info={"cap": cap, "odds": {ft.shooter: str(ft.chance) for ft in best}},
            rule="OD6-FIRE-1",
        )
        if dec == none:
            return
        used = od6(st).rshoot_used
        assert used is not None, "shooting is on"
        used.append(side)
        chosen = best[:cap] if dec == every else [best[opts.index(dec) - 2]]
        for ft in chosen:  # INI-RSHOOT-2: all declared above, now resolved in turn
            self.resolve_fire(ctx, ft, reactive=True)

    def re_engage(self, ctx: Ctx, u: str, mover_ids: list[str]) -> Flow:
        """OD6-SEQ-1: a continuation — each free piece may move on its own into full front contact
        with an enemy piece of the fight (the player picks per piece; auto: the first candidate)."""
        st = ctx.state
        for pid in mover_ids:
            board = self.board(ctx)
            if pid not in board.pieces or not board.free(pid):
                continue
            cands = self.reengage_options(ctx, board, board.pieces[pid])
            if not cands:
                continue
            opts = [Decision("place", figure=pid, label=c.key) for c in cands]
            stay = Decision("stay", figure=pid)
            d = yield ask(
                active_side(st),
                "re_engage",
                f"{ctx.fig(pid).name}: move into contact, or stay",
                opts + [stay],
                default=opts[0],
                info={"figure": pid, "targets": [c.target for c in cands]},
                rule="OD6-SEQ-1",
            )
            if d.kind == "stay":
                continue
            c = cands[opts.index(d)]
            e = c.ends[0]
            self.move_piece(ctx, pid, e.x, e.y, e.facing, rule="OD6-SEQ-1", how="charge")

    def disengage(self, ctx: Ctx, u: str, ids: list[str]) -> None:
        """OD6-LOCK-2: each singly locked piece rolls 1d6 ≥ QV; on a success it moves back one piece
        length (its rear direction) if clear."""
        board = self.board(ctx)
        side = ctx.fig(ids[0]).side
        locks = board.locks(side)
        for pid in ids:
            if pid not in board.pieces or board.pieces[pid].disrupted:
                continue
            if lock_state(locks.get(pid, 0)).value != "may_disengage":
                continue
            f = ctx.fig(pid)
            ev = disengage_roll(ctx.dice, pid, f.qv or 4)
            ctx.emit(ev)
            if not ev.success:
                continue
            p = board.pieces[pid]
            fx, fy = p.forward
            dx, dy = round(-fx * p.length, 3) + 0.0, round(-fy * p.length, 3) + 0.0
            if board.can_move_back(pid, dx, dy):
                board.apply_move(pid, dx, dy)
                self.move_piece(
                    ctx, pid, board.pieces[pid].x, board.pieces[pid].y, p.facing, rule="OD6-LOCK-2", how="retreat"
                )
            else:
                ctx.emit(Note(rule="OD6-LOCK-2", who=pid, message=f"{f.name} disengages but has no room to step back"))
