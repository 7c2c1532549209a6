"""ESC-ADV-1/2: advantages (one extra card each) from roster flags and the situation."""

from __future__ import annotations

from collections.abc import Sequence

from ..implements import implements
from ..model import Figure

HEAVY_CAVALRY = "heavy_cavalry"
CHARGING = "charging"
PIKE = "pike"
STRUCTURE = "structure"
OPPONENT_WOUNDED = "opponent_wounded"
CAVALRY_V_OPEN = "cavalry_v_open_formation"


def is_cavalry(fig: Figure) -> bool:
    """ESC-ADV-2: `cavalry`, or `heavy_cavalry` which implies it."""
    return "cavalry" in fig.flags or "heavy_cavalry" in fig.flags


@implements("ESC-ADV-1")
def advantages(
    fig: Figure, opponents: Sequence[Figure], *, assaulting: bool, first_round: bool, in_structure: bool = False
) -> tuple[str, ...]:
    """ESC-ADV-1/2: the names of ``fig``'s advantages in a duel against ``opponents``.

    ``assaulting``: fig belongs to the group that passed Resolve (ESC-ENG-1) and assaults;
    ``first_round``: the melee's first round; ``in_structure``: fig stands in a `structure` zone.
    Many-vs-one (digital ruling): "opponent wounded" and "cavalry v open formation" count if any
    opponent qualifies.
    """
    out = []
    if HEAVY_CAVALRY in fig.flags:
        out.append(HEAVY_CAVALRY)
    if assaulting and first_round:
        out.append(CHARGING)
    if PIKE in fig.flags and first_round:
        out.append(PIKE)
    if not assaulting and in_structure:
        out.append(STRUCTURE)
    if any(o.is_wounded for o in opponents):
        out.append(OPPONENT_WOUNDED)
    if assaulting and is_cavalry(fig) and any(not is_cavalry(o) and "open_formation" in o.flags for o in opponents):
        out.append(CAVALRY_V_OPEN)
    return tuple(out)
