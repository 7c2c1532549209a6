"""PRE-OD6-1, the `close-combat-d6` preset: a roll-off once for the first player, then fixed
alternating player phases of rally → units' actions → close combat → unit breaks.

Steps (``state.phase``) and ``state.data``:

- ``start``: roll-off (GEN-DICE-3) for the first player; ``order``; turn 1.
- ``rally``: OD6-DIS-1 for the phasing side's Disrupted pieces (``data["disrupted"]``); a new game
  turn starts with the first player's phase.
- ``actions``: the phasing side picks a unit with actions left (OD6-SEQ-1, ``data["spent"]``) and
  one action: move (rigid, no enemy contact), engage (OD6-ENG-3: only the engine's candidates with
  the best pair count), re-engage (continuation, piece by piece), reorganise (face about / turn),
  disengage (OD6-LOCK-2), or hold; or it ends its actions.
- ``combat``: every pair of the phasing side (OD6-ENG-2) rolls (OD6-ROLL-1/2) and resolves
  (OD6-RES-1..4) through ``resolve_round``; then OD6-PIECE-1 unit breaks (``data["losses"]``).
- ``after_combat``: units that fought with actions left may reorganise at once (OD6-SEQ-1).
- ``phase_end``: the other side's phase; after the second side, ``data["turn_ended"]``.

Geometry: :mod:`game.rules.close_combat.formation` (its module doc states the sweep ruling).
Shooting (PRE-OD6-1 "unless the scenario enables RNG-SHOOT", OD6-FIRE-1) follows the scenario option
``shooting`` (and ``start_loaded``): units may then load and shoot as actions, and an engage move may
be answered by fire before contact; :mod:`game.rules.close_combat.fire` states the rulings. Only then
does ``state.data`` carry ``moved`` (side → pieces that moved in its latest phase, RNG-SHOOT-1
"target moved") and ``rshoot_used`` (sides that reacted with fire this phase, INI-RSHOOT-1), so games
without shooting keep their state hashes.
"""

from __future__ import annotations

import math
from dataclasses import replace

from ..decisions import PASS, Decision, IllegalDecision, choose
from ..events import Note, PlayerTurnStarted, TurnStarted
from ..flow import Ctx, Flow, ask
from ..implements import implements
from ..model import Status
from ..rangers.actions import is_firearm
from ..rangers.events import ShotResolved
from ..rangers.shooting import roll_shot
from ..turns import active_side, no_questions
from .events import PieceResolved, UnitBroken
from .fire import FireTarget, fire_targets, may_fire, reaction_cap
from .formation import (
    ALLOWANCE,
    Board,
    Candidate,
    engage_candidates,
    legal_candidates,
    norm_deg,
    transform,
    translate_limit,
    unit_key,
)
from .locks import disengage_roll, lock_state
from .pieces import DEFAULT_BREAK_AFTER, Piece
from .rally import RallyResult, broken_units, rally
from .reform import LABELS as REFORM_LABELS
from .reform import parse_reform, reform_ends, reform_movers, reform_problem
from .resolve import PairSpec, resolve_round
from .result import Outcome, fire_hit
from .roll import first_round_bonus, flank_support

#: representative rigid moves: (label, forward, right) in inches, in the unit's frame
MOVES = (
    ("forward 6", 6.0, 0.0),
    ("forward 3", 3.0, 0.0),
    ("forward 1", 1.0, 0.0),
    ("back 1", -1.0, 0.0),
    ("back 3", -3.0, 0.0),
    ("left 2", 0.0, -2.0),
    ("right 2", 0.0, 2.0),
    ("oblique left 3", 2.121, -2.121),
    ("oblique right 3", 2.121, 2.121),
)
REORGANISE = (("face about", 180.0), ("turn left", -90.0), ("turn right", 90.0))


