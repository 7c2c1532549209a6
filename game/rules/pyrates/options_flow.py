"""PRE-PYR-1 step 1: activation (PYR-ENG-3), the actions an activated figure is offered, and their plans and checks."""

from __future__ import annotations

import math

from game.rules.decisions import Decision, IllegalDecision
from game.rules.flow import Ctx
from game.rules.model import Rank, Status
from game.rules.rangers.turns import MOVE_HEADINGS, TurnPreset
from game.rules.refusal_facts import (
    charge_refusal,
    contact_refusal,
    link_refusal,
    range_refusal,
    sight_refusal,
)
from game.rules.refusals import Cause, Thing, figure_thing, obstacle_thing, refused, weapon_words

from ..implements import implements
from ..rangers.shooting import weapon_max_range
from .duel import can_duel, challenge_targets, validate_challenge
from .engage import Engagements, engagements_of, nearest_enemy, party_key
from .mounted import EN_PASSANT, en_passant_problem, remount_option
from .moves import contact_points, enemy_contact_at, engaged_with_at, plan_to, straight
from .scenario_rules import asleep
from .shooting import THROWN, near_enemy_of, sees, shooting_weapons, shot_target_number

CHARGE = 3.0
CHARGE_ANGLES = (0, 20, -20, 40, -40, 60, -60, 90, -90)
#: (cos, sin) of MOVE_HEADINGS
_MOVE_UNITS = tuple((math.cos(math.radians(h)), math.sin(math.radians(h))) for h in MOVE_HEADINGS)


def _eng(ctx: Ctx) -> Engagements:
    """Engagements of the current positions (kept in the state's Facts while no figure changes)."""
    return engagements_of(ctx)


