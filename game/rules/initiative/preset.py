"""PRE-INI-1, the `initiative` preset: INI-SEQ-1 initiative spells with RNG combat.

Steps (``state.phase``): ``turn_start`` (INI-SEQ-1 d20 roll-off) → ``act`` (the active side takes
one action or passes) → ``react`` (INI-REACT-1..4) → ``rshoot`` (INI-RSHOOT-1..4) → ``seize``
(INI-SEIZE-1..5, INI-ORD-1, INI-MEL-2) → ``act`` … Two passes in a row end the game turn.

Actions (one per ``act`` step): a figure's move alone, or its group's move (INI-SEQ-2, the whole
group translated by the same offset), an engaging move (ends within 1" of an enemy: first-contact
melee round, INI-MEL-1), a shot (RNG-SHOOT; 1 counter to the opponent, INI-SEIZE-3), a volley
(INI-VOLLEY-1), a melee round for a group in contact (INI-MEL-1), "To me!" (INI-TOME-1), load,
aim, or a scenario special action (RNG-SPEC-1). No motivation rolls; "engaged" = within 1"
(PRE-INI-1). Shooting, wounds and morale come from RNG (``rangers.flowkit``); once RNG-MOR-1's
condition holds a nominee whose seize fails flees.

Scenario data: ``orders`` = [{id, side, figures, objective, condition?}] (INI-ORD-1; each side sees
only its own cards, through ``Ask.info``), options ``conditions`` (list of condition ids that hold),
``reactive_shooting`` (default on), ``actions_per_turn`` ([HOUSE], 0 = unlimited).
"""

from __future__ import annotations

from .seize_flow import IniSeizeFlow


class InitiativePreset(IniSeizeFlow):
    """PRE-INI-1: INI-SEQ, SEIZE, ORD, MEL, REACT, RSHOOT, VOLLEY, MS, TOME with RNG combat."""

    name = "initiative"
