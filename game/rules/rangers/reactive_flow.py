"""PRE-RNG-1 reactive shooting (INI-RSHOOT, the `reactive_shooting` toggle)."""

from __future__ import annotations

from game.rules.decisions import PASS, Decision, IllegalDecision, Item
from game.rules.flow import Ctx, Flow, ask
from game.rules.turns import active_side

from ..counting import counted
from ..implements import implements
from . import flowkit as K
from .events import ActionTaken
from .option_flow import RangersOptions
from .state import rng
from .turn_common import reactive_cap_problem, reactive_shooter_caps

#: why reactive shooting is offered, as the question says it
TRIGGER_WORDS = {"shot_at": "at those who shot at you", "movement": "at those who moved"}


class RangersReactiveShooting(RangersOptions):
    """The Rangers! preset's reactive-shooting step."""

    # -- reactive shooting (INI-RSHOOT, toggle `reactive_shooting`) ---------------------------------------
    def after_activation(self, ctx: Ctx, fid: str) -> None:
        st = ctx.state
        d = rng(st)
        if not self.opt(ctx, "reactive_shooting") or d.rs_used or st.claim is not None:
            return
        movers = {m: v for m, v in (d.rs_movers or {}).items() if st.figures[m].in_play}
        shooters = [s for s in d.rs_shooters or () if st.figures[s].in_play]
        if not movers and not shooters:
            return
        trigger = "shot_at" if shooters else "movement"
        targets = shooters if shooters else list(movers)
        pairs = self._reactive_pairs(ctx, active_side(st), targets)
        if not pairs:
            return
        d.rs = {
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
        rs, rng(st).rs = rng(st).rs, None
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
                    all_list.append(Item(s, t))
                    break
        all_items = tuple(all_list)
        limit = None if caps is None else sum(caps.values())
        opts = [PASS] + [Decision("react_shoot", items=(Item(s, t),)) for s, ts in pairs.items() for t in ts]
        if len(all_items) > 1:
            opts.append(Decision("react_shoot", items=all_items, option="all"))

        def validate(dec: Decision) -> None:
            if dec.kind != "react_shoot" or not dec.items:
                raise IllegalDecision("declare reacting shooters as (shooter, target) pairs, or pass (INI-RSHOOT-2)")
            seen = set()
            for s, t, _extras in dec.items:
                if s in seen:
                    raise IllegalDecision(f"{s} is declared twice (INI-RSHOOT-2)")
                seen.add(s)
                if t not in pairs.get(s, []):
                    raise IllegalDecision(f"{s} may not react by shooting at {t} (INI-RSHOOT-1)")
            prob = reactive_cap_problem([(i.target, i.kind) for i in dec.items], caps) if caps is not None else None
            if prob:
                raise IllegalDecision(prob)

        d = yield ask(
            side,
            "react_shoot",
            f"{st.side(side).name}: react by shooting {TRIGGER_WORDS[trigger]}?",
            opts,
            default=PASS,
            validate=validate,
            info={"pairs": pairs, "limit": limit, "caps": dict(caps or {}), "trigger": trigger},
            rule="INI-RSHOOT-1",
        )
        if d.kind == "pass":
            return
        rng(st).rs_used = True
        ctx.emit(
            ActionTaken(
                rule="INI-RSHOOT-2",
                figure=d.items[0].target,
                action="react_shoot",
                detail=f"{counted(len(d.items), 'shooter')} declared",
            )
        )
        for s, t, _extras in d.items:
            if ctx.fig(s).in_play and ctx.fig(t).in_play:
                yield from K.shoot(ctx, s, t, target_moved=self.target_moved(ctx, t), reactive=True)
