"""PRE-INI-1 turn state: set-up, the INI-SEQ turn record, order cards, groups and the turn start."""

from __future__ import annotations

from game.rules.events import TurnStarted
from game.rules.flow import Ctx, Flow
from game.rules.model import round_in
from game.rules.rangers import flowkit as K
from game.rules.rangers.preset import RangersPreset
from game.rules.turns import no_questions

from .groups import groups
from .orders import OrderCard, objective_live, parse_objective
from .sequence import IniTurn, roll_turn_start
from .state import ini_state


class IniTurnBase(RangersPreset):
    """The initiative preset's state helpers and INI-SEQ-1 turn start (the base of its step layers)."""

    # -- set-up ----------------------------------------------------------------------------------
    def setup(self, ctx: Ctx) -> None:
        super().setup(ctx)
        st = ctx.state
        d = ini_state(st)
        d.counters = {s: 0 for s in st.side_ids()}
        d.moved_turn = {}
        d.actions = 0
        cards: dict[str, list] = {s: [] for s in st.side_ids()}
        scen = getattr(ctx, "scenario", None)
        figs = st.figures
        for c in getattr(scen, "orders", ()) or ():
            fl = list(c.get("figures", []))
            side = c.get("side") or (figs[fl[0]].side if fl and fl[0] in figs else None)
            if side in cards:
                cards[side].append(
                    {
                        "id": str(c.get("id", f"card{len(cards[side]) + 1}")),
                        "figures": fl,
                        "objective": str(c.get("objective", "")),
                        "condition": c.get("condition"),
                    }
                )
        d.orders = cards
        st.phase = "turn_start"

    def opt(self, ctx: Ctx, key: str) -> bool:
        if key == "reactive_shooting":
            return bool(ctx.state.options.get(key, True))
        return bool(ctx.state.options.get(key))

    # -- helpers ---------------------------------------------------------------------------------
    def ini(self, ctx: Ctx) -> IniTurn:
        return IniTurn(**ini_state(ctx.state).ini)

    def set_ini(self, ctx: Ctx, t: IniTurn) -> None:
        ini_state(ctx.state).ini = t.to_json()
        ctx.state.active = t.active

    def _moved(self, ctx: Ctx, fid: str, inches: float) -> None:
        d = ini_state(ctx.state)
        d.moved_turn[fid] = ctx.state.turn
        mv = d.last.setdefault("movers", {})
        mv[fid] = round_in(mv.get(fid, 0.0) + inches)

    def target_moved(self, ctx: Ctx, target: str) -> bool:
        """PRE-INI-1: "last turn" = this game turn so far and the previous one."""
        t = ini_state(ctx.state).moved_turn.get(target)
        return t is not None and t >= ctx.state.turn - 1

    def cards(self, ctx: Ctx, side: str) -> list[OrderCard]:
        return [
            OrderCard(c["id"], tuple(c["figures"]), c["objective"], c.get("condition"))
            for c in ini_state(ctx.state).orders.get(side, [])
        ]

    def card_live(self, ctx: Ctx, card: OrderCard, side: str) -> bool:
        """INI-ORD-1: the card's objective can still be carried out (enemy in play, place not yet
        taken by ``side``, task not done)."""
        st = ctx.state
        try:
            o = parse_objective(card.objective)
        except ValueError:
            return False
        enemies = set()
        for f in st.in_play():
            if f.side in st.enemies_of(side):
                # an enemy unit (roster command tag) lives while one of its figures is in play
                enemies |= {f.id, f.command, f.unit} - {""}
        taken = set()
        if o.kind == "place" and hasattr(ctx.table, "zones_of"):
            if any(o.target in ctx.table.zones_of(f.id) for f in st.in_play(side)):
                taken.add(o.target)
        done = set(ini_state(st).special.get("_done", {}))
        return objective_live(o, enemies_in_play=enemies, places_taken=taken, tasks_done=done)

    def conditions(self, ctx: Ctx) -> set[str]:
        return set(ctx.state.options.get("conditions", []))

    def group_of(self, ctx: Ctx, fid: str, cache: dict | None = None) -> list[str]:
        side = ctx.fig(fid).side
        if cache is not None:
            if side not in cache:
                cache[side] = groups({f.id: f for f in ctx.state.in_play(side)})
            gs = cache[side]
        else:
            gs = groups({f.id: f for f in ctx.state.in_play(side)})
        for g in gs:
            if fid in g:
                return list(g)
        return [fid]

    def _begin_action(self, ctx: Ctx) -> None:
        d = ini_state(ctx.state)
        d.last = {"movers": {}, "engagers": [], "shooters": [], "side": ctx.state.active}
        d.pt += 1  # RNG-MOVE-2: "next player-turn" = a later action
        K.reset_defence(ctx)

    # -- INI-SEQ-1 -----------------------------------------------------------------------------------
    def phase_turn_start(self, ctx: Ctx) -> Flow:
        st = ctx.state
        st.turn += 1
        sides = [s for s in st.side_ids() if st.in_play(s)]
        t, events = roll_turn_start(ctx.dice, sides, st.turn)
        ctx.emit(*events)
        self.set_ini(ctx, t)
        ini_state(st).actions = 0
        ini_state(st).attacks = {s: {} for s in st.side_ids()}
        ctx.emit(TurnStarted(rule="INI-SEQ-1", turn=st.turn, first=t.active))
        st.phase = "act"
        yield from no_questions()

    def _end_turn(self, ctx: Ctx) -> None:
        for s in ctx.state.side_ids():
            if ctx.state.in_play(s):
                K.side_broken(ctx, s)
        ctx.state.turn_ended = ctx.state.turn  # the match judges turn-end victory conditions now
        ctx.state.phase = "turn_start"
