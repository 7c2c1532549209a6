"""The numbers of the Rangers! rules (PRE-RNG-1), as a variant may change them.

Each field is read by the one function that implements its rule (named in its docstring); a variant
is a registry entry whose ruleset's ``config`` is ``replace(RANGERS, motivation_target=4, …)``
(docs/ARCHITECTURE.md, "How to add a preset"). The systems that play the Rangers! game turn
(Pyrates, initiative) extend this configuration, so their variants change these numbers too.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..config import RulesConfig


@dataclass(frozen=True, slots=True)
class RangersConfig(RulesConfig):
    """The Rangers! rules' numbers; the defaults are the rules as written."""

    motivation_target: int = 3
    """RNG-MOT-1 (``motivation.motivation_target``): the highest modified d6 that motivates a figure."""
    wounded_motivation_target: int = 2
    """RNG-MOT-1 / RNG-WND-2 (``motivation.motivation_target``): the same for a wounded figure."""
    leader_range: float = 6.0
    """RNG-MOT-2 (``motivation.leader_in_range``): how near (edge to edge, inches) a friendly Leader
    must be to give −1 to a motivation roll."""
    legendary_leader_range: float = 12.0
    """RNG-MOT-2 (``motivation.leader_in_range``): the same for a Legendary Leader."""
    hand_retreat_distance: float = 2.0
    """RNG-HAND-4 (``RangersOptions.retreat_options``, ``RangersResolution.escape``): how far a
    figure retreats out of hand combat, facing its opponents, in inches."""


#: the rules as written: the shipped ``rangers`` preset's configuration
RANGERS = RangersConfig()


def rangers_config(state) -> RangersConfig:
    """The Rangers! numbers of the match ``state`` belongs to (a Pyrates or initiative configuration
    holds them too); the rules as written for a state that carries none of its own."""
    c = state.config
    return c if isinstance(c, RangersConfig) else RANGERS
