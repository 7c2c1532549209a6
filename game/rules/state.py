"""The whole state of a running match, as plain data a flow can read and change.

Figures are frozen and shared between copies; everything else lives in ``data``, a JSON-like tree
(dicts, lists, str, int, float, bool, None), so ``copy()`` is cheap and ``to_json()`` canonical.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
        # asked thousands of times a turn; the answer only changes with the sides or the allies option
        opt = self.options.get("allies")
        memo = self.__dict__.get("_enemies_memo")
        if memo is None or memo[0] is not self.sides or memo[1] is not opt:
            by_side: dict[str, tuple[str, ...]] = {}
            memo = self._enemies_memo = (self.sides, opt, by_side)
        got = memo[2].get(sid)
        if got is None:
            allies = next((set(g) for g in (opt or []) if sid in g), {sid})
            got = memo[2][sid] = tuple(s.id for s in self.sides if s.id not in allies)
        return list(got)

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
