"""PRE-PYR-1 after the activations: reactions (PYR-REACT-1, -2) and the mêlée step (PYR-SEQ-1)."""

from __future__ import annotations

from game.rules.decisions import PASS, Decision
from game.rules.events import Note
from game.rules.flow import Ctx, Flow, ask
from game.rules.model import Status
from game.rules.turns import active_side, no_questions

from ..implements import implements
from .action_flow import PyratesActions
from .engage import camp_of, engagements_of
from .melee_round import LOCAL, local_ids, melee_round
from .prisoners import follow_captors, resolve_prisoners
from .reactions import reaction_options, resolve_reaction, validate_reaction
from .scenario_rules import raise_alarm, spot
from .state import pyr


class PyratesMeleeSteps(PyratesActions):
    """The pyrates preset's reaction and mêlée steps."""

    # -- after the activations: reactions and the mêlée step ----------------------------------------------
    def after_player_turn(self, ctx: Ctx) -> Flow:
        st = ctx.state
        p = pyr(st)
        if p.pt_stage is None:
            spot(ctx)  # SCN-ALARM-1: the watch looks about before the blows of this player-turn
            p.pt_stage = "react"
            st.phase = "react1" if p.new_contact else "melee_start"
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
            sleepers, pairs = pyr(st).asleep or (), eng.pairs
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
        ms = pyr(st).ms = {"todo": eng.groups(), "cur": None, "rats": [], "fought": [], "n": 0}
        if ms["todo"]:
            raise_alarm(ctx, "steel clashes")  # SCN-ALARM-2
        st.phase = "melee_next"
        yield from no_questions()

    def phase_melee_next(self, ctx: Ctx) -> Flow:
        st = ctx.state
        ms = pyr(st).melee()
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
        pyr(st).ms = None
        pyr(st).pt_stage = "done"
        st.phase = "player_turn_end"
        yield from no_questions()

    @implements("PYR-SEQ-1")
    def phase_melee_round(self, ctx: Ctx) -> Flow:
        """PYR-SEQ-1: one round of the current mêlée (PYR-SEQ-2: at most 6 per mêlée step)."""
        st = ctx.state
        ms = pyr(st).melee()
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
        cur = pyr(st).melee()["cur"]
        winner = cur.get("winner") or camp_of(st, active_side(st))
        camps = sorted({camp_of(st, st.figures[f].side) for f in cur["seeds"]}, key=lambda c: (c != winner, c))
        near = local_ids(st, cur["seeds"], LOCAL)
        yield from self._reaction_loop(ctx, camps, [], near, "PYR-REACT-2")
        st.phase = "melee_round"
