"""The Rangers! turn pieces both the `rangers` and `initiative` presets use: INI-TOME-1 "To me!" (a
leader stands still and calls his scattered command to him) and the INI-RSHOOT-3 caps on reactive
shooters. Kept here, under rangers, so the initiative package builds on rangers and not both ways."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..counting import counted
from ..implements import implements
from ..model import round_in
from .geometry import Disc, centre_distance, edge_distance, nearest_distance, path_length, path_points, xyr

TOME_RANGE = 4.0


def in_command(leader: Any, fig: Any) -> bool:
    """Same side and same command as the leader (an untagged leader commands the whole side)."""
    if fig.side != leader.side:
        return False
    return not getattr(leader, "command", "") or getattr(fig, "command", "") == leader.command


@implements("INI-TOME-1")
def tome_movers(command: Mapping[str, Disc], others: Mapping[str, Disc], enemies: Iterable[Disc]) -> list[str]:
    """INI-TOME-1: who may move when the leader calls "To me!".

    ``command``: the leader's command (leader excluded); ``others``: friendly and allied figures not
    in it. Movers are the command figures more than 4" from every enemy, plus the others within 4"
    of one of those movers that are themselves more than 4" from every enemy. Order: command first,
    then others, each in mapping order.
    """
    foes = list(enemies)

    def far(d) -> bool:
        return nearest_distance(d, foes) > TOME_RANGE + 1e-9

    movers = [fid for fid, d in command.items() if far(d)]
    extra = [
        fid
        for fid, d in others.items()
        if far(d) and any(edge_distance(d, command[m]) <= TOME_RANGE + 1e-9 for m in movers)
    ]
    return movers + extra


def tome_move_problem(
    path: Sequence[tuple[float, float]], radius: float, leader: Disc, enemies: Iterable[Disc], move: float
) -> str | None:
    """INI-TOME-1: why a "To me!" move along ``path`` (centre waypoints, start first) is illegal,
    or None. Up to a full move; never within 4" of an enemy at any point (checked every 0.25");
    digital ruling: it must end nearer the leader (centre distance) than it started."""
    foes = list(enemies)
    if path_length(path) > move + 1e-6:
        return f'the path is {path_length(path):.2f}", more than the move of {move:g}" (INI-TOME-1)'
    for x, y in path_points(path):
        if nearest_distance((x, y, radius), foes) <= TOME_RANGE + 1e-9:
            return 'a figure answering "To me!" may not come within 4" of an enemy (INI-TOME-1)'
    lx, ly, _ = xyr(leader)
    if centre_distance(path[-1], (lx, ly)) >= centre_distance(path[0], (lx, ly)) - 1e-9:
        return 'a figure answering "To me!" must end nearer its leader (INI-TOME-1)'
    return None


# -- INI-RSHOOT ----------------------------------------------------------------------------------
@implements("INI-RSHOOT-3")
def max_reactive_shooters(inches_moved: float) -> int:
    """INI-RSHOOT-3: at most one reacting shooter per inch (or part) a moving enemy figure moved,
    minimum 1: max(1, ceil(inches)). Inches are first rounded to 1/1000 (DESIGN: determinism)."""
    return max(1, math.ceil(round_in(inches_moved)))


def reactive_shooter_caps(moves: Mapping[str, float]) -> dict[str, int]:
    """INI-RSHOOT-3: the cap for each moving enemy figure (mover id → inches it moved) on the
    reacting shooters that may shoot at it: ceil(inches), at least 1."""
    return {m: max_reactive_shooters(v) for m, v in moves.items()}


def reactive_cap_problem(
    items: Iterable[tuple[str, str]], caps: Mapping[str, int], names: Mapping[str, str] | None = None
) -> str | None:
    """INI-RSHOOT-3: why these (shooter, target) declarations break the per-mover caps, or None.
    Each moving figure may draw at most its own cap of reacting shooters; a cap unused on one mover
    never passes to another. ``names``: figure id → the name the reason gives it."""
    count: dict[str, int] = {}
    for _s, t in items:
        count[t] = count.get(t, 0) + 1
    for t, k in count.items():
        cap = caps.get(t)
        if cap is not None and k > cap:
            return (
                f"at most {counted(cap, 'figure')} may react by shooting at {(names or {}).get(t, t)}, which moved {counted(cap, 'inch', 'inches')} or part "
                f"of one (INI-RSHOOT-3)"
            )
    return None
