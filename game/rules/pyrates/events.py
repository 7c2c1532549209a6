"""Events of the Pyrates mêlée mechanics (DESIGN: events cite their rule)."""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event


@dataclass(frozen=True, slots=True)
class DieRerolled(Event):
    """One die of a mêlée hand was thrown again; the new face is kept (PYR-DICE-2)."""

    who: str = ""
    """Side (or figure) whose hand it is."""
    hand_no: int = 1
    """Which hand of the side's pool, from 1 (PYR-DICE-1)."""
    index: int = 0
    """Position of the rerolled die in the hand, from 0."""
    old: int = 0
    """Face before the reroll."""
    new: int = 0
    """Natural face thrown (GEN-DICE-1)."""
    faces: tuple[int, ...] = ()
    """The hand after the reroll."""
    rerolls_left: int = 0
    """Rerolls still unused in this hand."""

    def text(self) -> str:
        return (
            f"{self.who or 'hand'} hand {self.hand_no}: reroll die {self.index + 1} {self.old} → {self.new}, "
            f"now [{' '.join(map(str, self.faces))}], {self.rerolls_left} left ({self.rule})"
        )


@dataclass(frozen=True, slots=True)
class HandScored(Event):
    """A finished mêlée hand and the casualties it adds to the side's pool (PYR-DMG-1)."""

    who: str = ""
    """Side (or figure) whose hand it is."""
    hand_no: int = 1
    """Which hand of the side's pool, from 1."""
    faces: tuple[int, ...] = ()
    """Final faces."""
    hand: str = "nothing"
    """Hand value (``Hand`` value string)."""
    knockdowns: int = 0
    """Knockdowns the hand inflicts."""
    wounds: int = 0
    """Wounds the hand inflicts."""
    rerolls_used: int = 0
    """How many rerolls were used."""
    thrown: tuple[int, ...] = ()
    """The faces as first thrown, before any reroll (PYR-DICE-1)."""

    @property
    def label(self) -> str:
        """The hand's name for players ("Full house"): what the screen and the log show."""
        from .hands import Hand

        try:
            return Hand(self.hand).label
        except ValueError:
            return self.hand

    def text(self) -> str:
        from .hands import Damage

        dmg = Damage(self.knockdowns, self.wounds).text()
        return (
            f"{self.who or 'hand'} hand {self.hand_no}: [{' '.join(map(str, self.faces))}] "
            f"{self.label.lower()} → {dmg} ({self.rule})"
        )


# -- the interactive flow (PRE-PYR-1: activation, reactions, the mêlée step) ------------------------
@dataclass(frozen=True, slots=True)
class MeleeRoundStarted(Event):
    """A mêlée round begins (PYR-SEQ-1); lists who takes part on each side."""

    melee: int = 0
    """Number of the mêlée in this mêlée step, from 1."""
    round: int = 1
    """Round number in this mêlée step, from 1 (PYR-SEQ-2 caps it at 6)."""
    sides: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(side, participant ids) per side."""
    rat: str = ""
    """Cornered rat fighting its own mêlée (PYR-CR-2), if any."""

    def text(self) -> str:
        who = "; ".join(f"{s}: {', '.join(ids)}" for s, ids in self.sides)
        extra = f" (cornered rat {self.rat})" if self.rat else ""
        return f"Mêlée {self.melee}, round {self.round}{extra}: {who} ({self.rule})"


@dataclass(frozen=True, slots=True)
class QuotaSet(Event):
    """A side's Mêlée Quota for this round (PYR-MQ-1..7)."""

    who: str = ""
    """Side id."""
    total: str = "0"
    """Exact sum as a fraction string."""
    mq: int = 0
    """Rounded quota."""
    lines: tuple[str, ...] = ()
    """Readable contributions."""

    def text(self) -> str:
        return f"{self.who} Mêlée Quota {self.mq} (exact {self.total}: {'; '.join(self.lines)}) ({self.rule})"


@dataclass(frozen=True, slots=True)
class TapDeclared(Event):
    """A tap: one figure deals items from its side's pool (PYR-ALLOC-2)."""

    tapper: str = ""
    """Figure tapped."""
    side: str = ""
    """Its side."""
    items: tuple[tuple[str, str], ...] = ()
    """(victim, item) in order."""
    surrounded: bool = False
    """The tapper was surrounded when the tap was declared (PYR-SUR-1)."""

    def text(self) -> str:
        its = ", ".join(f"{i.upper()}→{t}" for t, i in self.items) or "nothing"
        return f"{self.tapper} taps: {its} ({self.rule})"


@dataclass(frozen=True, slots=True)
class ItemResolved(Event):
    """One item of a tap, fully resolved (PYR-ALLOC-2, PYR-SAVE-3, PYR-PUSH-1, PYR-DIS, PYR-MG-1)."""

    tapper: str = ""
    """Striking figure."""
    victim: str = ""
    """Figure given the item."""
    item: str = ""
    """kd, w, disarm, capture, with +mg/+sneaky."""
    outcome: str = ""
    """saved, wounded, knocked_down, disarmed, captive, pushback, pushback_wounded, dodged, wasted."""
    credit: str = ""
    """What the striking side is credited for PYR-WIN-1: kd, w, w+push, push or ""."""

    def text(self) -> str:
        return f"{self.tapper}'s {self.item.upper()} on {self.victim}: {self.outcome.replace('_', ' ')} ({self.rule})"


@dataclass(frozen=True, slots=True)
class RoundTallied(Event):
    """The round's tally and its winner (PYR-WIN-1, PYR-ALLOC-3)."""

    tallies: tuple[tuple[str, int, int, int, int], ...] = ()
    """(side, KD, W, pushbacks, MDP) per side, unallocated damage included."""
    winner: str = ""
    """Tally winner."""
    decided_by: str = ""
    """Criterion that decided it."""

    def text(self) -> str:
        parts = "; ".join(f"{s}: {k} KD, {w} W, {p} pushbacks" for s, k, w, p, _ in self.tallies)
        return f"Tally — {parts} → {self.winner} wins on {self.decided_by} ({self.rule})"


@dataclass(frozen=True, slots=True)
class RoundResult(Event):
    """Who won the round after morale (PYR-SEQ-1 step 8) and what the loser does (PYR-WIN-3)."""

    winner: str = ""
    """Winning side ("" if every party fled)."""
    loser: str = ""
    """Losing side."""
    choice: str = ""
    """fight_on, withdraw, strike_colours, abandon_ship, fled, ended."""

    def text(self) -> str:
        return f"Round won by {self.winner or 'nobody'}; {self.loser or 'nobody'}: {self.choice.replace('_', ' ')} ({self.rule})"


@dataclass(frozen=True, slots=True)
class ShotResolved(Event):
    """A shot and its effect in the pyrates preset (PRE-PYR-1: RNG-SHOOT, then a PYR save)."""

    figure: str = ""
    """Shooter."""
    target: str = ""
    """Figure shot at (or hit instead, PYR-CARD-2)."""
    weapon: str = ""
    """Missile used."""
    outcome: str = ""
    """miss, negligible, saved, wounded, knocked_down."""

    def text(self) -> str:
        return f"{self.figure} shoots {self.target} with {self.weapon}: {self.outcome.replace('_', ' ')} ({self.rule})"
