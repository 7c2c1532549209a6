"""ESC-RES-1/2 and ESC-MULTI-1 applying duel results; ESC-RND-1 what happens after a round."""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..decisions import IllegalDecision
from ..implements import implements
from .cards import Effect
from .config import EscarmoucheConfig
from .duel import DuelResult

#: ESC-RES-1 digital ruling: a second wound kills.


@dataclass(frozen=True, slots=True)
class Fate:
    """What a round's duel results do to one figure (ESC-MULTI-1)."""

    figure: str
    """Figure id."""
    killed: bool = False
    """Killed (Hearts, or a second wound)."""
    wounds: int = 0
    """Wounds after the results."""
    wounded: bool = False
    """Took at least one new wound."""
    evicted: bool = False
    """Must leave the sector (and is alive)."""


def apply_results(
    config: EscarmoucheConfig, results: Iterable[DuelResult], wounds: Mapping[str, int] | None = None
) -> dict[str, Fate]:
    """ESC-MULTI-1: all results apply together — kills first, then wounds (a second wound kills,
    ESC-RES-1: ``config.wounds_to_kill``), then evictions of the living; a figure both wounded and
    evicted takes both.

    ``wounds`` holds each figure's wounds before (default 0). Returns a Fate for every loser.
    """
    wounds = dict(wounds or {})
    by_fig: dict[str, list[Effect]] = {}
    for r in results:
        by_fig.setdefault(r.loser, []).append(Effect(r.effect))
    out = {}
    for fid, effects in by_fig.items():
        w = wounds.get(fid, 0)
        killed = Effect.KILLED in effects
        new_w = 0
        if not killed:
            new_w = effects.count(Effect.WOUNDED)
            w += new_w
            killed = w >= config.wounds_to_kill
        evicted = not killed and Effect.EVICTED in effects
        out[fid] = Fate(fid, killed, w, new_w > 0, evicted)
    return out


@implements("ESC-RES-2")
def eviction_options(adjacent: Sequence[str], enemy_sectors: Iterable[str]) -> list[str]:
    """ESC-RES-2: adjacent sectors with no enemies, sorted."""
    enemies = set(enemy_sectors)
    return sorted(s for s in adjacent if s not in enemies)


def default_eviction(
    options: Sequence[str],
    centre: Callable[[str], tuple[float, float]] | Mapping[str, tuple[float, float]],
    enemy_centroid: tuple[float, float] | None,
) -> str | None:
    """ESC-RES-2 AI default: the option whose centre is farthest from the enemy centroid (ties:
    the smallest id); None when there is no option (the figure is killed)."""
    if not options:
        return None
    if enemy_centroid is None:
        return sorted(options)[0]
    get = centre if callable(centre) else centre.__getitem__
    ex, ey = enemy_centroid
    return min(options, key=lambda s: (-round(math.hypot(get(s)[0] - ex, get(s)[1] - ey), 6), s))


def centroid(points: Iterable[tuple[float, float]]) -> tuple[float, float] | None:
    pts = list(points)
    if not pts:
        return None
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def eviction_destination(
    *,
    attacker: bool,
    came_from: str | None,
    adjacent: Sequence[str],
    enemy_sectors: Iterable[str],
    choice: str | None = None,
    centre=None,
    enemy_centroid: tuple[float, float] | None = None,
) -> str | None:
    """ESC-RES-2: an evicted attacker returns to the sector it came from; an evicted defender goes
    to an adjacent sector with no enemies (its side's ``choice``, else the AI default); None means
    no sector is available and the figure is killed."""
    if attacker:
        if came_from is None:
            raise ValueError("an evicted attacker needs the sector it came from")
        return came_from
    options = eviction_options(adjacent, enemy_sectors)
    if choice is not None:
        if choice not in options:
            raise IllegalDecision(
                f"{choice} is not an adjacent sector free of enemies; choose from "
                f"{', '.join(options) or 'none'} (ESC-RES-2)"
            )
        return choice
    return default_eviction(options, centre or {}, enemy_centroid)


class RoundEnd(str, enum.Enum):
    """ESC-RND-1: how a round of duels ends."""

    ATTACKER_HOLDS = "attacker_holds"
    """Only attackers remain: the melee ends, the attackers take the sector."""
    DEFENDER_HOLDS = "defender_holds"
    """Only defenders remain: the melee ends."""
    ATTACKER_BREAKS_OFF = "attacker_breaks_off"
    """The attacker moves all his survivors out (as ESC-RES-2)."""
    DEFENDER_BREAKS_OFF = "defender_breaks_off"
    """The defender moves all his survivors out (as ESC-RES-2)."""
    NEXT_ROUND = "next_round"
    """Both remain and fight on: re-pair (ESC-PAIR-1/2)."""
    EMPTY = "empty"
    """Nobody is left in the sector."""

    def __hash__(self) -> int:
        return str.__hash__(self)

    def __str__(self) -> str:
        return self.value


@implements("ESC-RND-1")
def round_end(
    attackers_left: int, defenders_left: int, attacker_breaks_off: bool = False, defender_breaks_off: bool = False
) -> RoundEnd:
    """ESC-RND-1: the melee ends when one side is alone in the sector; otherwise the attacker,
    then the defender, may break off; otherwise another round is fought."""
    if attackers_left == 0 and defenders_left == 0:
        return RoundEnd.EMPTY
    if defenders_left == 0:
        return RoundEnd.ATTACKER_HOLDS
    if attackers_left == 0:
        return RoundEnd.DEFENDER_HOLDS
    if attacker_breaks_off:
        return RoundEnd.ATTACKER_BREAKS_OFF
    if defender_breaks_off:
        return RoundEnd.DEFENDER_BREAKS_OFF
    return RoundEnd.NEXT_ROUND
