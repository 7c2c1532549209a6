"""PRE-PYR-1, the `pyrates` preset: RNG-TURN-1 game turns with RNG-MOT activation, then PYR-REACT-1
reaction moves and the mêlée step (PYR-SEQ-1 for each mêlée).

Steps (``state.phase``): turn_start → activate … → player_turn_end → react1 → melee_start →
melee_next → (melee_round → melee_react)* → melee_next … → player_turn_end. Between steps,
progress lives in ``state.data`` as plain JSON: ``ms`` (the mêlée step), ``cards``, ``captives``,
``moved_pt`` (moved this player-turn, PYR-MQ-5), ``rshoot_used`` (INI-RSHOOT-1), ``pt_stage``.
"""

from __future__ import annotations

import math

from game.rules.decisions import PASS, Decision, IllegalDecision, choose
from game.rules.events import Note
from game.rules.flow import Ctx, Flow, ask
from game.rules.model import Rank, Status
from game.rules.turns import MOVE_HEADINGS, TurnPreset, active_side, no_questions

from ..implements import implements
from .cards import chance_deck
from .duel import can_duel, challenge, challenge_targets, duel_step, give_offence, validate_challenge
from .engage import Engagements, camp_of, engagements_of, nearest_enemy, party_key
from .melee_round import LOCAL, local_ids, melee_round
from .mounted import EN_PASSANT, en_passant, en_passant_problem, remount, remount_option
from .moves import contact_points, enemy_contact_at, engaged_with_at, plan_to, straight
from .prisoners import follow_captors, resolve_prisoners
from .reactions import reaction_options, resolve_reaction, validate_reaction
from .scenario_rules import asleep, raise_alarm, setup_alarm, setup_fire, spot, spread_fire
from .shooting import THROWN, resolve_shot, shooting_weapons, shot_target_number
from .unmotivated import RETREAT, cover_options, retreat_options, validate_free_move

CHARGE = 3.0
CHARGE_ANGLES = (0, 20, -20, 40, -40, 60, -60, 90, -90)
#: (cos, sin) of MOVE_HEADINGS
_MOVE_UNITS = tuple((math.cos(math.radians(h)), math.sin(math.radians(h))) for h in MOVE_HEADINGS)


def _eng(ctx: Ctx) -> Engagements:
    """Engagements of the current positions (kept in the state's Facts while no figure changes)."""
    return engagements_of(ctx)