class PyratesOptions(TurnPreset):
    """The pyrates preset's activation and offered actions."""

    # -- activation (PRE-PYR-1 step 1) -----------------------------------------------------------------
    def can_activate(self, ctx: Ctx, fig) -> bool:
        """``ready`` for one figure (PYR-ENG-3 is written once, there)."""
        return bool(self.ready(ctx, [fig]))

    @implements("PYR-ENG-3")
    def ready(self, ctx: Ctx, figs: list) -> list:
        """PYR-ENG-3: figures engaged in mêlée take no normal action; disarmed and captives neither;
        nor sleepers before the alarm (SCN-ALARM-1). The engagements are looked up once for all."""
        st = ctx.state
        free = [f for f in figs if f.status not in (Status.DISARMED, Status.CAPTIVE) and not asleep(st, f.id)]
        if not free:
            return free
        engaged = _eng(ctx).engaged
        return [f for f in free if not engaged(f.id)]

    def charge_allowance(self, ctx: Ctx, fid: str) -> float:
        return CHARGE + (1.0 if "fast" in ctx.fig(fid).traits else 0.0)

    @implements("PYR-SHOOT-1")
    def party_engaged(self, ctx: Ctx, fid: str) -> bool:
        """PYR-SHOOT-1: a figure of an engaged party does not shoot."""
        eng = _eng(ctx)
        key = party_key(ctx.fig(fid))
        return any(eng.engaged(g.id) for g in ctx.state.figures.values() if g.in_play and party_key(g) == key)

    def move_options(self, ctx: Ctx, fid: str) -> list[Decision]:
        """RNG-MOVE-1/2: eight headings at full and half allowance (ending where the straight path ends,
        e.g. at a rail), one move toward the nearest enemy; none ending in contact with an enemy."""
        f = ctx.fig(fid)
        allowance = self.move_allowance(ctx, fid)
        targets = []
        for frac in (1.0, 0.5):
            dist = allowance * frac
            for c, s in _MOVE_UNITS:
                targets.append((f.x + dist * c, f.y + dist * s))
        e, d0 = nearest_enemy(ctx.state, fid)
        if e is not None and d0 > 0.6:
            g = ctx.fig(e)
            cd = math.hypot(g.x - f.x, g.y - f.y)
            step = min(allowance, max(0.0, d0 - 0.5))
            targets.insert(0, (f.x + (g.x - f.x) / cd * step, f.y + (g.y - f.y) / cd * step))
        lo = f.radius + 0.01
        hi_x, hi_y = ctx.table.width - f.radius - 0.01, ctx.table.height - f.radius - 0.01
        out: list[Decision] = []
        seen: set[tuple[float, float]] = set()
        for x, y in targets:
            x, y = min(max(x, lo), hi_x), min(max(y, lo), hi_y)
            plan = straight(ctx, fid, x, y)
            if plan is None or plan.cost > allowance + 1e-9:
                continue
            ex, ey = plan.points[-1]
            if math.hypot(ex - f.x, ey - f.y) < 0.05 or (ex, ey) in seen or enemy_contact_at(ctx, fid, ex, ey):
                continue
            # the end is rounded to 1/1000 in: the line to the rounded point may graze a base past
            # GEO-SWEEP-1's tolerance, and an option must be one that plan_move accepts
            again = plan if (ex, ey) == (x, y) else straight(ctx, fid, ex, ey)
            if again is None or math.hypot(again.points[-1][0] - ex, again.points[-1][1] - ey) > 2e-3:
                continue
            seen.add((ex, ey))
            out.append(Decision("move", figure=fid, x=ex, y=ey))
        if not out:  # hemmed in: every straight heading is blocked, a planned path may not be
            from .hemmed import routed_moves

            out += routed_moves(ctx, fid, allowance)
        # RNG-MOVE-1: up or down a hatch, ladder or shroud within reach (links cost their extra inches)
        for lk in ctx.table.map.links:
            plan = self._climb_plan(ctx, fid, lk.id, allowance)
            if plan is None:
                continue
            ex, ey = plan.points[-1]
            lv = plan.level or f.level
            if any(
                g.level == lv and math.hypot(g.x - ex, g.y - ey) <= f.radius + g.radius + 0.02 for g in ctx.enemies(fid)
            ):
                continue  # a move may not end in contact (RNG-ACT-1): charge instead
            out.append(Decision("move", figure=fid, x=ex, y=ey, option="climb", label=lk.id))
        # RNG-MOVE-2 / PYR-ENG-4: cross (or step onto) a linear obstacle the figure touches, at half move
        for ob in ctx.table.touching_obstacles(fid):
            if ob.kind != "linear" or self._defended(ctx, fid, ob.id):
                continue
            half = allowance / 2
            for h in MOVE_HEADINGS:
                x = f.x + half * math.cos(math.radians(h))
                y = f.y + half * math.sin(math.radians(h))
                plan = ctx.table.path_cost(fid, [(f.x, f.y), (x, y)], cross=[ob.id])
                if plan is None or plan.cost > half + 1e-9 or plan.stops_at_obstacle:
                    continue
                ex, ey = plan.points[-1]
                if enemy_contact_at(ctx, fid, ex, ey) or (ex, ey) in seen:
                    continue
                seen.add((ex, ey))
                out.append(Decision("move", figure=fid, x=ex, y=ey, option="cross", label=ob.id))
        return out

    def _climb_plan(self, ctx: Ctx, fid: str, link_id: str, allowance: float):
        """RNG-MOVE-1 through a link: walk to its end on the figure's level, climb to the other end
        (cost = distance + the link's cost, changing level). None when it is out of reach or blocked."""
        f = ctx.fig(fid)
        lk = next((k for k in ctx.table.map.links if k.id == link_id), None)
        if lk is None:
            return None
        if lk.level_a == f.level:
            near, far = lk.a, lk.b
        elif lk.level_b == f.level:
            near, far = lk.b, lk.a
        else:
            return None
        if math.hypot(near[0] - f.x, near[1] - f.y) + lk.cost > allowance + 1e-9:
            return None
        plan = ctx.table.path_cost(fid, [(f.x, f.y), near, far])
        if plan is None or plan.stops_at_obstacle:  # round an obstacle on the way to the link
            walk = ctx.table.plan_path(fid, near[0], near[1], level=f.level)
            if walk is None or walk.level or walk.stops_at_obstacle or walk.cost + lk.cost > allowance + 1e-9:
                return None
            plan = ctx.table.path_cost(fid, [*walk.points, far])
        if plan is None or plan.stops_at_obstacle or plan.cost > allowance + 1e-9:
            return None
        if math.hypot(plan.points[-1][0] - far[0], plan.points[-1][1] - far[1]) > 2e-3:
            return None
        return plan

    def _defended(self, ctx: Ctx, fid: str, oid: str) -> bool:
        """RNG-MOVE-2 digital ruling: defended = an enemy touching the obstacle within 2 in."""
        return self._defender(ctx, fid, oid) is not None

    def _defender(self, ctx: Ctx, fid: str, oid: str) -> str | None:
        """The first enemy (roster order) that defends the obstacle against fid (``_defended``)."""
        for e in ctx.enemies(fid):
            if e.level == ctx.fig(fid).level and ctx.table.edge_distance(fid, e.id) <= 2.0:
                if any(o.id == oid for o in ctx.table.touching_obstacles(e.id)):
                    return e.id
        return None

    def charge_options(self, ctx: Ctx, fid: str) -> list[Decision]:
        """RNG-ACT-1 charge: up to 3 in into BtB (or engaged across an obstacle, PYR-ENG-2) with an
        enemy; the contact point lies on the line target→charger (rotated if that is blocked)."""
        f = ctx.fig(fid)
        allowance = self.charge_allowance(ctx, fid)
        out = []
        for g in ctx.enemies(fid):
            if g.level != f.level or g.status == Status.CAPTIVE:
                continue
            gap = math.hypot(g.x - f.x, g.y - f.y) - f.radius - g.radius
            if gap > allowance + 0.01 or gap <= 0.02:
                continue
            for cx, cy in contact_points(ctx, fid, g.id, CHARGE_ANGLES):
                if math.hypot(cx - f.x, cy - f.y) > allowance + 1e-6:
                    continue
                plan = straight(ctx, fid, cx, cy)
                if plan is None or plan.cost > allowance + 1e-6:
                    continue
                ex, ey = plan.points[-1]
                if plan.stops_at_obstacle is None and math.hypot(ex - cx, ey - cy) > 2e-3:
                    continue
                if not engaged_with_at(ctx, fid, g.id, ex, ey):
                    continue
                out.append(Decision("charge", figure=fid, target=g.id, x=ex, y=ey))
                if f.mounted and not en_passant_problem(ctx, fid, g.id, plan, self.move_allowance(ctx, fid)):
                    out.append(Decision("charge", figure=fid, target=g.id, x=ex, y=ey, option=EN_PASSANT))
                break
        return out

    def actions(self, ctx: Ctx, fid: str) -> list[Decision]:
        st = ctx.state
        f = ctx.fig(fid)
        acts = [Decision("hold", figure=fid)]
        acts += self.charge_options(ctx, fid)
        weapons = shooting_weapons(st, fid)
        if weapons and not self.party_engaged(ctx, fid):
            for w in weapons:
                for e in ctx.enemies(fid):
                    tn = shot_target_number(ctx, fid, e.id, weapon=w)
                    if tn:
                        acts.append(Decision("shoot", figure=fid, target=e.id, option=w))
        if f.missile and f.missile != THROWN and not f.loaded:
            acts.append(Decision("load", figure=fid))
        if f.missile and f.loaded and f.aim < 3:
            acts.append(Decision("aim", figure=fid))
        if f.rank == Rank.CAPTAIN:
            acts.append(Decision("tome", figure=fid))
        rm = remount_option(ctx, fid, self.move_allowance(ctx, fid))  # PYR-MNT-2
        if rm is not None:
            acts.append(rm)
        if can_duel(f):  # challenge_targets' own first test, before the engagements are looked up
            for t in challenge_targets(ctx, fid, _eng(ctx).engaged):  # PYR-DUEL-1
                acts.append(Decision("challenge", figure=fid, target=t))
                acts.append(Decision("challenge", figure=fid, target=t, option="stakes"))  # PYR-DUEL-3
        acts += self.move_options(ctx, fid)
        return acts

    def default_action(self, ctx: Ctx, fid: str, acts: list[Decision]) -> Decision:
        """Auto policy: charge; else the likeliest shot (≥ 6 in 20); else load; else close on the
        nearest enemy; else hold. With scenario option ``duel`` a leader challenges at the first
        opportunity (PYR-DUEL-1); otherwise the default never challenges."""
        if ctx.state.options.get("duel"):
            for a in acts:
                if a.kind == "challenge":
                    return a
        for a in acts:
            if a.kind == "charge":
                return a
        shots = [
            (shot_target_number(ctx, fid, a.target_id, weapon=a.option_name) or 0, a) for a in acts if a.kind == "shoot"
        ]
        if shots:
            tn, best = max(shots, key=lambda t: t[0])
            if tn >= 6:
                return best
        for a in acts:
            if a.kind == "load":
                return a
        moves = [a for a in acts if a.kind == "move" and not a.option]
        e, _ = nearest_enemy(ctx.state, fid)
        if moves and e is not None:
            g = ctx.fig(e)
            return min(moves, key=lambda a: math.hypot(a.point[0] - g.x, a.point[1] - g.y))
        return acts[0]

    def action_info(self, ctx: Ctx, fid: str) -> dict:
        return {"figure": fid, "move": self.move_allowance(ctx, fid), "charge": self.charge_allowance(ctx, fid)}

    def plan_move(self, ctx: Ctx, fid: str, d: Decision):
        if d.x is None or d.y is None:
            raise IllegalDecision("a move needs a destination")
        allowance = self.move_allowance(ctx, fid)
        cross: tuple[str, ...] = ()
        if d.option == "climb":
            plan = self._climb_plan(ctx, fid, d.option_label, allowance)
            if plan is None or math.hypot(plan.points[-1][0] - d.x, plan.points[-1][1] - d.y) > 2e-3:
                raise link_refusal(ctx, fid, d.option_label, allowance)
            ex, ey = plan.points[-1]
            lv = plan.level or ctx.fig(fid).level
            near = [
                g.id
                for g in ctx.enemies(fid)
                if g.level == lv and math.hypot(g.x - ex, g.y - ey) <= ctx.fig(fid).radius + g.radius + 0.02
            ]
            if near:
                raise contact_refusal(ctx, fid, near)
            return plan
        if d.option == "cross":
            oid = d.option_label
            if not any(o.id == oid and o.kind == "linear" for o in ctx.table.touching_obstacles(fid)):
                raise refused(
                    Cause.CROSS_FROM_OBSTACLE,
                    who=ctx.fig(fid).name,
                    things=(obstacle_thing(oid, ctx.table),),
                    rule="RNG-MOVE-2",
                )
            defender = self._defender(ctx, fid, oid)
            if defender is not None:
                raise refused(
                    Cause.OBSTACLE_DEFENDED,
                    who=ctx.fig(fid).name,
                    things=(obstacle_thing(oid, ctx.table), figure_thing(ctx.fig(defender))),
                    rule="RNG-MOVE-2",
                )
            allowance, cross = allowance / 2, (oid,)
        plan = plan_to(ctx, fid, d.x, d.y, allowance, cross=cross)
        touching = enemy_contact_at(ctx, fid, plan.points[-1][0], plan.points[-1][1])
        if touching:
            raise contact_refusal(ctx, fid, touching)
        return plan

    def validate_action(self, ctx: Ctx, fid: str, d: Decision) -> None:
        if d.figure != fid:
            raise IllegalDecision(f"it is {ctx.fig(fid).name}'s action, not {d.figure}'s")
        if d.kind == "move":
            self.plan_move(ctx, fid, d)
            return
        if d.kind == "charge":
            self.plan_charge(ctx, fid, d)
            return
        if d.kind == "challenge":
            validate_challenge(ctx, fid, d, _eng(ctx).engaged)
            return
        if d.kind == "remount":
            if d != remount_option(ctx, fid, self.move_allowance(ctx, fid)):
                raise IllegalDecision(f"{ctx.fig(fid).name} cannot reach its horse now (PYR-MNT-2)")
            return
        if d.kind == "shoot":
            raise self.shot_refusal(ctx, fid, d)
        raise refused(Cause.NOT_OFFERED, who=ctx.fig(fid).name, detail=f"{ctx.fig(fid).name} cannot do that now")

    def shot_refusal(self, ctx: Ctx, fid: str, d: Decision):
        """Why ``actions`` offers no shot at d's target: the same tests in the same order
        (PYR-SHOOT-1, RNG-SHOOT-3, GEO-LOS-1, the weapon's range)."""
        st = ctx.state
        f = ctx.fig(fid)
        t = st.figures.get(d.target or "")
        if t is None or not t.in_play or t.side not in st.enemies_of(f.side):
            return refused(Cause.INCOMPLETE, who=f.name, detail="a shot needs an enemy figure in play as its target")
        weapons = shooting_weapons(st, fid)
        if not weapons:
            if f.missile and not f.loaded:
                return refused(
                    Cause.NOT_LOADED, who=f.name, things=(Thing("weapon", f.missile, weapon_words(f.missile)),)
                )
            return refused(Cause.NO_MISSILE, who=f.name, rule="RNG-SHOOT-1")
        if self.party_engaged(ctx, fid):
            return refused(
                Cause.ALREADY_ENGAGED,
                who=f.name,
                detail=f"{f.name}'s party is in mêlée: it does not shoot",
                rule="PYR-SHOOT-1",
            )
        if near_enemy_of(st, t.id):
            return refused(
                Cause.NOT_ALLOWED,
                who=f.name,
                things=(figure_thing(t),),
                detail=f"{t.name} is within 1 in of a friend of yours: no shooting into a fight",
                rule="RNG-SHOOT-3",
            )
        sight = sees(ctx, fid, t.id)
        if not sight.clear:
            return sight_refusal(ctx, fid, t.id)
        w = d.option if d.option in weapons else weapons[0]
        return range_refusal(ctx, fid, t.id, w, sight.distance, weapon_max_range(w), "RNG-SHOOT-1")

    def plan_charge(self, ctx: Ctx, fid: str, d: Decision):
        st = ctx.state
        t = st.figures.get(d.target or "")
        if t is None or not t.in_play or t.side not in st.enemies_of(ctx.fig(fid).side):
            raise refused(
                Cause.INCOMPLETE, who=ctx.fig(fid).name, detail="a charge needs an enemy figure in play as its target"
            )
        reach = self.charge_allowance(ctx, fid)
        if d.x is None or d.y is None:  # "why can I not charge it?": the reason charge_options offers none
            raise charge_refusal(ctx, fid, t.id, reach)
        try:
            plan = plan_to(ctx, fid, d.x, d.y, reach, stop_ok=True)
        except IllegalDecision:
            raise charge_refusal(ctx, fid, t.id, reach) from None
        ex, ey = plan.points[-1]
        if not engaged_with_at(ctx, fid, t.id, ex, ey):
            raise refused(Cause.NO_CONTACT, who=ctx.fig(fid).name, things=(figure_thing(t),), rule="RNG-ACT-1")
        if d.option == EN_PASSANT:
            why = en_passant_problem(ctx, fid, t.id, plan, self.move_allowance(ctx, fid))
            if why:
                raise IllegalDecision(why)
        elif d.option:
            raise IllegalDecision(f"unknown charge option {d.option!r}")
        return plan
