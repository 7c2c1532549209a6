"""Events: what happened, as frozen dataclasses that cite the rule that produced them.

The combat log, animations and tests read events alone. Every event has ``rule`` (an ID from
shared/RULES.md) and ``text()``, one readable log line. Systems define their own events by
subclassing ``Event`` in their package.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event."""

    rule: str
    """Rule ID from shared/RULES.md that produced this event."""

    def text(self) -> str:
        return f"{type(self).__name__}"

    def roll_parts(self):
        """The arithmetic of the roll this event reports (a ``game.rules.roll_odds.RollParts``), or
        None for an event that rolls nothing."""
        return None

    def figures(self) -> tuple[str, ...]:
        """Ids of the figures this event involves (the log highlights them)."""
        out = []
        for f in fields(self):
            if f.name in ("figure", "target", "attacker", "defender", "tapper", "victim", "who"):
                v = getattr(self, f.name)
                if isinstance(v, str) and v:
                    out.append(v)
        return tuple(out)

    def to_json(self) -> dict:
        out: dict = {"type": type(self).__name__}
        for f in fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out


def _plain(v):
    if isinstance(v, enum.Enum):
        return v.value
    if isinstance(v, (tuple, list)):
        return [_plain(x) for x in v]
    if isinstance(v, frozenset):
        return sorted(_plain(x) for x in v)
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    if hasattr(v, "to_json"):
        return v.to_json()
    return v


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """Dice were rolled (GEN-DICE-1): natural faces, modifier, target and result."""

    who: str = ""
    """Figure or side id the roll is for."""
    purpose: str = ""
    """What the roll decides, in a few words ("save", "motivation", "initiative")."""
    die: int = 6
    """Number of faces of each die."""
    faces: tuple[int, ...] = ()
    """Natural faces, in the order rolled."""
    modifier: int = 0
    """Total modifier added to the natural sum."""
    target: int | None = None
    """Target number, if the roll is a test."""
    roll_under: bool = False
    """True when the test succeeds on total <= target (RNG); else total >= target (GEN-DICE-2)."""
    success: bool | None = None
    """Outcome of the test, None for rolls that are not tests."""
    natural_pass: tuple[int, ...] = ()
    """Faces of a single die that pass whatever the total (e.g. RNG-HAND-1's natural 1)."""
    natural_fail: tuple[int, ...] = ()
    """Faces of a single die that fail whatever the total (e.g. PYR-SAVE-1's natural 1)."""
    parts: tuple[tuple[int, str, str], ...] = ()
    """(amount, reason, rule ID) of each modifier where the rolling rule names them; they sum to
    ``modifier``."""
    target_parts: tuple[tuple[int, str, str], ...] = ()
    """(amount, reason, rule ID) of each modifier that moved the target (PYR-SAVE-1: 6 − their sum)."""

    @property
    def total(self) -> int:
        return sum(self.faces) + self.modifier

    def roll_parts(self):
        """The roll's arithmetic (game.rules.roll_odds): the exact chance of a test, and luck for a
        test or a roll-off (higher is better in a roll-off; in a test, the direction that passes)."""
        from .roll_odds import RollParts, pass_chance, sum_percentile

        n = len(self.faces)
        chance = None
        luck: tuple = ()
        if n and self.target is not None:
            chance = pass_chance(
                n, self.die, self.modifier, self.target, self.roll_under, self.natural_pass, self.natural_fail
            )
            if self.who:
                luck = ((self.who, sum_percentile(n, self.die, sum(self.faces), low_is_good=self.roll_under)),)
        elif n and self.who and self.purpose == "roll-off":
            luck = ((self.who, sum_percentile(n, self.die, sum(self.faces))),)
        return RollParts(
            rule=self.rule,
            dice=tuple((self.die, f) for f in self.faces),
            modifier=self.modifier,
            parts=tuple((str(r), int(a), str(why)) for a, why, r in self.parts),
            target_parts=tuple((str(r), int(a), str(why)) for a, why, r in self.target_parts),
            total=self.total,
            target=self.target,
            roll_under=self.roll_under,
            natural_pass=self.natural_pass,
            natural_fail=self.natural_fail,
            success=self.success,
            chance=chance,
            luck=luck,
        )

    def text(self) -> str:
        faces = " ".join(str(f) for f in self.faces)
        s = f"{self.who or 'roll'} {self.purpose}: d{self.die} [{faces}]"
        if self.modifier:
            s += f" {'+' if self.modifier > 0 else '-'}{abs(self.modifier)} = {self.total}"
        if self.target is not None:
            s += f" vs {'≤' if self.roll_under else '≥'}{self.target}"
        if self.success is not None:
            s += " — success" if self.success else " — fails"
        return s + f" ({self.rule})"


@dataclass(frozen=True, slots=True)
class Note(Event):
    """A plain statement for the log (a rule applied with no other effect)."""

    message: str = ""
    """The log line."""
    who: str = ""
    """Figure the note is about, if any."""

    def text(self) -> str:
        return f"{self.message} ({self.rule})"


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """A figure moved; the resolved end position is stored so replays re-apply it."""

    figure: str = ""
    """Id of the figure that moved."""
    path: tuple[tuple[float, float], ...] = ()
    """Centre path in inches, start first, end last."""
    cost: float = 0.0
    """Movement spent in inches (terrain doubles, GEO-DIST-1/RNG-MOVE-1)."""
    how: str = "move"
    """move, charge, pushback, follow_up, retreat, flee, fall, escape, reaction."""
    level: str = ""
    """Level at the end, when it changed; empty if unchanged."""

    def text(self) -> str:
        (x, y) = self.path[-1] if self.path else (0.0, 0.0)
        return f"{self.figure} {self.how} to ({x:.2f}, {y:.2f}) in, {self.cost:.2f} in ({self.rule})"


@dataclass(frozen=True, slots=True)
class StatusChanged(Event):
    """A figure's status or wounds changed."""

    figure: str = ""
    """Id of the figure."""
    status: str = ""
    """New status value."""
    wounds: int = 0
    """Wounds after the change."""
    cause: str = ""
    """Short cause ("failed save", "fall", "shot")."""

    def text(self) -> str:
        return (
            f"{self.figure} is {self.status.replace('_', ' ')}"
            + (f" ({self.cause})" if self.cause else "")
            + f" ({self.rule})"
        )


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """A new game turn began."""

    turn: int = 0
    """Game turn number, from 1."""
    first: str = ""
    """Side that takes the first player-turn."""

    def text(self) -> str:
        return f"Turn {self.turn}: {self.first} moves first ({self.rule})"


@dataclass(frozen=True, slots=True)
class PlayerTurnStarted(Event):
    """A side's player-turn began (GEN-TURN-1)."""

    side: str = ""
    """Side whose player-turn it is."""
    turn: int = 0
    """Game turn number."""

    def text(self) -> str:
        return f"{self.side}'s player-turn ({self.rule})"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The match ended."""

    winner: str | None = None
    """Winning side id, or None for a draw."""
    reason: str = ""
    """Why it ended, readable."""
    at_turn_limit: bool = False
    """The scenario's turn limit ended it (a side holding out, or a draw), not an objective met."""

    def text(self) -> str:
        who = self.winner or "nobody"
        return f"Game over: {who} wins — {self.reason} ({self.rule})"