class CloseCombatPreset:
    """PRE-OD6-1 (see module doc)."""

    name = "close-combat-d6"

    # -- set-up and dispatch ---------------------------------------------------------------------------
    def setup(self, ctx: Ctx) -> None:
        st = ctx.state
        d = st.data
        d["disrupted"] = []
        d["losses"] = {}
        d["broken"] = []
        d["spent"] = {}
        d["bonus"] = {}
        d["fought"] = []
        if self.shooting(ctx):
            d["moved"] = {s: [] for s in st.side_ids()}
            d["rshoot_used"] = []
            if st.options.get("start_loaded"):
                # RNG-SHOOT-2 option: firearms start loaded (the source's units start unloaded)
                for f in sorted(st.figures.values(), key=lambda g: g.id):
                    if is_firearm(f.missile) and not f.loaded:
                        ctx.change(f.id, loaded=True)
        st.phase = "start"

    def step(self, ctx: Ctx) -> Flow:
        handler = getattr(self, f"phase_{ctx.state.phase}", None)
        if handler is None:
            raise RuntimeError(f"{self.name}: no step for phase {ctx.state.phase!r}")
        yield from handler(ctx)

    # -- options -----------------------------------------------------------------------------------------
    @implements("OD6-FIRE-1")
    def shooting(self, ctx: Ctx) -> bool:
        """PRE-OD6-1 / OD6-FIRE-1: scenario option ``shooting`` enables RNG-SHOOT (off, as in the source)."""
        return ctx.state.options.get("shooting") is True

    @implements("OD6-SEQ-1")
    def actions_per_phase(self, ctx: Ctx, unit: str = "") -> int:
        """OD6-SEQ-1: each unit's actions per phase — scenario option ``actions``, an integer for
        every unit or a table unit → integer (default 1, as in the source)."""
        n = ctx.state.options.get("actions", 1)
        if isinstance(n, dict):
            n = n.get(unit, 1)
        return n if isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 4 else 1

    def break_after(self, ctx: Ctx, unit: str) -> int:
        """OD6-PIECE-1: scenario option ``break_after`` (an integer, or a table unit → integer)."""
        v = ctx.state.options.get("break_after", DEFAULT_BREAK_AFTER)
        if isinstance(v, dict):
            v = v.get(unit, DEFAULT_BREAK_AFTER)
        return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else DEFAULT_BREAK_AFTER

    def allowance(self, ctx: Ctx) -> float:
        v = ctx.state.options.get("move", ALLOWANCE)
        return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v <= 24 else ALLOWANCE

    # -- helpers ------------------------------------------------------------------------------------------
    def board(self, ctx: Ctx) -> Board:
        return Board.of(ctx, ctx.state.data.get("disrupted", []))

    def units(self, ctx: Ctx, side: str) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for f in ctx.state.in_play(side):
            out.setdefault(unit_key(f), []).append(f.id)
        return {k: sorted(v) for k, v in sorted(out.items())}

    def eliminate(self, ctx: Ctx, pid: str, *, rule: str, cause: str) -> None:
        f = ctx.fig(pid)
        ctx.set_status(pid, Status.KNOCKED_DOWN, rule=rule, cause=cause)
        d = ctx.state.data
        u = unit_key(f)
        d["losses"][u] = d["losses"].get(u, 0) + 1
        if pid in d["disrupted"]:
            d["disrupted"].remove(pid)

    def disrupt(self, ctx: Ctx, pid: str) -> None:
        d = ctx.state.data["disrupted"]
        if pid not in d:
            d.append(pid)
            d.sort()

    def move_piece(self, ctx: Ctx, pid: str, x: float, y: float, facing: float, *, rule: str, how: str) -> None:
        f = ctx.fig(pid)
        if (
            self.shooting(ctx)
            and f.side == ctx.state.active
            and ((f.x, f.y) != (x, y) or norm_deg(f.facing) != norm_deg(facing))
        ):
            moved = ctx.state.data["moved"].setdefault(f.side, [])
            if pid not in moved:  # RNG-SHOOT-1 "target moved": in its side's latest phase
                moved.append(pid)
                moved.sort()
        if (f.x, f.y) != (x, y):
            ctx.move(pid, x, y, rule=rule, how=how)
        if norm_deg(f.facing) != norm_deg(facing):
            ctx.change(pid, facing=norm_deg(facing))
            ctx.emit(Note(rule=rule, who=pid, message=f"{f.name} now faces {norm_deg(facing):g}°"))

    # -- start and rally ----------------------------------------------------------------------------------
    @implements("PRE-OD6-1")
    def phase_start(self, ctx: Ctx) -> Flow:
        """PRE-OD6-1: one roll-off (GEN-DICE-3) for the first player; phases then alternate."""
        st = ctx.state
        sides = [s for s in st.side_ids() if st.in_play(s)]
        first, events = ctx.dice.roll_off("PRE-OD6-1", sides)
        ctx.emit(*events)
        st.data["order"] = [first] + [s for s in sides if s != first]
        st.active = first
        st.turn = 1
        ctx.emit(TurnStarted(rule="PRE-OD6-1", turn=1, first=first))
        st.phase = "rally"
        yield from no_questions()

    def phase_rally(self, ctx: Ctx) -> Flow:
        """OD6-DIS-1: each Disrupted piece of the phasing side rolls 1d6: ≥ QV rallies, a natural 1
        eliminates it."""
        st = ctx.state
        side = active_side(st)
        d = st.data
        d["spent"], d["bonus"], d["fought"] = {}, {}, []
        if self.shooting(ctx):
            d["moved"][side] = []  # this phase becomes the side's "last turn" (GEN-TURN-1)
            d["rshoot_used"] = []  # one reaction per side per enemy phase (INI-RSHOOT-1)
        if d.pop("new_turn", False):
            st.turn += 1
            ctx.emit(TurnStarted(rule="PRE-OD6-1", turn=st.turn, first=side))
        ctx.emit(PlayerTurnStarted(rule="PRE-OD6-1", side=side, turn=st.turn))
        for pid in list(d["disrupted"]):
            f = ctx.fig(pid)
            if f.side != side or not f.in_play:
                continue
            res, ev = rally(ctx.dice, pid, f.qv or 4)
            ctx.emit(ev)
            if res is RallyResult.RALLIED:
                d["disrupted"].remove(pid)
                ctx.emit(Note(rule="OD6-DIS-1", who=pid, message=f"{f.name} rallies"))
            elif res is RallyResult.ELIMINATED:
                self.eliminate(ctx, pid, rule="OD6-DIS-1", cause="rolled a 1 while Disrupted")
            else:
                ctx.emit(Note(rule="OD6-DIS-1", who=pid, message=f"{f.name} stays Disrupted"))
        st.phase = "actions"
        yield from no_questions()

    # -- units' actions (OD6-SEQ-1) -----------------------------------------------------------------------
    def phase_actions(self, ctx: Ctx) -> Flow:
        st = ctx.state
        side = active_side(st)
        spent = st.data["spent"]
        board = self.board(ctx)
        menus = {}
        for u, ids in self.units(ctx, side).items():
            if spent.get(u, 0) >= self.actions_per_phase(ctx, u):
                continue
            acts = self.unit_actions(ctx, board, u, ids)
            if len(acts) > 1:  # more than hold
                menus[u] = acts
        if not menus:
            st.phase = "combat"
            return
        opts = [Decision("act", option=u) for u in menus] + [PASS]
        dflt = next(
            (Decision("act", option=u) for u, a in menus.items() if any(x.kind in ("engage", "re_engage") for x in a)),
            opts[0],
        )
        dec = yield ask(
            side,
            "activate",
            f"{st.side(side).name}: choose a unit to act, or end your actions",
            opts,
            default=dflt,
            info={"units": {u: len(ids) for u, ids in self.units(ctx, side).items()}, "spent": dict(spent)},
            rule="OD6-SEQ-1",
        )
        if dec.kind == "pass":
            ctx.emit(Note(rule="OD6-SEQ-1", message=f"{st.side(side).name} ends its actions"))
            st.phase = "combat"
            return
        u = dec.option_name
        ids = self.units(ctx, side)[u]
        acts = menus[u]
        per = self.actions_per_phase(ctx, u)
        dec = yield ask(
            side,
            "action",
            f"unit {u}: choose an action ({per - spent.get(u, 0)} left)",
            acts,
            default=self.default_action(acts),
            validate=lambda x: self.validate_move(ctx, u, ids, x),
            info=self.action_info(ctx, board, u, ids),
            rule="OD6-SEQ-1",
        )
        yield from self.resolve_action(ctx, u, ids, dec)

    def movers(self, board: Board, ids: list[str]) -> list:
        return [board.pieces[i] for i in ids if i in board.pieces and board.free(i)]

    def unit_actions(self, ctx: Ctx, board: Board, u: str, ids: list[str]) -> list[Decision]:
        acts = [Decision("hold", option=u)]
        movers = self.movers(board, ids)
        side = ctx.fig(ids[0]).side
        in_fight = any(board.touching_enemy(i) for i in ids if i in board.pieces)
        if movers:
            if not in_fight:
                _, legal = self.engage_options(ctx, board, movers)
                acts += [
                    Decision("engage", option=u, figure=c.lead, target=c.target, items=(("key", c.key),)) for c in legal
                ]
            if self.reengage_targets(ctx, board, side):
                if any(self.reengage_options(ctx, board, m) for m in movers):
                    acts.append(Decision("re_engage", option=u))
            for label, dx, dy in self.move_vectors(ctx, board, movers):
                acts.append(Decision("move", option=u, x=dx, y=dy, items=(("move", label),)))
            acts += self.reorganise_options(ctx, board, u, ids)
            if self.shooting(ctx):
                if any(self.fire_options(ctx, board, m.id) for m in movers):
                    acts.append(Decision("shoot", option=u))
                if any(is_firearm(ctx.fig(m.id).missile) and not ctx.fig(m.id).loaded for m in movers):
                    acts.append(Decision("load", option=u))
        locks = board.locks(side)
        if any(locks.get(i, 0) == 1 and not board.pieces[i].disrupted for i in ids if i in board.pieces):
            acts.append(Decision("disengage", option=u))
        return acts

    def reorganise_options(self, ctx: Ctx, board: Board, u: str, ids: list[str]) -> list[Decision]:
        """OD6-SEQ-1 reorganise: face about, turn left or right (the free pieces rigidly), or re-form."""
        movers = self.movers(board, ids)
        out = [
            Decision("reorganise", option=f"{u}:{label}")
            for label, turn in REORGANISE
            if movers and self.reorganise_ends(board, movers, turn) is not None
        ]
        if not ids:
            return out
        rm = reform_movers(board, ids, ctx.fig(ids[0]).side)
        for label in REFORM_LABELS:
            ends = reform_ends(board, rm, label)
            if ends is not None and reform_problem(board, rm, ends, self.allowance(ctx)) is None:
                out.append(Decision("reorganise", option=f"{u}:{label}"))
        return out

    def reform_placement(self, ctx: Ctx, u: str, ids: list[str], dec: Decision):
        """OD6-SEQ-1: (movers, ends) of a re-form decision — an offered formation or the player's
        own (``option`` "<unit>:re-form", items (piece, "x,y,facing")); IllegalDecision otherwise."""
        board = self.board(ctx)
        rm = reform_movers(board, ids, ctx.fig(ids[0]).side)
        label = dec.option_name.split(":", 1)[1]
        ends: list[Piece] | None
        if label == "re-form":
            try:
                ends = parse_reform(dec.items, rm)
            except ValueError as e:
                raise IllegalDecision(f"unit {u} cannot re-form so: {e}") from None
        else:
            ends = reform_ends(board, rm, label)
            if ends is None:
                raise IllegalDecision(f"unit {u} cannot {label} now")
        why = reform_problem(board, rm, ends, self.allowance(ctx)) if rm else "no piece may re-form"
        if why:
            raise IllegalDecision(f"unit {u} cannot re-form so: {why}")
        return rm, ends

    def default_action(self, acts: list[Decision]) -> Decision:
        """Auto: engage (the shortest best candidate), else re-engage, else shoot, else load, else
        advance on the enemy, else hold."""
        for kind in ("engage", "re_engage", "shoot", "load"):
            for a in acts:
                if a.kind == kind:
                    return a
        advance = [a for a in acts if a.kind == "move" and a.items == (("move", "advance"),)]
        if advance:
            return advance[0]
        return acts[0]

    def action_info(self, ctx: Ctx, board: Board, u: str, ids: list[str]) -> dict:
        side = ctx.fig(ids[0]).side
        locks = board.locks(side)
        return {
            "unit": u,
            "pieces": ids,
            "allowance": self.allowance(ctx),
            "locks": {i: locks.get(i, 0) for i in ids},
            "disrupted": [i for i in ids if board.pieces[i].disrupted],
        }

    # -- moves --------------------------------------------------------------------------------------------
    def move_vectors(self, ctx: Ctx, board: Board, movers: list) -> list[tuple[str, float, float]]:
        """Representative rigid translations (the unit's frame), each checked clear; plus an advance
        toward the nearest enemy, stopping 0.1" short."""
        lead = movers[0]
        fx, fy = lead.forward
        rx, ry = lead.right_dir
        allow = self.allowance(ctx)
        out = []
        seen = set()
        foes = board.enemies_of(lead.side)
        if foes:
            cx = sum(m.x for m in movers) / len(movers)
            cy = sum(m.y for m in movers) / len(movers)
            near = min(foes, key=lambda q: (math.hypot(q.x - cx, q.y - cy), q.id))
            dist = math.hypot(near.x - cx, near.y - cy)
            if dist > 0:
                ux, uy = (near.x - cx) / dist, (near.y - cy) / dist
                d = translate_limit(board, movers, ux, uy, min(allow, dist))
                if d >= 0.25:
                    v = (round(ux * d, 3), round(uy * d, 3))
                    seen.add(v)
                    out.append(("advance", v[0], v[1]))
        for label, fwd, right in MOVES:
            if math.hypot(fwd, right) > allow + 1e-9:
                continue
            v = (round(fx * fwd + rx * right, 3) + 0.0, round(fy * fwd + ry * right, 3) + 0.0)
            if v in seen:
                continue
            ends = [m.moved(*v) for m in movers]
            if board.move_clear(movers, ends, may_touch_enemy=False) is None:
                seen.add(v)
                out.append((label, v[0], v[1]))
        return out

    def validate_move(self, ctx: Ctx, u: str, ids: list[str], dec: Decision) -> None:
        """Any rigid translation of the unit's free pieces (x, y = the vector in inches) up to the
        allowance, clear, touching no enemy (OD6-SEQ-1 move); or any re-form (OD6-SEQ-1)."""
        if dec.kind == "reorganise" and dec.option and dec.option.startswith(f"{u}:re-form"):
            self.reform_placement(ctx, u, ids, dec)
            return
        if dec.kind != "move" or dec.option != u:
            raise IllegalDecision(f"choose one of unit {u}'s actions")
        if dec.x is None or dec.y is None:
            raise IllegalDecision("a move needs its vector (x, y) in inches")
        allow = self.allowance(ctx)
        if math.hypot(dec.x, dec.y) > allow + 0.002:
            raise IllegalDecision(f"unit {u} moves at most {allow:g} in (OD6-SEQ-1)")
        board = self.board(ctx)
        movers = self.movers(board, ids)
        if not movers:
            raise IllegalDecision(f"unit {u} has no piece free to move (Disrupted or in contact)")
        why = board.move_clear(movers, [m.moved(dec.x, dec.y) for m in movers], may_touch_enemy=False)
        if why:
            raise IllegalDecision(f"unit {u} cannot move so: {why}")

    def reorganise_ends(self, board: Board, movers: list, turn: float):
        cx = round(sum(m.x for m in movers) / len(movers), 3)
        cy = round(sum(m.y for m in movers) / len(movers), 3)
        if turn == 180.0:
            ends = [replace(m, facing=norm_deg(m.facing + 180.0)) for m in movers]
        else:
            ends = transform(movers, (cx, cy), turn, 0.0, 0.0)
        if any(math.hypot(e.x - s.x, e.y - s.y) > ALLOWANCE for s, e in zip(movers, ends)):
            return None
        return ends if board.move_clear(movers, ends, may_touch_enemy=False) is None else None

    # -- engage (OD6-ENG-3) ---------------------------------------------------------------------------------
    def engage_options(self, ctx: Ctx, board: Board, movers: list) -> tuple[int, list[Candidate]]:
        foes = board.enemies_of(movers[0].side)
        cands = engage_candidates(board, movers, foes, allowance=self.allowance(ctx))
        return legal_candidates(board, movers, cands)

    def reengage_targets(self, ctx: Ctx, board: Board, side: str) -> list:
        """OD6-SEQ-1 continuation: enemy pieces of units that are in contact with ``side``."""
        foes = board.enemies_of(side)
        units = {unit_key(ctx.fig(q.id)) for q in foes if board.touching_enemy(q.id)}
        return sorted((q for q in foes if unit_key(ctx.fig(q.id)) in units), key=lambda q: q.id)

    def reengage_options(self, ctx: Ctx, board: Board, piece) -> list[Candidate]:
        cands = engage_candidates(
            board, [piece], self.reengage_targets(ctx, board, piece.side), allowance=self.allowance(ctx), rigid=False
        )
        out = []
        for c in cands:
            if board.sweep_clear([piece], list(c.ends)):
                out.append(c)
                if len(out) >= 6:
                    break
        return out

    # -- resolving an action ------------------------------------------------------------------------------------
    def resolve_action(self, ctx: Ctx, u: str, ids: list[str], dec: Decision) -> Flow:
        st = ctx.state
        spent = st.data["spent"]
        per = self.actions_per_phase(ctx, u)
        board = self.board(ctx)
        movers = self.movers(board, ids)
        if dec.kind == "hold":
            spent[u] = per
            ctx.emit(Note(rule="OD6-SEQ-1", message=f"unit {u} holds"))
            return
        spent[u] = spent.get(u, 0) + 1
        if dec.kind == "move":
            for m in movers:
                self.move_piece(
                    ctx, m.id, round(m.x + dec.x, 3), round(m.y + dec.y, 3), m.facing, rule="OD6-SEQ-1", how="move"
                )
        elif dec.kind == "reorganise":
            label = dec.option_name.split(":", 1)[1]
            if label.startswith("re-form"):
                _rm, ends = self.reform_placement(ctx, u, ids, dec)
            else:
                ends = self.reorganise_ends(board, movers, dict(REORGANISE)[label]) or []
            for e in ends:
                self.move_piece(ctx, e.id, e.x, e.y, e.facing, rule="OD6-SEQ-1", how="reorganise")
            ctx.emit(Note(rule="OD6-SEQ-1", message=f"unit {u} reorganises: {label}"))
        elif dec.kind == "engage":
            key = dict(dec.items)["key"]
            _, legal = self.engage_options(ctx, board, movers)
            cand = next(c for c in legal if c.key == key)
            if self.shooting(ctx):
                yield from self.fire_before_contact(ctx, board, movers, cand)
            for e in cand.ends:
                if ctx.fig(e.id).in_play:  # fire before contact may have eliminated it (OD6-FIRE-1)
                    self.move_piece(ctx, e.id, e.x, e.y, e.facing, rule="OD6-ENG-3", how="charge")
            ctx.emit(Note(rule="OD6-ENG-3", message=f"unit {u} engages {cand.target} with {cand.pairs} pair(s)"))
            left = per - spent[u]
            if left > 0:
                yes = Decision("choose", option=f"bonus:{left}")
                no = Decision("choose", option="keep")
                d2 = yield ask(
                    active_side(st),
                    "bonus",
                    f"unit {u}: give up {left} unspent action(s) for +{left} in this first round (OD6-ROLL-2)?",
                    [yes, no],
                    default=yes,
                    rule="OD6-ROLL-2",
                )
                if d2 == yes:
                    st.data["bonus"][u] = first_round_bonus(left)
                    spent[u] = per
        elif dec.kind == "re_engage":
            yield from self.re_engage(ctx, u, [m.id for m in movers])
        elif dec.kind == "disengage":
            self.disengage(ctx, u, ids)
        elif dec.kind == "load":
            for m in movers:
                f = ctx.fig(m.id)
                if is_firearm(f.missile) and not f.loaded:
                    ctx.change(m.id, loaded=True)
                    ctx.emit(Note(rule="RNG-SHOOT-2", who=m.id, message=f"{f.name} loads"))
        elif dec.kind == "shoot":
            yield from self.fire_unit(ctx, [m.id for m in movers])

    # -- shooting (PRE-OD6-1 with RNG-SHOOT, OD6-FIRE-1) ----------------------------------------------------
    def fire_options(
        self, ctx: Ctx, board: Board, pid: str, *, at: list | None = None, reactive: bool = False
    ) -> list[FireTarget]:
        """Legal shots of piece ``pid`` (at ``at``, default every enemy piece), best first."""
        f = ctx.fig(pid)
        p = board.pieces.get(pid)
        if p is None or not may_fire(f.missile, f.loaded, p, board.touching_enemy(pid)):
            return []
        foes = board.enemies_of(p.side) if at is None else at
        moved = [q for s, ids in ctx.state.data.get("moved", {}).items() if s != p.side for q in ids]
        return fire_targets(
            p,
            f.av,
            f.missile,
            sorted(foes, key=lambda q: q.id),
            board.friends_of(p.side),
            ctx.table.line_of_sight,
            moved=moved,
            reactive=reactive,
            keen_eyed="keen_eyed" in f.traits,
        )

    def resolve_fire(self, ctx: Ctx, ft: FireTarget, *, reactive: bool) -> None:
        """RNG-SHOOT-1/2 roll (the shot unloads); OD6-FIRE-1 [HOUSE]: a hit Disrupts the target, or
        eliminates it if it was already Disrupted."""
        f = ctx.fig(ft.shooter)
        hr = roll_shot(
            ctx.dice,
            f.av,
            range_in=ft.range_in,
            cover=ft.cover,
            target_moved=ft.target_moved,
            keen_eyed="keen_eyed" in f.traits,
            reactive=reactive,
            who=ft.shooter,
            weapon=f.missile,
        )
        ctx.emit(hr.roll)
        ctx.emit(
            ShotResolved(
                rule="OD6-FIRE-1",
                attacker=ft.shooter,
                target=ft.target,
                range_in=ft.range_in,
                cover=ft.cover or "",
                natural=hr.roll.faces[0],
                hit=hr.hit,
                reactive=reactive,
            )
        )
        ctx.change(ft.shooter, loaded=False)
        if not hr.hit or not ctx.fig(ft.target).in_play:
            return
        was = ft.target in ctx.state.data["disrupted"]
        out = fire_hit(was)
        ctx.emit(PieceResolved(rule="OD6-FIRE-1", figure=ft.target, outcome=out.value))
        if out is Outcome.ELIMINATED:
            self.eliminate(ctx, ft.target, rule="OD6-FIRE-1", cause=f"shot by {f.name} while Disrupted")
        else:
            self.disrupt(ctx, ft.target)

    def fire_unit(self, ctx: Ctx, ids: list[str]) -> Flow:
        """A unit's shoot action: each free loaded piece picks a target or holds fire (auto: the
        best chance)."""
        st = ctx.state
        for pid in ids:
            if not ctx.fig(pid).in_play:
                continue
            shots = self.fire_options(ctx, self.board(ctx), pid)
            if not shots:
                continue
            opts = [Decision("shoot", figure=pid, target=ft.target) for ft in shots] + [Decision("hold", figure=pid)]
            dec = yield ask(
                active_side(st),
                "shoot",
                f"{ctx.fig(pid).name}: choose a target, or hold fire",
                opts,
                default=opts[0],
                info={"figure": pid, "odds": {ft.target: str(ft.chance) for ft in shots}},
                rule="OD6-FIRE-1",
            )
            if dec.kind == "shoot":
                self.resolve_fire(ctx, shots[opts.index(dec)], reactive=False)

    def fire_before_contact(self, ctx: Ctx, board: Board, movers: list, cand: Candidate) -> Flow:
        """OD6-FIRE-1: the engaged side may answer the engage move with one INI-RSHOOT reaction
        before contact: shooters declared together (INI-RSHOOT-2), at most ceil(inches moved) per
        moving piece (INI-RSHOOT-3), +2 each (INI-RSHOOT-4), at the moving pieces only."""
        st = ctx.state
        side = ctx.fig(cand.target).side
        if side in st.data["rshoot_used"]:
            return
        cap = reaction_cap((board.pieces[e.id], e) for e in cand.ends)
        best = []
        for q in sorted(board.friends_of(side), key=lambda p: p.id):
            shots = self.fire_options(ctx, board, q.id, at=movers, reactive=True)
            if shots:
                best.append(shots[0])
        if not best:
            return
        best.sort(key=lambda ft: (-ft.chance, ft.shooter))
        every, none = choose("all"), choose("no")
        opts = [every, none] + [Decision("shoot", figure=ft.shooter, target=ft.target) for ft in best]
        dec = yield ask(
            side,
            "reactive_shot",
            f"{st.side(side).name}: fire before contact at the charging "
            f"unit (once this phase, up to {cap} shooter(s))?",
            opts,
            default=every,
            info={"cap": cap, "odds": {ft.shooter: str(ft.chance) for ft in best}},
            rule="OD6-FIRE-1",
        )
        if dec == none:
            return
        st.data["rshoot_used"].append(side)
        chosen = best[:cap] if dec == every else [best[opts.index(dec) - 2]]
        for ft in chosen:  # INI-RSHOOT-2: all declared above, now resolved in turn
            self.resolve_fire(ctx, ft, reactive=True)

    def re_engage(self, ctx: Ctx, u: str, mover_ids: list[str]) -> Flow:
        """OD6-SEQ-1: a continuation — each free piece may move on its own into full front contact
        with an enemy piece of the fight (the player picks per piece; auto: the first candidate)."""
        st = ctx.state
        for pid in mover_ids:
            board = self.board(ctx)
            if pid not in board.pieces or not board.free(pid):
                continue
            cands = self.reengage_options(ctx, board, board.pieces[pid])
            if not cands:
                continue
            opts = [Decision("place", figure=pid, items=(("key", c.key),)) for c in cands]
            stay = Decision("stay", figure=pid)
            d = yield ask(
                active_side(st),
                "re_engage",
                f"{ctx.fig(pid).name}: move into contact, or stay",
                opts + [stay],
                default=opts[0],
                info={"figure": pid, "targets": [c.target for c in cands]},
                rule="OD6-SEQ-1",
            )
            if d.kind == "stay":
                continue
            c = cands[opts.index(d)]
            e = c.ends[0]
            self.move_piece(ctx, pid, e.x, e.y, e.facing, rule="OD6-SEQ-1", how="charge")

    def disengage(self, ctx: Ctx, u: str, ids: list[str]) -> None:
        """OD6-LOCK-2: each singly locked piece rolls 1d6 ≥ QV; on a success it moves back one piece
        length (its rear direction) if clear."""
        board = self.board(ctx)
        side = ctx.fig(ids[0]).side
        locks = board.locks(side)
        for pid in ids:
            if pid not in board.pieces or board.pieces[pid].disrupted:
                continue
            if lock_state(locks.get(pid, 0)).value != "may_disengage":
                continue
            f = ctx.fig(pid)
            ev = disengage_roll(ctx.dice, pid, f.qv or 4)
            ctx.emit(ev)
            if not ev.success:
                continue
            p = board.pieces[pid]
            fx, fy = p.forward
            dx, dy = round(-fx * p.length, 3) + 0.0, round(-fy * p.length, 3) + 0.0
            if board.can_move_back(pid, dx, dy):
                board.apply_move(pid, dx, dy)
                self.move_piece(
                    ctx, pid, board.pieces[pid].x, board.pieces[pid].y, p.facing, rule="OD6-LOCK-2", how="retreat"
                )
            else:
                ctx.emit(Note(rule="OD6-LOCK-2", who=pid, message=f"{f.name} disengages but has no room to step back"))

    # -- close combat (OD6-ROLL / OD6-RES) -----------------------------------------------------------------
    def phase_combat(self, ctx: Ctx) -> Flow:
        st = ctx.state
        side = active_side(st)
        d = st.data
        board = self.board(ctx)
        pairs = board.pairs(side)
        st.phase = "after_combat"
        if not pairs:
            self.apply_breaks(ctx)  # losses from rally rolls (OD6-DIS-1) count too
            return
        locks = board.locks(side)
        busy = set(pairs) | set(pairs.values()) | {p for p, n in locks.items() if n > 0}
        disrupted = set(d["disrupted"])
        specs = []
        for a, b in sorted(pairs.items()):
            pa, pb = board.pieces[a], board.pieces[b]
            ma = flank_support(pa, board.friends_of(pa.side), busy, disrupted)
            mb = flank_support(pb, board.friends_of(pb.side), busy, disrupted)
            ma += d["bonus"].get(unit_key(ctx.fig(a)), 0)
            specs.append(PairSpec(pa, pb, ma, mb))
        d["fought"] = sorted({unit_key(ctx.fig(x)) for pr in pairs.items() for x in pr})
        ctx.emit(Note(rule="OD6-ENG-2", message="pairs: " + ", ".join(f"{a} v {b}" for a, b in sorted(pairs.items()))))
        res = resolve_round(specs, ctx.dice, board.can_move_back, board.apply_move, board.drop)
        ctx.emit(*res.events)
        for pid in res.eliminated:
            self.eliminate(ctx, pid, rule="OD6-RES-2" if pid not in res.moves else "OD6-RES-3", cause="eliminated")
        for pid, (dx, dy) in res.moves.items():
            f = ctx.fig(pid)
            ctx.move(pid, round(f.x + dx, 3), round(f.y + dy, 3), rule="OD6-RES-2", how="move_back")
        for pid in res.disrupted:
            if ctx.fig(pid).in_play:
                self.disrupt(ctx, pid)
        self.apply_breaks(ctx)
        yield from no_questions()

    def apply_breaks(self, ctx: Ctx) -> None:
        """OD6-PIECE-1: a unit whose losses exceed break_after loses its other pieces now."""
        d = ctx.state.data
        limits = {u: self.break_after(ctx, u) for u in d["losses"]}
        for u in broken_units(d["losses"], limits):
            if u in d["broken"]:
                continue
            d["broken"].append(u)
            rest = sorted(f.id for f in ctx.state.in_play() if unit_key(f) == u)
            for pid in rest:
                ctx.set_status(pid, Status.FLED, rule="OD6-PIECE-1", cause=f"unit {u} breaks")
                if pid in d["disrupted"]:
                    d["disrupted"].remove(pid)
            ctx.emit(UnitBroken(rule="OD6-PIECE-1", unit=u, losses=d["losses"][u], removed=tuple(rest)))

    def phase_after_combat(self, ctx: Ctx) -> Flow:
        """OD6-SEQ-1: actions left after its close combat may reorganise a unit at once."""
        st = ctx.state
        d = st.data
        st.phase = "phase_end"
        for u in list(d.get("fought", [])):
            ids = self.units(ctx, active_side(st)).get(u)
            if not ids or d["spent"].get(u, 0) >= self.actions_per_phase(ctx, u):
                continue
            opts = self.reorganise_options(ctx, self.board(ctx), u, ids)
            if not opts:
                continue
            skip = Decision("hold", option=u)
            dec = yield ask(
                active_side(st),
                "reorganise",
                f"unit {u}: reorganise with its actions left?",
                [skip] + opts,
                default=skip,
                validate=lambda x, u=u, ids=ids: self.validate_move(ctx, u, ids, x),
                rule="OD6-SEQ-1",
            )
            if dec.kind == "reorganise":
                yield from self.resolve_action(ctx, u, ids, dec)
        yield from no_questions()

    def phase_phase_end(self, ctx: Ctx) -> Flow:
        """Fixed alternation (PRE-OD6-1); a game turn ends after the last side's phase."""
        st = ctx.state
        order = st.data["order"]
        i = order.index(st.active)
        if i + 1 < len(order):
            st.active = order[i + 1]
        else:
            st.data["turn_ended"] = st.turn  # the match judges turn-end victory conditions now
            st.data["new_turn"] = True
            st.active = order[0]
        st.phase = "rally"
        yield from no_questions()
