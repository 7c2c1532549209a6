"""The numbers of the Pyrates rules (PRE-PYR-1), as a variant may change them.

Each field is read by the one function that implements its rule (named in its docstring); a
variant of the preset is a registry entry whose ruleset's ``config`` is
``replace(PYRATES, base_save=5, …)`` (docs/ARCHITECTURE.md, "How to add a preset").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rangers.config import RangersConfig


@dataclass(frozen=True, slots=True)
class PyratesConfig(RangersConfig):
    """The Pyrates rules' numbers (with the Rangers! game turn's, whose motivation it plays); the defaults
    are the rules as written."""

    base_save: int = 6
    """PYR-SAVE-1 (``saves.save_target``): the d6 score a save needs before its modifiers."""
    min_save: int = 2
    """PYR-SAVE-1: the lowest score a save can need, however many modifiers it has."""
    captain_quota: int = 3
    """PYR-MQ-2 (``quota.base_quota``): a Captain's Mêlée Quota (one less when wounded)."""
    officer_quota: int = 2
    """PYR-MQ-2: an Officer's Mêlée Quota (one less when wounded)."""
    reaction_distance: float = 2.0
    """PYR-REACT-1 (``reactions.candidates``, ``validate_reaction``, ``resolve_reaction``): how far
    a reaction move may go, in inches."""
    morale_target: int = 4
    """PYR-MOR-2 (``morale.morale_passes``): the highest d6 plus modifiers that passes a party's test."""
    retreat_distance: float = 2.0
    """RNG-MOT-3 under PRE-PYR-1 (``unmotivated.retreat_options``): the length of an unmotivated
    figure's retreat, in inches."""
    max_melee_rounds: int = 6
    """PYR-SEQ-1 (``aftermath``): the rounds a mêlée fights in one mêlée step before it carries
    over to the next player-turn."""
    max_duel_rounds: int = 6
    """PYR-DUEL-3 (``duel_blades``): the rounds a duel of blades lasts before it is broken off."""


#: the rules as written: the shipped ``pyrates`` preset's configuration
PYRATES = PyratesConfig()


def pyrates_config(state) -> PyratesConfig:
    """The Pyrates numbers of the match ``state`` belongs to; the rules as written for a state that
    carries none of its own (one built outside a match, or by a system without Pyrates numbers)."""
    c = state.config
    return c if isinstance(c, PyratesConfig) else PYRATES
