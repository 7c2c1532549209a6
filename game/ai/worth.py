"""What one figure is worth to the evaluation (``evaluate``): its rank value, its health, its fighting
weight (the PYR-MQ-2 base quota, any preset) and the exact chance of winning a mêlée round on the
dice alone. Public facts only."""

from __future__ import annotations

from functools import lru_cache

from game.rules.model import Rank, Status
from game.rules.presets import shared_measures

#: the measures every system shares (``fight_chance``, ``shot_target``: ``presets.shared_measures``)
_SHARED = shared_measures()

RANK_VALUE = {Rank.CAPTAIN: 3.0, Rank.OFFICER: 2.0, Rank.ORDINARY: 1.0, Rank.NONCOMBATANT: 0.4}


def figure_value(f) -> float:
    v = RANK_VALUE.get(f.rank, 1.0)
    if f.type == "civilian" or "civilian" in f.flags:
        v = min(v, 0.4)
    return v


def health(f) -> float:
    """0 out of play … 1 unhurt."""
    if not f.in_play:
        return 0.0
    h = 1.0
    if f.wounds > 0 or f.status == Status.WOUNDED:
        mw = max(1, f.max_wounds)
        h = 0.6 if mw <= 2 else max(0.3, 1.0 - 0.5 * f.wounds / (mw - 1))
    if f.status == Status.DISARMED:
        h = min(h, 0.35)
    return h


def fight_quota(f) -> float:
    """PYR-MQ-2 base quota, as the measure of a figure's fighting weight (any preset)."""
    if not f.in_play or f.status in (Status.DISARMED, Status.CAPTIVE):
        return 0.0
    wounded = f.wounds > 0 or f.status == Status.WOUNDED
    if f.rank == Rank.CAPTAIN:
        q = 2.0 if wounded else 3.0
    elif f.rank == Rank.OFFICER:
        q = 1.0 if wounded else 2.0
    elif f.rank == Rank.NONCOMBATANT or f.type == "civilian" or "civilian" in f.flags:
        q = 0.5
    else:
        q = 0.5 if wounded else 1.0
    if getattr(f.melee_class, "value", f.melee_class) == "reach":
        q += 0.5
    return q


@lru_cache(maxsize=4096)
def round_win_chance(mq_a: int, mq_b: int) -> float:
    """Exact chance that a side with quota ``mq_a`` wins a round against ``mq_b`` on the dice alone
    (``Ruleset.fight_chance``: the PYR-WIN-1 tally, a full tie counted as one half)."""
    return float(_SHARED.fight_chance(mq_a, mq_b))


def shot_target(shooter, range_in: float) -> int | None:
    """RNG-SHOOT-1's highest natural d20 for ``shooter``'s missile at ``range_in``, in the open
    (``Ruleset.shot_target``); None out of range."""
    return _SHARED.shot_target(shooter, range_in)


def _combatant(f) -> bool:
    return (
        f.rank != Rank.NONCOMBATANT
        and f.type != "civilian"
        and "civilian" not in f.flags
        and f.status not in (Status.DISARMED, Status.CAPTIVE)
    )
