"""RNG-MOVE-1/2 terrain and obstacles, as cost helpers on plain numbers and coordinates."""

from __future__ import annotations

from collections.abc import Iterable

from ..implements import implements
from .geometry import Disc, point_segment_distance, side_of_line, xyr

TERRAIN_COST = {"open": 1.0, "tough": 2.0}
DEFENDED_DISTANCE = 1.0


def crossing_allowance(move: float) -> float:
    """RNG-MOVE-2: a figure that stopped at a linear obstacle crosses it next player-turn at half move."""
    return move / 2.0


def obstacle_defended(mover: Disc, segment: tuple[float, float, float, float], enemies: Iterable[Disc]) -> bool:
    """RNG-MOVE-2 digital ruling: a linear obstacle (segment x1, y1, x2, y2) is defended against
    the mover when an enemy base on the far side lies within 1" of it (edge of base to the line)."""
    mx, my, _ = xyr(mover)
    ax, ay, bx, by = segment
    my_side = side_of_line(mx, my, ax, ay, bx, by)
    for e in enemies:
        ex, ey, er = xyr(e)
        s = side_of_line(ex, ey, ax, ay, bx, by)
        if my_side * s > 0:
            continue  # same side as the mover
        if point_segment_distance(ex, ey, ax, ay, bx, by) - er <= DEFENDED_DISTANCE + 1e-9:
            return True
    return False


@implements("RNG-MOVE-2")
def may_cross(*, stopped_last_turn: bool, defended: bool) -> bool:
    """RNG-MOVE-2: a figure must stop on reaching a linear obstacle; in a later player-turn it may
    cross (at half move) if the obstacle is undefended."""
    return stopped_last_turn and not defended
