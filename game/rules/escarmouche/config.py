"""The numbers of the Escarmouche rules (PRE-ESC-1), as a variant may change them.

Each field is read by the one function that implements its rule (named in its docstring); a variant
is a registry entry whose ruleset's ``config`` is ``replace(ESCARMOUCHE, resolve_target=3, …)``
(docs/ARCHITECTURE.md, "How to add a preset").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..config import RulesConfig


@dataclass(frozen=True, slots=True)
class EscarmoucheConfig(RulesConfig):
    """The Escarmouche rules' numbers; the defaults are the rules as written."""

    resolve_target: int = 4
    """ESC-ENG-2 (``engage.resolve_test``, ``engage.resolve_pass_chance``): the highest d6 (a
    leader's −1 included) that passes an assaulting group's Resolve."""
    wounds_to_kill: int = 2
    """ESC-RES-1 (``resolve.apply_results``): the wounds that kill a figure."""


#: the rules as written: the shipped ``escarmouche`` preset's configuration
ESCARMOUCHE = EscarmoucheConfig()


def escarmouche_config(state) -> EscarmoucheConfig:
    """The Escarmouche numbers of the match ``state`` belongs to; the rules as written for a state
    that carries none of its own."""
    c = state.config
    return c if isinstance(c, EscarmoucheConfig) else ESCARMOUCHE
