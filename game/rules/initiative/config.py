"""The numbers of the initiative rules (PRE-INI-1), as a variant may change them.

Each field is read by the one function that implements its rule (named in its docstring); a variant
is a registry entry whose ruleset's ``config`` is ``replace(INITIATIVE, react_range=3.0, …)``
(docs/ARCHITECTURE.md, "How to add a preset").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rangers.config import RangersConfig


@dataclass(frozen=True, slots=True)
class InitiativeConfig(RangersConfig):
    """The initiative rules' numbers (with the Rangers! game turn's, whose motivation it plays); the defaults
    are the rules as written."""

    react_range: float = 4.0
    """INI-REACT-1 (``reactions.reaction_candidates``): how near (edge to edge, inches) an enemy
    that moved to engage must be for an unengaged figure to react."""
    counter_bonus: int = 2
    """INI-SEIZE-3 (``seize.tactical_factors``): what each shooting counter held adds to a seize."""
    order_card_bonus: int = 4
    """INI-ORD-1 (``orders.order_bonus``): what an order card adds to a seize toward its objective."""


#: the rules as written: the shipped ``initiative`` preset's configuration
INITIATIVE = InitiativeConfig()


def initiative_config(state) -> InitiativeConfig:
    """The initiative numbers of the match ``state`` belongs to; the rules as written for a state
    that carries none of its own."""
    c = state.config
    return c if isinstance(c, InitiativeConfig) else INITIATIVE
