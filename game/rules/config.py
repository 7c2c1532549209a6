"""A preset's numbers: the rules configuration every system's own configuration extends.

A system's rules read their numbers (a base save, a reaction distance, a morale target, a limit of
rounds…) from one frozen dataclass of its package, a subclass of ``RulesConfig``, rather than from
module constants: a variant of a system is then a registry entry whose ``Ruleset.config`` holds
other values (``dataclasses.replace``), with no rule rewritten and nothing threaded by hand. The
match puts its ruleset's configuration on the state (``MatchState.config``), so a flow reads it as
``ctx.state.config`` and the odds read the same values from a view (a copy keeps it).

The configuration is fixed for a match and is not part of the state's encoding: the preset's name
is, and a name means one configuration. Pure: stdlib only.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RulesConfig:
    """The numbers of a system with none of its own (each system subclasses it with its fields)."""
