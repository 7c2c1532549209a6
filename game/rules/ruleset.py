"""A ruleset: everything the match, the screen and the AI may ask of one game system (issue 24 item 3).

One ``Ruleset`` per preset, registered once in ``game.rules.presets`` (the scenario loader, the
schema, the match, the menu and ``simulate`` all read that registry). Outside game/rules nothing
branches on a preset's name or imports a system's package: the screen and the AI ask the match's
``ruleset`` instead, through the methods below.

- **The flow**: ``flow()`` builds the ``Preset`` (``setup``/``step``) the match drives.
- **The roster**: ``roster_problems(scenario)`` lists what a scenario's figures break of this
  system's roster rules (e.g. RNG-PTS-1), each a line a scenario author can act on.
- **What a side may see**: ``public_view(state, side)`` strips what ``side`` may not see (the other
  sides' hands and order cards, the order of undealt piles); the AI and the hot-seat screen read
  only that. ``redeal`` re-deals it for the AI's look-ahead and the no-peeking test.
- **Exact odds**: ``odds(view, table, ask, decision)`` gives the odds of one offered action as the
  rules will roll it, or ``None`` where the action rolls nothing. ``attack_odds`` gives the same for
  a blow or shot that is not on offer yet (what the AI weighs one move ahead).
- **Words for players**: ``rule_texts()`` (the F1 screen's pages), ``figure_rows`` (the system's
  rows on a figure's card) and ``term`` (a rules value such as a hand's name, in a player's words).

Pure: stdlib only; the table is the ``Tabletop`` protocol, never pygame or pymunk.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, TypedDict

from .view import Shuffler, public_view, redeal

if TYPE_CHECKING:
    from .decisions import Decision
    from .flow import Ask, Preset
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


class AskInfo(TypedDict, total=False):
    """What a question tells the screen and the AI besides its options (``Ask.info``).

    Typed so that a reader never parses a prompt: every key a flow sets is declared here.
    """

    figure: str
    """The figure the question is about (the mover, the shooter, the one to place)."""
    victim: str
    """The figure a pushback, save or tap falls on."""
    cap: int
    """How many of the options may be taken together (e.g. reactive shooters allowed)."""
    caps: dict[str, int]
    """Per-figure caps (e.g. shots each reactive shooter may still fire)."""
    targets: list[str]
    """The figures the options aim at, in the rules' order."""
    odds: dict[str, str]
    """Chances the rules already computed for the options, by figure id, as fractions "p/q"."""
    move_left: float
    """Inches of movement left to the figure."""
    faces: tuple[int, ...]
    """Dice faces being decided on (a mêlée hand before a reroll)."""
    rerolls_left: int
    save_target: int
    """The d6 score a save needs."""


class Ruleset:
    """One game system as the rest of the game sees it; subclass per preset.

    The defaults here are the behaviour of a system that has nothing to add: no roster rules,
    hidden information where the state's shape says (``game.rules.view``), no odds, no texts.
    """

    name: str = ""
    """The preset name scenarios and records use ("pyrates", "close-combat-d6", …)."""
    title: str = ""
    """The system's name for players ("Pyrates", "Rangers of Shadow Deep", …)."""

    # -- the flow ------------------------------------------------------------------------------
    def flow(self) -> Preset:
        """A new ``Preset`` for one match (presets keep per-match caches: one per match)."""
        raise NotImplementedError

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

    # -- exact odds -----------------------------------------------------------------------------
    def odds(self, view: MatchState, table: Tabletop, ask: Ask, decision: Decision) -> Odds | None:
        """The odds of ``decision``, one of ``ask``'s options; None where it rolls nothing."""
        return None

    def attack_odds(
        self, view: MatchState, table: Tabletop, attacker: str, defender: str, how: str, **kw
    ) -> Odds | None:
        """The odds of a blow (``how="hand"``), a shot (``"shot"``) or a charge (``"charge"``) of
        ``attacker`` on ``defender`` from ``view`` as it stands, offered or not; None where the
        system has no such attack."""
        return None

    # -- words for players ----------------------------------------------------------------------
    def rule_texts(self) -> tuple[RuleText, ...]:
        return ()

    def figure_rows(self, view: MatchState, table: Tabletop, fid: str) -> list[tuple[str, str]]:
        """This system's rows on a figure's card ((label, value) pairs), after the common ones."""
        return []

    def term(self, kind: str, value) -> str:
        """A rules value in a player's words (``term("hand", "pair")``); ``str(value)`` if unknown."""
        return str(value)
