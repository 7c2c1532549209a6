"""OD6-FIRE-1 and PRE-OD6-1 shooting: RNG-SHOOT for OD6 pieces when a scenario enables it.

The source assumes unloaded units, so by default an engage move triggers no shot and no piece
fires. With the scenario option ``shooting`` (PRE-OD6-1, "unless the scenario enables RNG-SHOOT"):

- a piece whose roster carries a firearm (``missile``) fires by RNG-SHOOT-1 at its AV (14 by
  default, RNG-STAT-1 Enlisted) and must be loaded (RNG-SHOOT-2; option ``start_loaded``, or a
  roster ``loaded = true``); shooting unloads it;
- a unit may spend an action to load or to shoot (OD6-SEQ-1 with RNG-ACT-1's load and shoot);
- an engage move may be answered by the engaged side with one INI-RSHOOT reaction before contact
  (OD6-FIRE-1): at most ceil(inches moved) shooters per moving piece (INI-RSHOOT-3), each at +2
  (INI-RSHOOT-4), at the moving pieces only (INI-RSHOOT-1), once per enemy phase;
- [HOUSE] a hit Disrupts the piece in place; a piece already Disrupted is eliminated (``fire_hit``).

**Digital rulings** (the catalog is silent; each keeps the OD6 geometry honest):

- *Who may fire*: a piece that is loaded, not Disrupted (OD6-DIS-1: "cannot ... fire") and not
  touching an enemy piece (it is in close combat).
- *Arc*: a piece fires only at a target whose centre lies ahead of its own front edge; reason: the
  source's pieces are ranks facing their front, and RNG's arcs (GEO-FACE-1) are for round bases.
- *Range* = the gap between the two rectangles (GEO-DIST-1 for OD6 pieces); line of sight and cover
  come from the table between the centres (GEO-LOS-1, RNG-COVER-1).
- *In combat* (RNG-SHOOT-3): no shot at a piece within 1" of a piece of the shooter's side.
- *Timing of fire before contact*: the shots are resolved when the engage is declared, against the
  moving pieces where they stand, with "target moved" (+1). A piece the fire eliminates is removed
  before the move; a piece it Disrupts still completes the engage move and arrives Disrupted.
  Reason: the engage was checked as one rigid formation move (OD6-ENG-3); leaving a piece behind
  could put it in its neighbours' path.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from ..rangers.actions import is_firearm
from ..rangers.shooting import shooting_odds, weapon_max_range
from .contact import gap
from .pieces import Piece
from .result import Outcome, fire_hit

#: RNG-SHOOT-3 for pieces: a target this close (rectangle gap) to a piece of the shooter's side is in combat.
IN_COMBAT = 1.0
#: INI-RSHOOT-3 needs the inches a piece moved; a move of 0.0005" is rounding, not a move.
MOVE_EPS = 1e-3

__all__ = [
    "IN_COMBAT",
    "FireTarget",
    "ahead",
    "fire_hit",
    "may_fire",
    "reaction_cap",
    "shot_chance",
    "fire_targets",
    "Outcome",
]


@dataclass(frozen=True, slots=True)
class FireTarget:
    """One legal shot (OD6-FIRE-1 with RNG-SHOOT-1)."""

    shooter: str
    """Firing piece id."""
    target: str
    """Target piece id."""
    range_in: float
    """Gap between the rectangles, inches (rounded to 1/1000)."""
    cover: str | None
    """Target's cover: None, "soft" or "hard" (RNG-COVER-1)."""
    chance: Fraction
    """Exact chance to hit."""
    target_moved: bool = False
    """The +1 "target moved" modifier applies (RNG-SHOOT-1)."""


def may_fire(missile: str | None, loaded: bool, piece: Piece, touching_enemy: bool) -> bool:
    """A firearm piece that is loaded (RNG-SHOOT-2), not Disrupted (OD6-DIS-1) and not in contact."""
    return is_firearm(missile) and loaded and not piece.disrupted and not touching_enemy


def ahead(shooter: Piece, target: Piece) -> bool:
    """The target's centre lies ahead of the shooter's front edge (module doc, arc ruling)."""
    fx, fy = shooter.forward
    return (target.x - shooter.x) * fx + (target.y - shooter.y) * fy > shooter.depth / 2.0 + 1e-9


def shot_chance(
    av: int,
    range_in: float,
    cover: str | None,
    *,
    target_moved: bool,
    reactive: bool,
    missile: str | None,
    keen_eyed: bool = False,
) -> Fraction:
    """RNG-SHOOT-1 exact hit chance (INI-RSHOOT-4 when ``reactive``); 0 out of range."""
    return shooting_odds(
        av,
        range_in=range_in,
        cover=cover,
        target_moved=target_moved,
        reactive=reactive,
        keen_eyed=keen_eyed,
        weapon=missile,
    )


def fire_targets(
    shooter: Piece,
    av: int,
    missile: str | None,
    targets: Iterable[Piece],
    friends: Iterable[Piece],
    sight,
    *,
    moved: Iterable[str] = (),
    reactive: bool = False,
    keen_eyed: bool = False,
) -> list[FireTarget]:
    """Every legal shot of ``shooter`` at ``targets`` (enemy pieces), best chance first (ties: nearer
    gap, then nearer centre, so the piece straight ahead before a diagonal one, then id).
    ``sight(shooter_id, target_id)`` answers the table's Sight (clear, cover); ``friends`` are the
    shooter side's pieces (RNG-SHOOT-3); ``moved`` the target ids that count as moved."""
    targets, friends = list(targets), list(friends)
    moved = set(moved)
    reach = weapon_max_range(missile)
    out = []
    for t in targets:
        if not ahead(shooter, t):
            continue
        rng = round(gap(shooter, t), 3)
        if rng > reach + 1e-9:
            continue
        if any(gap(t, f) <= IN_COMBAT + 1e-9 for f in friends if f.id != shooter.id):
            continue
        s = sight(shooter.id, t.id)
        if not s.clear:
            continue
        tm = t.id in moved or reactive  # a reactive shot answers a move under way
        p = shot_chance(av, rng, s.cover, target_moved=tm, reactive=reactive, missile=missile, keen_eyed=keen_eyed)
        if p > 0:
            out.append(FireTarget(shooter.id, t.id, rng, s.cover, p, tm))
    centre = {t.id: round(math.hypot(t.x - shooter.x, t.y - shooter.y), 6) for t in targets}
    out.sort(key=lambda ft: (-ft.chance, ft.range_in, centre[ft.target], ft.target))
    return out


def reaction_cap(moves: Iterable[tuple[Piece, Piece]]) -> int:
    """INI-RSHOOT-3: at most ceil(inches moved), min 1, reacting shooters per moving piece, summed
    over the (start, end) positions of the moving pieces."""
    n = 0
    for a, b in moves:
        d = math.hypot(b.x - a.x, b.y - a.y)
        n += max(1, math.ceil(d - MOVE_EPS))
    return n
