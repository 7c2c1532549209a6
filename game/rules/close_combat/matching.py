"""OD6-ENG-2 pairs as a maximum 1:1 matching; OD6-ENG-3 the engage action's pair-count test."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..implements import implements
from .contact import engaged
from .pieces import Piece


@implements("OD6-ENG-2")
def max_matching(
    attackers: Sequence[str], defenders: Sequence[str], edges: Iterable[tuple[str, str]]
) -> dict[str, str]:
    """OD6-ENG-2: a maximum 1:1 matching attacker → defender over the allowed ``edges``.

    Simple augmenting paths (Kuhn); deterministic: attackers tried in the given order, each one's
    defenders in the given defender order.
    """
    allowed = set(edges)
    adj = {a: [d for d in defenders if (a, d) in allowed] for a in attackers}
    owner: dict[str, str] = {}

    def augment(a: str, seen: set[str]) -> bool:
        for d in adj[a]:
            if d in seen:
                continue
            seen.add(d)
            if d not in owner or augment(owner[d], seen):
                owner[d] = a
                return True
        return False

    for a in attackers:
        augment(a, set())
    out = {a: d for d, a in owner.items()}
    return {a: out[a] for a in attackers if a in out}


def engaged_edges(attackers: Sequence[Piece], defenders: Sequence[Piece]) -> list[tuple[str, str]]:
    """OD6-ENG-1: every (attacker id, defender id) in engaged contact."""
    return [(a.id, d.id) for a in attackers for d in defenders if engaged(a, d) is not None]


def pair_pieces(attackers: Sequence[Piece], defenders: Sequence[Piece]) -> dict[str, str]:
    """OD6-ENG-2: the pairs (attacker id → defender id) of a close combat from the geometry."""
    return max_matching([a.id for a in attackers], [d.id for d in defenders], engaged_edges(attackers, defenders))


def pair_count(attackers: Sequence[Piece], defenders: Sequence[Piece]) -> int:
    return len(pair_pieces(attackers, defenders))


def engage_is_legal(proposed_count: int, candidate_counts: Iterable[int]) -> bool:
    """OD6-ENG-3: an engage action starting a new close combat is legal only if its pair count is
    at least that of every candidate placement the engine tried."""
    return proposed_count >= max(candidate_counts, default=0)
