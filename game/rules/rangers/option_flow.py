"""PRE-RNG-1 options: what an activated figure may do (RNG-ACT-1, RNG-MOT-4, RNG-HAND-4, RNG-MOVE, RNG-COVER, INI-TOME-1 answers) and the validation of chosen destinations."""

from __future__ import annotations

import math
from dataclasses import replace

from game.rules.decisions import Decision, IllegalDecision
from game.rules.flow import Ctx
from game.rules.model import round_in
from game.rules.rangers.turns import MEASURE_TOLERANCE, TurnPreset
from game.rules.refusal_facts import charge_refusal, contact_refusal, move_refusal
from game.rules.refusals import Cause, refused

from ..implements import implements
from . import destinations as D
from . import flowkit as K
from .actions import HAND_COMBAT_RANGE, MAX_AIM, is_firearm
from .config import rangers_config
from .geometry import path_points
from .movement import crossing_allowance, may_cross, obstacle_defended
from .state import rng
from .traits import CHARGE_DISTANCE
from .turn_common import in_command, tome_move_problem, tome_movers

COVER_AVOID = 3.0
COVER_HEADINGS = tuple(range(0, 360, 30))
FREE_KINDS = ("hold", "retreat", "flee", "cover")


class RangersOptions(TurnPreset):
    """The Rangers! preset's option toggles, offered actions and their checks."""

    # -- option toggles ---------------------------------------------------------------------------
    def opt(self, ctx: Ctx, key: str) -> bool:
        return bool(ctx.state.options.get(key))

    def morale_broken(self, ctx: Ctx, side: str) -> bool:
        """RNG-MOR-1 through the rangers bookkeeping (Leader killed, or points at half or less)."""
        return K.side_broken(ctx, side)

    @implements("RNG-MOT-4")
    def retaliation_targets(self, ctx: Ctx, fid: str) -> list[str]:
        """RNG-MOT-4: attackers of fid in the preceding enemy player-turn still in play within 1"."""
        st = ctx.state
        f = ctx.fig(fid)
        out = []
        for es in st.enemies_of(f.side):
            for a in rng(st).attacks.get(es, {}).get(fid, []):
                g = st.figures.get(a)
                if g is not None and g.in_play and K.dist(f, g) <= HAND_COMBAT_RANGE + K.EPS and a not in out:
                    out.append(a)
        return out

    # -- options ------------------------------------------------------------------------------------
    def charge_allowance(self, ctx: Ctx, fid: str) -> float:
        return CHARGE_DISTANCE + (1.0 if "fast" in ctx.fig(fid).traits else 0.0)

    @implements("RNG-HAND-4")
    def free_options(self, ctx: Ctx, fid: str, *, rolled: bool) -> list[Decision]:
        """RNG-MOT-3 / RNG-HAND-4 options (no motivation): hold; retreat 2" and flee a full move
        when engaged; move into the nearest cover when not."""
        opts = [Decision("hold", figure=fid)]
        if K.engaged(ctx, fid):
            opts += self.retreat_options(ctx, fid)
            opts += self.flee_options(ctx, fid)
        else:
            opts += self.cover_options(ctx, fid)
        return opts

    def _away_ok(self, ctx: Ctx, fid: str):
        f = ctx.fig(fid)
        foes = K.foes_of(ctx, fid)
        start = min((K.dist(f, e) for e in foes), default=math.inf)

        def ok(x, y, plan):
            g = replace(f, x=x, y=y)
            return min((K.dist(g, e) for e in foes), default=math.inf) > start + 1e-3

        return ok

    def _headings_away(self, ctx: Ctx, fid: str) -> list[float]:
        away = D.away_bearing(ctx, fid, K.foes_within(ctx, fid, HAND_COMBAT_RANGE))
        return [away + o for o in (0, 45, -45, 90, -90)]

    def retreat_options(self, ctx: Ctx, fid: str) -> list[Decision]:
        """RNG-HAND-4: retreat 2" (``hand_retreat_distance``) facing the opponents (digital ruling:
        ending farther from them)."""
        pts = D.heading_moves(
            ctx,
            fid,
            rangers_config(ctx.state).hand_retreat_distance,
            headings=self._headings_away(ctx, fid),
            fracs=(1.0,),
            ok=self._away_ok(ctx, fid),
        )
        return [Decision("retreat", figure=fid, x=x, y=y) for x, y, _ in pts[:3]]

    def flee_options(self, ctx: Ctx, fid: str) -> list[Decision]:
        """RNG-HAND-4: flee a full move (free attacks first)."""
        pts = D.heading_moves(
            ctx,
            fid,
            ctx.fig(fid).move,
            headings=self._headings_away(ctx, fid),
            fracs=(1.0, 0.5),
            ok=self._away_ok(ctx, fid),
        )
        return [Decision("flee", figure=fid, x=x, y=y) for x, y, _ in pts[:3]]

    def _cover_path_ok(self, ctx: Ctx, fid: str, plan) -> bool:
        f = ctx.fig(fid)
        foes = K.foes_of(ctx, fid)
        for x, y in path_points(plan.points, 0.5):
            g = (x, y, f.radius)
            from .geometry import edge_distance

            if any(edge_distance(g, e) < COVER_AVOID - 1e-9 for e in foes):
                return False
        return True

    def cover_options(self, ctx: Ctx, fid: str) -> list[Decision]:
        """RNG-MOT-3: a full move into the nearest cover never passing within 3" of an enemy.
        Digital ruling: cover = a zone with soft or hard cover (GEO-ZONE-1); nearest = the shortest
        of the sampled straight moves; only offered to a figure not already in cover."""
        f = ctx.fig(fid)
        if ctx.table.zone_of(fid).cover:
            return []
        cands = []
        steps = int(f.move)
        for k in range(1, steps + 1):
            for h in COVER_HEADINGS:
                x = round_in(f.x + k * math.cos(math.radians(h)))
                y = round_in(f.y + k * math.sin(math.radians(h)))
                if not (0 <= x <= ctx.table.width and 0 <= y <= ctx.table.height):
                    continue
                if ctx.table.zone_at(x, y, f.level).cover:
                    cands.append((k, h, x, y))
        out = []
        for _k, _h, x, y in cands:
            plan = D.path_cost(ctx, fid, x, y)
            if plan is None or plan.cost > f.move + MEASURE_TOLERANCE or plan.stops_at_obstacle:
                continue
            if not self._cover_path_ok(ctx, fid, plan):
                continue
            out.append(Decision("cover", figure=fid, x=x, y=y))
            if len(out) >= 2:
                break
        return out

    @implements("RNG-ACT-1")
    def motivated_options(self, ctx: Ctx, fid: str, *, exempt: bool) -> list[Decision]:
        """RNG-ACT-1: hold, attack, charge, shoot, load, aim, move, special, To me!, plus the free options."""
        st = ctx.state
        f = ctx.fig(fid)
        eng = K.foes_within(ctx, fid, HAND_COMBAT_RANGE)
        opts: list[Decision] = [Decision("hold", figure=fid)]
        opts += [Decision("attack", figure=fid, target=e.id) for e in eng]
        if exempt:
            opts += [
                Decision("retaliate", figure=fid, target=t)
                for t in self.retaliation_targets(ctx, fid)
                if Decision("attack", figure=fid, target=t) not in opts
            ]
        if not eng:
            ch = self.charge_allowance(ctx, fid)
            for e in K.foes_of(ctx, fid):
                if K.dist(f, e) <= HAND_COMBAT_RANGE + K.EPS:
                    continue
                for x, y, _ in D.contact_points(ctx, fid, e.id, ch, limit=1):
                    opts.append(Decision("charge", figure=fid, target=e.id, x=x, y=y))
        if f.missile:
            if is_firearm(f.missile) and not f.loaded:
                opts.append(Decision("load", figure=fid))
            elif f.aim < MAX_AIM:
                opts.append(Decision("aim", figure=fid))
            for e, _s in sorted(K.shot_targets(ctx, fid), key=lambda p: K.shot_odds_key(ctx, fid, p[0], p[1])):
                opts.append(Decision("shoot", figure=fid, target=e.id))
        if not eng:
            opts += self.move_choices(ctx, fid)
        opts += self.special_options(ctx, fid)
        if self.opt(ctx, "to_me") and f.is_leader and self.tome_answers(ctx, fid, exclude=rng(st).acted):
            opts.append(Decision("tome", figure=fid))
        if eng:
            opts += self.retreat_options(ctx, fid) + self.flee_options(ctx, fid)
        return opts

    def _crossing(self, ctx: Ctx, fid: str) -> str | None:
        """RNG-MOVE-2: the linear obstacle this figure stopped at in an earlier player-turn, if it
        may now cross it (undefended: no enemy within 1" of the far side)."""
        st = ctx.state
        rec = rng(st).at_obstacle.get(fid)
        if not rec or rec["pt"] >= rng(st).pt:
            return None
        tmap = getattr(ctx.table, "map", None)
        ob = tmap.obstacle(rec["id"]) if tmap is not None else None
        if ob is None:
            return None
        pts = ob.points
        segs = [(a[0], a[1], b[0], b[1]) for a, b in zip(pts, pts[1:])]
        f = ctx.fig(fid)
        foes = K.foes_of(ctx, fid)
        defended = any(obstacle_defended(f, s, foes) for s in segs)
        # stopped at it in an earlier player-turn: checked first, above
        return rec["id"] if may_cross(stopped_last_turn=True, defended=defended) else None

    def move_choices(self, ctx: Ctx, fid: str) -> list[Decision]:
        """RNG-ACT-1/RNG-MOVE-1/2: straight moves in eight directions (full and half), never ending
        within 1" of an enemy; a figure at a linear obstacle may cross it at half move."""
        f = ctx.fig(fid)
        foes = K.foes_of(ctx, fid)

        def ok(x, y, plan):
            g = replace(f, x=x, y=y)
            return all(K.dist(g, e) > HAND_COMBAT_RANGE + K.EPS for e in foes)

        out = [Decision("move", figure=fid, x=x, y=y) for x, y, _ in D.heading_moves(ctx, fid, f.move, ok=ok)]
        cross = self._crossing(ctx, fid)
        if cross:
            for x, y, _ in D.heading_moves(ctx, fid, crossing_allowance(f.move), fracs=(1.0,), cross=(cross,), ok=ok):
                d = Decision("move", figure=fid, x=x, y=y, option="cross", label=cross)
                out.append(d)
        return out

    def special_options(self, ctx: Ctx, fid: str) -> list[Decision]:
        """RNG-SPEC-1: scenario-defined special actions the figure may attempt where it stands."""
        specs = ctx.state.options.get("specials") or []
        if not specs:
            return []
        f = ctx.fig(fid)
        zones = set(ctx.table.zones_of(fid)) if hasattr(ctx.table, "zones_of") else set()
        out = []
        for sp in specs:
            sid = str(sp.get("id", ""))
            if not sid or sid in rng(ctx.state).special.get("_done", {}):
                continue
            if sp.get("side") and sp["side"] != f.side:
                continue
            if sp.get("zone") and sp["zone"] not in zones:
                continue
            out.append(Decision("special", figure=fid, option=sid))
        return out

    def default_choice(self, ctx: Ctx, fid: str, acts: list[Decision]) -> Decision:
        """Auto policy: attack, shoot, charge, load, advance toward the nearest enemy, else hold."""
        for kind in ("retaliate", "attack", "shoot", "charge", "load"):
            for d in acts:
                if d.kind == kind:
                    return d
        f = ctx.fig(fid)
        foes = K.foes_of(ctx, fid)
        moves = [d for d in acts if d.kind == "move"]
        if foes and moves:

            def score(d):
                g = replace(f, x=d.x, y=d.y)
                return min(K.dist(g, e) for e in foes)

            return min(moves, key=score)
        return acts[0]

    # -- validation of destinations outside the offered options -----------------------------------------
    def _plan(self, ctx: Ctx, fid: str, x, y, allowance: float, cross: tuple = (), *, level: str | None = None):
        """The plan of a move to (x, y) (``destinations.move_plan``; ``level``: where it ends, for a
        target on another level), refused with its typed cause when there is none or it costs more
        than ``allowance``."""
        if x is None or y is None:
            raise IllegalDecision("this needs a destination")
        plan = D.move_plan(ctx, fid, x, y, allowance, cross, level=level)
        if plan is None or plan.cost > allowance + MEASURE_TOLERANCE or not D.ends_at(plan, x, y):
            # a path that stops at a fence or log short of (x, y) is a move up to it, not to (x, y)
            raise move_refusal(ctx, fid, x, y, allowance, plan, cross=cross)
        return plan

    def check(self, ctx: Ctx, fid: str, d: Decision, kinds) -> None:
        """Validator for decisions not among the offered options (arbitrary destinations)."""
        f = ctx.fig(fid)
        if d.figure != fid:
            other = ctx.state.figures.get(d.figure or "")
            raise IllegalDecision(f"it is {f.name}'s turn to act, not {other.name if other else 'that figure'}'s")
        if d.kind == "shoot":
            raise K.shot_refusal(ctx, fid, d.target or "")
        if d.kind == "charge" and (d.x is None or d.y is None) and d.target in ctx.state.figures:
            if K.engaged(ctx, fid):
                raise refused(Cause.ALREADY_ENGAGED, who=f.name, detail=f"{f.name} is in hand combat: attack instead")
            raise charge_refusal(ctx, fid, d.target, self.charge_allowance(ctx, fid), contact_gap=HAND_COMBAT_RANGE)
        if d.kind not in kinds:
            raise refused(Cause.NOT_OFFERED, who=f.name, detail=f"{f.name} cannot do that now")
        foes = K.foes_of(ctx, fid)
        eng = K.engaged(ctx, fid)
        if d.kind == "move":
            if eng:
                raise IllegalDecision("a figure in hand combat leaves it only by retreating or fleeing (RNG-HAND-4)")
            cross: tuple[str, ...] = ()
            allowance = f.move
            if d.option == "cross":
                c = self._crossing(ctx, fid)
                if c is None or d.label != c:
                    raise IllegalDecision("that obstacle cannot be crossed now (RNG-MOVE-2)")
                cross, allowance = (c,), crossing_allowance(f.move)
            plan = self._plan(ctx, fid, d.x, d.y, allowance, cross)
            g = replace(f, x=plan.points[-1][0], y=plan.points[-1][1])
            near = [e.id for e in foes if K.dist(g, e) <= HAND_COMBAT_RANGE + K.EPS]
            if near:
                raise contact_refusal(ctx, fid, near)
        elif d.kind == "charge":
            t = ctx.state.figures.get(d.target or "")
            if t is None or not t.in_play or t not in foes:
                raise IllegalDecision("charge an enemy in play (RNG-ACT-1)")
            if eng:
                raise IllegalDecision("already in hand combat: attack instead (RNG-ACT-1)")
            try:
                plan = self._plan(ctx, fid, d.x, d.y, self.charge_allowance(ctx, fid), level=t.level)
            except IllegalDecision:
                raise charge_refusal(
                    ctx, fid, t.id, self.charge_allowance(ctx, fid), contact_gap=HAND_COMBAT_RANGE
                ) from None
            g = replace(f, x=plan.points[-1][0], y=plan.points[-1][1])
            if K.dist(g, t) > HAND_COMBAT_RANGE + K.EPS:
                raise IllegalDecision('a charge must end within 1" of its target (RNG-ACT-1)')
        elif d.kind in ("retreat", "flee"):
            if not eng:
                raise IllegalDecision(f"{d.kind} is only possible from hand combat (RNG-HAND-4)")
            plan = self._plan(
                ctx, fid, d.x, d.y, rangers_config(ctx.state).hand_retreat_distance if d.kind == "retreat" else f.move
            )
            if not self._away_ok(ctx, fid)(plan.points[-1][0], plan.points[-1][1], plan):
                raise IllegalDecision(f"a figure must {d.kind} away from its opponents (RNG-HAND-4)")
        elif d.kind == "cover":
            if eng:
                raise IllegalDecision("a figure in hand combat leaves it only by retreating or fleeing (RNG-HAND-4)")
            plan = self._plan(ctx, fid, d.x, d.y, f.move)
            ex, ey = plan.points[-1]
            if not ctx.table.zone_at(ex, ey, f.level).cover:
                raise refused(Cause.NOT_IN_COVER, rule="RNG-MOT-3")
            if not self._cover_path_ok(ctx, fid, plan):
                raise IllegalDecision('moving into cover may not pass within 3" of an enemy (RNG-MOT-3)')
        else:
            raise IllegalDecision(f"{d.describe()} is not one of the choices here")

    def target_moved(self, ctx: Ctx, target: str) -> bool:
        """RNG-SHOOT-1 / GEN-TURN-1: the target moved in its side's most recent player-turn."""
        t = ctx.fig(target)
        return target in rng(ctx.state).moved_pt.get(t.side, [])

    def tome_answers(self, ctx: Ctx, fid: str, exclude=()) -> dict[str, tuple[float, float]]:
        """INI-TOME-1: mover id → where it would go, for every figure that can answer the leader's
        call (his command, plus allies within 4" of those movers, each more than 4" from every enemy,
        with a legal move that ends nearer him; ``exclude``: figures that may not answer, e.g. those
        that already acted). The call is offered only when this is not empty."""
        st = ctx.state
        leader = ctx.fig(fid)
        skip = set(exclude)
        foes = K.foes_of(ctx, fid)
        command = {
            g.id: g for g in st.in_play(leader.side) if g.id != fid and g.id not in skip and in_command(leader, g)
        }
        others = {
            g.id: g
            for g in st.in_play()
            if g.side not in st.enemies_of(leader.side) and g.id != fid and g.id not in command and g.id not in skip
        }
        out = {}
        for mid in tome_movers(command, others, foes):
            dest = self._tome_destination(ctx, mid, fid, foes)
            if dest is not None:
                out[mid] = dest
        return out

    def _tome_destination(self, ctx: Ctx, mid: str, lid: str, foes):
        m, lead = ctx.fig(mid), ctx.fig(lid)
        dx, dy = lead.x - m.x, lead.y - m.y
        L = math.hypot(dx, dy)
        if L <= m.radius + lead.radius + 0.1:
            return None
        reach = min(m.move, L - m.radius - lead.radius - D.CONTACT_GAP)
        t = reach
        while t > 0.2:
            x, y = round_in(m.x + dx / L * t), round_in(m.y + dy / L * t)
            plan = D.path_cost(ctx, mid, x, y)
            if plan is not None and plan.cost <= m.move + MEASURE_TOLERANCE and not plan.stops_at_obstacle:
                if tome_move_problem(plan.points, m.radius, lead, foes, m.move) is None:
                    return x, y
            t -= 0.5
        return None
