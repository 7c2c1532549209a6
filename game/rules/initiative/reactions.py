"""INI-REACT-1..4 reactive movement; INI-RSHOOT-1..4, INI-VOLLEY-1, INI-MS-1 reactive and
combined shooting. Plain coordinates: discs are Figures or (x, y, radius) tuples."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..implements import implements
from ..rangers.geometry import Disc, edge_distance, nearest_distance, path_length, path_points
from .config import InitiativeConfig
from .groups import contiguous_with, engaged


# -- INI-REACT-1/2 -------------------------------------------------------------------------------
def reaction_candidates(
    config: InitiativeConfig, friends: Mapping[str, Disc], movers: Mapping[str, Disc], enemies: Iterable[Disc]
) -> list[str]:
    """INI-REACT-1: unengaged friendly figures within 4" (``config.react_range``) of any enemy that
    moved to engage in the last action. ``enemies`` are all enemy figures in play (for the engaged
    test, PRE-INI-1)."""
    foes = list(enemies)
    return [
        fid
        for fid, d in friends.items()
        if not engaged(d, foes) and any(edge_distance(d, m) <= config.react_range + 1e-9 for m in movers.values())
    ]


def eligible_enemies(movers: Iterable[str], enemies: Mapping[str, Disc]) -> set[str]:
    """INI-REACT-2: the enemies that moved to engage, plus every enemy contiguous with them (a
    chain of gaps ≤ one base diameter)."""
    return contiguous_with(movers, enemies)


def reaction_end_problem(end: Disc, option: str, eligible: Iterable[str], enemies: Mapping[str, Disc]) -> str | None:
    """INI-REACT-1/2: why a reacting figure's end position is illegal, or None.

    ``option`` "engage": it must end in contact (within 1") with an eligible enemy and with no other
    enemy. "run": it must end out of contact with every enemy (the path is checked by
    ``run_away_problem``).
    """
    el = set(eligible)
    touching = [e for e, d in enemies.items() if engaged(end, [d])]
    if option == "engage":
        if not any(e in el for e in touching):
            return "a reacting figure that engages must end in contact with an enemy that just engaged (INI-REACT-2)"
        others = [e for e in touching if e not in el]
        if others:
            return f"a reacting figure may not end in contact with {others[0]!r}, which did not take part (INI-REACT-2)"
        return None
    if option == "run":
        if touching:
            return "a figure running away must not end in contact with an enemy (INI-REACT-1)"
        return None
    raise ValueError(f"reaction option must be 'engage' or 'run', not {option!r}")


def run_away_problem(
    path: Sequence[tuple[float, float]], radius: float, enemies: Iterable[Disc], move: float
) -> str | None:
    """INI-REACT-1: running away = up to a full move with every step farther from the nearest enemy
    (checked every 0.25")."""
    foes = list(enemies)
    if path_length(path) > move + 1e-6:
        return f'the path is {path_length(path):.2f}", more than the move of {move:g}" (INI-REACT-1)'
    prev = None
    for x, y in path_points(path):
        d = nearest_distance((x, y, radius), foes)
        if prev is not None and d <= prev + 1e-9:
            return "running away: every step must take the figure farther from the nearest enemy (INI-REACT-1)"
        prev = d
    return None


@dataclass(frozen=True, slots=True)
class ReactionWindow:
    """INI-REACT-3 / INI-RSHOOT-2: reacting figures are declared all at once, before any is
    resolved; none may be added afterwards."""

    candidates: frozenset[str]
    """Figures allowed to react."""
    declared: frozenset[str] | None = None
    """The declared reactors, once declared."""
    limit: int | None = None
    """Most reactors allowed (INI-RSHOOT-3), None for no limit."""

    @implements("INI-REACT-3")
    def declare(self, figures: Iterable[str]) -> ReactionWindow:
        """Declare the reactors (once); ValueError with a readable reason otherwise."""
        if self.declared is not None:
            raise ValueError("reactions were already declared; no figure may be added (INI-REACT-3)")
        chosen = frozenset(figures)
        bad = sorted(chosen - self.candidates)
        if bad:
            raise ValueError(f"{bad[0]!r} may not react to this action (INI-REACT-1)")
        if self.limit is not None and len(chosen) > self.limit:
            raise ValueError(f"at most {self.limit} figures may react by shooting to this action (INI-RSHOOT-3)")
        return ReactionWindow(self.candidates, chosen, self.limit)


@implements("INI-REACT-4")
def after_reactions(active: str) -> tuple[str, str]:
    """INI-REACT-4: reactions do not change the initiative; the passive side then rolls to seize
    as normal. Returns (active side, next step)."""
    return active, "seize"


# -- INI-RSHOOT ------------------------------------------------------------------------------------


def can_react_shoot(used_this_spell: bool) -> bool:
    """INI-RSHOOT-1: a side reacts with shooting once per enemy initiative spell."""
    return not used_this_spell


# -- INI-VOLLEY-1 -----------------------------------------------------------------------------------
@implements("INI-VOLLEY-1")
def volley_allowed(*, moved_any: bool, shooting_only: bool) -> bool:
    """INI-VOLLEY-1: a side that moves no figure and nominates shooting as its sole action may shoot
    with every missile figure once, as one action (one counter to the opponent, INI-SEIZE-3)."""
    return not moved_any and shooting_only


# -- INI-MS-1 -------------------------------------------------------------------------------------
MOVE_AND_SHOOT = {
    "bow": 0.5,
    "sling": 0.5,
    "javelin": 1.0,
    "thrown_knife": 1.0,
    "crossbow": 0.0,
    "musket": 0.0,
    "pistol": 0.0,
    "rifle": 0.0,
}


@implements("INI-MS-1")
def move_and_shoot_allowance(weapon: str, move: float) -> float:
    """INI-MS-1: how far a figure may move and still shoot in one action: bows and slings half
    move; javelins (and thrown knives) full move; crossbows and firearms must not move."""
    key = (weapon or "").lower()
    if key not in MOVE_AND_SHOOT:
        raise ValueError(f"unknown missile weapon {weapon!r} (INI-MS-1)")
    return MOVE_AND_SHOOT[key] * move


def move_and_shoot_problem(weapon: str, moved: float, move: float) -> str | None:
    """INI-MS-1: why moving ``moved`` inches then shooting is illegal, or None."""
    allow = move_and_shoot_allowance(weapon, move)
    if moved <= allow + 1e-9:
        return None
    if allow == 0:
        return f"a {weapon} must stay still to shoot (INI-MS-1)"
    return f'a {weapon} may move at most {allow:g}" and shoot (INI-MS-1)'
