"""The rules in a player's words, shared by every system (the F1 screen): the conventions and the
table before the systems' own pages, the rulesets and the scenario rules after them.

Each system keeps its own texts in its package (``<system>/texts.py``) and gives them as
``Ruleset.rule_texts()``: one ``RuleText`` per rule entry, ``title`` the section it is listed under
and ``rules`` its one catalog ID; a term or a card (no ID) is a page titled with the term and no
``rules``. The texts are written here as sections, the shape an author edits most easily, and
turned into pages by ``pages``. Pure data."""

from __future__ import annotations

from .ruleset import RuleText

Sections = list[tuple[str, list[tuple[str, str]]]]
"""(section title, [(rule ID, text), …]) in reading order."""
Terms = list[tuple[str, str]]
"""(term, text): the words and cards a player meets, without a rule ID."""


def pages(sections: Sections) -> tuple[RuleText, ...]:
    """One page per rule entry, titled with its section."""
    return tuple(RuleText(title, text, (rid,)) for title, items in sections for rid, text in items)


def term_pages(terms: Terms) -> tuple[RuleText, ...]:
    """One page per term, titled with the term, citing no rule."""
    return tuple(RuleText(term, text) for term, text in terms)


GENERAL: Sections = [
    (
        "Conventions",
        [
            (
                "GEN-DICE-1",
                "Every random outcome comes from the match's seeded dice; every roll appears in the log with its faces.",
            ),
            (
                "GEN-DICE-2",
                "The natural roll is the face before modifiers. Rangers tests succeed at or under the target; saves and opposed rolls at or over it.",
            ),
            (
                "GEN-DICE-3",
                "A roll-off: each side rolls a die (a d6 unless the rule names another), ties roll again, the highest wins.",
            ),
            ("GEN-ROUND-1", "Fractions are kept exact; “round up” means to the next whole number."),
            (
                "GEN-CHOICE-1",
                "Every choice is a question with legal answers; the Auto button plays the stated default.",
            ),
            (
                "GEN-TURN-1",
                "A player-turn is one side's part of a game turn; a game turn is every side's player-turn once. The game ends at the scenario's turn limit or when its objective is met.",
            ),
        ],
    ),
    (
        "The table",
        [
            (
                "GEO-BASE-1",
                "Bases are round, 1 inch across unless the roster says otherwise; a base depth is its diameter.",
            ),
            (
                "GEO-BTB-1",
                "Figures on the same level that touch are in base-to-base contact. Hold, deck and rigging never touch each other.",
            ),
            (
                "GEO-DIST-1",
                "Ranges are measured edge to edge; a move is the length of the path the base's centre takes. Press M for the tape.",
            ),
            (
                "GEO-ZONE-1",
                "Zones drawn on the map give ground (open, tough, impassable), cover, close quarters, rigging, water and the ship. Press T to see them.",
            ),
            ("GEO-OBS-1", "Obstacles: rails, barrels, walls. Some give cover, some block sight, some can be stood on."),
            (
                "GEO-LOS-1",
                "A figure sees another if the line between their centres crosses nothing that blocks sight; figures never block it. Press L to check.",
            ),
            (
                "GEO-SWEEP-1",
                "A move is legal only if the base can slide along its path without overlapping another base or an obstacle.",
            ),
            (
                "GEO-SUR-1",
                "A figure is surrounded when engaged enemies stand on all sides of it, or when a pushback away from one enemy would run into another.",
            ),
            ("GEO-ESC-1", "A figure that must step a base depth away may go in any direction that is free."),
            ("GEO-FACE-1", "Only Rangers and the pike-and-shot rules use facing: a front, two flanks and a rear."),
        ],
    ),
]

SHARED: Sections = [
    (
        "Rulesets",
        [
            (
                "PRE-PYR-1",
                "Pyrates: Rangers turns and movement with the Pyrates mêlée — the boarding game. Shots wound or knock down, then a save.",
            ),
            ("PRE-RNG-1", "Rangers: the Rangers rules alone."),
            ("PRE-INI-1", "Initiative: turns driven by seizing the initiative, with reactions; combat as in Rangers."),
            ("PRE-ESC-1", "Escarmouche: sides take turns activating one group; assaults are fought as card duels."),
            ("PRE-OD6-1", "Pike and shot: sides alternate phases; blocks fight with opposed d6 rolls."),
        ],
    ),
    (
        "Scenario rules",
        [
            ("SCN-ALARM-1", "The watch below sleeps until the alarm is raised; sentries may spot boarders each turn."),
            (
                "SCN-ALARM-2",
                "Any shot or clash of steel raises the alarm at once: the sleepers wake and join the fight.",
            ),
            ("SCN-FIRE-1", "The ship is on fire: each turn's end the flames spread to more of the deck."),
            ("SCN-FIRE-2", "A figure standing in the flames at a turn's end rolls a d6 and may be scorched (wounded)."),
        ],
    ),
]

#: before the systems' pages
GENERAL_PAGES = pages(GENERAL)
#: after them
SHARED_PAGES = pages(SHARED)
