"""ESC — More Escarmouche card duels (source 001): pure mechanics (RULES.md section 5).

Modules: cards (ESC-DUEL-2, ESC-RES-1), deck (ESC-DECK-1), duel (ESC-DUEL-1..3, ESC-MULTI-1 pairing
of hands), odds (exact duel odds), sectors (ESC-SEC-1 grid), engage (ESC-ENG-1..3, ESC-CIV-1),
pairing (ESC-PAIR-1/2), advantages (ESC-ADV-1/2), resolve (ESC-RES-1/2, ESC-MULTI-1, ESC-RND-1),
events.
"""

from .advantages import advantages, is_cavalry
from .cards import SUITS, Card, Effect, card_effect, full_deck
from .deck import Deck, DeckExhausted
from .duel import (
    DEFAULT_PREFERENCE,
    Duel,
    DuelResult,
    default_pick,
    draw_count,
    duel_winner,
    resolve_duel,
    resolve_pair,
    winning_options,
)
from .engage import (
    PublicFigure,
    civilian_flight,
    fighters,
    group_has_leader,
    is_civilian,
    public_view,
    resolve_pass_chance,
    resolve_test,
)
from .events import CardsDrawn, DeckReshuffled, DuelWon, MeleeStarted
from .odds import DuelOdds, duel_odds, odds_report_escarmouche
from .pairing import (
    auto_extras,
    auto_pairing,
    build_duels,
    unpaired_defenders,
    validate_extras,
    validate_order,
    validate_pairing,
)
from .resolve import (
    Fate,
    RoundEnd,
    apply_results,
    centroid,
    default_eviction,
    eviction_destination,
    eviction_options,
    round_end,
)
from .sectors import GRID_SIZE, grid_adjacent, grid_all, grid_centre, grid_sector, grid_shape, parse_grid_sector

__all__ = [
    "advantages",
    "is_cavalry",
    "SUITS",
    "Card",
    "Effect",
    "card_effect",
    "full_deck",
    "Deck",
    "DeckExhausted",
    "DEFAULT_PREFERENCE",
    "Duel",
    "DuelResult",
    "default_pick",
    "draw_count",
    "duel_winner",
    "resolve_duel",
    "resolve_pair",
    "winning_options",
    "PublicFigure",
    "civilian_flight",
    "fighters",
    "group_has_leader",
    "is_civilian",
    "public_view",
    "resolve_pass_chance",
    "resolve_test",
    "CardsDrawn",
    "MeleeStarted",
    "DeckReshuffled",
    "DuelWon",
    "DuelOdds",
    "duel_odds",
    "odds_report_escarmouche",
    "auto_extras",
    "auto_pairing",
    "build_duels",
    "unpaired_defenders",
    "validate_extras",
    "validate_order",
    "validate_pairing",
    "Fate",
    "RoundEnd",
    "apply_results",
    "centroid",
    "default_eviction",
    "eviction_destination",
    "eviction_options",
    "round_end",
    "GRID_SIZE",
    "grid_adjacent",
    "grid_all",
    "grid_centre",
    "grid_sector",
    "grid_shape",
    "parse_grid_sector",
]
