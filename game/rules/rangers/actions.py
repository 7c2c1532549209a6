"""RNG-ACT-1 actions, RNG-MOT-3/4 what unmotivated figures may do, RNG-SHOOT-2/3 shooting legality.

``action_problem`` returns None for a legal action or a sentence a player can read (the match
raises it as ``IllegalDecision``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any

from ..implements import implements
from .geometry import Disc, within
from .motivation import Motivation

HAND_COMBAT_RANGE = 1.0
COVER_AVOID_DISTANCE = 3.0
MAX_AIM = 3
#: Missile weapons that must be loaded (blue counter) before each shot (RNG-SHOOT-2).
FIREARMS = frozenset({"musket", "pistol", "rifle"})


class Action(str, enum.Enum):
    """The RNG-ACT-1 actions."""

    CHARGE = "charge"
    """Move up to 3" (4" Fast) into hand combat, with its attack."""
    LOAD = "load"
    """Load a firearm (blue counter)."""
    AIM = "aim"
    """Add an aim counter (black, max 3)."""
    SHOOT = "shoot"
    """Shoot a missile weapon."""
    MOVE = "move"
    """Move up to the full allowance, not into combat."""
    SPECIAL = "special"
    """A scenario's special action (RNG-SPEC-1)."""
    ATTACK = "attack"
    """A hand-combat attack on an enemy within 1"."""
    RETALIATE = "retaliate"
    """RNG-MOT-4: attack one of last enemy player-turn's attackers still within 1", without a roll."""
    DEFEND = "defend"
    """Defend when attacked (out of turn)."""
    MOVE_INTO_COVER = "move_into_cover"
    """Full move into the nearest cover, never within 3" of an enemy."""
    RETREAT = "retreat"
    """Retreat 2" from hand combat, facing the opponents."""
    FLEE = "flee"
    """Flee a full move from hand combat (free attacks, RNG-HAND-4)."""


#: RNG-ACT-1: the actions that need a successful motivation roll.
MOTIVATED_ACTIONS = frozenset(
    {Action.CHARGE, Action.LOAD, Action.AIM, Action.SHOOT, Action.MOVE, Action.SPECIAL, Action.ATTACK}
)
#: RNG-ACT-1 / RNG-MOT-3: the actions open to any figure, motivated or not.
FREE_ACTIONS = frozenset({Action.DEFEND, Action.MOVE_INTO_COVER, Action.RETREAT, Action.FLEE})


def needs_motivation(action: Action | str) -> bool:
    """RNG-ACT-1: does this action need a successful motivation roll (or a roll-exempt figure)?

    **Digital ruling** (RNG-ACT-1): a hand-combat attack needs motivation except as a retaliation
    (RNG-MOT-4) or as the attack a successful charge includes.
    """
    return Action(action) in MOTIVATED_ACTIONS


def is_firearm(missile: str | None) -> bool:
    return bool(missile) and str(missile).lower() in FIREARMS


