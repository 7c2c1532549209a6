"""PRE-PYR-1 unmotivated figures (RNG-MOT-3, RNG-MOR-1), resolution of a chosen action, duels (PYR-DUEL-1..5), "To me!" (INI-TOME-1) and reactive shooting (INI-RSHOOT-1)."""

from __future__ import annotations

import math

from game.rules.counting import counted
from game.rules.decisions import Decision, choose
from game.rules.events import Note
from game.rules.flow import Ctx, Flow, ask
from game.rules.model import Rank, Status
from game.rules.rangers.turns import active_side, no_questions

from ..turn_state import moved_now
from .config import pyrates_config
from .duel import challenge, duel_step, give_offence, validate_challenge
from .engage import nearest_enemy
from .mounted import EN_PASSANT, en_passant, remount
from .moves import plan_to, straight
from .options_flow import PyratesOptions, _eng
from .prisoners import follow_captors
from .scenario_rules import asleep, raise_alarm
from .shooting import THROWN, resolve_shot, shot_target_number
from .state import pyr
from .unmotivated import cover_options, retreat_options, validate_free_move


class PyratesActions(PyratesOptions):
    """The pyrates preset's action resolution."""

    def unmotivated(self, ctx: Ctx, fid: str) -> Flow:
        """RNG-MOT-3, and RNG-MOR-1 with the Captain as Leader: once broken, a failed figure flees."""
        st = ctx.state
        f = st.figures[fid]
        leaders = [g for g in st.figures.values() if g.side == f.side and (g.rank == Rank.CAPTAIN or g.is_leader)]
        start = pyr(st).start_points.get(f.side, 0)
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
        plan = plan_to(
            ctx, fid, *d.point, pyrates_config(ctx.state).retreat_distance if d.kind == "retreat" else allowance
        )
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
        for lst in (moved_now(pyr(st)), pyr(st).moved_pt):
            if fid not in lst:
                lst.append(fid)
        follow_captors(ctx)
        yield from self.reactive_shooting(ctx, fid, plan.length)

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
            for lst in (moved_now(pyr(st)), pyr(st).moved_pt):
                if fid not in lst:
                    lst.append(fid)
            if d.kind == "charge" and d.option == EN_PASSANT:  # PYR-MNT-1
                yield from en_passant(ctx, fid, d.target_id, self.move_allowance(ctx, fid) - plan.cost)
                moved = self.move_allowance(ctx, fid)
            if _eng(ctx).engaged(fid) or (d.kind == "charge" and d.option != EN_PASSANT):
                pyr(st).new_contact = True
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
        """One pistol exchange or blades round of the duel in the state's ``duel``; back to activation
        when it is over."""
        yield from duel_step(ctx)
        if not pyr(ctx.state).duel:
            ctx.state.phase = "activate"

    # -- INI-TOME-1 "To me!" -------------------------------------------------------------------
    def to_me(self, ctx: Ctx, lid: str) -> Flow:
        st = ctx.state
        leader = ctx.fig(lid)
        acted = pyr(st).acted
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
                        moved_now(pyr(st)).append(f.id)
                        break
                step -= 0.5
        yield from no_questions()

    # -- INI-RSHOOT-1 reactive shooting ------------------------------------------------------------
    def reactive_shooting(self, ctx: Ctx, actor: str, moved: float) -> Flow:
        st = ctx.state
        for side in st.enemies_of(active_side(st)):
            if side in pyr(st).rshoot_used or not ctx.fig(actor).in_play:
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
                f"(INI-RSHOOT, once this player-turn, up to {counted(cap, 'shooter')})?",
                opts,
                default=dflt,
                info={"figure": actor, "cap": cap, "targets": [actor]},
                rule="INI-RSHOOT-1",
            )
            if d.option == "no":
                continue
            pyr(st).rshoot_used.append(side)
            give_offence(ctx, side, "a shot")
            shooters = [(s, w) for _, s, w in eligible[:cap]] if d.option == "all" else [(d.figure_id, d.option_name)]
            for s, w in shooters:  # INI-RSHOOT-2: declared together, then resolved
                if ctx.fig(actor).in_play:
                    resolve_shot(ctx, s, actor, weapon=w, reactive=True, rule="INI-RSHOOT-1")
            raise_alarm(ctx, f"{st.side(side).name} open fire")  # SCN-ALARM-2
