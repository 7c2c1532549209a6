"""What the screen and the AI of one side may read of a system's state: ``Ruleset.observe``.

A small typed record built from a public view (``Ruleset.public_view``), so it holds nothing the
side may not see. The screen and the AI read a system's bookkeeping only through it: they never
look inside a system's state. Each system fills the fields it keeps; the others keep their
"nothing here" values. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Observation:
    """One side's reading of the system's state (a public view's)."""

    deals_cards: bool = False
    """The system deals hands of chance cards (PYR-CARD): the screen keeps room to show them."""
    hand: tuple[str, ...] = ()
    """The side's own chance cards (PYR-CARD), rules values (``Ruleset.term("card", c)`` words them)."""
    acted: frozenset[str] | None = None
    """Figures that have acted in the running player-turn; None where the system keeps no such list."""
    holds: dict[str, int] = field(default_factory=dict)
    """Hold-zone counts (the scenario's hold conditions): "side:zone" -> game turns held so far."""
    sleepers: tuple[str, ...] = ()
    """Figures asleep until the alarm (SCN-ALARM-1)."""
    fire: tuple[tuple[str, float, float, float], ...] = ()
    """Burning cells (SCN-FIRE-1) as (level, x, y, size) in inches, x and y the top-left corner."""
    counters: int = 0
    """The side's initiative counters (INI-SEIZE-3)."""
    broken: bool = False
    """The system's own book says the side's morale has broken (RNG-MOR-1)."""
    start_points: int = 0
    """The side's points at the start, as the system counts them for morale (RNG-MOR-1); 0 unknown."""
    disrupted: frozenset[str] = frozenset()
    """Pieces carrying a Disrupted marker (OD6-DIS-1)."""