def action_problem(
    action: Action | str,
    motivation: Motivation,
    *,
    acted: bool = False,
    engaged: bool = False,
    retaliation_available: bool = False,
    missile: str | None = None,
    loaded: bool = False,
    aim: int = 0,
) -> str | None:
    """Why a figure may not take ``action`` now, or None when it may.

    - RNG-ACT-1: one action per figure per player-turn (``acted``); defending is out of turn and
      always allowed.
    - RNG-MOT-1/3: motivated actions need PASSED or EXEMPT; a FAILED or NOT_ROLLED figure may only
      defend, move into cover, retreat or flee. A FAILED figure never attacks that player-turn.
    - RNG-MOT-4: RETALIATE only instead of rolling (NOT_ROLLED, or EXEMPT) and only when one of last
      enemy player-turn's attackers is still within 1" (``retaliation_available``).
    - RNG-HAND-4: RETREAT and FLEE only from hand combat (``engaged`` = an enemy within 1");
      **digital ruling**: an engaged figure leaves hand combat only by retreating or fleeing, so
      MOVE and MOVE_INTO_COVER need it unengaged.
    - ATTACK needs an enemy within 1" (``engaged``).
    - RNG-SHOOT-2: LOAD a firearm that is unloaded; AIM with a missile weapon, at most 3 counters;
      **digital ruling**: a firearm must be loaded before aiming (loading afterwards would lose the
      aim counters); SHOOT needs a missile weapon, loaded if it is a firearm.
    """
    a = Action(action)
    m = Motivation(motivation)
    if a is Action.DEFEND:
        return None
    if acted:
        return "this figure has already taken its action this player-turn (RNG-ACT-1)"
    if a is Action.RETALIATE:
        if m not in (Motivation.NOT_ROLLED, Motivation.EXEMPT):
            return "retaliation replaces the motivation roll; this figure has already rolled (RNG-MOT-4)"
        if not retaliation_available:
            return 'no enemy that attacked this figure last enemy player-turn is within 1" (RNG-MOT-4)'
        return None
    if a in MOTIVATED_ACTIONS and m not in (Motivation.PASSED, Motivation.EXEMPT):
        if m is Motivation.FAILED:
            return f"{a.value} needs motivation and this figure failed its roll (RNG-MOT-3)"
        return f"{a.value} needs a successful motivation roll first (RNG-ACT-1)"
    if a in (Action.RETREAT, Action.FLEE) and not engaged:
        return f"{a.value} is only possible from hand combat (RNG-HAND-4)"
    if a in (Action.MOVE, Action.MOVE_INTO_COVER) and engaged:
        return "a figure in hand combat leaves it only by retreating or fleeing (RNG-HAND-4)"
    if a is Action.ATTACK and not engaged:
        return 'no enemy within 1" to attack (RNG-HAND-1)'
    if a in (Action.LOAD, Action.AIM, Action.SHOOT) and not missile:
        return f"{a.value} needs a missile weapon (RNG-SHOOT-2)"
    if a is Action.LOAD:
        if not is_firearm(missile):
            return f"a {missile} needs no loading (RNG-SHOOT-2)"
        if loaded:
            return "already loaded (RNG-SHOOT-2)"
    if a is Action.AIM:
        if aim >= MAX_AIM:
            return f"already {MAX_AIM} aim counters, the maximum (RNG-ACT-1)"
        if is_firearm(missile) and not loaded:
            return "load before aiming: loading would lose the aim counters (RNG-SHOOT-2)"
    if a is Action.SHOOT and is_firearm(missile) and not loaded:
        return "the firearm is not loaded (RNG-SHOOT-2)"
    return None


def legal_actions(motivation: Motivation, **kw) -> list[Action]:
    """Every action ``action_problem`` allows, in Action order."""
    return [a for a in Action if action_problem(a, motivation, **kw) is None]


@implements("RNG-SHOOT-2")
def after_action(action: Action | str, *, loaded: bool, aim: int) -> tuple[bool, int]:
    """RNG-SHOOT-2: (loaded, aim) after an action. Shooting unloads a firearm; aim counters are
    lost on shooting or any action other than aiming; aiming adds one (max 3); loading loads.
    Defending is not an action of the figure's own and keeps both."""
    a = Action(action)
    if a is Action.DEFEND:
        return loaded, aim
    if a is Action.AIM:
        return loaded, min(MAX_AIM, aim + 1)
    if a is Action.LOAD:
        return True, 0
    if a is Action.SHOOT:
        return False, 0
    return loaded, 0


def in_hand_combat(fig: Disc, enemies: Iterable[Disc]) -> bool:
    """RNG-HAND-1: an enemy within 1" (edge to edge) of fig."""
    return any(within(fig, e, HAND_COMBAT_RANGE) for e in enemies)


def shot_into_melee(target: Disc, enemies_of_target: Iterable[Disc]) -> bool:
    """RNG-SHOOT-3: the target is within 1" of an enemy of it (the shooter included), so no shot."""
    return in_hand_combat(target, enemies_of_target)


def retaliation_targets(fig: Disc, attackers_last_turn: Iterable[Any]) -> list[Any]:
    """RNG-MOT-4: those of last enemy player-turn's attackers still in play and within 1"."""
    return [a for a in attackers_last_turn if getattr(a, "in_play", True) and within(fig, a, HAND_COMBAT_RANGE)]
