"""How rules talk to the match: a flow is a generator that yields ``Ask`` and receives ``Decision``.

A preset's ``step(ctx)`` runs one step of play from ``ctx.state.phase`` (an activation, a reaction
phase, a mêlée…), yielding an ``Ask`` whenever a side must decide, and leaves ``state.phase`` naming
the next step. Everything a step needs to resume lives in the state at the step's start, so the
match can clone itself by copying that snapshot and replaying the step's decisions.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, cast

from .ask_info import AskInfo
from .decisions import Decision
from .dice import Dice
from .events import Event, Moved, StatusChanged
from .implements import implements
from .model import Figure, Status, round_in
from .refusals import Cause, refused
from .state import MatchState
from .tabletop import Tabletop


class Answer(enum.Enum):
    """The shape of a question's answer, declared by the flow that asks it: how a screen or an AI
    builds one without reading the question's ``kind``."""

    CHOICE = "choice"
    """One of the listed options."""
    FIGURE = "figure"
    """One of the listed options, each naming a figure to pick on the table (or one naming none:
    end the player-turn)."""
    POINT = "point"
    """One of the listed options, or a destination of the acting figure's the validator accepts."""
    ITEMS = "items"
    """An allocation (``Decision.items``) built item by item on the table, or a listed option."""


@dataclass(frozen=True)
class Ask:
    """A pending question: which side decides what, with the legal options (GEN-CHOICE-1)."""

    side: str
    """Side that must decide."""
    kind: str
    """What is being decided: activate, action, reroll, tap, pushback, follow_up, reaction, …"""
    prompt: str
    """A question a player can read."""
    options: tuple[Decision, ...]
    """Legal decisions; where the space is continuous (moves) a representative finite set."""
    default: Decision | None = None
    """The stated automatic policy's answer (the screen's "auto", the AI's fallback)."""
    validate: Callable[[Decision], None] | None = field(default=None, compare=False, repr=False)
    """Extra validator for decisions outside ``options`` (moves); raises IllegalDecision."""
    info: AskInfo = field(default_factory=lambda: AskInfo(), compare=False)
    """Constraints and context for the screen and the AI, every key typed (``ask_info.AskInfo``)."""
    rule: str = ""
    """Rule ID that raises this question."""
    answer: Answer = Answer.CHOICE
    """The shape of its answer (``Answer``)."""

    def check(self, decision: Decision) -> None:
        """Raise IllegalDecision unless the decision is legal here."""
        # most answers are one of the offered objects (the default, a shared choose()): found by
        # identity before any field-by-field comparison
        for o in self.options:
            if o is decision:
                return
        if decision in self.options:
            return
        if self.validate is not None:
            self.validate(decision)
            return
        raise refused(Cause.NOT_OFFERED, detail=f"that is not one of the choices here ({self.prompt})")


Flow = Generator[Ask, Decision, None]
_T = TypeVar("_T")
#: a flow that ends with an answer (``x = yield from f(...)``)
FlowTo = Generator[Ask, Decision, _T]


class Ctx:
    """What a flow works with: the state, the dice, the table, and the event list."""

    def __init__(self, state: MatchState, dice: Dice, table: Tabletop, scenario=None):
        self.state = state
        self.dice = dice
        self.table = table
        self.scenario = scenario
        self.events: list[Event] = []

    # -- events -------------------------------------------------------------------------------
    def emit(self, *events: Event) -> None:
        self.events.extend(events)

    def roll(self, rule: str, **kw):
        """Roll through the match dice and log the DiceRolled event; returns it."""
        ev = self.dice.roll(rule, **kw)
        self.events.append(ev)
        return ev

    # -- figures ------------------------------------------------------------------------------
    def fig(self, fid: str) -> Figure:
        return self.state.figures[fid]

    # -- the figure writers: each bumps the state's Facts revision (game/rules/facts.py) -------------
    def update(self, fig: Figure) -> Figure:
        self.state.figures[fig.id] = fig
        self.state.facts.bump()
        return fig

    def change(self, fid: str, **fields) -> Figure:
        return self.update(self.state.figures[fid].evolve(**fields))

    def move(
        self,
        fid: str,
        x: float,
        y: float,
        *,
        rule: str,
        how: str = "move",
        path: Sequence[tuple[float, float]] | None = None,
        cost: float = 0.0,
        level: str | None = None,
    ) -> Moved:
        """Move a figure in state and on the table; positions rounded to 1/1000 in."""
        f = self.state.figures[fid]
        x, y = round_in(x), round_in(y)
        lv = level or f.level
        new = f.evolve(x=x, y=y, level=lv)
        self.state.figures[fid] = new
        self.state.facts.bump()
        self.table.place(fid, x, y, new.radius, lv)
        if path:
            pts = tuple([(round_in(px), round_in(py)) for px, py in path])
        else:  # the common case: start and end (the end rounded again, as a given path's would be)
            pts = ((round_in(f.x), round_in(f.y)), (round_in(x), round_in(y)))
        # positional: the same Moved(rule, figure, path, cost, how, level), without keyword passing
        ev = Moved(rule, fid, pts, round_in(cost), how, lv if lv != f.level else "")
        self.events.append(ev)
        return ev

    def set_status(
        self, fid: str, status: Status, *, rule: str, cause: str = "", wounds: int | None = None
    ) -> StatusChanged:
        """Change a figure's status; figures leaving play come off the table."""
        f = self.state.figures[fid]
        w = f.wounds if wounds is None else wounds
        new = f.evolve(status=status, wounds=w)
        self.state.figures[fid] = new
        self.state.facts.bump()
        if not new.in_play:
            self.table.remove(fid)
        ev = StatusChanged(rule, fid, status.value, w, cause)  # (rule, figure, status, wounds, cause)
        self.events.append(ev)
        return ev

    def enemies(self, fid: str) -> list[Figure]:
        f = self.state.figures[fid]
        foes = set(self.state.enemies_of(f.side))
        return [g for g in self.state.figures.values() if g.in_play and g.side in foes]


class Preset(Protocol):
    """A ruleset: sets a match up and runs it step by step (PRE-*). What it keeps between steps is
    its system's own ``SystemState`` (``state.system``: the ruleset's ``state_type``)."""

    name: str

    def setup(self, ctx: Ctx) -> None:
        """Prepare the system's state (``state.system``) at match start (may roll dice, e.g. dealing cards)."""

    def step(self, ctx: Ctx) -> Flow:
        """Run the step named by ctx.state.phase; leave state.phase naming the next."""


@implements("GEN-CHOICE-1")
def ask(
    side: str,
    kind: str,
    prompt: str,
    options: Iterable[Decision],
    default: Decision | None = None,
    *,
    validate=None,
    info: AskInfo | dict[str, Any] | None = None,
    rule: str = "",
    answer: Answer = Answer.CHOICE,
) -> Ask:
    opts = tuple(options)
    if not opts and validate is None:
        raise ValueError(f"an Ask with no options and no validator ({kind})")
    return Ask(
        side,
        kind,
        prompt,
        opts,
        default if default is not None else (opts[0] if opts else None),
        validate,
        cast(AskInfo, info or {}),
        rule,
        answer,
    )
