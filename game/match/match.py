"""The Match: the one deterministic door into a running game (DESIGN: game/match).

``match.pending`` says which side must decide what; ``match.apply(decision)`` validates it, lets the
preset's flow resolve it (drawing dice from the match's own seeded Dice) and returns the events.

How it keeps clone() cheap: a preset runs in *steps* (an activation, a reaction phase, a mêlée);
when a decision ends a step, the match snapshots the state and dice before the next one starts. A
clone copies that snapshot, replays the steps that asked nothing since (cheap bookkeeping steps:
turn start and end, mêlée set-up) and then only the current step's decisions.

What an AI may use: ``pending`` (the Ask: kind, side, options, info), ``apply``, ``auto``,
``step_index`` (which step is running, to bound a look-ahead by steps), ``clone(dice_seed=…,
lookahead=True)`` and ``state`` / ``table`` for the public facts. Never ``dice``: its state is the
dice yet to roll.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.rules.decisions import Decision, IllegalDecision
from game.rules.dice import Dice, LessonDice
from game.rules.events import Event, GameOver
from game.rules.flow import Ask, Ctx, Flow
from game.rules.model import Figure
from game.rules.presets import get_ruleset
from game.rules.state import MatchState
from game.rules.victory import Verdict, judge_victory
from game.scenario import ScenarioError

from .canon import StateHasher
from .setup import check_zones, deploy, in_named_zone

#: Steps a match may run with no decision in between before it is declared stuck (a flow bug).
MAX_SILENT_STEPS = 10_000


def dice_for(scenario, seed: int) -> Dice:
    """The match's dice: seeded, with a lesson scenario's few rolls set in advance (LessonDice)."""
    script = getattr(scenario, "lesson_rolls", ())
    return LessonDice(seed, script) if script else Dice(seed)


class Match:
    """A running game. Build with ``Match(scenario, seed=…)``; drive with ``pending``/``apply``."""

    def __init__(
        self,
        scenario,
        seed: int = 0,
        *,
        preset: str | None = None,
        options: dict | None = None,
        dice: Dice | None = None,
        tmap=None,
    ):
        from .setup import build_table  # the table is the only geometry the rules see

        self.scenario = scenario
        self.seed = int(seed)
        self.preset_name = preset or scenario.preset
        self.ruleset = get_ruleset(self.preset_name)
        """What the screen and the AI ask of this system (odds, public view, texts): game/rules/ruleset.py."""
        self.preset = self.ruleset.flow()
        self.options_overrides = dict(options or {})
        self.options = {**scenario.options, **self.options_overrides}
        self.dice = dice if dice is not None else dice_for(scenario, self.seed)
        self._empty_table = build_table(scenario, tmap)
        check_zones(self._empty_table, scenario)
        figures = {f.id: f for f in self._deploy(scenario.figures)}
        self.state = MatchState(
            sides=scenario.sides,
            figures=figures,
            preset=self.preset_name,
            options=self.options,
            config=self.ruleset.config,
            system=self.ruleset.new_state(),
        )
        self.table = self._table_for(self.state)
        self.decisions: list[Decision] = []
        self.hashes: list[str] = []
        self.log: list[Event] = []
        self.reseeds: list[tuple[int, int]] = []
        """(decisions made, seed): where a branch took fresh dice (``reseed``); a record keeps them."""
        self.branch: dict | None = None
        """What a branched game came from: {"parent": content hash, "title", "at": decision, "seed"}."""
        self._pending: Ask | None = None
        self._hasher = StateHasher()
        self._gen: Flow | None = None  # the step being run; None once the match is over
        self._snap: tuple[MatchState, Dice, int] | None = None
        """(state, dice, _seen_turn) before the first step of the last run of steps."""
        self._snap_steps = 0
        """Steps started since that snapshot; the last is the current one."""
        self._step_decisions: list[Decision] = []
        self._dice_swaps: list[tuple[int, int]] = []
        self._step_start = 0
        self._seen_turn = 0
        self._lookahead = False
        ctx = self._ctx()
        self.preset.setup(ctx)
        self.log.extend(ctx.events)
        self.setup_events = list(ctx.events)
        self._advance(self.log)
        if self._pending is None:  # nothing to play: refused now, not a 0-turn "game"
            raise ScenarioError(
                f"{scenario.path or scenario.id}: scenario: the game ends before anyone has a decision to make "
                f"({self.state.end_reason or 'no side can act'}); check its sides, figures and victory conditions"
            )

    # -- public API ------------------------------------------------------------------------------
    @property
    def pending(self) -> Ask | None:
        """The question waiting for an answer, or None when the match is over."""
        return self._pending

    @property
    def step_index(self) -> int:
        """How many decisions had been made when the current step started.

        Changes exactly when a new step (an activation, a reaction phase, a mêlée…) starts, so a
        look-ahead can stop "at the end of this step" without reading the preset's phases. Equal
        in a clone and its original.
        """
        return self._step_start

    @property
    def is_lookahead(self) -> bool:
        """True for a ``clone(lookahead=True)``: no hashes, no snapshots, not clonable again."""
        return self._lookahead

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def winner(self) -> str | None:
        return self.state.winner

    def apply(self, decision: Decision) -> list[Event]:
        """Validate and resolve one decision; return the events it caused."""
        if self._pending is None:
            raise IllegalDecision("the match is over; no decision is pending")
        if not isinstance(decision, Decision):
            raise IllegalDecision(f"not a decision: {decision!r}")
        self._pending.check(decision)
        events: list[Event] = []
        self._ctx_obj.events = events
        self.decisions.append(decision)
        self._step_decisions.append(decision)
        assert self._gen is not None, "a pending question comes from the running step"
        try:
            self._pending = self._gen.send(decision)
        except StopIteration:
            self._gen = None
            self._pending = None
        self._advance(events)
        self.log.extend(events)
        if not self._lookahead:  # a look-ahead copy is never saved or verified: no hash to prove
            self.hashes.append(self.state_hash())
        return events

    def state_hash(self) -> str:
        """sha256 of a canonical serialisation of the whole state, dice included.

        Figures are frozen, so their canonical bytes are kept while they are the same objects and a
        changed figure re-encodes only its changed fields; the sha256 of the state's bytes is kept
        while they are unchanged (canon.StateHasher).
        """
        return self._hasher.hexdigest(self.state, self.dice)

    def clone(self, dice_seed: int | None = None, *, lookahead: bool = False) -> Match:
        """An independent copy for look-ahead: same state and pending question.

        With ``dice_seed`` the copy's future rolls come from a fresh Dice(dice_seed) instead of the
        match's own, so a look-ahead samples outcomes without seeing the dice yet to roll.

        With ``lookahead=True`` the copy is a throw-away for rollouts: it starts with an empty
        ``log`` and ``hashes``, computes no state hash after each decision and takes no snapshot at
        each step's start (the two costs a rollout does not need), so it cannot itself be cloned
        or saved. Its play is otherwise identical to a plain clone's.
        """
        if self._lookahead:
            raise ValueError("a look-ahead copy cannot be cloned: clone the match it came from")
        m = self._clone_exact(light=lookahead)
        if dice_seed is not None:
            m._swap_dice(Dice(dice_seed))
            m._dice_swaps = self._dice_swaps + [(len(m._step_decisions), dice_seed)]
        if lookahead:
            m._lookahead = True
            m._snap = None
            m._dice_swaps = []
        return m

    def clone_redealt(self, side: str, seed: int) -> Match:
        """A copy that ``side`` cannot tell from this match: new dice to come (``dice_seed=seed``)
        and everything it may not see re-dealt (``ruleset.redeal`` with ``random.Random(seed)``),
        in the step-start snapshot a look-ahead clone replays from too. Where the step already
        drew from a re-dealt pile before asking (the replay reaches another question or shows
        ``side`` something else), only the current state is re-dealt. The no-peeking test's copy."""
        import random

        m = self.clone(dice_seed=seed)
        if m._snap is not None:
            snap = m._snap
            st = snap[0].copy()
            self.ruleset.redeal(st, side, random.Random(seed))
            if st.system == snap[0].system:  # nothing hidden at the step's start: new dice are the test
                return m
            m._snap = (st, snap[1], snap[2])
            try:
                m2 = m.clone()
            except Exception:  # noqa: BLE001 - the replay diverged: re-deal the state alone
                m._snap = snap
            else:
                same = self.ruleset.public_view(m2.state, side) == self.ruleset.public_view(self.state, side)
                if m2.pending == self.pending and same:
                    return m2
                m._snap = snap
        self.ruleset.redeal(m.state, side, random.Random(seed))
        return m

    def reseed(self, seed: int) -> None:
        """Every roll from now on comes from ``Dice(seed)``: a branch's fresh dice. Kept in
        ``reseeds`` so a record of this match replays them at the same decision."""
        if self._pending is None:
            raise IllegalDecision("the match is over; there are no rolls to come")
        if self._lookahead:
            raise ValueError("a look-ahead copy is never recorded: reseed the match it came from")
        seed = int(seed)
        self._swap_dice(Dice(seed))
        self._dice_swaps.append((len(self._step_decisions), seed))
        self.reseeds.append((len(self.decisions), seed))

    def _swap_dice(self, dice: Dice) -> None:
        self.dice = dice
        self._ctx_obj.dice = dice

    def _clone_exact(self, light: bool = False) -> Match:
        m = Match.__new__(Match)
        m.__dict__.update(self.__dict__)
        m.decisions = list(self.decisions)
        m.hashes = [] if light else list(self.hashes)
        m.log = [] if light else list(self.log)
        m._step_decisions = list(self._step_decisions)
        m._dice_swaps = list(self._dice_swaps)
        m.reseeds = list(self.reseeds)
        m._hasher = StateHasher() if light else self._hasher.copy()
        if self._snap is None:  # over: nothing will run again
            m.state = self.state.copy()
            m.dice = self.dice.clone()
            m.table = m._table_for(m.state)
            m._ctx_obj = Ctx(m.state, m.dice, m.table, m.scenario)
            return m
        snap_state, snap_dice, m._seen_turn = self._snap
        m.state = snap_state.copy()
        m.dice = snap_dice.clone()
        m.table = m._table_for(m.state)
        ctx = m._ctx_obj = Ctx(m.state, m.dice, m.table, m.scenario)
        for _ in range(self._snap_steps - 1):  # the steps that asked nothing, as _advance ran them
            gen = m.preset.step(ctx)
            try:
                next(gen)
            except StopIteration:
                pass
            else:
                raise RuntimeError("a step that asked nothing asks on replay: the flow is not deterministic")
            m._check_end(ctx)
        m._gen = m.preset.step(ctx)
        swaps = dict(self._dice_swaps)  # a reseeded look-ahead swapped dice at these points of the step
        m._pending = next(m._gen)
        # clone(dice_seed=…) swaps once the step has reached its question: whatever the step rolled
        # before asking came from the old dice, so a swap at 0 comes after the first question too
        if 0 in swaps:
            m._swap_dice(Dice(swaps[0]))
        for i, d in enumerate(m._step_decisions):
            m._pending = m._gen.send(d)
            if i + 1 in swaps:
                m._swap_dice(Dice(swaps[i + 1]))
        m._ctx_obj.events = []
        return m

    def figure(self, fid: str) -> Figure:
        return self.state.figures[fid]

    def auto(self) -> Decision:
        """The pending question's automatic answer (GEN-CHOICE-1)."""
        p = self._pending
        if p is None:
            raise IllegalDecision("the match is over")
        return p.default if p.default is not None else p.options[0]

    # -- stepping --------------------------------------------------------------------------------
    def _ctx(self) -> Ctx:
        self._ctx_obj = Ctx(self.state, self.dice, self.table, self.scenario)
        return self._ctx_obj

    def _advance(self, events: list[Event]) -> None:
        """Run steps until a question is pending or the match ends."""
        ctx = self._ctx_obj
        ctx.events = events
        silent = 0
        while self._pending is None:
            if not self.state.over:
                self._check_end(ctx)
            if self.state.over:
                self._gen = None
                self._snap = None
                return
            silent += 1
            if silent > MAX_SILENT_STEPS:
                raise RuntimeError(f"preset {self.preset_name!r} ran {MAX_SILENT_STEPS} steps without a question")
            # the snapshot a clone starts from, taken before the first step of this run only: the
            # steps before the one that asks asked nothing (often a few µs of rules, less than a
            # state copy), so a clone replays them; a look-ahead copy is never cloned: no snapshot
            if silent == 1 and not self._lookahead:
                self._snap = (self.state.copy(), self.dice.clone(), self._seen_turn)
            self._snap_steps = silent
            self._step_decisions = []
            self._dice_swaps = []
            self._step_start = len(self.decisions)
            self._gen = self.preset.step(ctx)
            try:
                self._pending = next(self._gen)
            except StopIteration:
                self._gen = None

    def _check_end(self, ctx: Ctx) -> None:
        """Judge the scenario's victory conditions; turn-end ones once per game turn.

        A preset signals the end of a game turn by setting ``state.turn_ended`` to the number of the
        turn that just finished (before the next one starts), and ends the game itself by setting
        ``state.claim``.
        """
        st = self.state
        ended = st.turn_ended or 0
        turn_ended = ended > self._seen_turn
        if turn_ended:
            self._seen_turn = ended
        result = judge_victory(
            st,
            self.scenario.victory,
            zone_holders=self._zone_holders,
            turn_ended=turn_ended,
            turn_limit=self.scenario.turn_limit,
            zone_counts=self._zone_counts,
        )
        if st.claim is not None:
            result = Verdict(st.claim.winner, st.claim.reason or "the rules ended the match")
        if result is not None:
            st.over, st.winner, st.end_reason = True, result.winner, result.reason
            ctx.emit(
                GameOver(
                    rule="GEN-TURN-1", winner=result.winner, reason=result.reason, at_turn_limit=result.at_turn_limit
                )
            )

    def _zone_holders(self, zone: str) -> set[str]:
        holders = set()
        for f in self.state.in_play():
            if in_named_zone(self.table, f.id, zone):
                holders.add(f.side)
        return holders

    def _zone_counts(self, zone: str) -> dict[str, int]:
        counts: dict[str, int] = {}
        for f in self.state.in_play():
            if in_named_zone(self.table, f.id, zone):
                counts[f.side] = counts.get(f.side, 0) + 1
        return counts

    # -- set-up ----------------------------------------------------------------------------------
    def _table_for(self, state: MatchState):
        t = self._empty_table.clone()
        for f in state.figures.values():
            if f.in_play:
                t.place(f.id, f.x, f.y, f.radius, f.level)
        return t

    def _deploy(self, figures: Iterable[Figure]) -> list[Figure]:
        """Figures without a position are placed in their deployment zone (maps/README.md)."""
        from game.scenario import ScenarioError

        try:
            return deploy(self._empty_table, list(figures))
        except ScenarioError as e:  # name the scenario file: the fault is in its roster
            where = getattr(self.scenario, "path", "") or getattr(self.scenario, "id", "")
            raise ScenarioError(
                f"{where}: figures: {e}" if where and not str(e).startswith(where) else str(e)
            ) from None
