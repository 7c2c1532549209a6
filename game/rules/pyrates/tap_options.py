"""The special items a tap may carry, offered as options so screen and AI see them (GEN-CHOICE-1):
disarm (PYR-DIS-1), Main Gauche (PYR-MG-1) and Sneaky Attack (PYR-CARD-5).

Only single-item taps are listed (one per variant and target); a player may still combine items
in one tap, which the mêlée flow validates (PYR-ALLOC-2).
"""

from __future__ import annotations

from ..decisions import Decision, Item
from ..implements import implements
from ..model import Status
from .cards import SNEAKY_ATTACK

_SNEAKY, _MG = ("sneaky",), ("mg",)


@implements("PYR-DIS-1")
def disarm_legal(eng, tapper: str, victim: str, victim_status: Status) -> bool:
    """PYR-DIS-1: the target is in BtB with the tapper (not across an obstacle), not already
    disarmed, and in BtB with no friendly figure."""
    across = eng.pairs.get(tapper, {}).get(victim)
    return across is False and victim_status != Status.DISARMED and not eng.support.get(victim)


def special_tap_options(
    st, eng, camp: str, tapper: str, pool, targets: list[str], offhand_targets: list[str], cards: list[str]
) -> list[Decision]:
    """Single-item taps with a disarm, a Main Gauche (+mg) or a Sneaky Attack (+sneaky) for ``tapper``.

    ``targets``: enemies it can strike with its main weapon; ``offhand_targets``: with its off-hand
    weapon (empty when it has none); ``cards``: its side's chance cards."""
    out: list[Decision] = []
    kinds = (["kd"] if pool.knockdowns else []) + (["w"] if pool.wounds else [])
    sneaky = SNEAKY_ATTACK in cards
    for v in targets:
        if pool.knockdowns and disarm_legal(eng, tapper, v, st.figures[v].status):
            out.append(Decision("tap", figure=tapper, items=(Item(v, "disarm"),)))
        if sneaky:
            out += [Decision("tap", figure=tapper, items=(Item(v, k, _SNEAKY),)) for k in kinds]
    for v in offhand_targets:
        out += [Decision("tap", figure=tapper, items=(Item(v, k, _MG),)) for k in kinds]
    return out
