"""PRE-RNG-1, the `rangers` preset: Rangers! only, on the shared RNG-TURN-1 turn structure.

A player-turn activates one figure per step (RNG-MOT-1): the figure may first choose, instead of
rolling, to retaliate (RNG-MOT-4) or to leave hand combat (RNG-HAND-4); then it rolls motivation
(RNG-MOT-1/2, RNG-AP-1) unless exempt; a success gives one RNG-ACT-1 action, a failure the RNG-MOT-3
options — or flight once RNG-MOR-1 has broken the faction. Optional toggles (scenario options):
``reactive_shooting`` (INI-RSHOOT after each enemy activation that moved or shot), ``to_me``
(INI-TOME-1 as a Leader's action), ``aggression_points`` (RNG-AP-1), ``start_loaded``
(RNG-SHOOT-2), ``specials`` (RNG-SPEC-1 list).

Bookkeeping in the system's ``RangersState`` (state.py): ``attacks`` side → {defender: [attackers]} made in that
side's latest player-turn (RNG-MOT-4); ``moved_pt`` side → figures that moved in that side's latest
player-turn (RNG-SHOOT-1 "moved last turn", GEN-TURN-1); ``at_obstacle`` fid → {id, pt} for a figure
stopped at a linear obstacle (RNG-MOVE-2); ``pt`` player-turn serial; ``rs_used``/``rs`` reactive
shooting; ``defence`` RNG-HAND-3 budgets; ``ap`` RNG-AP-1; ``special`` RNG-SPEC-1 progress.
"""

from __future__ import annotations

from game.rules.decisions import Decision
from game.rules.flow import Ctx, Flow, ask

from ..flow import Answer
from ..implements import implements
from . import flowkit as K
from .actions import is_firearm
from .aggression import roll_aggression_points
from .config import rangers_config
from .events import ActionTaken
from .morale import failed_motivation_outcome
from .motivation import figure_motivation_modifier, needs_motivation_roll, roll_motivation
from .option_flow import FREE_KINDS
from .resolve_flow import RangersResolution
from .state import rng


class RangersPreset(RangersResolution):
    """PRE-RNG-1: RNG-TURN, MOT, ACT, HAND, SHOOT, WND, MOVE, COVER, MOR, PTS; optional RNG-AP,
    INI-RSHOOT, INI-TOME."""

    name = "rangers"

    # -- set-up ----------------------------------------------------------------------------------
    @implements("PRE-RNG-1")
    def setup(self, ctx: Ctx) -> None:
        super().setup(ctx)
        st = ctx.state
        d = rng(st)
        K.init_morale(ctx)
        d.attacks = {s: {} for s in st.side_ids()}
        d.moved_pt = {s: [] for s in st.side_ids()}
        d.at_obstacle = {}
        d.pt = 0
        d.rs_used = False
        d.defence = {}
        d.special = {}
        if st.options.get("start_loaded"):
            for f in list(st.figures.values()):
                if is_firearm(f.missile):
                    ctx.change(f.id, loaded=True)
        if K.ap_enabled(ctx):
            d.ap = ap = {}
            for s in st.side_ids():
                ev = roll_aggression_points(ctx.dice, who=s)
                ctx.emit(ev)
                ap[s] = ev.faces[0]

    def on_player_turn_start(self, ctx: Ctx, side: str) -> None:
        d = rng(ctx.state)
        d.pt += 1
        d.attacks[side] = {}
        d.moved_pt[side] = []
        d.rs_used = False
        K.reset_defence(ctx)

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
        config = rangers_config(ctx.state)
        mod = figure_motivation_modifier(f, ctx.state.in_play(f.side), config)
        ap = yield from K.ask_ap(ctx, f.side, "motivation roll", fid)
        ev = roll_motivation(ctx.dice, who=fid, wounded=f.is_wounded, modifier=mod, ap=ap, config=config)
        ctx.emit(ev)
        return bool(ev.success)

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
            answer=Answer.POINT,
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

    # -- turn end --------------------------------------------------------------------------------------
    def on_turn_end(self, ctx: Ctx) -> None:
        for s in ctx.state.side_ids():
            if ctx.state.in_play(s):
                K.side_broken(ctx, s)
