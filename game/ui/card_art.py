"""Playing cards as cached sprites (Escarmouche duels, ESC-DUEL-2): rank in the corner, suit glyph.

Suits are drawn as shapes, not font glyphs: Noto Sans as shipped with pygame_gui lacks ♠♥♦♣.
Hearts and diamonds are red, spades and clubs black, as on a real deck.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from . import fonts

RED = (200, 30, 40)
BLACK = (20, 20, 24)
RANKS = {11: "J", 12: "Q", 13: "K", 14: "A"}


def parse(card: str) -> tuple[str, str] | None:
    """ "14S" → ("A", "S"); None when it is not a card."""
    if not isinstance(card, str) or len(card) < 2 or card[-1] not in "SHDC":
        return None
    try:
        r = int(card[:-1])
    except ValueError:
        return None
    if not 2 <= r <= 14:
        return None
    return RANKS.get(r, str(r)), card[-1]


SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
LONG_RANKS = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}


def card_name(card: str) -> str:
    """ "14C" → "Ace of Clubs" (the font has no suit glyphs for a list entry)."""
    p = parse(card)
    if p is None:
        return card
    return f"{LONG_RANKS.get(p[0], p[0])} of {SUIT_NAMES[p[1]]}"


def suit_shape(dst: pygame.Surface, suit: str, cx: float, cy: float, r: float, colour) -> None:
    """A suit symbol of half-size ``r`` centred on (cx, cy)."""
    if suit == "D":
        pygame.draw.polygon(dst, colour, [(cx, cy - r), (cx + r * 0.75, cy), (cx, cy + r), (cx - r * 0.75, cy)])
    elif suit == "H":
        lobe = r * 0.5
        pygame.draw.circle(dst, colour, (cx - lobe, cy - r * 0.25), lobe)
        pygame.draw.circle(dst, colour, (cx + lobe, cy - r * 0.25), lobe)
        pygame.draw.polygon(dst, colour, [(cx - r, cy - r * 0.1), (cx + r, cy - r * 0.1), (cx, cy + r)])
    elif suit == "S":
        lobe = r * 0.5
        pygame.draw.circle(dst, colour, (cx - lobe, cy + r * 0.2), lobe)
        pygame.draw.circle(dst, colour, (cx + lobe, cy + r * 0.2), lobe)
        pygame.draw.polygon(dst, colour, [(cx - r, cy + r * 0.1), (cx + r, cy + r * 0.1), (cx, cy - r)])
        pygame.draw.polygon(dst, colour, [(cx, cy + r * 0.2), (cx - r * 0.35, cy + r), (cx + r * 0.35, cy + r)])
    elif suit == "C":
        lobe = r * 0.42
        pygame.draw.circle(dst, colour, (cx, cy - r * 0.45), lobe)
        pygame.draw.circle(dst, colour, (cx - r * 0.5, cy + r * 0.15), lobe)
        pygame.draw.circle(dst, colour, (cx + r * 0.5, cy + r * 0.15), lobe)
        pygame.draw.polygon(dst, colour, [(cx, cy), (cx - r * 0.35, cy + r), (cx + r * 0.35, cy + r)])


@lru_cache(maxsize=256)
def card_face(card: str, height: int, highlight: bool = False) -> pygame.Surface:
    """A card ``height`` pixels tall (width 0.7 × height); a gold edge when ``highlight``."""
    w = max(10, int(height * 0.7))
    s = pygame.Surface((w, height), pygame.SRCALPHA)
    p = parse(card)
    pygame.draw.rect(s, (250, 248, 240), s.get_rect(), border_radius=max(2, height // 10))
    edge = (230, 180, 40) if highlight else (90, 90, 90)
    pygame.draw.rect(s, edge, s.get_rect(), 3 if highlight else 1, border_radius=max(2, height // 10))
    if p is None:
        t = fonts.text("?", max(8, height // 2), BLACK, True)
        s.blit(t, t.get_rect(center=(w // 2, height // 2)))
        return s
    rank, suit = p
    colour = RED if suit in "HD" else BLACK
    t = fonts.text(rank, max(8, int(height * 0.3)), colour, True)
    s.blit(t, (max(2, w // 12), 0))
    suit_shape(s, suit, w * 0.55, height * 0.62, height * 0.2, colour)
    return s
