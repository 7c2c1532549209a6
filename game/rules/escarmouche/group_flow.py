"""PRE-ESC-1 group actions once chosen: moving a group (RNG-MOVE), shooting (RNG-SHOOT), wounds and morale (RNG-MOR-1)."""

from __future__ import annotations

import math

from ..decisions import Decision
from ..events import Note
from ..flow import Ctx, Flow, ask
from ..model import Status
from ..rangers import is_firearm, roll_shot, roll_wounds, shooting_odds, weapon_max_range, wound_modifier
from ..rangers.movement import crossing_allowance, obstacle_defended
from ..rangers.turns import MEASURE_TOLERANCE
from .config import EscarmoucheConfig, escarmouche_config
from .engage import is_civilian
from .melee_flow import MeleeFlow
from .placing import candidate_points, spot_ok
from .state import esc


class EscGroupActions(MeleeFlow):
    """The escarmouche preset's group moves, shots, wounds and morale."""

    # -- RNG-MOVE -------------------------------------------------------------------------------------
    def move_group(self, ctx: Ctx, group: list[str], target: str) -> None:
        """RNG-MOVE-1 for a group: each figure goes to the clear spot of the target sector nearest its
        centre that it can reach within its move (tough ground double), walking round obstacles,
        nearest figures first (ESC-SEC-1 digital ruling).

        RNG-MOVE-2: a figure that can only get there over a linear obstacle (wall, hedge, fence)
        stops on reaching it (``at_obstacle``: fid → {id, turn}); in a later game turn (the
        ESC player-turn is the group's activation, once per turn) it may cross it at half move if it
        is still touching it and no enemy stands within 1" of the far side (undefended). A figure
        that can do neither stays."""
        cx, cy = ctx.table.sector_centre(target)
        # the figures nearest the target go first, so they do not block the others' way
        for fid in sorted(group, key=lambda i: (round(math.hypot(ctx.fig(i).x - cx, ctx.fig(i).y - cy), 6), i)):
            f = ctx.fig(fid)
            plan, rule = self._plan_into(ctx, fid, target, cx, cy)
            if plan is None:
                ctx.emit(Note(rule="RNG-MOVE-1", who=fid, message=f"{f.name} cannot reach {target} and stays"))
                continue
            end = plan.points[-1]
            ctx.move(fid, end[0], end[1], rule=rule, path=plan.points, cost=plan.cost, level=plan.level)
            ctx.change(fid, aim=0)
            d = esc(ctx.state)
            d.moved_this_turn.append(fid)
            if plan.stops_at_obstacle is not None:
                if d.at_obstacle is None:
                    d.at_obstacle = {}
                d.at_obstacle[fid] = {
                    "id": plan.stops_at_obstacle,
                    "turn": ctx.state.turn,
                }
                ctx.emit(Note(rule="RNG-MOVE-2", who=fid, message=f"{f.name} stops at the obstacle"))
            else:
                (d.at_obstacle or {}).pop(fid, None)

    def _plan_into(self, ctx: Ctx, fid: str, target: str, cx: float, cy: float):
        """(plan, rule) for one figure of ``move_group``: a full move into the sector (RNG-MOVE-1),
        else a half-move crossing of the obstacle it waits at (RNG-MOVE-2), else a stop at the first
        linear obstacle on the straight way to the sector (RNG-MOVE-2); (None, "") if none."""
        f = ctx.fig(fid)
        allow = f.move + MEASURE_TOLERANCE
        cross = self.crossable_obstacle(ctx, fid)
        stop = None
        tries = 0
        for x, y in candidate_points(cx, cy):
            if math.hypot(x - f.x, y - f.y) > allow:
                continue
            if not spot_ok(ctx, fid, x, y, target):
                continue
            p = ctx.table.path_cost(fid, [(f.x, f.y), (x, y)])
            if p is not None and p.stops_at_obstacle is not None:
                if cross is not None and p.stops_at_obstacle == cross:
                    q = ctx.table.path_cost(fid, [(f.x, f.y), (x, y)], cross=(cross,))
                    if (
                        q is not None
                        and q.stops_at_obstacle is None
                        and q.cost <= crossing_allowance(f.move) + MEASURE_TOLERANCE
                    ):
                        return q, "RNG-MOVE-2"
                if stop is None and p.cost <= allow and len(p.points) > 1:
                    stop = p  # the straight way to the spot nearest the centre reaches an obstacle
                p = None  # ...but a way round it is still sought
            if p is None or p.cost > allow:
                tries += 1
                if tries > 6:  # routing is costly: a handful of spots nearest the centre is enough
                    continue
                q = ctx.table.plan_path(fid, x, y)
                if q is None or q.cost > allow or q.stops_at_obstacle is not None:
                    continue
                p = q
            return p, "RNG-MOVE-1"
        return (stop, "RNG-MOVE-2") if stop is not None else (None, "")

    def crossable_obstacle(self, ctx: Ctx, fid: str) -> str | None:
        """RNG-MOVE-2: the linear obstacle fid stopped at in an earlier game turn, if it still
        touches it and it is undefended (digital ruling: no enemy within 1" of the far side)."""
        st = ctx.state
        rec = (esc(st).at_obstacle or {}).get(fid)
        if not rec or rec["turn"] >= st.turn:
            return None
        if rec["id"] not in {o.id for o in ctx.table.touching_obstacles(fid)}:
            return None  # moved away since (evicted, broke off): the stop no longer holds
        tmap = getattr(ctx.table, "map", None)
        ob = tmap.obstacle(rec["id"]) if tmap is not None else None
        if ob is None:
            return None
        segs = [(a[0], a[1], b[0], b[1]) for a, b in zip(ob.points, ob.points[1:])]
        f = ctx.fig(fid)
        if any(obstacle_defended(f, seg, ctx.enemies(fid)) for seg in segs):
            return None
        return rec["id"]

    # -- RNG-SHOOT ------------------------------------------------------------------------------------
    def shot_targets(self, ctx: Ctx, fid: str) -> list[tuple[str, float, str | None]]:
        """RNG-SHOOT-1..3: (target, range, cover) for each enemy this figure may shoot now."""
        f = ctx.fig(fid)
        if not f.missile or (is_firearm(f.missile) and not f.loaded) or is_civilian(f):
            return []
        st = ctx.state
        reach = weapon_max_range(f.missile)
        out = []
        for t in ctx.enemies(fid):
            sight = ctx.table.line_of_sight(fid, t.id)
            if not sight.clear or sight.distance > reach:
                continue
            # RNG-SHOOT-3: not at a figure within 1" of an enemy of it (in hand combat)
            near = ctx.table.within(t.id, 1.0)
            t_foes = set(st.enemies_of(t.side))
            if any(n in st.figures and st.figures[n].in_play and st.figures[n].side in t_foes for n in near):
                continue
            out.append((t.id, sight.distance, sight.cover))
        return out

    def _target_moved(self, ctx: Ctx, tid: str) -> bool:
        return target_moved(ctx.state, tid)

    def shoot_group(self, ctx: Ctx, group: list[str]) -> Flow:
        """RNG-SHOOT-1..3 for each figure of the group that can shoot; RNG-WND-1/2 on a hit
        (ESC-RES-1: wounds count toward the same two-wound limit)."""
        for fid in sorted(group):
            f = ctx.fig(fid)
            if not f.in_play:
                continue
            targets = self.shot_targets(ctx, fid)
            if not targets:
                continue
            opts = [Decision("shoot", figure=fid, target=t) for t, _, _ in targets] + [Decision("hold", figure=fid)]
            odds = {
                t: shooting_odds(
                    f.av,
                    range_in=r,
                    aim=f.aim,
                    cover=c,
                    target_moved=self._target_moved(ctx, t),
                    keen_eyed="keen_eyed" in f.traits,
                    weapon=f.missile,
                )
                for t, r, c in targets
            }
            best = max(targets, key=lambda tr: (odds[tr[0]], -tr[1]))
            dflt = Decision("shoot", figure=fid, target=best[0])
            dec = yield ask(
                f.side,
                "shoot",
                f"{f.name}: choose a target, or hold fire",
                opts,
                default=dflt,
                info={"figure": fid, "odds": {t: str(o) for t, o in odds.items()}},
                rule="RNG-SHOOT-1",
            )
            if dec.kind == "hold":
                continue
            t, rng, cover = next(x for x in targets if x[0] == dec.target)
            hit = roll_shot(
                ctx.dice,
                f.av,
                range_in=rng,
                aim=f.aim,
                cover=cover,
                target_moved=self._target_moved(ctx, t),
                keen_eyed="keen_eyed" in f.traits,
                who=fid,
                weapon=f.missile,
            )
            ctx.emit(hit.roll)
            ctx.change(fid, loaded=False if is_firearm(f.missile) else f.loaded, aim=0)
            if not hit.hit:
                continue
            tf = ctx.fig(t)
            wr = roll_wounds(
                ctx.dice,
                wound_modifier(hand_combat=False, target_tough="tough" in tf.traits),
                lucky="lucky" in tf.traits,
                who=fid,
            )
            ctx.emit(wr.roll)
            if wr.wounds <= 0:
                ctx.emit(Note(rule="RNG-WND-1", who=t, message=f"{tf.name}'s wound is negligible"))
                continue
            self.wound(ctx, t, wr.wounds, rule="RNG-WND-2", cause="shot")

    def wound(self, ctx: Ctx, fid: str, n: int, *, rule: str, cause: str) -> None:
        """Add wounds: at the figure's Wounds value (2; ESC-RES-1: a second wound kills) it is killed."""
        f = ctx.fig(fid)
        w = f.wounds + n
        if wounds_kill(escarmouche_config(ctx.state), f, n):
            ctx.set_status(fid, Status.KNOCKED_DOWN, rule=rule, cause=f"killed ({cause})", wounds=w)
        else:
            ctx.set_status(fid, Status.WOUNDED, rule=rule, cause=cause, wounds=w)

    # -- RNG-MOR-1 (optional) ---------------------------------------------------------------------------
    def morale_broken(self, ctx: Ctx, side: str) -> bool:
        """RNG-MOR-1 (scenario option ``morale``): the side's Leader is out of play, or it has half
        its starting figures or fewer in play (ESC rosters carry no points: figures count)."""
        if not ctx.state.options.get("morale"):
            return False
        figs = [f for f in ctx.state.figures.values() if f.side == side]
        leaders = [f for f in figs if f.is_leader]
        if leaders and not any(f.in_play for f in leaders):
            return True
        start = esc(ctx.state).start_count.get(side, len(figs))
        return 2 * sum(1 for f in figs if f.in_play) <= start


def target_moved(state, tid: str) -> bool:
    """RNG-SHOOT-1's "target moved" in Escarmouche: it moved this turn or the side's last."""
    d = esc(state)
    return tid in d.moved_last_turn or tid in d.moved_this_turn


def wounds_kill(config: EscarmoucheConfig, f, n: int) -> bool:
    """ESC-RES-1: ``n`` more wounds kill ``f`` at its Wounds value (at most 2, ``config.wounds_to_kill``:
    a second wound kills)."""
    most = config.wounds_to_kill
    limit = min(f.max_wounds, most) if f.max_wounds > 0 else most
    return f.wounds + n >= limit
