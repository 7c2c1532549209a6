"""PRE-RNG-1 resolution: moves, escapes, special actions and "To me!" (INI-TOME-1) once chosen."""

from __future__ import annotations

import math

from game.rules.decisions import Decision, IllegalDecision
from game.rules.flow import Ctx, Flow, ask
from game.rules.model import round_in

from ..state import Claim
from . import destinations as D
from . import flowkit as K
from .actions import HAND_COMBAT_RANGE, after_action
from .config import rangers_config
from .events import ActionTaken
from .movement import crossing_allowance
from .reactive_flow import RangersReactiveShooting
from .special import roll_special_action
from .state import rng


class RangersResolution(RangersReactiveShooting):
    """The Rangers! preset's resolution of a chosen action."""

    # -- resolution ---------------------------------------------------------------------------------------
    def _moved(self, ctx: Ctx, fid: str, inches: float) -> None:
        d = rng(ctx.state)
        side = ctx.fig(fid).side
        if fid not in d.moved_pt[side]:
            d.moved_pt[side].append(fid)
        if d.rs_movers is None:
            d.rs_movers = {}
        rs = d.rs_movers
        rs[fid] = round_in(rs.get(fid, 0.0) + inches)

    def _do_move(self, ctx: Ctx, fid: str, plan, *, how: str, rule: str, face_dir: float | None = None) -> None:
        f = ctx.fig(fid)
        ex, ey = plan.points[-1]
        ctx.move(fid, ex, ey, rule=rule, how=how, path=plan.points, cost=plan.cost, level=plan.level)
        if face_dir is None and (ex, ey) != (f.x, f.y):
            face_dir = math.degrees(math.atan2(ey - f.y, ex - f.x)) % 360.0
        if face_dir is not None:
            ctx.change(fid, facing=round_in(face_dir % 360.0))
        obs = rng(ctx.state).at_obstacle
        if plan.stops_at_obstacle:
            obs[fid] = {"id": plan.stops_at_obstacle, "pt": rng(ctx.state).pt}
        else:
            obs.pop(fid, None)
        self._moved(ctx, fid, plan.length)

    def _after(self, ctx: Ctx, fid: str, action: str) -> None:
        f = ctx.fig(fid)
        if not f.in_play:
            return
        loaded, aim = after_action(action, loaded=f.loaded, aim=f.aim)
        if (loaded, aim) != (f.loaded, f.aim):
            ctx.change(fid, loaded=loaded, aim=aim)

    def resolve(self, ctx: Ctx, fid: str, d: Decision) -> Flow:
        st = ctx.state
        f = ctx.fig(fid)
        k = d.kind
        rng(st).rs_movers = {}
        rng(st).rs_shooters = []
        if k == "hold":
            ctx.emit(ActionTaken(rule="RNG-ACT-1", figure=fid, action="hold", detail="stands and defends"))
        elif k in ("attack", "retaliate"):
            rule = "RNG-MOT-4" if k == "retaliate" else "RNG-HAND-1"
            ctx.emit(ActionTaken(rule=rule, figure=fid, action=k, target=d.target_id))
            yield from K.hand_attack(ctx, fid, d.target_id, how=k)
        elif k == "charge":
            plan = self._plan(ctx, fid, d.x, d.y, self.charge_allowance(ctx, fid), level=ctx.fig(d.target_id).level)
            ctx.emit(ActionTaken(rule="RNG-ACT-1", figure=fid, action="charge", target=d.target_id))
            self._do_move(ctx, fid, plan, how="charge", rule="RNG-ACT-1")
            if K.dist(ctx.fig(fid), ctx.fig(d.target_id)) <= HAND_COMBAT_RANGE + K.EPS:
                yield from K.hand_attack(ctx, fid, d.target_id, how="charge")
        elif k == "move":
            cross = (d.option_label,) if d.option == "cross" else ()
            allowance = crossing_allowance(f.move) if cross else f.move
            plan = self._plan(ctx, fid, d.x, d.y, allowance, cross)
            self._do_move(ctx, fid, plan, how="move", rule="RNG-MOVE-2" if cross else "RNG-MOVE-1")
        elif k in ("retreat", "flee", "cover"):
            yield from self.escape(ctx, fid, d)
        elif k == "load":
            ctx.emit(ActionTaken(rule="RNG-SHOOT-2", figure=fid, action="load", detail=f"loads the {f.missile}"))
        elif k == "aim":
            ctx.emit(ActionTaken(rule="RNG-ACT-1", figure=fid, action="aim", detail=f"aim counter {f.aim + 1}"))
        elif k == "shoot":
            ctx.emit(ActionTaken(rule="RNG-SHOOT-1", figure=fid, action="shoot", target=d.target_id))
            yield from K.shoot(ctx, fid, d.target_id, target_moved=self.target_moved(ctx, d.target_id))
            rng(st).rs_shooters = [fid]
        elif k == "special":
            yield from self.special(ctx, fid, d.option_name)
        elif k == "tome":
            yield from self.to_me(ctx, fid)
        else:  # pragma: no cover - the ask's check refuses anything else
            raise IllegalDecision(f"{d.describe()} is not an action")
        self._after(ctx, fid, "defend" if k in ("hold",) else k if k in ("load", "aim", "shoot") else "move")
        self.after_activation(ctx, fid)

    def escape(self, ctx: Ctx, fid: str, d: Decision) -> Flow:
        """RNG-HAND-4 retreat / flee (free attacks first) and RNG-MOT-3 move into cover."""
        f = ctx.fig(fid)
        if d.kind == "retreat":
            foes = K.foes_within(ctx, fid, HAND_COMBAT_RANGE)
            reach = rangers_config(ctx.state).hand_retreat_distance
            plan = self._plan(ctx, fid, d.x, d.y, reach)
            ctx.emit(
                ActionTaken(
                    rule="RNG-HAND-4", figure=fid, action="retreat", detail=f"retreats {reach:g} in facing its foes"
                )
            )
            back = (D.away_bearing(ctx, fid, foes) + 180.0) % 360.0
            self._do_move(ctx, fid, plan, how="retreat", rule="RNG-HAND-4", face_dir=back)
        elif d.kind == "flee":
            plan = self._plan(ctx, fid, d.x, d.y, f.move)
            ctx.emit(ActionTaken(rule="RNG-HAND-4", figure=fid, action="flee", detail="flees hand combat"))
            for e in K.foes_within(ctx, fid, HAND_COMBAT_RANGE):
                dead = yield from K.hand_attack(ctx, e.id, fid, how="free", free=True, rule="RNG-HAND-4")
                if dead:
                    return
            self._do_move(ctx, fid, plan, how="flee", rule="RNG-HAND-4")
        else:
            plan = self._plan(ctx, fid, d.x, d.y, f.move)
            ctx.emit(ActionTaken(rule="RNG-MOT-3", figure=fid, action="cover", detail="moves into cover"))
            self._do_move(ctx, fid, plan, how="move", rule="RNG-MOT-3")

    def special(self, ctx: Ctx, fid: str, sid: str) -> Flow:
        """RNG-SPEC-1: d20 ≤ AV − difficulty (unless the scenario says no test); after the number of
        successful actions the scenario gives, the special action is done (and may win the game)."""
        st = ctx.state
        sp = next((s for s in st.options.get("specials") or [] if str(s.get("id")) == sid), None)
        if sp is None:
            raise IllegalDecision(f"no special action {sid!r}")
        f = ctx.fig(fid)
        ok = True
        if sp.get("test", True):
            ap = yield from K.ask_ap(ctx, f.side, sp.get("name", sid), fid)
            ev = roll_special_action(
                ctx.dice, f.av, int(sp.get("difficulty", 0)), who=fid, purpose=str(sp.get("name", sid)), ap=ap
            )
            ctx.emit(ev)
            ok = bool(ev.success)
        prog = rng(st).special.setdefault(sid, {})
        if ok:
            prog[f.side] = prog.get(f.side, 0) + 1
        need = max(1, int(sp.get("actions", 1)))
        done = ok and prog[f.side] >= need
        ctx.emit(
            ActionTaken(
                rule="RNG-SPEC-1",
                figure=fid,
                action="special",
                detail=f"{sp.get('name', sid)}: {'done' if done else 'progress'} {prog.get(f.side, 0)}/{need}",
            )
        )
        if done:
            rng(st).special.setdefault("_done", {})[sid] = f.side
            if sp.get("wins"):
                st.claim = Claim(f.side, f"{st.side(f.side).name} completed {sp.get('name', sid)}")

    def to_me(self, ctx: Ctx, fid: str) -> Flow:
        """INI-TOME-1 (toggle `to_me`): the Leader stands still; each figure of his command that has
        not acted this player-turn and is more than 4" from every enemy (plus allies within 4" of
        them) may move a full move toward him, never within 4" of an enemy; movers count as having
        acted. Each mover's owner chooses: answer (auto: the farthest legal straight approach) or stay."""
        st = ctx.state
        answers = self.tome_answers(ctx, fid, exclude=rng(st).acted)
        ctx.emit(ActionTaken(rule="INI-TOME-1", figure=fid, action="tome", detail=f'"To me!" — {len(answers)} answer'))
        yield from self.tome_moves(ctx, fid, answers, acted=rng(st).acted)

    def tome_moves(
        self, ctx: Ctx, fid: str, answers: dict[str, tuple[float, float]], *, acted: list[str] | None
    ) -> Flow:
        """INI-TOME-1: each answering figure's owner moves it toward the leader ``fid`` (auto) or
        keeps it. With ``acted`` (a Rangers! player-turn), every figure asked counts as having acted
        and a mover's action ends there (``_after``); the initiative preset passes None."""
        for mid, dest in answers.items():
            m = ctx.fig(mid)
            opts = [Decision("move", figure=mid, x=dest[0], y=dest[1]), Decision("hold", figure=mid)]
            d = yield ask(
                m.side,
                "tome",
                f'{m.name}: answer "To me!"?',
                opts,
                default=opts[0],
                info={"figure": mid, "leader": fid},
                rule="INI-TOME-1",
            )
            if acted is not None:
                acted.append(mid)
            plan = D.path_cost(ctx, mid, *d.point) if d.kind == "move" else None
            if plan is not None:  # an earlier answerer may have taken the way
                self._do_move(ctx, mid, plan, how="move", rule="INI-TOME-1")
                if acted is not None:
                    self._after(ctx, mid, "move")
