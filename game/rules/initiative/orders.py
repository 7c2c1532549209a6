"""INI-ORD-1 order cards, as data.

An objective must be specific: a task, an enemy unit (or figure), or a place. On a card it is
written ``"<kind>:<id>"`` with kind ``task``, ``enemy`` or ``place`` (e.g. ``"enemy:blackheart"``,
``"place:treasury_door"``, ``"task:fire_barn"``), or given as an ``Objective``. Anything else —
"attack the enemy", "occupy a good position", ``enemy:all`` — is refused as too vague.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from ..implements import implements
from .config import INITIATIVE, InitiativeConfig

OBJECTIVE_KINDS = ("task", "enemy", "place")
VAGUE_TARGETS = frozenset(
    {
        "",
        "enemy",
        "the_enemy",
        "enemies",
        "all",
        "any",
        "anyone",
        "anything",
        "them",
        "somewhere",
        "good_position",
        "a_good_position",
        "position",
        "everyone",
    }
)


@dataclass(frozen=True, slots=True)
class Objective:
    """A specific objective: what kind of thing it names, and which one."""

    kind: str
    """task, enemy or place."""
    target: str
    """Id of the task, enemy figure/unit, or place (map zone or object)."""

    def __str__(self) -> str:
        return f"{self.kind}:{self.target}"


def parse_objective(objective: Objective | str) -> Objective:
    """An ``Objective`` from ``"kind:id"``; ValueError naming the fault for a vague one (INI-ORD-1)."""
    if isinstance(objective, Objective):
        o = objective
    else:
        text = str(objective).strip()
        if ":" not in text:
            raise ValueError(
                f"objective {text!r} is too vague: name a task, an enemy unit or a place, "
                f"written task:<id>, enemy:<id> or place:<id> (INI-ORD-1)"
            )
        kind, _, target = text.partition(":")
        o = Objective(kind.strip().lower(), target.strip())
    if o.kind not in OBJECTIVE_KINDS:
        raise ValueError(f"objective kind {o.kind!r} must be task, enemy or place (INI-ORD-1)")
    if o.target.lower().replace(" ", "_") in VAGUE_TARGETS:
        raise ValueError(f"objective {str(o)!r} is too vague: it must name one specific {o.kind} (INI-ORD-1)")
    return o


@dataclass(frozen=True, slots=True)
class OrderCard:
    """One order card (INI-ORD-1), granted before the game."""

    id: str
    """Card id."""
    figures: tuple[str, ...]
    """The figures it names; only they act when it is used."""
    objective: Objective | str
    """What they are to do: task:<id>, enemy:<id> or place:<id>."""
    condition: str | None = None
    """Scenario condition id that must hold before the card gives its bonus (e.g. "gate_open")."""

    def __post_init__(self):
        if isinstance(self.figures, str):
            object.__setattr__(self, "figures", (self.figures,))
        else:
            object.__setattr__(self, "figures", tuple(self.figures))

    @property
    def target(self) -> Objective:
        return parse_objective(self.objective)


def validate_order_cards(
    cards: Iterable[OrderCard],
    *,
    figures: AbstractSet[str] | None = None,
    enemies: AbstractSet[str] | None = None,
    places: AbstractSet[str] | None = None,
    tasks: AbstractSet[str] | None = None,
) -> list[str]:
    """INI-ORD-1: readable problems with one side's cards; empty when they are valid.

    Each card names at least one figure; a figure is named on one card only; the objective is
    specific. When the known ids are given, card figures must be own figures, an ``enemy:``
    objective an enemy figure or unit, ``place:`` a known place and ``task:`` a known task.
    Duplicated cards (same objective, different figures) are valid: each acts alone.
    """
    problems: list[str] = []
    seen: dict[str, str] = {}
    ids: set[str] = set()
    for c in cards:
        if c.id in ids:
            problems.append(f"order card {c.id!r}: duplicate card id (INI-ORD-1)")
        ids.add(c.id)
        if not c.figures:
            problems.append(f"order card {c.id!r}: names no figure (INI-ORD-1)")
        for f in c.figures:
            if f in seen and seen[f] != c.id:
                problems.append(
                    f"order card {c.id!r}: figure {f!r} is already on card {seen[f]!r}; "
                    f"a figure may be on one card only (INI-ORD-1)"
                )
            elif figures is not None and f not in figures:
                problems.append(f"order card {c.id!r}: {f!r} is not one of this side's figures (INI-ORD-1)")
            seen.setdefault(f, c.id)
        try:
            o = c.target
        except ValueError as e:
            problems.append(f"order card {c.id!r}: {e}")
            continue
        known = {"enemy": enemies, "place": places, "task": tasks}[o.kind]
        if known is not None and o.target not in known:
            problems.append(f"order card {c.id!r}: {o.kind} {o.target!r} is not in this scenario (INI-ORD-1)")
    return problems


@implements("INI-ORD-1")
def order_bonus(
    card: OrderCard | None,
    figure: str,
    intended: Objective | str,
    conditions_met: AbstractSet[str] | Mapping[str, bool] = frozenset(),
    config: InitiativeConfig = INITIATIVE,
) -> int:
    """INI-ORD-1: +4 (``config.order_card_bonus``) when a figure named on the card seizes to carry
    out exactly the card's objective and the card's condition (if any) holds; otherwise 0."""
    if card is None or figure not in card.figures:
        return 0
    try:
        if parse_objective(intended) != card.target:
            return 0
    except ValueError:
        return 0
    if card.condition is not None:
        held = (
            conditions_met.get(card.condition, False)
            if isinstance(conditions_met, Mapping)
            else card.condition in conditions_met
        )
        if not held:
            return 0
    return config.order_card_bonus


def objective_live(
    objective: Objective | str,
    *,
    enemies_in_play: AbstractSet[str] = frozenset(),
    places_taken: AbstractSet[str] = frozenset(),
    tasks_done: AbstractSet[str] = frozenset(),
) -> bool:
    """INI-ORD-1 (amended): can the objective still be carried out? Not when its enemy is out of
    play, its place is already taken (held by the card's side), or its task is done. A card whose
    objective is dead gives no bonus and is not offered."""
    o = parse_objective(objective)
    if o.kind == "enemy":
        return o.target in enemies_in_play
    if o.kind == "place":
        return o.target not in places_taken
    return o.target not in tasks_done


def order_actors(card: OrderCard) -> tuple[str, ...]:
    """INI-ORD-1: when a seize uses the card's bonus, only the figures named on it act (doing its
    objective); a duplicated card names one figure, who then acts alone."""
    return card.figures
