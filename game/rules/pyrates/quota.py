"""Mêlée Quota: who counts and for how much (PYR-MQ-1..7).

The caller (the mêlée flow) asks the Tabletop the geometry facts and passes them here as plain
booleans and ids; these functions only add up. Both sides are computed together because a Reach
weapon or a horse in close quarters gives its amount to the opposing side (PYR-MQ-4).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from ..implements import implements
from ..model import Figure, Rank, Status, WeaponClass
from .config import PyratesConfig

#: the amounts a line can have, made once: Fractions are immutable, and building one costs more
#: than the rest of a line
ZERO, HALF, ONE, TWO, THREE = Fraction(0), Fraction(1, 2), Fraction(1), Fraction(2), Fraction(3)
_WHOLE = {1: ONE, 2: TWO}
_EXCLUDED = {
    Status.KNOCKED_DOWN: "knocked down",
    Status.DISARMED: "disarmed",
    Status.CAPTIVE: "captive",
    Status.FLED: "fled",
}


def line_text(line: QuotaLine) -> str:
    """A contribution as the QuotaSet event lists it: "figure amount reason" ("side" for a side-wide line)."""
    return f"{line.figure or 'side'} {line.amount} {line.reason}"


class QuotaLine(NamedTuple):
    """One contribution to a side's quota: (figure id, amount, reason, rule)."""

    figure: str
    amount: Fraction
    reason: str
    rule: str


@dataclass(frozen=True)
class Participant:
    """One figure of a side in a mêlée, with the facts the caller measured on the table."""

    figure: Figure
    """The figure."""
    engaged: bool = True
    """In BtB with an enemy (PYR-ENG-1/2); False = supporting (PYR-MQ-1)."""
    close_quarters: bool = False
    """Its centre is in a close-quarters zone (GEO-ZONE-1; rigging, PYR-RIG-1)."""
    advantageous: bool = False
    """In an advantageous position: zone flag or defending an obstacle (PYR-MQ-5, see ``defends_obstacle``)."""
    contacts: frozenset[str] = frozenset()
    """Ids of the figures in BtB with it (GEO-BTB-1); friends there decide formation (PYR-MQ-3)."""
    holding_captive: bool = False
    """A captor holding a captive counts for nothing (PYR-DIS-2)."""
    in_formation: bool | None = None
    """Override for PYR-MQ-3; None = computed from ``contacts`` (drilled, BtB, same party)."""
    party: str | None = None
    """Party in this mêlée (PYR-WIN-5); None = ``figure.party``."""

    @property
    def id(self) -> str:
        return self.figure.id

    @property
    def party_tag(self) -> str:
        return self.figure.party if self.party is None else self.party


@dataclass(frozen=True)
class SideFacts:
    """One side of a mêlée for the quota (allied sides count as one, PYR-WIN-1)."""

    participants: tuple[Participant, ...] = ()
    """Its engaged and supporting figures (PYR-MQ-1)."""
    flashing_blades: int = 0
    """Flashing Blades cards played for it in this mêlée (PYR-MQ-6, PYR-CARD-1)."""
    side: str = ""
    """Side id, for the log."""


