"""INI-SEQ-1 [HOUSE] game-turn bookkeeping for the initiative preset.

A game turn starts with a d20 roll-off; the winner is active. The active side takes one action,
reactions follow (INI-REACT, INI-RSHOOT), then the passive side makes one seize attempt; failure
leaves the active side acting. Passing hands the initiative over without a roll; two passes in a
row (the new active side passes at once) end the game turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..dice import Dice
from ..events import DiceRolled
from ..implements import implements


@dataclass(frozen=True, slots=True)
class IniTurn:
    """Where a game turn stands (JSON-friendly fields)."""

    turn: int
    """Game turn number, from 1."""
    active: str
    """Side holding the initiative."""
    passive: str
    """The other side."""
    passes: int = 0
    """Passes in a row (2 ends the game turn)."""
    rshoot_used: bool = False
    """The passive side has reacted with shooting during this initiative spell (INI-RSHOOT-1)."""
    over: bool = False
    """The game turn has ended."""

    def to_json(self) -> dict:
        return {
            "turn": self.turn,
            "active": self.active,
            "passive": self.passive,
            "passes": self.passes,
            "rshoot_used": self.rshoot_used,
            "over": self.over,
        }


@implements("INI-SEQ-1")
def roll_turn_start(dice: Dice, sides: Sequence[str], turn: int) -> tuple[IniTurn, list[DiceRolled]]:
    """INI-SEQ-1: a game turn starts with a d20 roll-off (GEN-DICE-3); the winner is active."""
    if len(sides) != 2:
        raise ValueError("the initiative sequence is for two sides")
    winner, events = dice.roll_off("INI-SEQ-1", list(sides), sides=20)
    loser = sides[1] if winner == sides[0] else sides[0]
    return IniTurn(turn, winner, loser), events


def _swap(t: IniTurn, **kw) -> IniTurn:
    return replace(t, active=t.passive, passive=t.active, rshoot_used=False, **kw)


def after_action(t: IniTurn) -> IniTurn:
    """INI-SEQ-1: the active side acted: the pass streak ends (reactions and a seize attempt follow)."""
    return replace(t, passes=0)


def after_pass(t: IniTurn) -> IniTurn:
    """INI-SEQ-1: the active side passes: initiative changes hands without a roll; the second pass
    in a row ends the game turn."""
    if t.passes >= 1:
        return replace(t, passes=t.passes + 1, over=True)
    return _swap(t, passes=1)


@implements("INI-SEIZE-5")
def after_seize(t: IniTurn, success: bool) -> IniTurn:
    """INI-SEQ-1 / INI-SEIZE-5: a successful seize makes the passive side active."""
    return _swap(t, passes=0) if success else t


def after_reactive_shooting(t: IniTurn) -> IniTurn:
    """INI-RSHOOT-1: the passive side has used its one reactive shooting of this initiative spell."""
    if t.rshoot_used:
        raise ValueError("this side already reacted with shooting during this enemy initiative (INI-RSHOOT-1)")
    return replace(t, rshoot_used=True)
