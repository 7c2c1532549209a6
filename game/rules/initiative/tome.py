"""INI-TOME-1 "To me!": a leader stands still and calls his scattered command to him."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..implements import implements
from ..rangers.geometry import Disc, centre_distance, edge_distance, nearest_distance, path_length, path_points, xyr

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
