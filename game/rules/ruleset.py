"""A ruleset: everything the match, the screen and the AI may ask of one game system.

One ``Ruleset`` per preset, registered once in ``game.rules.presets`` (the scenario loader, the
schema, the match, the menu and ``simulate`` all read that registry). Outside game/rules nothing
branches on a preset's name or imports a system's package: the screen and the AI ask the match's
``ruleset`` instead, through the methods below.

- **The flow**: ``flow()`` builds the ``Preset`` (``setup``/``step``) the match drives.
- **The roster**: ``roster_problems(scenario)`` lists what a scenario's figures break of this
  system's roster rules (e.g. RNG-PTS-1), each a line a scenario author can act on.
- **The state**: ``new_state()`` is the system's own typed state (``state_type``, a
  ``SystemState`` of its package) that a match starts with.
- **What a side may see**: ``public_view(state, side)`` strips what ``side`` may not see (the other
  sides' hands and order cards, the order of undealt piles); the AI and the hot-seat screen read
  only that. ``redeal`` re-deals it for the AI's look-ahead and the no-peeking test.
  ``observe(view, side)`` is the small typed record of a view that the screen and the AI read
  (own hand, who has acted, holds, sleepers, fire, counters): they never read a system's state.
- **Exact odds**: ``odds(view, table, ask, decision)`` gives the odds of one offered action as the
  rules will roll it, or ``None`` where the action rolls nothing. ``attack_odds`` gives the same for
  a blow or shot that is not on offer yet (what the AI weighs one move ahead).
- **Words for players**: ``rule_texts()`` (the F1 screen's pages), ``figure_rows`` (the system's
  rows on a figure's card) and ``term`` (a rules value such as a hand's name, in a player's words).

Pure: stdlib only; the table is the ``Tabletop`` protocol, never pygame or pymunk.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from .ask_info import AskInfo as AskInfo
from .config import RulesConfig
from .observation import Observation
from .system_state import SystemState
from .view import Shuffler, public_view, redeal

if TYPE_CHECKING:
    from .decisions import Decision
    from .events import Event
    from .flow import Ask, Preset
    from .roll_odds import RollParts
    from .state import MatchState
    from .tabletop import Tabletop

#: what an action may do to a figure, in the words every system's odds use
OUT = "out"
"""Removed from play (killed, out of action, routed off)."""
WOUNDED = "wounded"
"""One wound more (or wounded, in the systems where that is a state)."""
DOWN = "down"
"""Knocked down, disarmed, disrupted: hurt for a while, not for good."""
BACK = "back"
"""Pushed, moved back or evicted from where it stood."""
OUTCOMES = (OUT, WOUNDED, DOWN, BACK)


@dataclass(frozen=True)
class Effect:
    """The chances that one figure ends an action with each outcome (a figure of either side)."""

    figure: str
    chances: tuple[tuple[str, Fraction], ...]
    """(outcome, chance) pairs, outcomes from ``OUTCOMES``; absent outcomes have chance 0."""

    def chance(self, outcome: str) -> Fraction:
        for o, p in self.chances:
            if o == outcome:
                return p
        return Fraction(0)


@dataclass(frozen=True)
class Pool:
    """One side's dice in a fight the odds foresee (a Pyrates mêlée round): how big it is, how that
    was counted, and the exact distribution of what it deals."""

    side: str
    size: int
    """The dice it rolls, as the rules count them (the mêlée quota, PYR-MQ-1)."""
    total: Fraction
    """The sum before rounding (the quota's fractional total)."""
    lines: tuple[tuple[str, Fraction, str], ...]
    """How it was counted: (figure id or "", amount, reason) per line."""
    deals: tuple[tuple[int, int, Fraction], ...]
    """(knockdowns, wounds, chance) for every result it may deal; the chances sum to 1."""


@dataclass(frozen=True)
class Odds:
    """The exact odds of one action, as the rules will roll it."""

    rule: str
    """The rule ID that rolls it (e.g. "RNG-SHOOT-1")."""
    success: Fraction
    """The headline chance: the shot hits, the blow wounds, the side wins the tally or the duel."""
    effects: tuple[Effect, ...] = ()
    """What it may do to each figure it touches, both sides' (a duel can hurt either)."""
    target: int | None = None
    """The number the dice must make, where there is one (d20 ≤ N, d6 N+)."""
    dice: str = ""
    """What is rolled or drawn, in a player's words ("d20", "2d6", "cards")."""
    notes: tuple[str, ...] = ()
    """What went into it, for the screen ("cover", "long range", "target moved")."""
    expected: float | None = None
    """An expected score where the action is judged by one (a reroll's expected hand), else None."""
    error: str = ""
    """Why no odds can be given (out of sight, out of range); ``success`` is then 0."""
    pools: tuple[Pool, ...] = ()
    """The sides' dice where the action starts a fight of pools (the charging side's first)."""
    morale_pass: Fraction | None = None
    """The chance a morale test of the acting side's party passes (PYR-MOR-2) with its modifiers as
    they would stand after a lost round: a lost figure in the round calls for one (PYR-MOR-1); None
    where none can follow."""
    morale_needs: int | None = None
    """The highest natural d6 that passes that test (a natural 1 always passes, a 6 always fails)."""
    at_stake: tuple[str, ...] = ()
    """Figures of the acting side a lost first round sends back (PYR-WIN-3/5: the whole losing
    party, fighters or not), in roster order; () where losing moves nobody else."""

    def effect(self, figure: str) -> Effect | None:
        for e in self.effects:
            if e.figure == figure:
                return e
        return None


@dataclass(frozen=True)
class RuleText:
    """One page of the rules as a player reads them (the F1 screen)."""

    title: str
    text: str
    rules: tuple[str, ...] = ()
    """The catalog IDs the page explains."""


class Ruleset:
    """One game system as the rest of the game sees it; subclass per preset.

    The defaults here are the behaviour of a system that has nothing to add: no roster rules,
    hidden information as its state's ``hide`` and ``redeal`` say (``game.rules.view``), no odds,
    no texts.
    """

    state_type: type[SystemState] = SystemState
    """The class of the system's own state (a ``SystemState`` of its package)."""

    config: RulesConfig = RulesConfig()
    """The system's numbers (a subclass of ``RulesConfig`` of its package): the match puts them on
    its state (``MatchState.config``), where the rules read them. A variant of a system is a
    registry entry whose ruleset holds other values (``dataclasses.replace(config, …)``)."""
    name: str = ""
    """The preset name scenarios and records use ("pyrates", "close-combat-d6", …)."""
    title: str = ""
    """The system's name for players ("Pyrates", "Rangers of Shadow Deep", …)."""
    combat: str = ""
    """How figures come to blows, for readers that weigh a fight before offering it (the AI):
    ``"pool"`` a side's dice pool against the other's (PYR mêlée rounds), ``"blow"`` one attack at
    a time, d20 against DV (RNG-HAND), ``"duel"`` card duels between the figures of two sectors
    (ESC), ``"opposed"`` opposed d6 between the pieces in contact (OD6); "" for none of these."""
    activates: str = "figure"
    """What one activation sets going, in the system's words ("figure", "group", "unit"): a screen
    names it when it says how to answer an activation question whose options are not figures."""

    # -- the flow ------------------------------------------------------------------------------
    def flow(self) -> Preset:
        """A new ``Preset`` for one match (presets keep per-match caches: one per match)."""
        raise NotImplementedError

    def new_state(self) -> SystemState:
        """The system's state a match starts with, before the flow's ``setup``."""
        return self.state_type()

    # -- the roster ----------------------------------------------------------------------------
    def roster_problems(self, scenario) -> list[str]:
        """What the scenario's figures break of this system's roster rules, one line each."""
        return []

    # -- what a side may see --------------------------------------------------------------------
    def public_view(self, state: MatchState, side: str) -> MatchState:
        """A copy of ``state`` as ``side`` sees it (DESIGN.md, Hidden information)."""
        return public_view(state, side)

    def redeal(self, state: MatchState, side: str, rng: Shuffler) -> None:
        """Re-deal in place, with ``rng``, everything ``side`` may not see."""
        redeal(state, side, rng)

    def observe(self, view: MatchState, side: str) -> Observation:
        """What the screen and the AI of ``side`` may read of ``view`` (a ``public_view`` for
        ``side``, or the state of a match whose hidden parts ``side`` may see): the system's own
        reading (its state's ``observe``) with the scenario's hold counts."""
        seen = view.system.observe(side)
        hold = view.book.hold
        return replace(seen, holds=dict(hold)) if hold else seen

    # -- exact odds -----------------------------------------------------------------------------
    def odds(self, view: MatchState, table: Tabletop, ask: Ask, decision: Decision) -> Odds | None:
        """The odds of ``decision``, one of ``ask``'s options; None where it rolls nothing."""
        return None

    def roll_parts(self, event: Event) -> RollParts | None:
        """The arithmetic of the roll ``event`` reports (its dice, modifiers with their rules, target,
        exact chance, outcomes and luck: game.rules.roll_odds), or None where it rolls nothing. The
        event's own ``roll_parts()`` unless the system knows more (a mêlée hand's categories)."""
        return event.roll_parts()

    def attack_odds(
        self, view: MatchState, table: Tabletop, attacker: str, defender: str, how: str, **kw
    ) -> Odds | None:
        """The odds of a blow (``how="hand"``), a shot (``"shot"``) or a charge (``"charge"``) of
        ``attacker`` on ``defender`` from ``view`` as it stands, offered or not; None where the
        system has no such attack. Systems may know more ``how``s (a Pyrates ``"tap"``, an
        Escarmouche ``"duel"``): their ``attack_odds`` docstrings list them."""
        return None

    def shot_target(self, shooter, range_in: float) -> int | None:
        """The highest natural d20 with which ``shooter``'s missile hits at ``range_in`` inches, in
        the open, without aim or a moving target; None out of range (or a system without shooting).
        Every shipped system shoots by RNG-SHOOT-1 (``rangers.ruleset.MissileAnswers``)."""
        return None

    def weapon_range(self, figure) -> float | None:
        """The longest shot ``figure``'s missile weapon makes, in inches; None without one. The
        screen rings it around an active figure."""
        return None

    def unloads(self, figure) -> bool:
        """A shot leaves ``figure``'s missile to be loaded again (RNG-SHOOT-2 in every shipped
        system)."""
        return False

    def figure_points(self, figure) -> int:
        """What a figure counts toward its side's starting points (the morale tests' half)."""
        return figure.points or 1

    # -- words for players ----------------------------------------------------------------------
    def rule_texts(self) -> tuple[RuleText, ...]:
        return ()

    def figure_rows(self, view: MatchState, table: Tabletop, fid: str) -> list[tuple[str, str]]:
        """This system's rows on a figure's card ((label, value) pairs), after the common ones."""
        return []

    def term(self, kind: str, value) -> str:
        """A rules value in a player's words (``term("hand", "pair")``); ``str(value)`` if unknown."""
        return str(value)
