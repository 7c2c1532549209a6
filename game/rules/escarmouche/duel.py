"""ESC-DUEL-1..3 and ESC-MULTI-1: comparing hands, the winner's pick, one-against-many duels."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..decisions import IllegalDecision
from ..implements import implements
from .cards import Card, Effect, card_effect

#: ESC-DUEL-3 AI default: Hearts (killed), then Diamonds (wounded), then Spades/Clubs (evicted).
DEFAULT_PREFERENCE: tuple[Effect, ...] = (Effect.KILLED, Effect.WOUNDED, Effect.EVICTED)


@implements("ESC-DUEL-1")
def draw_count(advantages: int | Sequence) -> int:
    """ESC-DUEL-1: each figure draws 1 + its advantages (ESC-ADV-1)."""
    n = advantages if isinstance(advantages, int) else len(advantages)
    if n < 0:
        raise ValueError("advantages cannot be negative")
    return 1 + n


def _check_hands(cards_a: Sequence[Card], cards_b: Sequence[Card]) -> None:
    if not cards_a or not cards_b:
        raise ValueError("each side of a duel holds at least one card (ESC-DUEL-1)")
    if set(cards_a) & set(cards_b):
        raise ValueError("the same card is in both hands (ESC-DECK-1: cards are unique)")


@implements("ESC-DUEL-2")
def duel_winner(cards_a: Sequence[Card], cards_b: Sequence[Card]) -> str:
    """ESC-DUEL-2: "a" or "b", whoever owns the highest card (rank, then suit S > H > D > C)."""
    _check_hands(cards_a, cards_b)
    return "a" if max(cards_a) > max(cards_b) else "b"


@implements("ESC-DUEL-3")
def winning_options(winner_cards: Sequence[Card], loser_cards: Sequence[Card]) -> list[Card]:
    """ESC-DUEL-3: the winner's cards that beat all the loser's cards, highest first."""
    top = max(loser_cards)
    return sorted((c for c in winner_cards if c > top), reverse=True)


def default_pick(options: Sequence[Card], preference: Sequence[Effect] = DEFAULT_PREFERENCE) -> Card:
    """ESC-DUEL-3 default policy: the first effect in ``preference`` available (Hearts, Diamonds,
    Spades/Clubs); within an effect the highest card."""
    if not options:
        raise ValueError("no winning card to pick")
    for eff in preference:
        cands = [c for c in options if card_effect(c) is Effect(eff)]
        if cands:
            return max(cands)
    return max(options)


@dataclass(frozen=True, slots=True)
class DuelResult:
    """One pairwise duel result (ESC-DUEL-2/3, ESC-RES-1)."""

    winner: str
    """Id of the winning figure."""
    loser: str
    """Id of the defeated figure."""
    card: Card
    """The winning card that counts."""
    effect: Effect
    """What it does to the loser."""
    options: tuple[Card, ...] = ()
    """Every card the winner could have picked (ESC-DUEL-3)."""


def resolve_pair(
    fig_a: str,
    cards_a: Sequence[Card],
    fig_b: str,
    cards_b: Sequence[Card],
    pick: Card | None = None,
    preference: Sequence[Effect] = DEFAULT_PREFERENCE,
) -> DuelResult:
    """ESC-DUEL-2/3, ESC-RES-1 for two hands: the winner's ``pick`` (default policy if None)."""
    w = duel_winner(cards_a, cards_b)
    (wid, wc, lid, lc) = (fig_a, cards_a, fig_b, cards_b) if w == "a" else (fig_b, cards_b, fig_a, cards_a)
    opts = winning_options(wc, lc)
    if pick is None:
        pick = default_pick(opts, preference)
    elif pick not in opts:
        raise IllegalDecision(
            f"{pick} does not beat all of {lid}'s cards; choose from {', '.join(str(c) for c in opts)} (ESC-DUEL-3)"
        )
    return DuelResult(wid, lid, pick, card_effect(pick), tuple(opts))


@dataclass(frozen=True, slots=True)
class Duel:
    """One duel: one figure against one or more (ESC-PAIR-1/2). One side always has one figure."""

    attackers: tuple[str, ...]
    """Attacking figure ids."""
    defenders: tuple[str, ...]
    """Defending figure ids."""

    def __post_init__(self) -> None:
        if not self.attackers or not self.defenders:
            raise ValueError("a duel needs a figure on each side")
        if len(self.attackers) > 1 and len(self.defenders) > 1:
            raise ValueError("a duel is one figure against one or more (ESC-PAIR-1/2)")

    @property
    def figures(self) -> tuple[str, ...]:
        return self.attackers + self.defenders

    @property
    def lone(self) -> str:
        """The figure on its own (the defender in a 1-v-1)."""
        return self.attackers[0] if len(self.defenders) > 1 else self.defenders[0]

    @property
    def many(self) -> tuple[str, ...]:
        return self.defenders if len(self.defenders) > 1 else self.attackers


@implements("ESC-MULTI-1")
def resolve_duel(
    duel: Duel,
    hands: Mapping[str, Sequence[Card]],
    picks: Mapping[tuple[str, str], Card] | None = None,
    preference: Sequence[Effect] = DEFAULT_PREFERENCE,
) -> list[DuelResult]:
    """ESC-DUEL-2/3 and ESC-MULTI-1: the lone figure's hand is compared pairwise with each
    opponent's hand — one result per opponent, in the duel's order. ``picks[(winner, loser)]`` is a
    winner's choice of card (default policy where absent)."""
    picks = picks or {}
    seen: set[Card] = set()
    for f in duel.figures:
        h = list(hands[f])
        if not h:
            raise ValueError(f"{f} drew no card (ESC-DUEL-1: at least one)")
        if seen & set(h):
            raise ValueError("a card appears in two hands (ESC-DECK-1)")
        seen |= set(h)
    lone = duel.lone
    out = []
    for other in duel.many:
        w = duel_winner(hands[lone], hands[other])
        wid, lid = (lone, other) if w == "a" else (other, lone)
        out.append(resolve_pair(lone, hands[lone], other, hands[other], picks.get((wid, lid)), preference))
    return out
