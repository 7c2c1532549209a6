"""What the "How to play" page says: five short paragraphs (the keys, the turn, moving, the mêlée,
taps and saves) for the boarding games' rules, each with a picture made from the game's own art —
its figures, its dice, its map. The rules reference (F1) has every rule; this page is the way in.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from . import fonts

BLUE, RED = (70, 110, 200), (200, 70, 60)


@dataclass(frozen=True)
class Section:
    title: str
    text: str
    picture: str
    """The name of its picture (``picture``)."""


SECTIONS = (
    Section(
        "Your turn",
        "Each game turn both sides roll a die and the higher plays first. On your player-turn you pick "
        "your figures one at a time (click one with a white ring, or Tab then Enter). Each rolls a die "
        "for motivation: 3 or less acts (2 or less when wounded), and a leader close by takes 1 off the "
        "roll. Your captain and other leaders never roll: they always act. A figure that fails holds "
        "where it is, and still defends if attacked. End the turn with E when you are done; the game asks "
        "first if some figures have not acted. In hot-seat the screen is then handed to the other player.",
        "motivation",
    ),
    Section(
        "Moving and climbing",
        "Once a figure may act, move the mouse over the table: a line shows its route and how many "
        "inches it costs (rough ground and the rigging cost double); click to go there. Ladders, "
        "shrouds, hatches and gangplanks join the deck, the rigging, the hold and the other ship: point "
        "at one to climb or cross it. M measures, L shows what a figure can see, T shows the zones.",
        "map",
    ),
    Section(
        "Charging into a mêlée",
        "A figure that may act can charge up to 3 inches into contact with an enemy. When a charge "
        "starts a fight, the enemy may answer, once your moves are done, with reaction moves of up to 2 "
        "inches: to join the fight, to stand beside a friend in it, or to get away. Every figure in contact or standing beside a "
        "friend in contact adds to its side's mêlée quota: 3 for a captain, 2 for an officer, 1 for a "
        "crewman, half as much when wounded. The odds panel shows your chance before you charge.",
        "melee",
    ),
    Section(
        "Poker dice",
        "Each side throws dice by its quota, in hands of up to five, and may throw single dice again. A "
        "pair is a wound, two pairs two wounds, three of a kind a knockdown, a full house two knockdowns, "
        "a straight two knockdowns and two wounds, four of a kind three knockdowns. The side with the "
        "better dice taps first: pick one of your figures in contact and give each enemy it touches one "
        "wound or one knockdown from your dice; then the other side taps, and so on until both pass.",
        "dice",
    ),
    Section(
        "Saves, pushbacks and the keys",
        "A figure given a wound or a knockdown rolls to save it: a 6, or less with armour, a friend "
        "beside it, a good position or rank (an officer 1 less, a captain 2 less). Before rolling it may "
        "instead jump back a base's depth to take no wound, or, unwounded, be pushed back wounded rather "
        "than knocked down, if there is room behind it. Keys: Enter takes the automatic answer, 1 to 9 "
        "pick a numbered option, Ctrl+Z undoes, Ctrl+S saves, O sets standing orders, F1 opens the rules.",
        "save",
    ),
)


def _figure(role: str, colour, emblem: str, size: int, status: str = "unwounded") -> pygame.Surface:
    from .figure_art import figure_sprite

    return figure_sprite(role, colour, emblem, size, status)


def _caption(text: str, size: int, colour=(232, 226, 208)) -> pygame.Surface:
    return fonts.text(text, size, colour)


def _motivation(w: int, h: int) -> pygame.Surface:
    from .dice_art import die_face

    s = pygame.Surface((w, h), pygame.SRCALPHA)
    d = h // 3
    fs = max(10, h // 11)
    cap = _figure("captain", BLUE, "circle", d)
    crew = _figure("crew", BLUE, "circle", d)
    s.blit(cap, (w // 8, h // 8))
    s.blit(_caption("never rolls", fs), (w // 8 + d + 8, h // 8 + d // 3))
    s.blit(crew, (w // 8, h // 8 + d + h // 10))
    s.blit(die_face(6, 2, d * 2 // 3), (w // 8 + d + 8, h // 8 + d + h // 10 + d // 6))
    s.blit(_caption("2: acts", fs, (150, 220, 150)), (w // 8 + d + 16 + d * 2 // 3, h // 8 + d + h // 10 + d // 3))
    return s


def _map(w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    try:
        from game.match.setup import tactical_map_for
        from game.scenario import find_scenario

        from .map_render import thumbnail

        t = thumbnail(tactical_map_for(find_scenario("boarding_action")), (w, h))
        k = min(w / t.get_width(), h / t.get_height())
        t = pygame.transform.smoothscale(t, (max(1, int(t.get_width() * k)), max(1, int(t.get_height() * k))))
        s.blit(t, t.get_rect(center=(w // 2, h // 2)))
    except Exception:  # noqa: BLE001 - a missing map leaves the picture blank, the words stand alone
        pass
    return s


def _melee(w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    d = min(h // 3, w // 5)
    cx, cy = w // 2, h // 2
    s.blit(_figure("crew", BLUE, "circle", d), (cx - d - 1, cy - d // 2))
    s.blit(_figure("marine", RED, "square", d), (cx, cy - d // 2))  # base to base
    s.blit(_figure("crew", BLUE, "circle", d), (cx - 2 * d - 2, cy - d // 2))  # beside a friend: supports
    fs = max(10, h // 11)
    s.blit(_caption("in contact", fs), (cx - d, cy + d // 2 + 6))
    s.blit(_caption("beside a friend", fs), (max(0, cx - 2 * d - 10), cy - d // 2 - fs - 10))
    return s


def _dice(w: int, h: int) -> pygame.Surface:
    from .dice_art import die_face

    s = pygame.Surface((w, h), pygame.SRCALPHA)
    d = min(h // 4, (w - 20) // 6)
    x0 = (w - 5 * d - 4 * (d // 5)) // 2
    for i, face in enumerate((4, 4, 4, 2, 2)):
        s.blit(die_face(6, face, d), (x0 + i * (d + d // 5), h // 3))
    fs = max(10, h // 11)
    cap = _caption("full house: 2 knockdowns", fs, (255, 214, 120))
    s.blit(cap, cap.get_rect(midtop=(w // 2, h // 3 + d + 8)))
    return s


def _save(w: int, h: int) -> pygame.Surface:
    from .dice_art import die_face

    s = pygame.Surface((w, h), pygame.SRCALPHA)
    d = h // 3
    s.blit(_figure("officer", RED, "square", d, "wounded"), (w // 8, h // 4))
    s.blit(die_face(6, 5, d * 2 // 3), (w // 8 + d + 10, h // 4 + d // 6))
    fs = max(10, h // 11)
    s.blit(_caption("5: saved (officer)", fs, (150, 220, 150)), (w // 8, h // 4 + d + 8))
    return s


PICTURES = {"motivation": _motivation, "map": _map, "melee": _melee, "dice": _dice, "save": _save}


def picture(name: str, w: int, h: int) -> pygame.Surface:
    """The section's picture, ``w`` × ``h`` pixels."""
    return PICTURES[name](max(40, w), max(40, h))