class PyratesPreset(TurnPreset):
    """PRE-PYR-1 (boarding)."""

    name = "pyrates"

    # -- set-up ---------------------------------------------------------------------------------
    def setup(self, ctx: Ctx) -> None:
        super().setup(ctx)
        st = ctx.state
        d = st.data
        cfg = dict(getattr(ctx.scenario, "cards", {}) or {})
        enabled = cfg.get("enabled", True) and st.options.get("cards", True)
        hand = int(cfg.get("hand", 3))
        d["cards"] = {s: [] for s in st.side_ids()}
        deck: list[str] = []
        if enabled and hand > 0:
            deck = chance_deck(int(cfg.get("copies", 4)))
            ctx.dice.shuffle(deck)
            for s in st.side_ids():
                d["cards"][s] = [deck.pop(0) for _ in range(min(hand, len(deck)))]
        d["deck"] = deck
        d.setdefault("captives", {})
        d.setdefault("struck", [])
        d.setdefault("mdp", {})
        d.setdefault("thrown_used", [])
        d.setdefault("duel", None)
        d.setdefault("treaty", bool(st.options.get("treaty", False)))  # PYR-DUEL-5 scenario flag
        if st.options.get("start_loaded"):  # RNG-SHOOT-2 option: firearms start loaded
            for f in list(st.figures.values()):
                if f.missile and f.missile != THROWN and not f.loaded:
                    ctx.change(f.id, loaded=True)
        d["start_points"] = {s: sum(f.points or 1 for f in st.figures.values() if f.side == s) for s in st.side_ids()}
        setup_alarm(ctx)  # SCN-ALARM-1 (scenario option alarm)
        setup_fire(ctx)  # SCN-FIRE-1 (scenario option fire)

    def on_turn_end(self, ctx: Ctx) -> None:
        """SCN-FIRE-1/2: a burning ship's fire spreads and scorches at each game turn's end."""
        spread_fire(ctx)

    def on_player_turn_start(self, ctx: Ctx, side: str) -> None:
        d = ctx.state.data
        d["pt_stage"] = None
        d["moved_pt"] = []
        d["rshoot_used"] = []
        d["new_contact"] = False

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

    def unmotivated(self, ctx: Ctx, fid: str) -> Flow:
        """RNG-MOT-3, and RNG-MOR-1 with the Captain as Leader: once broken, a failed figure flees."""
        st = ctx.state
        f = st.figures[fid]
        leaders = [g for g in st.figures.values() if g.side == f.side and (g.rank == Rank.CAPTAIN or g.is_leader)]
        start = st.data.get("start_points", {}).get(f.side, 0)
        now = sum(g.points or 1 for g in st.figures.values() if g.side == f.side and g.in_play)
        broken = (leaders and not any(g.in_play for g in leaders)) or (start and 2 * now <= start)
        if broken and "determined" not in f.traits:
            ctx.set_status(fid, Status.FLED, rule="RNG-MOR-1", cause="morale broken: flees")
            return
        allowance = self.move_allowance(ctx, fid)
        opts = [Decision("hold", figure=fid)] + retreat_options(ctx, fid) + cover_options(ctx, fid, allowance)
        d = opts[0]
        if len(opts) > 1:
            d = yield ask(
                f.side,
                "unmotivated",
                f"{f.name} failed motivation: hold, retreat 2 in or take cover",
                opts,
                default=opts[0],
                validate=lambda dec: validate_free_move(ctx, fid, dec, allowance),
                info=self.action_info(ctx, fid),
                rule="RNG-MOT-3",
            )
        if d.kind == "hold":
            ctx.emit(Note(rule="RNG-MOT-3", who=fid, message=f"{f.name} is not motivated and holds"))
            return
        plan = plan_to(ctx, fid, *d.point, RETREAT if d.kind == "retreat" else allowance)
        ctx.move(
            fid,
            plan.points[-1][0],
            plan.points[-1][1],
            rule="RNG-MOT-3",
            how=d.kind,
            path=plan.points,
            cost=plan.cost,
            level=plan.level,
        )
        for key in ("moved_this_turn", "moved_pt"):
            lst = st.data.setdefault(key, [])
            if fid not in lst:
                lst.append(fid)
        follow_captors(ctx)
        yield from self.reactive_shooting(ctx, fid, plan.length)

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
            out.append(Decision("move", figure=fid, x=ex, y=ey, option=f"climb:{lk.id}"))
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
                out.append(Decision("move", figure=fid, x=ex, y=ey, option=f"cross:{ob.id}"))
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
        for e in ctx.enemies(fid):
            if e.level == ctx.fig(fid).level and ctx.table.edge_distance(fid, e.id) <= 2.0:
                if any(o.id == oid for o in ctx.table.touching_obstacles(e.id)):
                    return True
        return False

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
        if d.option and d.option.startswith("climb:"):
            plan = self._climb_plan(ctx, fid, d.option[6:], allowance)
            if plan is None or math.hypot(plan.points[-1][0] - d.x, plan.points[-1][1] - d.y) > 2e-3:
                raise IllegalDecision(
                    f"{ctx.fig(fid).name} cannot climb {d.option[6:]} to there this move (RNG-MOVE-1)"
                )
            ex, ey = plan.points[-1]
            lv = plan.level or ctx.fig(fid).level
            if any(
                g.level == lv and math.hypot(g.x - ex, g.y - ey) <= ctx.fig(fid).radius + g.radius + 0.02
                for g in ctx.enemies(fid)
            ):
                raise IllegalDecision("a move may not end in contact with an enemy: charge instead (RNG-ACT-1)")
            return plan
        if d.option and d.option.startswith("cross:"):
            oid = d.option[6:]
            if not any(o.id == oid and o.kind == "linear" for o in ctx.table.touching_obstacles(fid)):
                raise IllegalDecision(f"{ctx.fig(fid).name} is not at obstacle {oid} (RNG-MOVE-2)")
            if self._defended(ctx, fid, oid):
                raise IllegalDecision(f"obstacle {oid} is defended: it cannot be crossed (RNG-MOVE-2)")
            allowance, cross = allowance / 2, (oid,)
        plan = plan_to(ctx, fid, d.x, d.y, allowance, cross=cross)
        if enemy_contact_at(ctx, fid, plan.points[-1][0], plan.points[-1][1]):
            raise IllegalDecision("a move may not end in contact with an enemy: charge instead (RNG-ACT-1)")
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
        raise IllegalDecision(f"{ctx.fig(fid).name} cannot {d.kind} now")

    def plan_charge(self, ctx: Ctx, fid: str, d: Decision):
        st = ctx.state
        t = st.figures.get(d.target or "")
        if t is None or not t.in_play or t.side not in st.enemies_of(ctx.fig(fid).side):
            raise IllegalDecision("a charge needs an enemy figure in play as its target")
        if d.x is None or d.y is None:
            raise IllegalDecision("a charge needs a destination in contact with its target")
        plan = plan_to(ctx, fid, d.x, d.y, self.charge_allowance(ctx, fid), stop_ok=True)
        ex, ey = plan.points[-1]
        if not engaged_with_at(ctx, fid, t.id, ex, ey):
            raise IllegalDecision(f"the charge must end in base-to-base contact with {t.name} (RNG-ACT-1, PYR-ENG-1)")
        if d.option == EN_PASSANT:
            why = en_passant_problem(ctx, fid, t.id, plan, self.move_allowance(ctx, fid))
            if why:
                raise IllegalDecision(why)
        elif d.option:
            raise IllegalDecision(f"unknown charge option {d.option!r}")
        return plan

    def resolve_action(self, ctx: Ctx, fid: str, d: Decision) -> Flow:
        st = ctx.state
        f = ctx.fig(fid)
        moved = 0.0
        shot = False
        if d.kind != "aim" and f.aim:
            ctx.change(fid, aim=0)  # RNG-SHOOT-2: aim is lost by any other action
        if d.kind in ("charge", "shoot"):
            give_offence(ctx, f.side, "a charge" if d.kind == "charge" else "a shot")
        if d.kind in ("move", "charge"):
            plan = self.plan_move(ctx, fid, d) if d.kind == "move" else self.plan_charge(ctx, fid, d)
            ctx.move(
                fid,
                plan.points[-1][0],
                plan.points[-1][1],
                rule="RNG-MOVE-1" if d.kind == "move" else "RNG-ACT-1",
                how=d.kind,
                path=plan.points,
                cost=plan.cost,
                level=plan.level,
            )
            moved = plan.length
            for key in ("moved_this_turn", "moved_pt"):
                lst = st.data.setdefault(key, [])
                if fid not in lst:
                    lst.append(fid)
            if d.kind == "charge" and d.option == EN_PASSANT:  # PYR-MNT-1
                yield from en_passant(ctx, fid, d.target_id, self.move_allowance(ctx, fid) - plan.cost)
                moved = self.move_allowance(ctx, fid)
            if _eng(ctx).engaged(fid) or (d.kind == "charge" and d.option != EN_PASSANT):
                st.data["new_contact"] = True
        elif d.kind == "remount":
            remount(ctx, fid)
        elif d.kind == "load":
            ctx.change(fid, loaded=True)
            ctx.emit(Note(rule="RNG-SHOOT-2", who=fid, message=f"{f.name} loads"))
        elif d.kind == "aim":
            ctx.change(fid, aim=min(3, f.aim + 1))
            ctx.emit(Note(rule="RNG-ACT-1", who=fid, message=f"{f.name} takes aim ({min(3, f.aim + 1)})"))
        elif d.kind == "shoot":
            resolve_shot(ctx, fid, d.target_id, weapon=d.option_name)
            shot = True
        elif d.kind == "tome":
            yield from self.to_me(ctx, fid)
        elif d.kind == "challenge":
            validate_challenge(ctx, fid, d, _eng(ctx).engaged)
            started = yield from challenge(ctx, fid, d.target_id, stakes=d.option == "stakes")
            if started:
                st.phase = "duel"
        else:
            ctx.emit(Note(rule="RNG-ACT-1", who=fid, message=f"{f.name} holds"))
        follow_captors(ctx)  # PYR-DIS-4: prisoners move with their captors
        if shot and d.option != THROWN:  # SCN-ALARM-2: a shot wakes the ship; a thrown knife is silent
            raise_alarm(ctx, f"{f.name} fires")
        if moved > 0 or shot:
            yield from self.reactive_shooting(ctx, fid, moved)

    # -- PYR-DUEL-1..5 -------------------------------------------------------------------------------
    def phase_duel(self, ctx: Ctx) -> Flow:
        """One pistol exchange or blades round of the duel in state.data["duel"]; back to activation
        when it is over."""
        yield from duel_step(ctx)
        if not ctx.state.data.get("duel"):
            ctx.state.phase = "activate"

    # -- INI-TOME-1 "To me!" -------------------------------------------------------------------
    def to_me(self, ctx: Ctx, lid: str) -> Flow:
        st = ctx.state
        leader = ctx.fig(lid)
        acted = st.data["acted"]
        eng = _eng(ctx)
        ctx.emit(Note(rule="INI-TOME-1", who=lid, message=f'{leader.name} calls "To me!"'))
        for f in list(st.in_play(leader.side)):
            if f.id == lid or f.id in acted or eng.engaged(f.id) or f.status == Status.DISARMED:
                continue
            if leader.command and f.command != leader.command:
                continue
            _, d0 = nearest_enemy(st, f.id)
            if d0 <= 4.0:
                continue
            dist = math.hypot(leader.x - f.x, leader.y - f.y)
            room = dist - f.radius - leader.radius - 0.05
            if room <= 0.05:
                continue
            step = min(self.move_allowance(ctx, f.id), room)
            while step > 0.05:
                x = f.x + (leader.x - f.x) / dist * step
                y = f.y + (leader.y - f.y) / dist * step
                _, d1 = nearest_enemy(st, f.id, x, y)
                if d1 > 4.0:
                    plan = straight(ctx, f.id, x, y)
                    if (
                        plan is not None
                        and plan.cost <= self.move_allowance(ctx, f.id) + 1e-9
                        and math.hypot(plan.points[-1][0] - x, plan.points[-1][1] - y) < 2e-3
                    ):
                        ctx.move(f.id, x, y, rule="INI-TOME-1", how="move", path=plan.points, cost=plan.cost)
                        acted.append(f.id)
                        st.data.setdefault("moved_this_turn", []).append(f.id)
                        break
                step -= 0.5
        yield from no_questions()

    # -- INI-RSHOOT-1 reactive shooting ------------------------------------------------------------
    def reactive_shooting(self, ctx: Ctx, actor: str, moved: float) -> Flow:
        st = ctx.state
        for side in st.enemies_of(active_side(st)):
            if side in st.data.get("rshoot_used", []) or not ctx.fig(actor).in_play:
                continue
            eligible = []
            for g in st.in_play(side):
                if (
                    not (g.missile and g.missile != THROWN and g.loaded)
                    or g.status == Status.DISARMED
                    or asleep(st, g.id)
                ):
                    continue
                tn = shot_target_number(ctx, g.id, actor, weapon=g.missile, reactive=True)
                if tn and not self.party_engaged(ctx, g.id):
                    eligible.append((tn, g.id, g.missile))
            if not eligible:
                continue
            eligible.sort(key=lambda t: (-t[0], t[1]))
            cap = max(1, math.ceil(moved - 1e-9)) if moved > 0 else len(eligible)
            opts = [choose("no"), choose("all")] + [
                Decision("shoot", figure=s, target=actor, option=w) for _, s, w in eligible
            ]
            dflt = choose("all") if eligible[0][0] >= 8 else choose("no")
            d = yield ask(
                side,
                "reactive_shot",
                f"{st.side(side).name}: shoot at {ctx.fig(actor).name} "
                f"(INI-RSHOOT, once this player-turn, up to {cap} shooter(s))?",
                opts,
                default=dflt,
                rule="INI-RSHOOT-1",
            )
            if d.option == "no":
                continue
            st.data.setdefault("rshoot_used", []).append(side)
            give_offence(ctx, side, "a shot")
            shooters = [(s, w) for _, s, w in eligible[:cap]] if d.option == "all" else [(d.figure_id, d.option_name)]
            for s, w in shooters:  # INI-RSHOOT-2: declared together, then resolved
                if ctx.fig(actor).in_play:
                    resolve_shot(ctx, s, actor, weapon=w, reactive=True, rule="INI-RSHOOT-1")
            raise_alarm(ctx, f"{st.side(side).name} open fire")  # SCN-ALARM-2

    # -- after the activations: reactions and the mêlée step ----------------------------------------------
    def after_player_turn(self, ctx: Ctx) -> Flow:
        st = ctx.state
        if st.data.get("pt_stage") is None:
            spot(ctx)  # SCN-ALARM-1: the watch looks about before the blows of this player-turn
            st.data["pt_stage"] = "react"
            st.phase = "react1" if st.data.get("new_contact") else "melee_start"
        yield from no_questions()

    @implements("PYR-REACT-1")
    def phase_react1(self, ctx: Ctx) -> Flow:
        """PYR-REACT-1: the other side moves unengaged figures up to 2 in, one at a time."""
        st = ctx.state
        reacted: list[str] = []
        for side in [s for s in st.enemies_of(active_side(st)) if st.in_play(s)]:
            yield from self._reaction_loop(ctx, [side], reacted, None, "PYR-REACT-1")
        st.phase = "melee_start"

    def _reaction_loop(self, ctx: Ctx, sides: list[str], reacted: list[str], near: set[str] | None, rule: str) -> Flow:
        st = ctx.state
        passes = 0
        turn = 0
        while passes < len(sides):
            side = sides[turn % len(sides)]
            turn += 1
            eng = engagements_of(ctx, only=near)
            near_ids = None if near is None else frozenset(near)
            # st.in_play(side) filtered, in one pass (asleep(): the sleepers' list)
            sleepers, pairs = st.data.get("asleep") or (), eng.pairs
            allowed = [
                fid
                for fid, f in st.figures.items()
                if f.side == side
                and f.in_play
                and fid not in reacted
                and (near is None or fid in near)
                and not pairs.get(fid)
                and f.status not in (Status.DISARMED, Status.CAPTIVE)
                and fid not in sleepers
            ]
            opts: list[Decision] = []
            for fid in allowed:
                opts += reaction_options(ctx, near_ids, fid)
            if not opts:
                passes += 1
                continue
            dflt = next((o for o in opts if o.option in ("a", "c")), PASS) if rule == "PYR-REACT-1" else PASS
            d = yield ask(
                side,
                "reaction",
                f"{st.side(side).name}: make a reaction move (up to 2 in) or pass",
                opts + [PASS],
                default=dflt,
                validate=lambda dec, _e=eng, _a=frozenset(allowed): validate_reaction(
                    ctx, _e, dec.figure, dec, set(_a)
                ),
                rule=rule,
            )
            if d.kind == "pass":
                passes += 1
                if len(sides) == 1:
                    return
                continue
            passes = 0
            resolve_reaction(ctx, d, rule)
            follow_captors(ctx)
            reacted.append(d.figure_id)

    @implements("PRE-PYR-1")
    def phase_melee_start(self, ctx: Ctx) -> Flow:
        """PRE-PYR-1 step 3: every mêlée on the table is resolved by PYR-SEQ-1 (PYR-ENG-1 groups)."""
        st = ctx.state
        eng = engagements_of(ctx)
        st.data["ms"] = {"todo": eng.groups(), "cur": None, "rats": [], "fought": [], "n": 0}
        if st.data["ms"]["todo"]:
            raise_alarm(ctx, "steel clashes")  # SCN-ALARM-2
        st.phase = "melee_next"
        yield from no_questions()

    def phase_melee_next(self, ctx: Ctx) -> Flow:
        st = ctx.state
        ms = st.data["ms"]
        eng = engagements_of(ctx)
        while ms["todo"]:
            seeds = ms["todo"].pop(0)
            g = eng.group(seeds)
            if not g or all(f in ms["fought"] for f in g):
                continue
            ms["n"] += 1
            ms["cur"] = {"seeds": g, "round": 0, "rat": ""}
            st.phase = "melee_round"
            return
        while ms["rats"]:
            rat = ms["rats"].pop(0)
            if rat in eng.figs and eng.engaged(rat):
                ms["n"] += 1
                ms["cur"] = {"seeds": [rat], "round": 0, "rat": rat}
                st.phase = "melee_round"
                return
        st.data["ms"] = None
        st.data["pt_stage"] = "done"
        st.phase = "player_turn_end"
        yield from no_questions()

    @implements("PYR-SEQ-1")
    def phase_melee_round(self, ctx: Ctx) -> Flow:
        """PYR-SEQ-1: one round of the current mêlée (PYR-SEQ-2: at most 6 per mêlée step)."""
        st = ctx.state
        ms = st.data["ms"]
        cur = ms["cur"]
        cur["next"] = "end"
        yield from melee_round(ctx, cur, camp_of(st, active_side(st)))
        nxt = cur.get("next")
        if nxt == "react":
            st.phase = "melee_react"
        elif nxt == "round":
            st.phase = "melee_round"
        else:
            if nxt == "carry":
                ctx.emit(
                    Note(rule="PYR-SEQ-2", message="six rounds fought: the mêlée carries over to the next mêlée step")
                )
            else:  # PYR-DIS-4: the mêlée is resolved
                resolve_prisoners(ctx, cur.get("seeds", []), cur.get("fled", []))
            ms["cur"] = None
            st.phase = "melee_next"

    @implements("PYR-REACT-2")
    def phase_melee_react(self, ctx: Ctx) -> Flow:
        """PYR-REACT-2: between rounds, unengaged figures near the mêlée may move up to 2 in, one at a
        time, alternating, round winner first, until both pass."""
        st = ctx.state
        cur = st.data["ms"]["cur"]
        winner = cur.get("winner") or camp_of(st, active_side(st))
        camps = sorted({camp_of(st, st.figures[f].side) for f in cur["seeds"]}, key=lambda c: (c != winner, c))
        near = local_ids(st, cur["seeds"], LOCAL)
        yield from self._reaction_loop(ctx, camps, [], near, "PYR-REACT-2")
        st.phase = "melee_round"
