"""PRE-PYR-1, the `pyrates` preset: RNG-TURN-1 game turns with RNG-MOT activation.

The activation, reaction and mêlée steps of PRE-PYR-1 are added on top of ``TurnPreset`` here.
"""
from __future__ import annotations

from game.rules.turns import TurnPreset


class PyratesPreset(TurnPreset):
    """PRE-PYR-1 (boarding): so far the turn sequence and movement; mêlée joins with issue 4."""

    name = "pyrates"
