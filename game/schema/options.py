"""The schema of a scenario's ``[options]`` and ``[cards]`` and of a record's ``options``: every
option a preset reads, with its type and a range that keeps the work it causes bounded.

Who reads what (grep ``options.get`` in game/rules): all presets ``start_loaded``; ``pyrates``
``cards``, ``duel``, ``duel_pistols``, ``offence``, ``treaty``, ``allies``, ``sight_limit``,
``simultaneous_allocation``, ``alarm``, ``alarm_spot``, ``fire`` (scenario_rules.py); ``rangers`` and
``initiative`` ``reactive_shooting``, ``to_me``, ``aggression_points``, ``specials``,
``points_difference`` (the roster check), ``initiative`` also ``conditions``, ``actions_per_turn``;
``escarmouche`` ``morale``; ``close-combat-d6`` ``shooting``, ``actions``, ``break_after``, ``move``;
the screen ``night``. An option not declared here is refused (a typo would otherwise be ignored
silently): a new option is added here, with its range, by whoever teaches a preset to read it.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from .bounds import Id, Length, MaxLen, Range

#: A group of allied side ids.
AllyGroup = Annotated[list[Id], Length(8, least=1)]
#: A close-combat-d6 unit id, as a key of a per-unit table.
UnitKey = Annotated[str, MaxLen(40)]


class Fire(msgspec.Struct, forbid_unknown_fields=True):
    """SCN-FIRE-1/2 (maps/README.md "Scenario rules")."""

    ship: Id | None = None
    """The ship zone id that burns (none: every deck)."""
    spread: Annotated[int, Range(0, 20)] = 3
    """Spread rolls at each game turn's end."""
    cell: Annotated[float, Range(0.5, 8)] = 2.0
    """Side of a burning square, inches (a small cell on a big map is many cells)."""
    scorch: Annotated[int, Range(0, 6)] = 3
    """1d6 at or under this wounds a figure standing in the fire."""


class Special(msgspec.Struct, forbid_unknown_fields=True):
    """RNG-SPEC-1: a scenario-defined special action."""

    id: Id
    """Action id (decision option)."""
    name: Annotated[str, MaxLen(80)] | None = None
    """Shown in the log."""
    side: Id | None = None
    """Only this side may attempt it."""
    zone: Annotated[str, MaxLen(64)] | None = None
    """Only in this zone."""
    test: bool = True
    """A d20 test (RNG-SPEC-1) or automatic success."""
    difficulty: Annotated[int, Range(-20, 20)] = 0
    """Subtracted from AV for the test."""
    actions: Annotated[int, Range(1, 20)] = 1
    """Successful actions needed."""
    wins: bool = False
    """Completing it wins the game."""


class Options(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A scenario's [options] (and a record's options, laid over them)."""

    start_loaded: bool | None = None
    """RNG-SHOOT-2: firearms start loaded."""
    # pyrates
    cards: bool | None = None
    """PYR-CARD-0: false deals no chance cards."""
    duel: bool | None = None
    """PYR-DUEL: the captains' challenge is offered."""
    duel_pistols: bool | None = None
    """PYR-DUEL: pistols are the default weapons of a duel."""
    offence: bool | None = None
    """PYR-DUEL: a duel is an offence (scenario flag)."""
    treaty: bool | None = None
    """PYR-DUEL-5: the sides have a treaty."""
    allies: Annotated[list[AllyGroup], Length(8)] | None = None
    """Groups of allied side ids."""
    sight_limit: Annotated[float, Range(0, 400)] | None = None
    """Night: nothing further than this many inches is seen."""
    night: bool | None = None
    """Night (the screen darkens the table)."""
    simultaneous_allocation: bool | None = None
    """Both sides allocate taps at once."""
    alarm: Id | None = None
    """SCN-ALARM-1: the party that sleeps."""
    alarm_spot: Annotated[int, Range(1, 7)] | None = None
    """SCN-ALARM-1: d6 score that spots an enemy (7 = never)."""
    fire: Fire | None = None
    """SCN-FIRE-1/2."""
    # rangers / initiative
    reactive_shooting: bool | None = None
    """RNG / INI reactive shooting (initiative: on unless false)."""
    to_me: bool | None = None
    """INI-TOME-1 "To me!"."""
    aggression_points: bool | None = None
    """RNG aggression points."""
    specials: Annotated[list[Special], Length(32)] | None = None
    """RNG-SPEC-1 special actions."""
    points_difference: Annotated[int, Range(0, 100_000)] | bool | Literal["off"] | None = None
    """RNG-PTS-1: largest points difference between the sides (default 30, 0 = equal points);
    "off" (or false) = no difference check."""
    conditions: Annotated[list[Id], Length(32)] | None = None
    """INI-ORD-1: scenario conditions that hold from the start."""
    actions_per_turn: Annotated[int, Range(0, 500)] | None = None
    """INI-SEQ-1 [HOUSE]: a game turn ends after this many actions (0 = no cap)."""
    # escarmouche
    morale: bool | None = None
    """RNG-MOR-1 (optional) for escarmouche."""
    # close-combat-d6
    shooting: bool | None = None
    """OD6-FIRE-1: shooting on."""
    actions: Annotated[int, Range(1, 4)] | Annotated[dict[UnitKey, Annotated[int, Range(1, 4)]], Length(64)] | None = (
        None
    )
    """OD6-SEQ-1: actions per unit per phase, or unit id → actions (the catalog's per-unit field)."""
    break_after: (
        Annotated[int, Range(0, 50)] | Annotated[dict[UnitKey, Annotated[int, Range(0, 50)]], Length(64)] | None
    ) = None
    """OD6-PIECE-1: losses a unit absorbs, or unit id → losses."""
    move: Annotated[float, Range(0.5, 24)] | None = None
    """OD6 move allowance, inches."""


class Cards(msgspec.Struct, forbid_unknown_fields=True):
    """PYR-CARD-0: the chance deck (``copies`` of each card) and the hand dealt to each side."""

    enabled: bool = True
    hand: Annotated[int, Range(0, 10)] = 3
    copies: Annotated[int, Range(0, 16)] = 4


class Order(msgspec.Struct, forbid_unknown_fields=True):
    """INI-ORD-1: one order card granted before the game."""

    id: Id | None = None
    side: Id | None = None
    figures: Annotated[list[Id], Length(50)] = []
    objective: Annotated[str, MaxLen(200)] = ""
    condition: Id | None = None
