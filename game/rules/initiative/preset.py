"""PRE-INI-1, the `initiative` preset: INI-SEQ-1 initiative spells with RNG combat.

Steps (``state.phase``): ``turn_start`` (INI-SEQ-1 d20 roll-off) → ``act`` (the active side takes
one action or passes) → ``react`` (INI-REACT-1..4) → ``rshoot`` (INI-RSHOOT-1..4) → ``seize``
(INI-SEIZE-1..5, INI-ORD-1, INI-MEL-2) → ``act`` … Two passes in a row end the game turn.

Actions (one per ``act`` step): a figure's move alone, or its group's move (INI-SEQ-2, the whole
group translated by the same offset), an engaging move (ends within 1" of an enemy: first-contact
melee round, INI-MEL-1), a shot (RNG-SHOOT; 1 counter to the opponent, INI-SEIZE-3), a volley
(INI-VOLLEY-1), a melee round for a group in contact (INI-MEL-1), "To me!" (INI-TOME-1), load,
aim, or a scenario special action (RNG-SPEC-1). No motivation rolls; "engaged" = within 1"
(PRE-INI-1). Shooting, wounds and morale come from RNG (``rangers.flowkit``); once RNG-MOR-1's
condition holds a nominee whose seize fails flees.

Scenario data: ``orders`` = [{id, side, figures, objective, condition?}] (INI-ORD-1; each side sees
only its own cards, through ``Ask.info``), options ``conditions`` (list of condition ids that hold),
``reactive_shooting`` (default on), ``actions_per_turn`` ([HOUSE], 0 = unlimited).
"""

from __future__ import annotations

import math
from dataclasses import replace

from game.rules.decisions import PASS, Decision, IllegalDecision
from game.rules.events import Note, TurnStarted
from game.rules.flow import Ctx, Flow, FlowTo, ask
from game.rules.model import round_in
from game.rules.rangers import flowkit as K
from game.rules.rangers.actions import HAND_COMBAT_RANGE, MAX_AIM, is_firearm
from game.rules.rangers.events import ActionTaken
from game.rules.rangers.preset import RangersPreset
from game.rules.turns import MEASURE_TOLERANCE, no_questions

from ..implements import implements
from .groups import groups
from .melee import first_contact_round
from .orders import OrderCard, objective_live, order_actors, order_bonus, parse_objective
from .rates import rng_base_rate, rng_leadership
from .reactions import (
    ReactionWindow,
    after_reactions,
    can_react_shoot,
    eligible_enemies,
    move_and_shoot_allowance,
    move_and_shoot_problem,
    reaction_candidates,
    reaction_end_problem,
    reactive_shooter_caps,
    run_away_problem,
    volley_allowed,
)
from .seize import (
    automatic_break_off,
    can_nominate,
    counters_after_seize_attempt,
    counters_after_shooting,
    roll_seize,
    tactical_factors,
    within_medium_range,
)
from .sequence import IniTurn, after_action, after_pass, after_reactive_shooting, after_seize, roll_turn_start


