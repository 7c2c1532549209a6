"""The whole state of a running match, as plain data a flow can read and change.

Figures are frozen and shared between copies; everything else lives in ``data``, a JSON-like tree
(dicts, lists, str, int, float, bool, None), so ``copy()`` is cheap and ``to_json()`` canonical.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .config import RulesConfig
from .facts import Facts
from .model import Figure, SideInfo

_LEAVES = frozenset({str, int, float, bool, type(None)})


def copy_tree(v):
    """Copy a JSON-like tree (faster than copy.deepcopy for plain data)."""
    # leaves are returned as they are, without a call each: a state copy is taken every step
    if isinstance(v, dict):
        return {k: x if type(x) in _LEAVES else copy_tree(x) for k, x in v.items()}
    if isinstance(v, list):
        return [x if type(x) in _LEAVES else copy_tree(x) for x in v]
    return v


@dataclass
class MatchState:
    """Everything a match is, apart from its dice and table (which the match keeps beside it)."""

    sides: tuple[SideInfo, ...]
    """The sides, in scenario order."""
    figures: dict[str, Figure]
    """Every figure by id, in roster order, including those out of play."""
    preset: str = ""
    """Name of the ruleset preset (PRE-*)."""
    options: dict = field(default_factory=dict)
    """Scenario and preset options (JSON-like)."""
    turn: int = 0
    """Game turn number, from 1 once play begins."""
    phase: str = "setup"
    """Name of the next step the preset's flow runs."""
    active: str | None = None
    """Side whose player-turn it is."""
    data: dict = field(default_factory=dict)
    """Preset bookkeeping (JSON-like): counters, cards, who acted, mêlées in progress."""
    over: bool = False
    """True once the match has ended."""
    winner: str | None = None
    """Winning side id when over; None for a draw or while running."""
    end_reason: str = ""
    """Why the match ended."""
    config: RulesConfig = field(default=RulesConfig(), compare=False, repr=False)
    """The preset's numbers (its ruleset's ``config``, game/rules/config.py): fixed for the match,
    shared by every copy, not encoded (the preset's name stands for them)."""
    facts: Facts = field(default_factory=Facts, compare=False, repr=False)
    """The one cache of answers about these figures (game/rules/facts.py); a copy starts empty."""

    def copy(self) -> MatchState:
        return MatchState(
            self.sides,
            dict(self.figures),
            self.preset,
            copy_tree(self.options),
            self.turn,
            self.phase,
            self.active,
            copy_tree(self.data),
            self.over,
            self.winner,
            self.end_reason,
            self.config,
        )

    def side_ids(self) -> list[str]:
        return [s.id for s in self.sides]

    def side(self, sid: str) -> SideInfo:
        for s in self.sides:
            if s.id == sid:
                return s
        raise KeyError(sid)

    def enemies_of(self, sid: str) -> list[str]:
        """Other sides (allied sides are a scenario option, `allies`: list of lists of side ids)."""
        groups = self.options.get("allies")
        if not groups:
            return [s.id for s in self.sides if s.id != sid]
        allies = next((g for g in groups if sid in g), (sid,))
        return [s.id for s in self.sides if s.id not in allies]

    def in_play(self, side: str | None = None) -> list[Figure]:
        return [f for f in self.figures.values() if f.in_play and (side is None or f.side == side)]

    def to_json(self, figures: bool = True) -> dict:
        return {
            "sides": [s.id for s in self.sides],
            "figures": [f.to_json() for f in self.figures.values()] if figures else list(self.figures),
            "preset": self.preset,
            "options": self.options,
            "turn": self.turn,
            "phase": self.phase,
            "active": self.active,
            "data": self.data,
            "over": self.over,
            "winner": self.winner,
            "end_reason": self.end_reason,
        }
