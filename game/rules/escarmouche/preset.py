"""PRE-ESC-1, the `escarmouche` preset: RNG-TURN-1 game turns of alternating group activations,
RNG-MOVE / RNG-SHOOT actions, and assaults resolved as ESC card-duel melees.

Steps (``state.phase``) and what each keeps in the system's ``EscarmoucheState`` (state.py):

- ``turn_start``: RNG-TURN-1 roll-off; ``order`` (winner first), ``next`` (side to activate),
  ``acted`` (figure ids that have activated this game turn) reset.
- ``activate``: the side named by ``next`` picks one of its groups (ESC-ADV-2: its figures in one
  sector that have not acted) and one action: hold, move to an adjacent sector (RNG-MOVE-1; a linear
  obstacle stops a figure, which may cross it at half move next turn: RNG-MOVE-2), shoot
  (RNG-SHOOT-1..3, RNG-WND-1), load (RNG-SHOOT-2) or assault an adjacent enemy-held sector
  (ESC-ENG-1/2 Resolve → ESC-CIV-1 → the melee). Sides alternate; a side with no group left is
  skipped; when no side has one, ``turn_end``.
- ``melee_round`` / ``melee_duel`` / ``melee_round_end``: one ESC melee (``melee``), in
  :mod:`game.rules.escarmouche.melee_start` and :mod:`game.rules.escarmouche.melee_flow`.
- ``turn_end``: optional RNG-MOR-1 bookkeeping, then ``turn_start``.

The ESC-DECK-1 deck lives in ``deck`` (``Deck.to_json``), shuffled by the match Dice;
``at_obstacle`` (created when first needed) holds the figures stopped at a linear obstacle.
**Digital ruling:** an assault, an eviction and a break-off are sector-to-sector moves (ESC-SEC-1):
the Resolve test is the crossing of the sector edge, so they ignore linear obstacles.
"""

from __future__ import annotations

import math

from ..decisions import Decision
from ..events import Note, PlayerTurnStarted, TurnStarted
from ..flow import Ctx, Flow, ask
from ..implements import implements
from ..model import Status
from ..rangers import is_firearm
from ..rangers.turns import active_side, no_questions, turn_roll_off
from .config import escarmouche_config
from .deck import Deck
from .engage import fighters, group_has_leader, is_civilian, resolve_test
from .group_flow import EscGroupActions
from .melee_start import enemy_sectors, public_dicts
from .state import esc


