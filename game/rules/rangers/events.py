"""Events of the Rangers! flow (PRE-RNG-1, also used by PRE-INI-1): actions, attacks, shots, wounds.

Each is a frozen dataclass citing its rule; ``text()`` is one readable log line.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..events import Event


@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    """A figure took (or was refused) an action (RNG-ACT-1, RNG-MOT-3/4, RNG-HAND-4, INI actions)."""

    figure: str = ""
    """Id of the acting figure."""
    action: str = ""
    """charge, load, aim, shoot, move, attack, retaliate, hold, retreat, flee, cover, special, tome, …"""
    target: str = ""
    """Figure aimed at, if any."""
    detail: str = ""
    """A few readable words."""

    def text(self) -> str:
        s = f"{self.figure} {self.action}"
        if self.target:
            s += f" → {self.target}"
        if self.detail:
            s += f": {self.detail}"
        return s + f" ({self.rule})"


@dataclass(frozen=True, slots=True)
class AttackResolved(Event):
    """A hand-combat attack (RNG-HAND-1..5): the DV faced and the result."""

    attacker: str = ""
    """Id of the attacker."""
    defender: str = ""
    """Id of the defender."""
    av: int = 0
    """Attacker's AV."""
    dv: int = 0
    """DV the attacker faced (share, halved from the rear or when fleeing, + obstacle)."""
    natural: int = 0
    """Natural d20."""
    hit: bool = False
    """The attack hit."""
    critical: bool = False
    """Natural 1: critical (−2 on the wound roll)."""
    rear: bool = False
    """Rear attack at halved DV (RNG-HAND-2)."""
    how: str = "attack"
    """attack, charge, retaliate, free (RNG-HAND-4), melee (INI)."""

    def text(self) -> str:
        res = "critical hit" if self.critical else "hit" if self.hit else "miss"
        rear = ", from the rear" if self.rear else ""
        return (
            f"{self.attacker} attacks {self.defender} ({self.how}{rear}): AV {self.av} vs DV {self.dv}, "
            f"d20 {self.natural} — {res} ({self.rule})"
        )


@dataclass(frozen=True, slots=True)
class ShotResolved(Event):
    """A shot (RNG-SHOOT-1..3, RNG-COVER-1, INI-RSHOOT-4)."""

    attacker: str = ""
    """Id of the shooter."""
    target: str = ""
    """Id of the target."""
    range_in: float = 0.0
    """Edge-to-edge range in inches."""
    cover: str = ""
    """Target's cover: "", soft or hard."""
    natural: int = 0
    """Natural d20."""
    hit: bool = False
    """The shot hit."""
    reactive: bool = False
    """A reactive shot (INI-RSHOOT)."""

    def text(self) -> str:
        cov = f", {self.cover} cover" if self.cover else ""
        r = "reactive " if self.reactive else ""
        return (
            f"{self.attacker} {r}shoots at {self.target} at {self.range_in:.1f} in{cov}: d20 {self.natural} — "
            f"{'hit' if self.hit else 'miss'} ({self.rule})"
        )


@dataclass(frozen=True, slots=True)
class WoundsDealt(Event):
    """The wound roll's outcome on a figure (RNG-WND-1/2)."""

    target: str = ""
    """Id of the figure hit."""
    dealt: int = 0
    """Wounds dealt after Lucky."""
    wounds: int = 0
    """Wounds the figure now has."""
    dead: bool = False
    """The figure is dead (removed)."""

    def text(self) -> str:
        if self.dead:
            return f"{self.target} is killed ({self.rule})"
        if self.dealt == 0:
            return f"{self.target}: negligible wound ({self.rule})"
        return f"{self.target} takes {self.dealt} wound(s), now {self.wounds} ({self.rule})"


@dataclass(frozen=True, slots=True)
class Faced(Event):
    """A figure turned to face another (RNG-HAND-2)."""

    figure: str = ""
    """Id of the figure that turned."""
    target: str = ""
    """Id of the figure it now faces."""
    facing: float = 0.0
    """New facing in degrees."""

    def text(self) -> str:
        return f"{self.figure} turns to face {self.target} ({self.rule})"


@dataclass(frozen=True, slots=True)
class MoraleBroken(Event):
    """A faction's morale broke (RNG-MOR-1): later failed motivation means flight."""

    side: str = ""
    """Side id."""
    reason: str = ""
    """leader killed, or points at half or less."""

    def text(self) -> str:
        return f"{self.side}'s morale is broken: {self.reason} ({self.rule})"


@dataclass(frozen=True, slots=True)
class AggressionSpent(Event):
    """Aggression points spent on a roll (RNG-AP-1)."""

    side: str = ""
    """Side spending."""
    points: int = 0
    """Points spent."""
    left: int = 0
    """Points left."""
    purpose: str = ""
    """The roll they shift."""

    def text(self) -> str:
        return f"{self.side} spends {self.points} aggression point(s) on the {self.purpose}, {self.left} left ({self.rule})"
