"""ESC-PAIR-1/2: the attacker pairs his figures with defenders; leftover defenders join duels.

Civilians never fight (ESC-CIV-1): pass only ``fighters``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from ..decisions import IllegalDecision
from ..implements import implements
from .duel import Duel


@implements("ESC-PAIR-1")
def validate_pairing(attackers: Sequence[str], defenders: Sequence[str], pairing: Mapping[str, str]) -> None:
    """ESC-PAIR-1: every attacker is paired with a defender, and every defender gets an attacker
    if numbers allow (the defenders covered = min(#attackers, #defenders)). Raises IllegalDecision."""
    if set(pairing) != set(attackers):
        missing = [a for a in attackers if a not in pairing]
        if missing:
            raise IllegalDecision(f"{missing[0]} must be paired with a defender (ESC-PAIR-1)")
        extra = sorted(set(pairing) - set(attackers))[0]
        raise IllegalDecision(f"{extra} is not an attacker in this melee")
    dset = set(defenders)
    for a, d in pairing.items():
        if d not in dset:
            raise IllegalDecision(f"{a} is paired with {d}, who is not a defender here")
    covered = set(pairing.values())
    need = min(len(attackers), len(defenders))
    if len(covered) < need:
        left = [d for d in defenders if d not in covered]
        raise IllegalDecision(f"every defender must be attacked if possible: {left[0]} has no attacker (ESC-PAIR-1)")


def auto_pairing(attackers: Sequence[str], defenders: Sequence[str]) -> dict[str, str]:
    """ESC-PAIR-1 default: attackers in order take defenders in order, extras go round again."""
    if not defenders:
        raise ValueError("no defender to pair with")
    return {a: defenders[i % len(defenders)] for i, a in enumerate(attackers)}


def unpaired_defenders(defenders: Sequence[str], pairing: Mapping[str, str]) -> list[str]:
    covered = set(pairing.values())
    return [d for d in defenders if d not in covered]


@implements("ESC-PAIR-2")
def validate_extras(defenders: Sequence[str], pairing: Mapping[str, str], extras: Mapping[str, str]) -> None:
    """ESC-PAIR-2: each unpaired defender joins the duel of an attacker of the defender's choice."""
    left = unpaired_defenders(defenders, pairing)
    if set(extras) != set(left):
        miss = [d for d in left if d not in extras]
        if miss:
            raise IllegalDecision(f"{miss[0]} must join a duel (ESC-PAIR-2)")
        raise IllegalDecision(f"{sorted(set(extras) - set(left))[0]} is already in a duel")
    for d, a in extras.items():
        if a not in pairing:
            raise IllegalDecision(f"{d} must join the duel of an attacker; {a} is not one")


def auto_extras(defenders: Sequence[str], pairing: Mapping[str, str]) -> dict[str, str]:
    """ESC-PAIR-2 default: unpaired defenders go round the attackers' duels in attacker order."""
    left = unpaired_defenders(defenders, pairing)
    atts = list(pairing)
    return {d: atts[i % len(atts)] for i, d in enumerate(left)} if atts else {}


def build_duels(
    attackers: Sequence[str],
    defenders: Sequence[str],
    pairing: Mapping[str, str],
    extras: Mapping[str, str] | None = None,
) -> list[Duel]:
    """The duels of a round (ESC-PAIR-1/2), validated; order: by defender when attackers are at
    least as many, else by attacker. The attacker then chooses the order (ESC-DUEL-1)."""
    validate_pairing(attackers, defenders, pairing)
    extras = dict(extras or {})
    if unpaired_defenders(defenders, pairing) or extras:
        validate_extras(defenders, pairing, extras)
    counts = Counter(pairing.values())
    if all(n == 1 for n in counts.values()):
        # one attacker per defender: extra defenders join attackers' duels
        return [Duel((a,), (pairing[a],) + tuple(d for d in defenders if extras.get(d) == a)) for a in attackers]
    if extras:
        raise IllegalDecision("extra defenders join duels only when defenders outnumber attackers (ESC-PAIR-2)")
    return [Duel(tuple(a for a in attackers if pairing[a] == d), (d,)) for d in defenders if d in counts]


def validate_order(duels: Sequence[Duel], order: Sequence[int]) -> list[Duel]:
    """ESC-DUEL-1: the attacker's chosen order, as a permutation of duel indexes."""
    if sorted(order) != list(range(len(duels))):
        raise IllegalDecision("the duel order must name every duel exactly once (ESC-DUEL-1)")
    return [duels[i] for i in order]
