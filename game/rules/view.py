"""What one side may see of a match: ``public_view`` and the re-deal of what it may not.

DESIGN.md, "Contracts other parts rely on", **Hidden information**: what a side may not see (the
other side's cards and hands, dice to come) is stripped by ``public_view``; the AI and the hot-seat
screen read only that. Dice to come are not in the state at all (they are the match's ``Dice``,
beside it). What the state does hold that a side may not see is each system's own to name: its
state's ``hide`` and ``redeal`` (game/rules/system_state.py) act on its own fields — the Pyrates
chance cards (PYR-CARD: the other hands and the undealt deck), the Escarmouche draw pile
(ESC-DECK-1), the initiative order cards (INI-ORD-1) — and nothing here knows their names.

Pure: stdlib only, no dice of the match are touched (the re-deal takes the caller's RNG).
"""

from __future__ import annotations

from .state import MatchState
from .system_state import HIDDEN as HIDDEN
from .system_state import Shuffler as Shuffler


def public_view(state: MatchState, side: str) -> MatchState:
    """A copy of ``state`` as ``side`` sees it: what its system hides from ``side`` replaced by
    ``HIDDEN`` (sizes kept). ``state`` is not changed."""
    view = state.copy()
    view.system.hide(side)
    return view


def redeal(state: MatchState, side: str, rng: Shuffler) -> None:
    """Re-deal, in place and with ``rng``, everything ``side`` may not see (what ``public_view``
    hides), keeping every public size: the one place the AI's look-ahead and the no-peeking test
    take it from. The result depends only on what ``side`` can see and on ``rng``: two states that
    look the same to ``side`` re-deal to the same state with the same seed (each system's
    ``redeal`` says how)."""
    state.system.redeal(side, rng)
