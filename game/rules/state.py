"""The whole state of a running match, as plain data a flow can read and change.

Figures are frozen and shared between copies. What the preset's system keeps between steps is its
own typed state (``system``, game/rules/system_state.py); what the scenario's victory conditions
count is the ``VictoryBook``; the match <-> preset protocol (a game turn ended, the rules ended the
game) is typed fields. ``to_json()`` writes them all as one canonical tree, its ``data`` the same
object for the same state forever (records and saves hold its hashes).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .config import RulesConfig
from .facts import Facts
from .model import Figure, SideInfo
from .system_state import SystemState, copy_tree


@dataclass(slots=True)
class VictoryBook(SystemState):
    """What the scenario's victory conditions count between judgements (game/rules/victory.py)."""

    starting: dict[str, int] | None = None
    """Figures per side at the start (rout conditions, SCN-PTS-1 points)."""
    struck: list[str] | None = None
    """Sides that struck their colours (PYR-MOR: strike_colours conditions)."""
    hold: dict[str, int] | None = None
    """"side:zone" -> game turns the side has held the zone alone (hold_zone conditions)."""


@dataclass(frozen=True, slots=True)
class Claim:
    """The rules ended the game themselves (a side completed its special objective)."""

    winner: str | None
    reason: str


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
    system: SystemState = field(default_factory=SystemState)
    """The preset's system's own state (its class is the ruleset's ``state_type``)."""
    book: VictoryBook = field(default_factory=VictoryBook)
    """What the scenario's victory conditions count between judgements."""
    turn_ended: int | None = None
    """The number of the last game turn the preset finished (the match judges turn-end conditions)."""
    claim: Claim | None = None
    """Set by the rules when they end the game themselves; the match ends it at once."""
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
            self.system.copy(),
            self.book.copy(),
            self.turn_ended,
            self.claim,
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
            "data": self.encode_data(),
            "over": self.over,
            "winner": self.winner,
            "end_reason": self.end_reason,
        }

    def encode_data(self) -> dict:
        """The ``data`` of the canonical encoding: the system's state, the victory book and the
        protocol fields, as one object (its keys are the fields' names)."""
        out = self.system.encode()
        out.update(self.book.encode())
        if self.turn_ended is not None:
            out["turn_ended"] = self.turn_ended
        if self.claim is not None:
            out["ended"] = True
            out["winner"] = self.claim.winner
            out["end_reason"] = self.claim.reason
        return out
