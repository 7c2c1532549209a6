"""INI-SEQ-2 groups and INI-REACT-2 contiguity: figures linked by gaps ≤ one base diameter.

Works on plain coordinates: a mapping id → disc (a Figure, or an (x, y, radius) tuple). Two discs
are linked when their edge gap is ≤ the larger of their two base diameters ("within base distance
of the next"); a group is a connected component of that link.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..implements import implements
from ..rangers.geometry import Disc, edge_distance, xyr

ENGAGE_RANGE = 1.0
"""PRE-INI-1: "in contact" / "engaged" = within 1" of an enemy (RNG-HAND-1 range)."""


@implements("INI-REACT-2")
def linked(a: Disc, b: Disc) -> bool:
    """INI-SEQ-2 / INI-REACT-2: edge gap ≤ one base diameter (the larger of the two)."""
    return edge_distance(a, b) <= 2 * max(xyr(a)[2], xyr(b)[2]) + 1e-9


@implements("INI-SEQ-2")
def groups(figures: Mapping[str, Disc]) -> list[tuple[str, ...]]:
    """INI-SEQ-2: the groups of one side's figures, in the mapping's order (members and groups
    ordered by first appearance)."""
    ids = list(figures)
    seen: set[str] = set()
    out: list[tuple[str, ...]] = []
    for start in ids:
        if start in seen:
            continue
        comp = {start}
        stack = [start]
        seen.add(start)
        while stack:
            cur = stack.pop()
            for other in ids:
                if other not in seen and linked(figures[cur], figures[other]):
                    seen.add(other)
                    comp.add(other)
                    stack.append(other)
        out.append(tuple(i for i in ids if i in comp))
    return out


def group_of(figure: str, figures: Mapping[str, Disc]) -> tuple[str, ...]:
    """INI-SEQ-2: the group holding ``figure``."""
    for g in groups(figures):
        if figure in g:
            return g
    raise KeyError(figure)


def contiguous_with(seeds: Iterable[str], figures: Mapping[str, Disc]) -> set[str]:
    """INI-REACT-2: the seeds plus every figure reachable from them through links."""
    ids = set(seeds)
    out: set[str] = set()
    for g in groups(figures):
        if ids & set(g):
            out.update(g)
    return out | ids


def engaged(fig: Disc, enemies: Iterable[Disc]) -> bool:
    """PRE-INI-1: a figure is engaged (in contact) when an enemy is within 1" of it."""
    return any(edge_distance(fig, e) <= ENGAGE_RANGE + 1e-9 for e in enemies)