class InitiativePreset(RangersPreset):
    """PRE-INI-1: INI-SEQ, SEIZE, ORD, MEL, REACT, RSHOOT, VOLLEY, MS, TOME with RNG combat."""

    name = "initiative"

    # -- set-up ----------------------------------------------------------------------------------
    def setup(self, ctx: Ctx) -> None:
        super().setup(ctx)
        st = ctx.state
        d = st.data
        d["counters"] = {s: 0 for s in st.side_ids()}
        d["moved_turn"] = {}
        d["actions"] = 0
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
        d["orders"] = cards
        st.phase = "turn_start"

    def opt(self, ctx: Ctx, key: str) -> bool:
        if key == "reactive_shooting":
            return bool(ctx.state.options.get(key, True))
        return bool(ctx.state.options.get(key))

    # -- helpers ---------------------------------------------------------------------------------
    def ini(self, ctx: Ctx) -> IniTurn:
        return IniTurn(**ctx.state.data["ini"])

    def set_ini(self, ctx: Ctx, t: IniTurn) -> None:
        ctx.state.data["ini"] = t.to_json()
        ctx.state.active = t.active

    def _moved(self, ctx: Ctx, fid: str, inches: float) -> None:
        d = ctx.state.data
        d["moved_turn"][fid] = ctx.state.turn
        mv = d.setdefault("last", {}).setdefault("movers", {})
        mv[fid] = round_in(mv.get(fid, 0.0) + inches)

    def target_moved(self, ctx: Ctx, target: str) -> bool:
        """PRE-INI-1: "last turn" = this game turn so far and the previous one."""
        t = ctx.state.data["moved_turn"].get(target)
        return t is not None and t >= ctx.state.turn - 1

    def cards(self, ctx: Ctx, side: str) -> list[OrderCard]:
        return [
            OrderCard(c["id"], tuple(c["figures"]), c["objective"], c.get("condition"))
            for c in ctx.state.data["orders"].get(side, [])
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
        done = set(st.data.get("special", {}).get("_done", {}))
        return objective_live(o, enemies_in_play=enemies, places_taken=taken, tasks_done=done)

    def conditions(self, ctx: Ctx) -> set[str]:
        return set(ctx.state.options.get("conditions", [])) | set(ctx.state.data.get("conditions", []))

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
        d = ctx.state.data
        d["last"] = {"movers": {}, "engagers": [], "shooters": [], "side": ctx.state.active}
        d["pt"] = d.get("pt", 0) + 1  # RNG-MOVE-2: "next player-turn" = a later action
        K.reset_defence(ctx)

    # -- INI-SEQ-1 -----------------------------------------------------------------------------------
    def phase_turn_start(self, ctx: Ctx) -> Flow:
        st = ctx.state
        st.turn += 1
        sides = [s for s in st.side_ids() if st.in_play(s)]
        t, events = roll_turn_start(ctx.dice, sides, st.turn)
        ctx.emit(*events)
        self.set_ini(ctx, t)
        st.data["actions"] = 0
        st.data["attacks"] = {s: {} for s in st.side_ids()}
        ctx.emit(TurnStarted(rule="INI-SEQ-1", turn=st.turn, first=t.active))
        st.phase = "act"
        yield from no_questions()

    def _end_turn(self, ctx: Ctx) -> None:
        for s in ctx.state.side_ids():
            if ctx.state.in_play(s):
                K.side_broken(ctx, s)
        ctx.state.data["turn_ended"] = ctx.state.turn  # the match judges turn-end victory conditions now
        ctx.state.phase = "turn_start"

    def phase_act(self, ctx: Ctx) -> Flow:
        """INI-SEQ-1: the active side takes one action, or passes (initiative changes hands without
        a roll; the second pass in a row ends the game turn)."""
        st = ctx.state
        t = self.ini(ctx)
        side = t.active
        cap = int(st.options.get("actions_per_turn", 0) or 0)
        if cap and st.data["actions"] >= cap:
            ctx.emit(
                Note(rule="INI-SEQ-1", message=f"{cap} actions taken: the game turn ends ([HOUSE] actions_per_turn)")
            )
            self._end_turn(ctx)
            return
        opts = self.act_options(ctx, side)
        d = yield ask(
            side,
            "action",
            f"{st.side(side).name} holds the initiative: choose an action, or pass",
            opts,
            default=self.default_act(ctx, side, opts),
            validate=lambda dec: self.check_act(ctx, side, dec),
            info={"orders": [c for c in st.data["orders"].get(side, [])], "counters": st.data["counters"][side]},
            rule="INI-SEQ-1",
        )
        if d.kind == "pass":
            nt = after_pass(t)
            ctx.emit(Note(rule="INI-SEQ-1", message=f"{st.side(side).name} passes"))
            if nt.over:
                self.set_ini(ctx, replace(nt, active=t.active, passive=t.passive))
                self._end_turn(ctx)
            else:
                self.set_ini(ctx, nt)
            return
        self.set_ini(ctx, after_action(t))
        st.data["actions"] += 1
        self._begin_action(ctx)
        yield from self.do_action(ctx, side, d)
        st.phase = "react"

    # -- options ---------------------------------------------------------------------------------------
    def act_options(self, ctx: Ctx, side: str) -> list[Decision]:
        st = ctx.state
        opts: list[Decision] = [PASS]
        shooters = 0
        seen_groups: set[str] = set()
        gcache: dict = {}
        for f in st.in_play(side):
            fid = f.id
            eng = K.engaged(ctx, fid)
            if not eng:
                opts.append(Decision("choose", figure=fid, option="move"))
                grp = self.group_of(ctx, fid, gcache)
                if len(grp) > 1:
                    opts.append(Decision("choose", figure=fid, option="group_move"))
                for e in K.foes_of(ctx, fid):
                    for x, y, _ in K.contact_points(ctx, fid, e.id, f.move, limit=1):
                        opts.append(Decision("engage", figure=fid, target=e.id, x=x, y=y))
            else:
                grp = self.group_of(ctx, fid, gcache)
                key = min(grp)
                if key not in seen_groups:
                    seen_groups.add(key)
                    opts.append(Decision("melee", figure=fid))
                opts.append(Decision("choose", figure=fid, option="move"))  # break off
            if f.missile:
                if is_firearm(f.missile) and not f.loaded:
                    opts.append(Decision("load", figure=fid))
                elif f.aim < MAX_AIM:
                    opts.append(Decision("aim", figure=fid))
                if not eng and self.ms_allowance(ctx, fid) > 0:
                    opts.append(Decision("choose", figure=fid, option="move_shoot"))  # INI-MS-1
                tg = K.shot_targets(ctx, fid)
                if tg:
                    shooters += 1
                for e, _s in tg:
                    opts.append(Decision("shoot", figure=fid, target=e.id))
            opts += self.special_options(ctx, fid)
            if f.is_leader and self.tome_answers(ctx, fid):
                opts.append(Decision("tome", figure=fid))
        if shooters >= 2 and volley_allowed(moved_any=False, shooting_only=True):  # offered before any move
            opts.append(Decision("volley"))
        return opts

    def default_act(self, ctx: Ctx, side: str, opts: list[Decision]) -> Decision:
        """Auto: melee, volley, shoot, engage, load, advance the nearest group, else pass."""
        for kind in ("melee", "volley", "shoot", "engage", "load"):
            for d in opts:
                if d.kind == kind:
                    return d
        for d in opts:
            if d.kind == "choose" and d.option == "group_move":
                return d
        for d in opts:
            if d.kind == "choose":
                return d
        return opts[0]

    def check_act(self, ctx: Ctx, side: str, d: Decision) -> None:
        """Validator for one-shot decisions outside the options: moves with a destination
        (``option="group"`` for the group), engaging moves, move-and-shoot (INI-MS-1)."""
        f = ctx.state.figures.get(d.figure or "")
        if f is None or f.side != side or not f.in_play:
            raise IllegalDecision("choose one of your figures in play")
        if d.kind == "move":
            self._plan(ctx, f.id, d.x, d.y, f.move)
            return
        if d.kind == "engage":
            t = ctx.state.figures.get(d.target or "")
            if t is None or not t.in_play or t.side == side:
                raise IllegalDecision("engage an enemy in play")
            plan = self._plan(ctx, f.id, d.x, d.y, f.move)
            if K.dist(replace(f, x=plan.points[-1][0], y=plan.points[-1][1]), t) > HAND_COMBAT_RANGE + K.EPS:
                raise IllegalDecision('an engaging move must end within 1" of its target (PRE-INI-1)')
            return
        if d.kind == "shoot" and d.x is not None:
            plan = self._plan(ctx, f.id, d.x, d.y, f.move)
            prob = move_and_shoot_problem(f.missile or "", plan.length, f.move) if f.missile else "no missile weapon"
            if prob:
                raise IllegalDecision(prob)
            return
        raise IllegalDecision(f"{d.describe()} is not one of the choices here")

    # -- actions ------------------------------------------------------------------------------------
    def do_action(self, ctx: Ctx, side: str, d: Decision, *, only: list[str] | None = None) -> Flow:
        k = d.kind
        if k == "choose" and d.option == "move_shoot":
            yield from self.move_and_shoot(ctx, side, d.figure_id)
            return
        if k == "choose" and d.option in ("move", "group_move"):
            d = yield from self.ask_destination(ctx, d.figure_id, group=d.option == "group_move")
            k = d.kind
        if k == "move":
            yield from self.group_move(ctx, d.figure_id, *d.point, group=d.option == "group", option=d.option)
        elif k == "engage":
            yield from self.engage(ctx, d.figure_id, d.target_id, *d.point)
        elif k == "shoot":
            if d.x is not None:
                plan = self._plan(ctx, d.figure_id, *d.point, ctx.fig(d.figure_id).move)
                ctx.emit(ActionTaken(rule="INI-MS-1", figure=d.figure_id, action="move", detail="moves, then shoots"))
                alive = yield from self.walk_out(ctx, d.figure_id, plan.points[-1][0], plan.points[-1][1])
                if not alive:
                    return
                self._do_move(ctx, d.figure_id, plan, how="move", rule="INI-MS-1")
            yield from self.shoot_action(ctx, side, [(d.figure, d.target)], rule="RNG-SHOOT-1")
        elif k == "volley":
            pairs = list(d.items) if d.items else self.volley_pairs(ctx, side)
            ctx.emit(
                ActionTaken(
                    rule="INI-VOLLEY-1",
                    figure=pairs[0][0] if pairs else "",
                    action="volley",
                    detail=f"{len(pairs)} shooters, one action",
                )
            )
            yield from self.shoot_action(ctx, side, pairs, rule="INI-VOLLEY-1")
        elif k == "melee":
            grp = only or self.group_of(ctx, d.figure_id)
            ctx.emit(ActionTaken(rule="INI-MEL-1", figure=d.figure_id, action="melee", detail="a round of melee"))
            yield from self.melee_round(ctx, [g for g in grp if K.engaged(ctx, g)], rule="INI-MEL-1")
        elif k == "tome":
            yield from self.tome_action(ctx, d.figure_id)
        elif k in ("load", "aim"):
            ctx.emit(ActionTaken(rule="RNG-SHOOT-2" if k == "load" else "RNG-ACT-1", figure=d.figure_id, action=k))
            self._after(ctx, d.figure_id, k)
        elif k == "special":
            yield from self.special(ctx, d.figure_id, d.option_name)
        elif k == "hold":
            ctx.emit(ActionTaken(rule="INI-SEQ-1", figure=d.figure or "", action="hold", detail="no move possible"))
        else:
            raise IllegalDecision(f"{d.describe()} is not an action")

    def ms_allowance(self, ctx: Ctx, fid: str) -> float:
        """INI-MS-1: how far this figure may move and still shoot in one action (0: it may not)."""
        f = ctx.fig(fid)
        try:
            return move_and_shoot_allowance(f.missile or "", f.move)
        except ValueError:
            return 0.0

    def move_and_shoot(self, ctx: Ctx, side: str, fid: str) -> Flow:
        """INI-MS-1 as one action: a bow or sling moves up to half its move, a javelin up to its full
        move (never ending within 1" of an enemy), then it shoots at a target it now sees, or holds
        its shot. The shot hands the opponent a counter (INI-SEIZE-3)."""
        f = ctx.fig(fid)
        allow = self.ms_allowance(ctx, fid)
        foes = K.foes_of(ctx, fid)

        def ok(x, y, plan):
            g = replace(f, x=x, y=y)
            return all(K.dist(g, e) > HAND_COMBAT_RANGE + K.EPS for e in foes)

        opts = [
            Decision("move", figure=fid, x=x, y=y, option="ms") for x, y, _ in K.heading_moves(ctx, fid, allow, ok=ok)
        ]
        opts.append(Decision("hold", figure=fid))

        def validate(dec: Decision) -> None:
            if dec.kind != "move" or dec.figure != fid:
                raise IllegalDecision("choose where this figure moves before it shoots (INI-MS-1)")
            plan = self._plan(ctx, fid, dec.x, dec.y, f.move)
            prob = move_and_shoot_problem(f.missile or "", plan.length, f.move)
            if prob:
                raise IllegalDecision(prob)
            g = replace(f, x=plan.points[-1][0], y=plan.points[-1][1])
            if any(K.dist(g, e) <= HAND_COMBAT_RANGE + K.EPS for e in foes):
                raise IllegalDecision('a move may not end within 1" of an enemy (PRE-INI-1)')

        def score(dec):
            if dec.x is None:
                return math.inf
            g = replace(f, x=dec.x, y=dec.y)
            return min((K.dist(g, e) for e in foes), default=0.0)

        d = yield ask(
            side,
            "destination",
            f"{f.name}: move up to {allow:g} in, then shoot",
            opts,
            default=min(opts, key=score),
            validate=validate,
            info={"figure": fid, "move": allow, "move_shoot": True},
            rule="INI-MS-1",
        )
        if d.kind == "move":
            plan = self._plan(ctx, fid, d.x, d.y, allow)
            ctx.emit(ActionTaken(rule="INI-MS-1", figure=fid, action="move", detail="moves, then shoots"))
            self._do_move(ctx, fid, plan, how="move", rule="INI-MS-1")
        tg = K.shot_targets(ctx, fid) if K.can_shoot(ctx.fig(fid)) else []
        if not tg:
            ctx.emit(ActionTaken(rule="INI-MS-1", figure=fid, action="hold", detail="no target in sight"))
            return
        sopts = [
            Decision("shoot", figure=fid, target=e.id)
            for e, _s in sorted(tg, key=lambda p: K.shot_odds_key(ctx, fid, p[0], p[1]))
        ]
        sd = yield ask(
            side,
            "ms_target",
            f"{f.name}: shoot at whom?",
            sopts,
            default=sopts[0],
            info={"figure": fid},
            rule="INI-MS-1",
        )
        yield from self.shoot_action(ctx, side, [(fid, sd.target)], rule="INI-MS-1")

    def volley_pairs(self, ctx: Ctx, side: str) -> list[tuple[str, str]]:
        out = []
        for f in ctx.state.in_play(side):
            tg = K.shot_targets(ctx, f.id)
            if tg:
                e, _ = min(tg, key=lambda p: K.shot_odds_key(ctx, f.id, p[0], p[1]))
                out.append((f.id, e.id))
        return out

    @implements("INI-SEIZE-3")
    def shoot_action(self, ctx: Ctx, side: str, pairs, *, rule: str) -> Flow:
        """RNG-SHOOT with INI-SEIZE-3: the action hands the opponent one counter."""
        st = ctx.state
        for s, t in pairs:
            if ctx.fig(s).in_play and ctx.fig(t).in_play and K.can_shoot(ctx.fig(s)):
                if rule != "INI-VOLLEY-1":
                    ctx.emit(ActionTaken(rule=rule, figure=s, action="shoot", target=t))
                yield from K.shoot(ctx, s, t, target_moved=self.target_moved(ctx, t))
                st.data["last"]["shooters"].append(s)
        for foe in st.enemies_of(side):
            st.data["counters"][foe] = counters_after_shooting(st.data["counters"].get(foe, 0))
        ctx.emit(Note(rule="INI-SEIZE-3", message="the opponent gains a shooting counter"))

    def move_destinations(self, ctx: Ctx, fid: str, group: bool) -> list[Decision]:
        """Straight moves in eight directions, full and half (not ending within 1": engaging is
        its own option); alone, a figure stopped at a linear obstacle may cross it at half move."""
        opts = self.move_choices(ctx, fid)
        if group:
            opts = [replace(o, option="group") for o in opts if not o.option]
        return opts

    def ask_destination(self, ctx: Ctx, fid: str, *, group: bool) -> FlowTo[Decision]:
        f = ctx.fig(fid)
        opts = self.move_destinations(ctx, fid, group)
        if not opts:
            return Decision("hold", figure=fid)
        foes = K.foes_of(ctx, fid)

        def score(dec):
            g = replace(f, x=dec.x, y=dec.y)
            return min((K.dist(g, e) for e in foes), default=0.0)

        d = yield ask(
            f.side,
            "destination",
            f"{f.name}: where to{' (with the group)' if group else ''}?",
            opts,
            default=min(opts, key=score),
            info={"figure": fid, "move": f.move, "group": group},
            validate=lambda dec: self._check_dest(ctx, fid, dec, group),
            rule="INI-SEQ-2" if group else "RNG-MOVE-1",
        )
        return d

    def _check_dest(self, ctx: Ctx, fid: str, d: Decision, group: bool) -> None:
        if d.kind != "move" or d.figure != fid or (d.option or "") != ("group" if group else ""):
            raise IllegalDecision("choose a destination for this figure")
        self._plan(ctx, fid, d.x, d.y, ctx.fig(fid).move)

    def group_move(self, ctx: Ctx, fid: str, x: float, y: float, *, group: bool, option: str | None = None) -> Flow:
        """A move; with ``group`` the figure's whole group (INI-SEQ-2) moves by the same offset,
        front figures first; a member whose straight path is blocked stays. Movers that end within
        1" of an enemy fight a first-contact round (INI-MEL-1)."""
        f = ctx.fig(fid)
        members = self.group_of(ctx, fid) if group else [fid]
        was = {m: K.engaged(ctx, m) for m in members}
        cross = (option[6:],) if option and option.startswith("cross:") else ()
        plan = self._plan(ctx, fid, x, y, f.move / 2 if cross else f.move, cross)
        dx, dy = plan.points[-1][0] - f.x, plan.points[-1][1] - f.y
        ctx.emit(
            ActionTaken(
                rule="INI-SEQ-2" if group else "RNG-MOVE-1",
                figure=fid,
                action="move",
                detail=f"with its group of {len(members)}" if group else "",
            )
        )
        alive = yield from self.walk_out(ctx, fid, plan.points[-1][0], plan.points[-1][1])
        if alive:
            self._do_move(ctx, fid, plan, how="move", rule="RNG-MOVE-1")
        others = sorted((m for m in members if m != fid), key=lambda m: -(ctx.fig(m).x * dx + ctx.fig(m).y * dy))
        for m in others:
            g = ctx.fig(m)
            if not g.in_play:
                continue
            p = K.path_cost(ctx, m, round_in(g.x + dx), round_in(g.y + dy))
            if p is None or p.cost > g.move + MEASURE_TOLERANCE:
                continue
            alive = yield from self.walk_out(ctx, m, p.points[-1][0], p.points[-1][1])
            if alive:
                self._do_move(ctx, m, p, how="move", rule="INI-SEQ-2")
        yield from self.first_contact(ctx, [m for m in members if ctx.fig(m).in_play], was)

    def walk_out(self, ctx: Ctx, fid: str, x: float, y: float) -> FlowTo[bool]:
        """PRE-INI-1 (as RNG-HAND-4 in the rangers preset): an engaged figure that walks out of a fight
        — ends its move more than 1" from an enemy now within 1" of it — first takes a free attack
        from each such enemy at DV halved (round up), costing them no action. Returns False when
        the figure died of them."""
        f = ctx.fig(fid)
        g = replace(f, x=x, y=y)
        left = [e for e in K.foes_within(ctx, fid, HAND_COMBAT_RANGE) if K.dist(g, e) > HAND_COMBAT_RANGE + K.EPS]
        if not left:
            return True
        ctx.emit(
            ActionTaken(
                rule="PRE-INI-1",
                figure=fid,
                action="break_off",
                detail=f"walks out of the fight: {len(left)} free attack(s) (RNG-HAND-4)",
            )
        )
        for e in left:
            dead = yield from K.hand_attack(ctx, e.id, fid, how="free", free=True, rule="RNG-HAND-4")
            if dead:
                return False
        return ctx.fig(fid).in_play

    def first_contact(self, ctx: Ctx, members: list[str], was: dict) -> Flow:
        new = [m for m in members if ctx.fig(m).in_play and first_contact_round(bool(was.get(m)), K.engaged(ctx, m))]
        moved = ctx.state.data["last"]["movers"]
        ctx.state.data["last"]["engagers"] = [m for m in new if m in moved]
        if new:
            yield from self.melee_round(ctx, new, rule="INI-MEL-1")

    def engage(self, ctx: Ctx, fid: str, target: str, x: float, y: float) -> Flow:
        f = ctx.fig(fid)
        was = {fid: K.engaged(ctx, fid)}
        plan = self._plan(ctx, fid, x, y, f.move)
        ctx.emit(ActionTaken(rule="INI-MEL-1", figure=fid, action="engage", target=target))
        alive = yield from self.walk_out(ctx, fid, plan.points[-1][0], plan.points[-1][1])
        if not alive:
            return
        self._do_move(ctx, fid, plan, how="charge", rule="RNG-MOVE-1")
        yield from self.first_contact(ctx, [fid], was)

    # -- melee rounds (PRE-INI-1) --------------------------------------------------------------------
    def pick_target(self, ctx: Ctx, fid: str, prefer: list[str] | None = None) -> FlowTo[str | None]:
        f = ctx.fig(fid)
        foes = K.foes_within(ctx, fid, HAND_COMBAT_RANGE)
        if prefer:
            pf = [e for e in foes if e.id in prefer]
            foes = pf or foes
        if not foes:
            return None
        if len(foes) == 1:
            return foes[0].id
        opts = [Decision("attack", figure=fid, target=e.id) for e in foes]
        dflt = min(opts, key=lambda o: (ctx.fig(o.target_id).dv, -ctx.fig(o.target_id).wounds))
        d = yield ask(
            f.side,
            "melee_target",
            f"{f.name}: attack whom?",
            opts,
            default=dflt,
            info={"figure": fid},
            rule="RNG-HAND-1",
        )
        return d.target

    @implements("PRE-INI-1")
    def melee_round(self, ctx: Ctx, first: list[str], *, rule: str) -> Flow:
        """PRE-INI-1: each engaged figure of the acting group attacks once (RNG-HAND), then each
        enemy still in contact with them attacks once. DV budgets are per round (RNG-HAND-3)."""
        K.reset_defence(ctx)
        wave1 = [m for m in first if ctx.fig(m).in_play and K.engaged(ctx, m)]
        for m in wave1:
            if not ctx.fig(m).in_play:
                continue
            t = yield from self.pick_target(ctx, m)
            if t:
                yield from K.hand_attack(ctx, m, t, how="melee", rule="RNG-HAND-1")
        seen: list[str] = []
        for m in wave1:
            if not ctx.fig(m).in_play:
                continue
            for foe in K.foes_within(ctx, m, HAND_COMBAT_RANGE):
                if foe.id not in seen:
                    seen.append(foe.id)
        for e in seen:
            if not ctx.fig(e).in_play:
                continue
            t = yield from self.pick_target(ctx, e, prefer=wave1)
            if t:
                yield from K.hand_attack(ctx, e, t, how="retaliate", rule="RNG-HAND-1")

    def mass_melee(self, ctx: Ctx, rolling: str) -> Flow:
        """INI-MEL-2: every figure in contact fights: the rolling side's first, each once, then each
        enemy figure still in contact."""
        st = ctx.state
        K.reset_defence(ctx)
        ctx.emit(Note(rule="INI-MEL-2", message="natural 1–3: every figure in contact fights a round"))
        first = [f.id for f in st.in_play(rolling) if K.engaged(ctx, f.id)]
        for m in first:
            if ctx.fig(m).in_play:
                t = yield from self.pick_target(ctx, m)
                if t:
                    yield from K.hand_attack(ctx, m, t, how="melee", rule="INI-MEL-2")
        for f in st.in_play():
            if f.side == rolling or not K.engaged(ctx, f.id):
                continue
            t = yield from self.pick_target(ctx, f.id)
            if t:
                yield from K.hand_attack(ctx, f.id, t, how="melee", rule="INI-MEL-2")

    # -- To me! ------------------------------------------------------------------------------------
    def tome_action(self, ctx: Ctx, fid: str) -> Flow:
        """INI-TOME-1: the leader stands still; each mover's owner answers (auto) or stays."""
        answers = self.tome_answers(ctx, fid)
        ctx.emit(
            ActionTaken(rule="INI-TOME-1", figure=fid, action="tome", detail=f'"To me!" — {len(answers)} may answer')
        )
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
            plan = K.path_cost(ctx, mid, *d.point) if d.kind == "move" else None
            if plan is not None:  # an earlier answerer may have taken the way
                self._do_move(ctx, mid, plan, how="move", rule="INI-TOME-1")

    # -- INI-REACT ------------------------------------------------------------------------------------
    @implements("INI-REACT-1")
    def phase_react(self, ctx: Ctx) -> Flow:
        """INI-REACT-1..4: after an action that engaged friends, the passive side's unengaged figures
        within 4" of the engaging enemies may run away or engage them, all declared first."""
        st = ctx.state
        st.phase = "rshoot"
        t = self.ini(ctx)
        last = st.data.get("last", {})
        engagers = [m for m in last.get("engagers", []) if st.figures[m].in_play]
        if not engagers or st.data.get("ended"):
            return
        side = t.passive
        enemies = {f.id: f for f in st.in_play(t.active)}
        friends = {f.id: f for f in st.in_play(side)}
        cands = reaction_candidates(friends, {m: enemies[m] for m in engagers}, enemies.values())
        if not cands:
            return
        eligible = eligible_enemies(engagers, enemies)
        opts = [PASS]
        for c in cands:
            opts += [Decision("react", items=((c, "engage"),)), Decision("react", items=((c, "run"),))]
        if len(cands) > 1:
            opts.append(Decision("react", items=tuple((c, "engage") for c in cands), option="all_engage"))

        def validate(dec):
            if dec.kind != "react" or not dec.items:
                raise IllegalDecision("declare reacting figures as (figure, engage|run) pairs, or pass (INI-REACT-3)")
            seen = set()
            for fid, how in dec.items:
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
        ReactionWindow(frozenset(cands)).declare(fid for fid, _how in d.items)  # all at once, none added later
        ctx.emit(
            ActionTaken(
                rule="INI-REACT-3",
                figure=d.items[0][0],
                action="react",
                detail=", ".join(f"{a} {b}" for a, b in d.items),
            )
        )
        fighters = []
        for fid, how in d.items:
            f = ctx.fig(fid)
            if not f.in_play:
                continue
            enemies = {e.id: e for e in st.in_play(t.active)}
            if how == "engage":
                opts2 = []
                for eid in sorted(eligible):
                    if eid not in enemies:
                        continue
                    for x, y, _plan in K.contact_points(ctx, fid, eid, f.move, limit=2):
                        if reaction_end_problem(replace(f, x=x, y=y), "engage", eligible, enemies) is None:
                            opts2.append(Decision("move", figure=fid, target=eid, x=x, y=y))
            else:
                foes = list(enemies.values())
                opts2 = []
                for x, y, plan in K.heading_moves(
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
            plan = K.path_cost(ctx, fid, *d2.point)
            self._do_move(ctx, fid, plan, how="reaction", rule="INI-REACT-1")
            if how == "engage":
                fighters.append(fid)
        if fighters:
            yield from self.melee_round(ctx, fighters, rule="INI-REACT-1")

    def _headings_from(self, ctx: Ctx, fid: str, foes) -> list[float]:
        f = ctx.fig(fid)
        near = min(foes, key=lambda e: K.dist(f, e)) if foes else None
        away = K.away_bearing(ctx, fid, [near] if near else [])
        return [away + o for o in (0, 30, -30, 60, -60)]

    # -- INI-RSHOOT -------------------------------------------------------------------------------------
    def phase_rshoot(self, ctx: Ctx) -> Flow:
        st = ctx.state
        t = self.ini(ctx)
        st.phase = after_reactions(t.active)[1]
        if not self.opt(ctx, "reactive_shooting") or not can_react_shoot(t.rshoot_used) or st.data.get("ended"):
            return
        last = st.data.get("last", {})
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
        if st.data.get("rs_used"):
            st.data["rs_used"] = False
            self.set_ini(ctx, after_reactive_shooting(self.ini(ctx)))

    # -- INI-SEIZE ------------------------------------------------------------------------------------------
    def seize_options(self, ctx: Ctx, side: str) -> list[Decision]:
        st = ctx.state
        opts = [Decision("decline")]
        cards = self.cards(ctx, side)
        for f in st.in_play(side):
            try:
                rate = rng_base_rate(f.type, f.traits)
            except ValueError:
                continue
            if not can_nominate(rate):
                continue
            fid = f.id
            eng = K.engaged(ctx, fid)
            opts.append(Decision("seize", figure=fid, option="move"))
            if eng:
                opts.append(Decision("seize", figure=fid, option="melee"))
            else:
                for e in K.foes_of(ctx, fid):
                    if K.dist(f, e) <= f.move + HAND_COMBAT_RANGE + K.EPS:
                        opts.append(Decision("seize", figure=fid, option="engage", target=e.id))
            if f.missile:
                if is_firearm(f.missile) and not f.loaded:
                    opts.append(Decision("seize", figure=fid, option="load"))
                for e, _s in K.shot_targets(ctx, fid):
                    opts.append(Decision("seize", figure=fid, option="shoot", target=e.id))
            if f.is_leader and self.tome_answers(ctx, fid):
                opts.append(Decision("seize", figure=fid, option="tome"))
            for c in cards:
                if fid in c.figures and self.card_live(ctx, c, side):
                    opts.append(Decision("seize", figure=fid, option=f"order:{c.id}"))
        return opts

    def seize_factors(self, ctx: Ctx, fid: str, d: Decision) -> tuple[int, int, int, list[str]]:
        """INI-SEIZE-1/2: (base rate, leadership, tactical factors, readable reasons)."""
        st = ctx.state
        f = ctx.fig(fid)
        rate = rng_base_rate(f.type, f.traits)
        lead = rng_leadership(f.traits)
        decl = d.option or ""
        reasons = []
        can_engage = reach = can_shoot = False
        out_of_los = False
        card_bonus = False
        target = st.figures.get(d.target or "")
        if decl == "engage" and target is not None:
            can_engage = bool(K.contact_points(ctx, fid, target.id, f.move, limit=1))
            out_of_los = not ctx.table.line_of_sight(fid, target.id).clear
        elif decl == "shoot" and target is not None:
            s = ctx.table.line_of_sight(fid, target.id)
            can_shoot = s.clear and within_medium_range(s.distance) and K.can_shoot(f)
        elif decl == "melee":
            can_engage = True
        elif decl.startswith("order:"):
            cid = decl[6:]
            card = next((c for c in self.cards(ctx, f.side) if c.id == cid), None)
            if card is not None and self.card_live(ctx, card, f.side):
                card_bonus = order_bonus(card, fid, card.objective, self.conditions(ctx)) > 0
                o = parse_objective(card.objective)
                if o.kind == "enemy" and o.target in st.figures and st.figures[o.target].in_play:
                    can_engage = bool(K.contact_points(ctx, fid, o.target, f.move, limit=1))
                    out_of_los = not ctx.table.line_of_sight(fid, o.target).clear
                elif o.kind == "place":
                    c = self._place_centre(ctx, o.target)
                    if c is not None:
                        reach = math.dist((f.x, f.y), c) <= f.move + K.EPS
        eng = K.engaged(ctx, fid)
        brk = automatic_break_off(
            [ctx.table.obstacle_between(fid, e.id) is not None for e in K.foes_within(ctx, fid, HAND_COMBAT_RANGE)]
        )
        counters = st.data["counters"].get(f.side, 0)
        fac = tactical_factors(
            can_engage=can_engage,
            can_reach_objective=reach,
            can_shoot_within_medium=can_shoot,
            shooting_counters=counters,
            destination_out_of_los=out_of_los,
            engaged=eng,
            can_break_off=brk,
            order_card=card_bonus,
        )
        if can_engage or reach or can_shoot:
            reasons.append("+2 can engage/reach/shoot")
        if counters:
            reasons.append(f"+{2 * counters} counters")
        if out_of_los:
            reasons.append("−2 out of sight")
        if eng and not brk:
            reasons.append("−4 engaged")
        if card_bonus:
            reasons.append("+4 order card")
        return rate, lead, fac, reasons

    def _place_centre(self, ctx: Ctx, name: str):
        tmap = getattr(ctx.table, "map", None)
        zs = tmap.zones_named(name) if tmap is not None else []
        if not zs:
            return None
        pts = zs[0].points
        return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))

    def phase_seize(self, ctx: Ctx) -> Flow:
        """INI-SEIZE-1..5: the passive side nominates a figure and declares its action, then rolls
        1d20 + leadership + factors ≥ base rate; counters are spent; natural 1–3 → INI-MEL-2 first;
        success → the nominee acts at once and its side becomes active."""
        st = ctx.state
        t = self.ini(ctx)
        side = t.passive
        st.phase = "act"
        if st.data.get("ended") or not st.in_play(side) or not st.in_play(t.active):
            return
        opts = self.seize_options(ctx, side)
        if len(opts) == 1:
            return
        d = yield ask(
            side,
            "seize",
            f"{st.side(side).name}: try to seize the initiative?",
            opts,
            default=self.default_seize(ctx, opts),
            info={"orders": [c for c in st.data["orders"].get(side, [])], "counters": st.data["counters"].get(side, 0)},
            rule="INI-SEIZE-1",
        )
        if d.kind == "decline":
            ctx.emit(Note(rule="INI-SEIZE-1", message=f"{st.side(side).name} makes no attempt"))
            return
        fid = d.figure_id
        rate, lead, fac, reasons = self.seize_factors(ctx, fid, d)
        st.data["counters"][side] = counters_after_seize_attempt(st.data["counters"].get(side, 0))
        ctx.emit(
            ActionTaken(
                rule="INI-SEIZE-1",
                figure=fid,
                action="seize",
                target=d.target or "",
                detail=f"declares {d.option}; rate {rate}, leadership {lead}, factors {fac:+d}"
                + (f" ({', '.join(reasons)})" if reasons else ""),
            )
        )
        sr = roll_seize(ctx.dice, rate, lead, fac, who=fid)
        ctx.emit(sr.roll)
        if sr.melee_round:
            yield from self.mass_melee(ctx, side)
        if not ctx.fig(fid).in_play:
            return
        if not sr.success:
            if K.side_broken(ctx, side):
                if "determined" in ctx.fig(fid).traits:
                    ctx.emit(
                        Note(
                            rule="PRE-INI-1",
                            who=fid,
                            message=f"{ctx.fig(fid).name} fails to seize but is Determined: stays (RNG-MOR-1)",
                        )
                    )
                else:
                    ctx.emit(
                        ActionTaken(
                            rule="PRE-INI-1", figure=fid, action="flee", detail="fails to seize and flees (RNG-MOR-1)"
                        )
                    )
                    K.flee_off_table(ctx, fid)
            return
        self.set_ini(ctx, after_seize(t, True))
        st.data["actions"] += 1
        self._begin_action(ctx)
        ctx.emit(Note(rule="INI-SEIZE-5", who=fid, message=f"{ctx.fig(fid).name} seizes the initiative"))
        yield from self.seized_action(ctx, side, fid, d)
        st.phase = "react"

    def default_seize(self, ctx: Ctx, opts: list[Decision]) -> Decision:
        for pref in ("order:", "melee", "shoot", "engage"):
            for d in opts:
                if d.kind == "seize" and (d.option or "").startswith(pref):
                    return d
        return opts[0]

    def seized_action(self, ctx: Ctx, side: str, fid: str, d: Decision) -> Flow:
        """INI-SEIZE-5 / INI-ORD-1: the nominee (with its group) performs the declared action; with
        an order card only the card's figures act, doing its objective."""
        decl = d.option or ""
        f = ctx.fig(fid)
        if decl == "move":
            dd = yield from self.ask_destination(ctx, fid, group=len(self.group_of(ctx, fid)) > 1)
            yield from self.do_action(ctx, side, dd)
        elif decl == "engage":
            target = d.target_id
            pts = K.contact_points(ctx, fid, target, f.move, limit=3) if ctx.fig(target).in_play else []
            if pts:
                opts = [Decision("engage", figure=fid, target=target, x=x, y=y) for x, y, _ in pts]
                dd = yield ask(
                    side,
                    "destination",
                    f"{f.name}: engage {ctx.fig(target).name} where?",
                    opts,
                    default=opts[0],
                    info={"figure": fid},
                    rule="INI-SEIZE-5",
                )
                yield from self.engage(ctx, fid, target, *dd.point)
            else:
                ctx.emit(
                    ActionTaken(
                        rule="INI-SEIZE-5",
                        figure=fid,
                        action="engage",
                        target=d.target or "",
                        detail="cannot reach after all",
                    )
                )
        elif decl == "shoot":
            if K.can_shoot(f) and any(e.id == d.target for e, _ in K.shot_targets(ctx, fid)):
                yield from self.shoot_action(ctx, side, [(fid, d.target)], rule="RNG-SHOOT-1")
        elif decl == "melee":
            yield from self.do_action(ctx, side, Decision("melee", figure=fid))
        elif decl == "load":
            yield from self.do_action(ctx, side, Decision("load", figure=fid))
        elif decl == "tome":
            yield from self.tome_action(ctx, fid)
        elif decl.startswith("order:"):
            yield from self.order_action(ctx, side, fid, decl[6:])

    def order_action(self, ctx: Ctx, side: str, fid: str, cid: str) -> Flow:
        card = next((c for c in self.cards(ctx, side) if c.id == cid), None)
        if card is None:
            return
        o = parse_objective(card.objective)
        ctx.emit(ActionTaken(rule="INI-ORD-1", figure=fid, action="order", detail=f"card {cid}: {o}"))
        actors = [a for a in order_actors(card) if a in ctx.state.figures and ctx.fig(a).in_play]
        for a in actors:
            f = ctx.fig(a)
            if o.kind == "enemy" and o.target in ctx.state.figures and ctx.fig(o.target).in_play:
                if K.dist(f, ctx.fig(o.target)) <= HAND_COMBAT_RANGE + K.EPS:
                    yield from self.melee_round(ctx, [a], rule="INI-ORD-1")
                    continue
                pts = K.contact_points(ctx, a, o.target, f.move, limit=1)
                if pts:
                    yield from self.engage(ctx, a, o.target, pts[0][0], pts[0][1])
                    continue
                goal = (ctx.fig(o.target).x, ctx.fig(o.target).y)
            elif o.kind == "place":
                goal = self._place_centre(ctx, o.target)
            else:
                if any(str(s.get("id")) == o.target for s in ctx.state.options.get("specials") or []):
                    yield from self.special(ctx, a, o.target)
                continue
            if goal is None:
                continue
            dx, dy = goal[0] - f.x, goal[1] - f.y
            L = math.hypot(dx, dy)
            if L < 0.05:
                continue
            step = min(f.move, L)
            while step > 0.2:
                p = K.path_cost(ctx, a, round_in(f.x + dx / L * step), round_in(f.y + dy / L * step))
                if p is not None and p.cost <= f.move + MEASURE_TOLERANCE:
                    alive = yield from self.walk_out(ctx, a, p.points[-1][0], p.points[-1][1])
                    if alive:
                        self._do_move(ctx, a, p, how="move", rule="INI-ORD-1")
                    break
                step -= 0.5
