"""The arithmetic of a mêlée hand for the log's "Why?" and the after-action luck (PYR-DICE-1): the
hand as thrown, every hand its dice could have made with its exact chance, and where the throw fell
among them. Rerolls are the side's choices, so luck is judged on the throw before them."""

from __future__ import annotations

from ..roll_odds import Outcome, RollParts, percentile
from .hands import MAX_HAND_DICE, Hand, classify_hand
from .odds import hand_odds


def hand_parts(faces: tuple[int, ...], who: str, *, luck: bool) -> RollParts | None:
    """RollParts of a hand thrown as ``faces`` by ``who``; with ``luck`` the throw's mid-percentile
    among the hands (weakest first) is given for ``who``."""
    if not 1 <= len(faces) <= MAX_HAND_DICE:
        return None
    odds = hand_odds(len(faces), 0)
    got = classify_hand(faces)
    order = list(Hand)
    where = percentile(((order.index(h), p) for h, p in odds.items()), order.index(got))
    return RollParts(
        rule="PYR-DICE-1",
        dice=tuple((6, f) for f in faces),
        outcomes=tuple(Outcome(h.label, p, h == got) for h, p in odds.items() if p),
        luck=((who, where),) if luck and who else (),
    )
