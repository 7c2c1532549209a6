"""PRE-RNG-1, the `rangers` preset: Rangers! only, on the shared RNG-TURN-1 turn structure.

A player-turn activates one figure per step (RNG-MOT-1): the figure may first choose, instead of
rolling, to retaliate (RNG-MOT-4) or to leave hand combat (RNG-HAND-4); then it rolls motivation
(RNG-MOT-1/2, RNG-AP-1) unless exempt; a success gives one RNG-ACT-1 action, a failure the RNG-MOT-3
options — or flight once RNG-MOR-1 has broken the faction. Optional toggles (scenario options):
``reactive_shooting`` (INI-RSHOOT after each enemy activation that moved or shot), ``to_me``
(INI-TOME-1 as a Leader's action), ``aggression_points`` (RNG-AP-1), ``start_loaded``
(RNG-SHOOT-2), ``specials`` (RNG-SPEC-1 list).

Bookkeeping in ``state.data`` (plain JSON): ``attacks`` side → {defender: [attackers]} made in that
side's latest player-turn (RNG-MOT-4); ``moved_pt`` side → figures that moved in that side's latest
player-turn (RNG-SHOOT-1 "moved last turn", GEN-TURN-1); ``at_obstacle`` fid → {id, pt} for a figure
stopped at a linear obstacle (RNG-MOVE-2); ``pt`` player-turn serial; ``rs_used``/``rs`` reactive
shooting; ``defence`` RNG-HAND-3 budgets; ``ap`` RNG-AP-1; ``special`` RNG-SPEC-1 progress.
"""

from __future__ import annotations

import math
from dataclasses import replace

from game.rules.decisions import PASS, Decision, IllegalDecision
from game.rules.flow import Ctx, Flow, ask
from game.rules.initiative.reactions import reactive_cap_problem, reactive_shooter_caps
from game.rules.initiative.tome import in_command, tome_move_problem, tome_movers
from game.rules.model import round_in
from game.rules.turns import MEASURE_TOLERANCE, TurnPreset, active_side

from ..implements import implements
from . import flowkit as K
from .actions import HAND_COMBAT_RANGE, MAX_AIM, RETREAT_DISTANCE, after_action, is_firearm
from .aggression import roll_aggression_points
from .events import ActionTaken
from .geometry import path_points
from .morale import failed_motivation_outcome
from .motivation import figure_motivation_modifier, needs_motivation_roll, roll_motivation
from .movement import crossing_allowance, may_cross, obstacle_defended
from .special import roll_special_action
from .traits import CHARGE_DISTANCE

COVER_AVOID = 3.0
COVER_HEADINGS = tuple(range(0, 360, 30))
FREE_KINDS = ("hold", "retreat", "flee", "cover")