class EscarmouchePreset(EscGroupActions):
    """PRE-ESC-1 (see module doc)."""

    name = "escarmouche"

    # -- set-up ------------------------------------------------------------------------------------
    def setup(self, ctx: Ctx) -> None:
        st = ctx.state
        d = esc(st)
        d.deck = Deck.shuffled(ctx.dice).to_json()
        d.acted = []
        d.moved_this_turn = []
        d.moved_last_turn = []
        d.start_count = {s: len(st.in_play(s)) for s in st.side_ids()}
        if st.options.get("start_loaded"):
            # RNG-SHOOT-2 option: firearms start loaded
            for f in list(st.figures.values()):
                if is_firearm(f.missile) and not f.loaded:
                    ctx.change(f.id, loaded=True)
        st.phase = "turn_start"

    def step(self, ctx: Ctx) -> Flow:
        handler = getattr(self, f"phase_{ctx.state.phase}", None)
        if handler is None:
            raise RuntimeError(f"{self.name}: no step for phase {ctx.state.phase!r}")
        yield from handler(ctx)

    # -- turns (RNG-TURN-1) ---------------------------------------------------------------------------
    def phase_turn_start(self, ctx: Ctx) -> Flow:
        """RNG-TURN-1: roll-off each game turn (Legendary Leader +1); the winner activates first."""
        st = ctx.state
        st.turn += 1
        sides = [s for s in st.side_ids() if st.in_play(s)]
        first = yield from turn_roll_off(ctx)
        d = esc(st)
        d.order = [first] + [s for s in sides if s != first]
        d.next = first
        d.acted = []
        d.moved_last_turn = sorted(d.moved_this_turn)
        d.moved_this_turn = []
        st.active = first
        ctx.emit(TurnStarted(rule="RNG-TURN-1", turn=st.turn, first=first))
        ctx.emit(PlayerTurnStarted(rule="PRE-ESC-1", side=first, turn=st.turn))
        st.phase = "activate"

    def phase_turn_end(self, ctx: Ctx) -> Flow:
        ctx.state.turn_ended = ctx.state.turn  # the match judges turn-end victory conditions now
        ctx.state.phase = "turn_start"
        yield from no_questions()

    # -- groups (ESC-ADV-2) ---------------------------------------------------------------------------
    @implements("ESC-ADV-2")
    def groups(self, ctx: Ctx, side: str) -> dict[str, list[str]]:
        """ESC-ADV-2: sector → ids of ``side``'s figures there that have not acted this turn."""
        acted = set(esc(ctx.state).acted)
        out: dict[str, list[str]] = {}
        for f in ctx.state.in_play(side):
            if f.id in acted:
                continue
            out.setdefault(ctx.table.sector_of(f.id), []).append(f.id)
        return {k: out[k] for k in sorted(out)}

    def _next_side(self, ctx: Ctx, after: str) -> str:
        order = esc(ctx.state).order or []
        i = order.index(after) if after in order else -1
        return order[(i + 1) % len(order)]

    # -- activation -----------------------------------------------------------------------------------
    @implements("PRE-ESC-1")
    def phase_activate(self, ctx: Ctx) -> Flow:
        """PRE-ESC-1: the side to move activates one group; sides alternate (winner of the roll-off
        first); a side with no group left is skipped."""
        st = ctx.state
        d = esc(st)
        side = d.next
        order = d.order or []
        assert side is not None, "a game turn is running"
        ready = self.groups(ctx, side) if st.in_play(side) else {}
        if not ready:
            for k in range(1, len(order) + 1):
                other = order[(order.index(side) + k) % len(order)]
                if st.in_play(other) and self.groups(ctx, other):
                    side = other
                    ready = self.groups(ctx, other)
                    break
        if not ready:
            st.phase = "turn_end"
            ctx.emit(Note(rule="PRE-ESC-1", message=f"every group has acted: turn {st.turn} ends"))
            return
        if st.active != side:
            ctx.emit(PlayerTurnStarted(rule="PRE-ESC-1", side=side, turn=st.turn))
        st.active = side
        d.next = self._next_side(ctx, side)
        opts = [Decision("activate", option=sec) for sec in ready]
        dflt = self._default_group(ctx, side, ready, opts)
        dec = yield ask(
            side,
            "activate",
            f"{st.side(side).name}: choose a group (sector) to activate",
            opts,
            default=dflt,
            info={"groups": ready},
            rule="PRE-ESC-1",
        )
        sector = dec.option_name
        group = ready[sector]
        d.acted.extend(group)
        acts = self.group_actions(ctx, side, sector, group)
        dec = yield ask(
            side,
            "action",
            f"{st.side(side).name}: the group in {sector} ({len(group)} figures) "
            f"holds, moves, shoots, loads or assaults",
            acts,
            default=self._default_action(ctx, acts),
            info=self._action_info(ctx, side, sector, group),
            rule="PRE-ESC-1",
        )
        yield from self.resolve_group_action(ctx, side, sector, group, dec)

    def _default_group(self, ctx: Ctx, side: str, ready: dict[str, list[str]], opts: list[Decision]) -> Decision:
        """Auto: a group that can assault, else one that can shoot, else the first."""
        foes = enemy_sectors(ctx, side)
        for o in opts:
            if any(s in foes for s in ctx.table.adjacent_sectors(o.option_name)) and fighters(
                [ctx.fig(f) for f in ready[o.option_name]]
            ):
                return o
        return opts[0]

    def group_actions(self, ctx: Ctx, side: str, sector: str, group: list[str]) -> list[Decision]:
        foes = enemy_sectors(ctx, side)
        acts = [Decision("hold", option=sector)]
        can_fight = bool(fighters([ctx.fig(f) for f in group]))
        for adj in ctx.table.adjacent_sectors(sector):
            if adj in foes:
                if can_fight:
                    acts.append(Decision("assault", option=adj))
            else:
                acts.append(Decision("move", option=adj))
        if any(self.shot_targets(ctx, f) for f in group):
            acts.append(Decision("shoot", option=sector))
        if any(is_firearm(ctx.fig(f).missile) and not ctx.fig(f).loaded for f in group):
            acts.append(Decision("load", option=sector))
        return acts

    def _default_action(self, ctx: Ctx, acts: list[Decision]) -> Decision:
        """Auto: assault, else shoot, else load, else move toward the nearest enemy, else hold."""
        for kind in ("assault", "shoot", "load"):
            for a in acts:
                if a.kind == kind:
                    return a
        moves = [a for a in acts if a.kind == "move"]
        side = active_side(ctx.state)
        foes = [f for f in ctx.state.in_play() if f.side in ctx.state.enemies_of(side)]
        if moves and foes:

            def dist(a: Decision) -> float:
                cx, cy = ctx.table.sector_centre(a.option_name)
                return min(math.hypot(cx - f.x, cy - f.y) for f in foes)

            return min(moves, key=lambda a: (round(dist(a), 6), a.option))
        return acts[0]

    def _action_info(self, ctx: Ctx, side: str, sector: str, group: list[str]) -> dict:
        """ESC-ENG-3: the defenders of each sector the group may assault are shown; only the leader
        is revealed."""
        foes = set(ctx.state.enemies_of(side))
        views = {}
        for adj in ctx.table.adjacent_sectors(sector):
            defenders = [f for f in ctx.state.in_play() if f.side in foes and ctx.table.sector_of(f.id) == adj]
            if defenders:
                views[adj] = public_dicts(defenders)
        return {"sector": sector, "group": list(group), "defenders": views}

    def resolve_group_action(self, ctx: Ctx, side: str, sector: str, group: list[str], dec: Decision) -> Flow:
        if dec.kind == "hold":
            ctx.emit(Note(rule="PRE-ESC-1", message=f"the {ctx.state.side(side).name} group in {sector} holds"))
        elif dec.kind == "move":
            self.move_group(ctx, group, dec.option_name)
        elif dec.kind == "load":
            for fid in group:
                f = ctx.fig(fid)
                if is_firearm(f.missile) and not f.loaded:
                    ctx.change(fid, loaded=True, aim=0)
                    ctx.emit(Note(rule="RNG-SHOOT-2", who=fid, message=f"{f.name} loads"))
        elif dec.kind == "shoot":
            yield from self.shoot_group(ctx, group)
        elif dec.kind == "assault":
            yield from self.assault(ctx, side, sector, group, dec.option_name)
        yield from no_questions()

    # -- ESC-ENG-1/2 ----------------------------------------------------------------------------------
    @implements("ESC-ENG-1")
    def assault(self, ctx: Ctx, side: str, sector: str, group: list[str], target: str) -> Flow:
        """ESC-ENG-1: the group stops at the edge and tests Resolve (ESC-ENG-2); pass → civilians
        flee (ESC-CIV-1), its figures enter and the melee begins; fail → the activation ends
        (RNG-MOR-1 option: a broken side's group flees instead)."""
        figs = [ctx.fig(f) for f in group]
        ev = resolve_test(escarmouche_config(ctx.state), ctx.dice, f"{side}:{sector}", group_has_leader(figs))
        ctx.emit(ev)
        if not ev.success:
            if self.morale_broken(ctx, side):
                for f in figs:
                    if not is_civilian(f):
                        ctx.set_status(f.id, Status.FLED, rule="RNG-MOR-1", cause="failed Resolve, morale broken")
            else:
                ctx.emit(
                    Note(
                        rule="ESC-ENG-1",
                        message=f"the group in {sector} fails its Resolve: the assault on {target} stops at the edge",
                    )
                )
            return
        yield from self.start_melee(ctx, side, sector, [f.id for f in fighters(figs)], target)