@dataclass(frozen=True)
class Quota:
    """A side's quota: every contribution line, the exact total and the rounded MQ (PYR-MQ-7)."""

    lines: tuple[QuotaLine, ...]
    """Contributions, figure by figure in participant order, then side-wide ones."""
    total: Fraction
    """Exact sum of the lines."""
    mq: int = field(init=False)
    """PYR-MQ-7: the total rounded up once (derived when the quota is made: a round reads it a
    dozen times, and Fraction arithmetic is slow)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "mq", side_quota(self.total))


def side_quota(total) -> int:
    """PYR-MQ-7: add all contributions exactly, then round the side total up once (3 wounded crew
    = 3/2 → 2)."""
    t = total if type(total) is Fraction else Fraction(total)
    if t < 0:
        raise ValueError(f"a side's quota cannot be negative ({t}) (PYR-MQ-7)")
    return math.ceil(t)


def excluded_reason(p: Participant) -> str | None:
    """PYR-MQ-1: why a figure is not a participant (knocked down, disarmed, captive, holding a
    captive, out of play), else None."""
    f = p.figure
    if f.status in _EXCLUDED:
        return _EXCLUDED[f.status]
    if p.holding_captive:
        return "holding a captive"
    return None


def _wounded(f: Figure) -> bool:
    return f.is_wounded or f.status == Status.WOUNDED


def _noncombatant(f: Figure) -> bool:
    return f.rank == Rank.NONCOMBATANT or (f.rank == Rank.ORDINARY and (f.type == "civilian" or "civilian" in f.flags))


@implements("PYR-MQ-2")
def base_quota(config: PyratesConfig, f: Figure) -> tuple[Fraction, str]:
    """PYR-MQ-2: Captain 3 (2 wounded); Officer 2 (1 wounded) (``config.captain_quota`` and
    ``config.officer_quota``, one less wounded); ordinary 1 (1/2 wounded); cabin boy, civilian or
    similar 1/2 (wounded or not)."""
    w = _wounded(f)
    if f.rank == Rank.CAPTAIN:
        return (
            (Fraction(config.captain_quota - 1), "wounded captain")
            if w
            else (Fraction(config.captain_quota), "captain")
        )
    if f.rank == Rank.OFFICER:
        return (
            (Fraction(config.officer_quota - 1), "wounded officer")
            if w
            else (Fraction(config.officer_quota), "officer")
        )
    if _noncombatant(f):
        return HALF, "non-combatant"
    return (HALF, "wounded") if w else (ONE, "figure")


@implements("PYR-MQ-3")
def formation_of(p: Participant, side: Sequence[Participant]) -> bool:
    """PYR-MQ-3 digital ruling: drilled and in BtB with at least one other drilled participant of
    the same party (participants excluded by PYR-MQ-1 do not count)."""
    if p.in_formation is not None:
        return p.in_formation
    if not p.figure.drilled or excluded_reason(p):
        return False
    return any(
        q is not p
        and q.figure.drilled
        and q.id in p.contacts
        and q.party_tag == p.party_tag
        and excluded_reason(q) is None
        for q in side
    )


@implements("PYR-MQ-4")
def reach_bonus(f: Figure) -> tuple[int, str]:
    """PYR-MQ-4: +1 for a Reach weapon or being mounted (a mounted lancer +2), else 0."""
    if f.mounted and f.lancer:
        return 2, "mounted lancer"
    if f.mounted:
        return 1, "mounted"
    if f.melee_class == WeaponClass.REACH:
        return 1, f"reach weapon ({f.melee_weapon})"
    return 0, ""


def defends_obstacle(self_moved: bool, enemies_across: Sequence[tuple[bool, bool]]) -> bool:
    """PYR-MQ-5 (also PYR-SAVE-2): does a figure defend an obstacle?

    ``enemies_across`` has one (obstacle crossed by the line to that engaged enemy and touched by
    this figure, enemy moved into that contact in the player-turn of contact) pair per engaged
    enemy. It defends if some enemy came at it across an obstacle this turn while it did not move;
    both or neither moved → neither defends (pushbacks and follow-ups are moves).
    """
    if self_moved:
        return False
    return any(crossed and enemy_moved for crossed, enemy_moved in enemies_across)


def _side(x) -> SideFacts:
    if isinstance(x, SideFacts):
        return x
    return SideFacts(tuple(x))


@implements("PYR-MQ-6", "PYR-RIG-1")
def quota_contributions(
    config: PyratesConfig, side: SideFacts | Sequence[Participant], enemy: SideFacts | Sequence[Participant] = ()
) -> Quota:
    """PYR-MQ-1..7 for one side against ``enemy``: every contribution line and the total.

    Lines per participant in order: PYR-MQ-2 base (or a 0 line naming why it is excluded,
    PYR-MQ-1), PYR-MQ-3 formation (+1, +1/2 wounded), PYR-MQ-4 reach/mounted (own, when not in
    close quarters), PYR-MQ-5 advantageous (+1, engaged only); then PYR-MQ-4 amounts the enemy's
    reach/mounted figures in close quarters give this side; then PYR-MQ-6 Flashing Blades.
    """
    own, foe = _side(side), _side(enemy)
    lines: list[QuotaLine] = []
    for p in own.participants:
        f = p.figure
        why = excluded_reason(p)
        if why:
            lines.append(QuotaLine(f.id, ZERO, f"not counted: {why}", "PYR-MQ-1"))
            continue
        amount, reason = base_quota(config, f)
        lines.append(QuotaLine(f.id, amount, reason if p.engaged else f"{reason}, supporting", "PYR-MQ-2"))
        if formation_of(p, own.participants):
            w = _wounded(f)
            lines.append(
                QuotaLine(f.id, HALF if w else ONE, "in formation, wounded" if w else "in formation", "PYR-MQ-3")
            )
        bonus, what = reach_bonus(f)
        if bonus and not p.close_quarters:
            lines.append(QuotaLine(f.id, _WHOLE[bonus], what, "PYR-MQ-4"))
        if p.engaged and p.advantageous:
            lines.append(QuotaLine(f.id, ONE, "advantageous position", "PYR-MQ-5"))
    for q in foe.participants:
        if excluded_reason(q):
            continue
        bonus, what = reach_bonus(q.figure)
        if bonus and q.close_quarters:
            lines.append(
                QuotaLine(q.id, _WHOLE[bonus], f"enemy {q.figure.name or q.id}: {what} in close quarters", "PYR-MQ-4")
            )
    for _ in range(int(own.flashing_blades)):
        lines.append(QuotaLine("", ONE, "Flashing Blades", "PYR-MQ-6"))
    return Quota(tuple(lines), exact_sum([ln.amount for ln in lines]))


def exact_sum(amounts: Sequence[Fraction]) -> Fraction:
    """``sum(amounts, Fraction(0))`` over one common denominator (integer arithmetic, a single
    Fraction made at the end): the same exact value, without a Fraction addition per line."""
    ratios = [a.as_integer_ratio() for a in amounts]  # (numerator, denominator): one call each
    den = 1
    for _, d in ratios:
        if den % d:
            den = math.lcm(den, d)
    return Fraction(sum([n * (den // d) for n, d in ratios]), den)


@implements("PYR-MQ-1")
def melee_quotas(
    config: PyratesConfig, side_a: SideFacts | Sequence[Participant], side_b: SideFacts | Sequence[Participant]
) -> tuple[Quota, Quota]:
    """PYR-MQ-1..7 for both sides of a mêlée at once: (quota of a, quota of b)."""
    a, b = _side(side_a), _side(side_b)
    return quota_contributions(config, a, b), quota_contributions(config, b, a)