class RangersPreset(TurnPreset):
    """PRE-RNG-1: RNG-TURN, MOT, ACT, HAND, SHOOT, WND, MOVE, COVER, MOR, PTS; optional RNG-AP,
    INI-RSHOOT, INI-TOME."""

    name = "rangers"

    # -- set-up ----------------------------------------------------------------------------------
    @implements("PRE-RNG-1")
    def setup(self, ctx: Ctx) -> None:
        super().setup(ctx)
        st = ctx.state
        d = st.data
        K.init_morale(ctx)
        d["attacks"] = {s: {} for s in st.side_ids()}
        d["moved_pt"] = {s: [] for s in st.side_ids()}
        d["at_obstacle"] = {}
        d["pt"] = 0
        d["rs_used"] = False
        d["defence"] = {}
        d["special"] = {}
        if st.options.get("start_loaded"):
            for f in list(st.figures.values()):
                if is_firearm(f.missile):
                    ctx.change(f.id, loaded=True)
        if K.ap_enabled(ctx):
            d["ap"] = {}
            for s in st.side_ids():
                ev = roll_aggression_points(ctx.dice, who=s)
                ctx.emit(ev)
                d["ap"][s] = ev.faces[0]

    def on_player_turn_start(self, ctx: Ctx, side: str) -> None:
        d = ctx.state.data
        d["pt"] = d.get("pt", 0) + 1
        d["attacks"][side] = {}
        d["moved_pt"][side] = []
        d["rs_used"] = False
        K.reset_defence(ctx)

    # -- option toggles ---------------------------------------------------------------------------
    def opt(self, ctx: Ctx, key: str) -> bool:
        return bool(ctx.state.options.get(key))

    def morale_broken(self, ctx: Ctx, side: str) -> bool:
        """RNG-MOR-1 through the rangers bookkeeping (Leader killed, or points at half or less)."""
        return K.side_broken(ctx, side)

    # -- activation -------------------------------------------------------------------------------
    def needs_motivation(self, ctx: Ctx, fid: str) -> bool:
        f = ctx.fig(fid)
        try:
            return needs_motivation_roll(f.type, f.traits)
        except ValueError:
            return super().needs_motivation(ctx, fid)

    def motivation(self, ctx: Ctx, fid: str):
        """RNG-MOT-1/2 through the rangers functions (with RNG-AP-1 declared before the roll)."""
        f = ctx.fig(fid)
        mod = figure_motivation_modifier(f, ctx.state.in_play(f.side))
        ap = yield from K.ask_ap(ctx, f.side, "motivation roll", fid)
        ev = roll_motivation(ctx.dice, who=fid, wounded=f.is_wounded, modifier=mod, ap=ap)
        ctx.emit(ev)
        return bool(ev.success)

    @implements("RNG-MOT-4")
    def retaliation_targets(self, ctx: Ctx, fid: str) -> list[str]:
        """RNG-MOT-4: attackers of fid in the preceding enemy player-turn still in play within 1"."""
        st = ctx.state
        f = ctx.fig(fid)
        out = []
        for es in st.enemies_of(f.side):
            for a in st.data["attacks"].get(es, {}).get(fid, []):
                g = st.figures.get(a)
                if g is not None and g.in_play and K.dist(f, g) <= HAND_COMBAT_RANGE + K.EPS and a not in out:
                    out.append(a)
        return out

    def activate_figure(self, ctx: Ctx, fid: str) -> Flow:
        f = ctx.fig(fid)
        eng = K.engaged(ctx, fid)
        ret = self.retaliation_targets(ctx, fid)
        if self.needs_motivation(ctx, fid):
            # RNG-ACT-1 / RNG-MOT-3: an unrolled figure may instead retaliate, leave hand combat, or
            # move into the nearest cover, none of which needs a roll
            cover = [] if (ret or eng) else self.cover_options(ctx, fid)
            if ret or eng or cover:
                opts = [Decision("choose", figure=fid, option="roll")]
                opts += [Decision("retaliate", figure=fid, target=t) for t in ret]
                opts += (
                    self.free_options(ctx, fid, rolled=False)
                    if (ret or eng)
                    else [Decision("hold", figure=fid)] + cover
                )
                dflt = opts[1] if ret else opts[0]
                d = yield ask(
                    f.side,
                    "motivate",
                    f"{f.name}: roll for motivation, or act without rolling?",
                    opts,
                    default=dflt,
                    validate=lambda dec: self.check(ctx, fid, dec, FREE_KINDS),
                    info=self.action_info(ctx, fid),
                    rule="RNG-MOT-4" if ret else "RNG-HAND-4" if eng else "RNG-MOT-3",
                )
                if not (d.kind == "choose" and d.option == "roll"):
                    yield from self.resolve(ctx, fid, d)
                    return
            ok = yield from self.motivation(ctx, fid)
            if not ok:
                broken = K.side_broken(ctx, f.side)
                if failed_motivation_outcome(morale_broken=broken, determined="determined" in f.traits) == "flee":
                    ctx.emit(ActionTaken(rule="RNG-MOR-1", figure=fid, action="flee", detail="flees the field"))
                    K.flee_off_table(ctx, fid)
                    return
                yield from self.unmotivated(ctx, fid)
                return
            acts = self.motivated_options(ctx, fid, exempt=False)
        else:
            acts = self.motivated_options(ctx, fid, exempt=True)
        d = yield ask(
            f.side,
            "action",
            f"{f.name}: choose an action",
            acts,
            default=self.default_choice(ctx, fid, acts),
            validate=lambda dec: self.check(ctx, fid, dec, ("move", "charge") + FREE_KINDS),
            info=self.action_info(ctx, fid),
            rule="RNG-ACT-1",
        )
        yield from self.resolve(ctx, fid, d)

    @implements("RNG-MOT-3")
    def unmotivated(self, ctx: Ctx, fid: str) -> Flow:
        """RNG-MOT-3: a failed figure may hold (defend), retreat or flee from hand combat, or move
        into the nearest cover; no attack."""
        f = ctx.fig(fid)
        opts = self.free_options(ctx, fid, rolled=True)
        if len(opts) == 1:
            yield from self.resolve(ctx, fid, opts[0])
            return
        d = yield ask(
            f.side,
            "unmotivated",
            f"{f.name} failed motivation: hold, retreat, flee or take cover",
            opts,
            default=opts[0],
            validate=lambda dec: self.check(ctx, fid, dec, FREE_KINDS),
            info=self.action_info(ctx, fid),
            rule="RNG-MOT-3",
        )
        yield from self.resolve(ctx, fid, d)

    def action_info(self, ctx: Ctx, fid: str) -> dict:
        f = ctx.fig(fid)
        return {
            "figure": fid,
            "move": f.move,
            "charge": self.charge_allowance(ctx, fid),
            "loaded": f.loaded,
            "aim": f.aim,
            "wounds": f.wounds,
        }

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
        away = K.away_bearing(ctx, fid, K.foes_within(ctx, fid, HAND_COMBAT_RANGE))
        return [away + o for o in (0, 45, -45, 90, -90)]

    def retreat_options(self, ctx: Ctx, fid: str) -> list[Decision]:
        """RNG-HAND-4: retreat 2" facing the opponents (digital ruling: ending farther from them)."""
        pts = K.heading_moves(
            ctx, fid, RETREAT_DISTANCE, headings=self._headings_away(ctx, fid), fracs=(1.0,), ok=self._away_ok(ctx, fid)
        )
        return [Decision("retreat", figure=fid, x=x, y=y) for x, y, _ in pts[:3]]

    def flee_options(self, ctx: Ctx, fid: str) -> list[Decision]:
        """RNG-HAND-4: flee a full move (free attacks first)."""
        pts = K.heading_moves(
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
            plan = K.path_cost(ctx, fid, x, y)
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
                for x, y, _ in K.contact_points(ctx, fid, e.id, ch, limit=1):
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
        if self.opt(ctx, "to_me") and f.is_leader and self.tome_answers(ctx, fid, exclude=st.data["acted"]):
            opts.append(Decision("tome", figure=fid))
        if eng:
            opts += self.retreat_options(ctx, fid) + self.flee_options(ctx, fid)
        return opts

    def _crossing(self, ctx: Ctx, fid: str) -> str | None:
        """RNG-MOVE-2: the linear obstacle this figure stopped at in an earlier player-turn, if it
        may now cross it (undefended: no enemy within 1" of the far side)."""
        st = ctx.state
        rec = st.data["at_obstacle"].get(fid)
        if not rec or rec["pt"] >= st.data["pt"]:
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

        out = [Decision("move", figure=fid, x=x, y=y) for x, y, _ in K.heading_moves(ctx, fid, f.move, ok=ok)]
        cross = self._crossing(ctx, fid)
        if cross:
            for x, y, _ in K.heading_moves(ctx, fid, crossing_allowance(f.move), fracs=(1.0,), cross=(cross,), ok=ok):
                d = Decision("move", figure=fid, x=x, y=y, option=f"cross:{cross}")
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
            if not sid or sid in ctx.state.data["special"].get("_done", {}):
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
    def _plan(self, ctx: Ctx, fid: str, x, y, allowance: float, cross: tuple = ()):
        f = ctx.fig(fid)
        if x is None or y is None:
            raise IllegalDecision("this needs a destination")
        plan = K.path_cost(ctx, fid, x, y, cross)
        if plan is None or plan.cost > allowance + MEASURE_TOLERANCE:
            plan = ctx.table.plan_path(fid, x, y, cross=cross) if cross else ctx.table.plan_path(fid, x, y)
        if plan is None:
            raise IllegalDecision(f"{f.name} has no clear path to ({x:.2f}, {y:.2f}) in")
        if plan.cost > allowance + MEASURE_TOLERANCE:
            raise IllegalDecision(f"{f.name} has {allowance:.1f} in of movement; that path needs {plan.cost:.1f} in")
        return plan

    def check(self, ctx: Ctx, fid: str, d: Decision, kinds) -> None:
        """Validator for decisions not among the offered options (arbitrary destinations)."""
        f = ctx.fig(fid)
        if d.figure != fid:
            raise IllegalDecision(f"it is {f.name}'s turn to act, not {d.figure}'s")
        if d.kind not in kinds:
            raise IllegalDecision(f"{f.name} cannot {d.kind} now")
        foes = K.foes_of(ctx, fid)
        eng = K.engaged(ctx, fid)
        if d.kind == "move":
            if eng:
                raise IllegalDecision("a figure in hand combat leaves it only by retreating or fleeing (RNG-HAND-4)")
            cross: tuple[str, ...] = ()
            allowance = f.move
            if d.option and d.option.startswith("cross:"):
                c = self._crossing(ctx, fid)
                if c is None or d.option != f"cross:{c}":
                    raise IllegalDecision("that obstacle cannot be crossed now (RNG-MOVE-2)")
                cross, allowance = (c,), crossing_allowance(f.move)
            plan = self._plan(ctx, fid, d.x, d.y, allowance, cross)
            g = replace(f, x=plan.points[-1][0], y=plan.points[-1][1])
            if any(K.dist(g, e) <= HAND_COMBAT_RANGE + K.EPS for e in foes):
                raise IllegalDecision('a move may not end within 1" of an enemy: charge instead (RNG-ACT-1)')
        elif d.kind == "charge":
            t = ctx.state.figures.get(d.target or "")
            if t is None or not t.in_play or t not in foes:
                raise IllegalDecision("charge an enemy in play (RNG-ACT-1)")
            if eng:
                raise IllegalDecision("already in hand combat: attack instead (RNG-ACT-1)")
            plan = self._plan(ctx, fid, d.x, d.y, self.charge_allowance(ctx, fid))
            g = replace(f, x=plan.points[-1][0], y=plan.points[-1][1])
            if K.dist(g, t) > HAND_COMBAT_RANGE + K.EPS:
                raise IllegalDecision('a charge must end within 1" of its target (RNG-ACT-1)')
        elif d.kind in ("retreat", "flee"):
            if not eng:
                raise IllegalDecision(f"{d.kind} is only possible from hand combat (RNG-HAND-4)")
            plan = self._plan(ctx, fid, d.x, d.y, RETREAT_DISTANCE if d.kind == "retreat" else f.move)
            if not self._away_ok(ctx, fid)(plan.points[-1][0], plan.points[-1][1], plan):
                raise IllegalDecision(f"a figure must {d.kind} away from its opponents (RNG-HAND-4)")
        elif d.kind == "cover":
            if eng:
                raise IllegalDecision("a figure in hand combat leaves it only by retreating or fleeing (RNG-HAND-4)")
            plan = self._plan(ctx, fid, d.x, d.y, f.move)
            ex, ey = plan.points[-1]
            if not ctx.table.zone_at(ex, ey, f.level).cover:
                raise IllegalDecision("that point is not in cover (RNG-MOT-3)")
            if not self._cover_path_ok(ctx, fid, plan):
                raise IllegalDecision('moving into cover may not pass within 3" of an enemy (RNG-MOT-3)')
        else:
            raise IllegalDecision(f"{d.describe()} is not one of the choices here")

    # -- resolution ---------------------------------------------------------------------------------------
    def _moved(self, ctx: Ctx, fid: str, inches: float) -> None:
        d = ctx.state.data
        side = ctx.fig(fid).side
        if fid not in d["moved_pt"][side]:
            d["moved_pt"][side].append(fid)
        rs = d.setdefault("rs_movers", {})
        rs[fid] = round_in(rs.get(fid, 0.0) + inches)

    def _do_move(self, ctx: Ctx, fid: str, plan, *, how: str, rule: str, face_dir: float | None = None) -> None:
        f = ctx.fig(fid)
        ex, ey = plan.points[-1]
        ctx.move(fid, ex, ey, rule=rule, how=how, path=plan.points, cost=plan.cost, level=plan.level)
        if face_dir is None and (ex, ey) != (f.x, f.y):
            face_dir = math.degrees(math.atan2(ey - f.y, ex - f.x)) % 360.0
        if face_dir is not None:
            ctx.change(fid, facing=round_in(face_dir % 360.0))
        obs = ctx.state.data["at_obstacle"]
        if plan.stops_at_obstacle:
            obs[fid] = {"id": plan.stops_at_obstacle, "pt": ctx.state.data["pt"]}
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

    def target_moved(self, ctx: Ctx, target: str) -> bool:
        """RNG-SHOOT-1 / GEN-TURN-1: the target moved in its side's most recent player-turn."""
        t = ctx.fig(target)
        return target in ctx.state.data["moved_pt"].get(t.side, [])

    def resolve(self, ctx: Ctx, fid: str, d: Decision) -> Flow:
        st = ctx.state
        f = ctx.fig(fid)
        k = d.kind
        st.data["rs_movers"] = {}
        st.data["rs_shooters"] = []
        if k == "hold":
            ctx.emit(ActionTaken(rule="RNG-ACT-1", figure=fid, action="hold", detail="stands and defends"))
        elif k in ("attack", "retaliate"):
            rule = "RNG-MOT-4" if k == "retaliate" else "RNG-HAND-1"
            ctx.emit(ActionTaken(rule=rule, figure=fid, action=k, target=d.target_id))
            yield from K.hand_attack(ctx, fid, d.target_id, how=k)
        elif k == "charge":
            plan = self._plan(ctx, fid, d.x, d.y, self.charge_allowance(ctx, fid))
            ctx.emit(ActionTaken(rule="RNG-ACT-1", figure=fid, action="charge", target=d.target_id))
            self._do_move(ctx, fid, plan, how="charge", rule="RNG-ACT-1")
            if K.dist(ctx.fig(fid), ctx.fig(d.target_id)) <= HAND_COMBAT_RANGE + K.EPS:
                yield from K.hand_attack(ctx, fid, d.target_id, how="charge")
        elif k == "move":
            cross = (d.option[6:],) if d.option and d.option.startswith("cross:") else ()
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
            st.data["rs_shooters"] = [fid]
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
            plan = self._plan(ctx, fid, d.x, d.y, RETREAT_DISTANCE)
            ctx.emit(
                ActionTaken(rule="RNG-HAND-4", figure=fid, action="retreat", detail="retreats 2 in facing its foes")
            )
            back = (K.away_bearing(ctx, fid, foes) + 180.0) % 360.0
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
        prog = st.data["special"].setdefault(sid, {})
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
            st.data["special"].setdefault("_done", {})[sid] = f.side
            if sp.get("wins"):
                st.data["ended"] = True
                st.data["winner"] = f.side
                st.data["end_reason"] = f"{st.side(f.side).name} completed {sp.get('name', sid)}"

    def to_me(self, ctx: Ctx, fid: str) -> Flow:
        """INI-TOME-1 (toggle `to_me`): the Leader stands still; each figure of his command that has
        not acted this player-turn and is more than 4" from every enemy (plus allies within 4" of
        them) may move a full move toward him, never within 4" of an enemy; movers count as having
        acted. Each mover's owner chooses: answer (auto: the farthest legal straight approach) or stay."""
        st = ctx.state
        answers = self.tome_answers(ctx, fid, exclude=st.data["acted"])
        ctx.emit(ActionTaken(rule="INI-TOME-1", figure=fid, action="tome", detail=f'"To me!" — {len(answers)} answer'))
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
            st.data["acted"].append(mid)
            plan = K.path_cost(ctx, mid, *d.point) if d.kind == "move" else None
            if plan is not None:  # an earlier answerer may have taken the way
                self._do_move(ctx, mid, plan, how="move", rule="INI-TOME-1")
                self._after(ctx, mid, "move")

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
        reach = min(m.move, L - m.radius - lead.radius - K.CONTACT_GAP)
        t = reach
        while t > 0.2:
            x, y = round_in(m.x + dx / L * t), round_in(m.y + dy / L * t)
            plan = K.path_cost(ctx, mid, x, y)
            if plan is not None and plan.cost <= m.move + MEASURE_TOLERANCE and not plan.stops_at_obstacle:
                if tome_move_problem(plan.points, m.radius, lead, foes, m.move) is None:
                    return x, y
            t -= 0.5
        return None

    # -- reactive shooting (INI-RSHOOT, toggle `reactive_shooting`) ---------------------------------------
    def after_activation(self, ctx: Ctx, fid: str) -> None:
        st = ctx.state
        if not self.opt(ctx, "reactive_shooting") or st.data.get("rs_used") or st.data.get("ended"):
            return
        movers = {m: v for m, v in st.data.get("rs_movers", {}).items() if st.figures[m].in_play}
        shooters = [s for s in st.data.get("rs_shooters", []) if st.figures[s].in_play]
        if not movers and not shooters:
            return
        trigger = "shot_at" if shooters else "movement"
        targets = shooters if shooters else list(movers)
        pairs = self._reactive_pairs(ctx, active_side(st), targets)
        if not pairs:
            return
        st.data["rs"] = {
            "trigger": trigger,
            "targets": targets,
            "limit": None if shooters else reactive_shooter_caps(movers),
        }
        st.phase = "react_shoot"

    def _reactive_pairs(self, ctx: Ctx, active: str, targets: list[str]) -> dict[str, list[str]]:
        st = ctx.state
        out: dict[str, list[str]] = {}
        for side in st.enemies_of(active):
            for g in st.in_play(side):
                if not K.can_shoot(g):
                    continue
                ok = [e.id for e, _ in K.shot_targets(ctx, g.id) if e.id in targets]
                if ok:
                    out[g.id] = ok
        return out

    def phase_react_shoot(self, ctx: Ctx) -> Flow:
        """INI-RSHOOT-1..4: the passive side may react with shooting once per enemy player-turn, at
        the enemy that shot (shot at) or moved (movement); all shooters are declared first, then
        resolved; at most one shooter per inch moved by each mover; +2 to the d20."""
        st = ctx.state
        st.phase = "activate"
        rs = st.data.pop("rs", None)
        if rs is None:
            return
        pairs = self._reactive_pairs(ctx, active_side(st), rs["targets"])
        if not pairs:
            return
        side = ctx.fig(next(iter(pairs))).side
        limit = rs["limit"]
        yield from self.declare_reactive_shots(ctx, side, pairs, limit, rs["trigger"])

    @implements("INI-RSHOOT-1", "INI-RSHOOT-2")
    def declare_reactive_shots(self, ctx: Ctx, side: str, pairs: dict[str, list[str]], caps, trigger: str) -> Flow:
        """INI-RSHOOT-1..3: the passive side declares all its reacting shooters at once; ``caps``
        (mover id → most shooters at it, INI-RSHOOT-3) or None when answering shots."""
        st = ctx.state
        used: dict[str, int] = {}
        all_list = []
        for s, ts in pairs.items():
            for t in ts:
                if caps is None or used.get(t, 0) < caps.get(t, 0):
                    used[t] = used.get(t, 0) + 1
                    all_list.append((s, t))
                    break
        all_items = tuple(all_list)
        limit = None if caps is None else sum(caps.values())
        opts = [PASS] + [Decision("react_shoot", items=((s, t),)) for s, ts in pairs.items() for t in ts]
        if len(all_items) > 1:
            opts.append(Decision("react_shoot", items=all_items, option="all"))

        def validate(dec: Decision) -> None:
            if dec.kind != "react_shoot" or not dec.items:
                raise IllegalDecision("declare reacting shooters as (shooter, target) pairs, or pass (INI-RSHOOT-2)")
            seen = set()
            for s, t in dec.items:
                if s in seen:
                    raise IllegalDecision(f"{s} is declared twice (INI-RSHOOT-2)")
                seen.add(s)
                if t not in pairs.get(s, []):
                    raise IllegalDecision(f"{s} may not react by shooting at {t} (INI-RSHOOT-1)")
            prob = reactive_cap_problem(dec.items, caps) if caps is not None else None
            if prob:
                raise IllegalDecision(prob)

        d = yield ask(
            side,
            "react_shoot",
            f"{st.side(side).name}: react by shooting ({trigger})?",
            opts,
            default=PASS,
            validate=validate,
            info={"pairs": pairs, "limit": limit, "caps": dict(caps or {}), "trigger": trigger},
            rule="INI-RSHOOT-1",
        )
        if d.kind == "pass":
            return
        st.data["rs_used"] = True
        ctx.emit(
            ActionTaken(
                rule="INI-RSHOOT-2",
                figure=d.items[0][0],
                action="react_shoot",
                detail=f"{len(d.items)} shooter(s) declared",
            )
        )
        for s, t in d.items:
            if ctx.fig(s).in_play and ctx.fig(t).in_play:
                yield from K.shoot(ctx, s, t, target_moved=self.target_moved(ctx, t), reactive=True)

    # -- turn end --------------------------------------------------------------------------------------
    def on_turn_end(self, ctx: Ctx) -> None:
        for s in ctx.state.side_ids():
            if ctx.state.in_play(s):
                K.side_broken(ctx, s)
