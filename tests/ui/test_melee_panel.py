"""The dice/mêlée panel: cards drawn as cards, opposed d6 side by side, Pyrates hands named."""

from __future__ import annotations

import types

import pygame

from game.rules.close_combat.events import CombatRolled
from game.rules.escarmouche.events import CardsDrawn, DuelWon
from game.rules.pyrates.events import HandScored, QuotaSet
from game.ui.card_art import card_face, card_name, parse
from game.ui.melee_panel import DicePanel


def _state():
    side = lambda i, c: types.SimpleNamespace(id=i, name=i.title(), colour=c)  # noqa: E731
    sides = [side("red", (200, 40, 40)), side("blue", (40, 80, 200))]
    figs = {
        "a": types.SimpleNamespace(id="a", name="Anne", side="red"),
        "b": types.SimpleNamespace(id="b", name="Bart", side="blue"),
    }
    return types.SimpleNamespace(sides=sides, figures=figs, side=lambda s: next(x for x in sides if x.id == s))


def _panel(events):
    pygame.font.init()
    p = DicePanel(pygame.Rect(0, 0, 320, 400))
    p.show(events, _state())
    surf = pygame.Surface((320, 400))
    p.age = 1.0
    p.draw(surf)
    return p, surf


def test_cards_are_parsed_and_drawn_red_or_black():
    assert parse("14S") == ("A", "S") and parse("10H") == ("10", "H") and parse("1X") is None
    assert card_name("12D") == "Queen of Diamonds"
    heart, spade = card_face("10H", 60), card_face("10S", 60)
    w, h = heart.get_size()
    reds = sum(1 for x in range(w) for y in range(h) if heart.get_at((x, y))[:3] == (200, 30, 40))
    blacks = sum(1 for x in range(w) for y in range(h) if spade.get_at((x, y))[:3] == (20, 20, 24))
    assert reds > 50 and blacks > 50


def test_panel_shows_a_duel_as_cards():
    p, _ = _panel(
        [
            CardsDrawn(rule="ESC-DUEL-1", figure="a", cards=("14S", "3H")),
            CardsDrawn(rule="ESC-DUEL-1", figure="b", cards=("9D",)),
            DuelWon(rule="ESC-DUEL-3", winner="a", victim="b", card="14S", effect="evicted"),
        ]
    )
    assert p.title.startswith("Duel") and len(p._surfs) == 3 and p.wants_room


def test_panel_shows_opposed_dice_side_by_side():
    p, _ = _panel(
        [
            types.SimpleNamespace(rule="OD6-ROLL-1", faces=(5,), who="a", purpose="close combat"),
            CombatRolled(
                rule="OD6-RES-1",
                attacker="a",
                defender="b",
                faces=(5, 2),
                bonus=(1, 0),
                totals=(6, 2),
                kind="double",
                winner="a",
            ),
        ]
    )
    assert p.title.startswith("Close combat")
    assert [type(e).__name__ for e in p.rows] == ["CombatRolled"]  # its dice are in the pair's row
    assert p._surfs[0].get_width() >= 200


def test_panel_names_pyrates_hands_and_quotas():
    p, _ = _panel(
        [
            QuotaSet(rule="PYR-MQ-7", who="red", total="3/2", mq=2, lines=("a 1 figure", "b 1/2 wounded")),
            HandScored(rule="PYR-DMG-1", who="red", hand_no=1, faces=(3, 3, 5), hand="pair", wounds=1),
        ]
    )
    assert p.title == "Mêlée" and len(p._surfs) == 2
