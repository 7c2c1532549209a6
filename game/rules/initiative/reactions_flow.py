"""PRE-INI-1 ``react`` and ``rshoot`` steps: INI-REACT-1..4 reaction moves, INI-RSHOOT-1..4 reactive shooting."""

from __future__ import annotations

from dataclasses import replace

from game.rules.decisions import PASS, Decision, IllegalDecision, Item
from game.rules.flow import Ctx, Flow, ask
from game.rules.rangers import destinations as D
from game.rules.rangers import flowkit as K
from game.rules.rangers.events import ActionTaken
from game.rules.rangers.turn_common import reactive_shooter_caps

from ..implements import implements
from .act_flow import IniActFlow
from .config import initiative_config
from .reactions import (
    ReactionWindow,
    after_reactions,
    can_react_shoot,
    eligible_enemies,
    reaction_candidates,
    reaction_end_problem,
    run_away_problem,
)
from .sequence import after_reactive_shooting
from .state import ini_state


class IniReactionsFlow(IniActFlow):
    """The initiative preset's reaction steps."""

    # -- INI-REACT ------------------------------------------------------------------------------------
    @implements("INI-REACT-1")
    def phase_react(self, ctx: Ctx) -> Flow:
        """INI-REACT-1..4: after an action that engaged friends, the passive side's unengaged figures
        within 4" of the engaging enemies may run away or engage them, all declared first."""
        st = ctx.state
        st.phase = "rshoot"
        t = self.ini(ctx)
        last = ini_state(st).last
        engagers = [m for m in last.get("engagers", []) if st.figures[m].in_play]
        if not engagers or st.claim is not None:
            return
        side = t.passive
        enemies = {f.id: f for f in st.in_play(t.active)}
        friends = {f.id: f for f in st.in_play(side)}
        cands = reaction_candidates(initiative_config(st), friends, {m: enemies[m] for m in engagers}, enemies.values())
        if not cands:
            return
        eligible = eligible_enemies(engagers, enemies)
        opts = [PASS]
        for c in cands:
            opts += [Decision("react", items=(Item(c, "engage"),)), Decision("react", items=(Item(c, "run"),))]
        if len(cands) > 1:
            opts.append(Decision("react", items=tuple(Item(c, "engage") for c in cands), option="all_engage"))

        def validate(dec):
            if dec.kind != "react" or not dec.items:
                raise IllegalDecision("declare reacting figures as (figure, engage|run) pairs, or pass (INI-REACT-3)")
            seen = set()
            for fid, how, _extras in dec.items:
                if fid in seen or fid not in cands or how not in ("engage", "run"):
                    raise IllegalDecision(f"{fid} may not react that way (INI-REACT-1)")
                seen.add(fid)

        d = yield ask(
            side,
            "react",
            f"{st.side(side).name}: react to the enemy's engagement?",
            opts,
            default=PASS,
            validate=validate,
            info={"candidates": cands, "eligible": sorted(eligible)},
            rule="INI-REACT-1",
        )
        if d.kind == "pass":
            return
        ReactionWindow(frozenset(cands)).declare(i.target for i in d.items)  # all at once, none added later
        ctx.emit(
            ActionTaken(
                rule="INI-REACT-3",
                figure=d.items[0].target,
                action="react",
                detail=", ".join(f"{i.target} {i.kind}" for i in d.items),
            )
        )
        fighters = []
        for fid, how, _extras in d.items:
            f = ctx.fig(fid)
            if not f.in_play:
                continue
            enemies = {e.id: e for e in st.in_play(t.active)}
            if how == "engage":
                opts2 = []
                for eid in sorted(eligible):
                    if eid not in enemies:
                        continue
                    for x, y, _plan in D.contact_points(ctx, fid, eid, f.move, limit=2):
                        if reaction_end_problem(replace(f, x=x, y=y), "engage", eligible, enemies) is None:
                            opts2.append(Decision("move", figure=fid, target=eid, x=x, y=y))
            else:
                foes = list(enemies.values())
                opts2 = []
                for x, y, plan in D.heading_moves(
                    ctx, fid, f.move, headings=self._headings_from(ctx, fid, foes), fracs=(1.0, 0.5)
                ):
                    if (
                        run_away_problem(plan.points, f.radius, foes, f.move) is None
                        and reaction_end_problem(replace(f, x=x, y=y), "run", eligible, enemies) is None
                    ):
                        opts2.append(Decision("move", figure=fid, x=x, y=y))
            if not opts2:
                ctx.emit(ActionTaken(rule="INI-REACT-1", figure=fid, action="react", detail=f"cannot {how}: stays"))
                continue
            d2 = yield ask(
                f.side,
                "react_move",
                f"{f.name}: where to {how}?",
                opts2[:4],
                default=opts2[0],
                info={"figure": fid, "how": how},
                rule="INI-REACT-2" if how == "engage" else "INI-REACT-1",
            )
            # the plan the offered point came from (an engaging one may go round what is in the way)
            level = ctx.fig(d2.target_id).level if how == "engage" and d2.target else None
            walk = D.move_plan(ctx, fid, *d2.point, f.move, level=level)
            assert walk is not None, "a reaction is offered only along a clear path"
            self._do_move(ctx, fid, walk, how="reaction", rule="INI-REACT-1")
            if how == "engage":
                fighters.append(fid)
        if fighters:
            yield from self.melee_round(ctx, fighters, rule="INI-REACT-1")

    def _headings_from(self, ctx: Ctx, fid: str, foes) -> list[float]:
        f = ctx.fig(fid)
        near = min(foes, key=lambda e: K.dist(f, e)) if foes else None
        away = D.away_bearing(ctx, fid, [near] if near else [])
        return [away + o for o in (0, 30, -30, 60, -60)]

    # -- INI-RSHOOT -------------------------------------------------------------------------------------
    def phase_rshoot(self, ctx: Ctx) -> Flow:
        st = ctx.state
        t = self.ini(ctx)
        st.phase = after_reactions(t.active)[1]
        if not self.opt(ctx, "reactive_shooting") or not can_react_shoot(t.rshoot_used) or st.claim is not None:
            return
        last = ini_state(st).last
        shooters = [s for s in last.get("shooters", []) if st.figures[s].in_play]
        movers = {
            m: v for m, v in last.get("movers", {}).items() if st.figures[m].in_play and st.figures[m].side == t.active
        }
        if not shooters and not movers:
            return
        targets = shooters or list(movers)
        pairs = self._reactive_pairs(ctx, t.active, targets)
        if not pairs:
            return
        limit = None if shooters else reactive_shooter_caps(movers)
        yield from self.declare_reactive_shots(ctx, t.passive, pairs, limit, "shot_at" if shooters else "movement")
        if ini_state(st).rs_used:
            ini_state(st).rs_used = False
            self.set_ini(ctx, after_reactive_shooting(self.ini(ctx)))
