"""The F1 rules reference: a player-facing entry, in plain words, for every rule ID the log can cite
(shared/RULES.md's catalog plus the scenario rules of maps/README.md), the chance cards and the duel
terms. Pure data and a search; the scene (scenes/rules_ref.py) draws it.

The Pyrates sections are in ``rules_text_pyrates``, the other rulesets' and the scenarios' in
``rules_text_others``."""

from __future__ import annotations

import html

from .rules_text_others import OTHER_SECTIONS
from .rules_text_pyrates import PYRATES_SECTIONS

_GENERAL_SECTIONS: list[tuple[str, list[tuple[str, str]]]] = [
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

SECTIONS: list[tuple[str, list[tuple[str, str]]]] = _GENERAL_SECTIONS + PYRATES_SECTIONS + OTHER_SECTIONS

TERMS: list[tuple[str, str]] = [
    (
        "Chance cards",
        (
            "Each player holds 3 single-use cards (PYR-CARD-0): Flashing Blades (+1 Mêlée Quota), "
            "Opportune Shot (a shot into the mêlée), Acrobatics (leap clear), Dodge/Duck (cancel a blow), "
            "Sneaky Attack (no jumping back). Click a card in “Your cards” when the game offers it."
        ),
    ),
    (
        "Panache",
        "In a duel, waiving damage you have dealt, once per duel: it takes a Mutinous Dog point off your side.",
    ),
    (
        "Stakes",
        "What the loser of a duel owes the winner; a side that does not honour them takes a Mutinous Dog point.",
    ),
    (
        "Mutinous Dog point",
        (
            "A mark of dishonour: refusing a challenge or breaking a duel's stakes costs one, panache "
            "removes one. Fewer points win a tied mêlée round."
        ),
    ),
    (
        "Mêlée Quota",
        "A side's fighting weight in one mêlée (PYR-MQ-2); it sets how many poker dice it throws (PYR-DICE-1).",
    ),
    ("Knock-down", "A figure knocked down is out of the fight and removed."),
    (
        "Engaged / surrounded",
        "Engaged: in base contact with an enemy. Surrounded: enemies on all sides, so no pushback.",
    ),
]

_INDEX = {rid: text for _, items in SECTIONS for rid, text in items}


def entry(rule_id: str) -> str | None:
    """The player-facing text for a rule ID, or None."""
    return _INDEX.get(rule_id)


def rule_ids() -> set[str]:
    return set(_INDEX)


def search(query: str) -> tuple[list[tuple[str, list[tuple[str, str]]]], list[tuple[str, str]]]:
    """Sections and terms whose ID, title or text holds every word of ``query`` (case-blind)."""
    words = query.lower().split()
    if not words:
        return SECTIONS, TERMS

    def hit(*texts: str) -> bool:
        blob = " ".join(texts).lower()
        return all(w in blob for w in words)

    secs = [(t, [(r, x) for r, x in items if hit(r, x)]) for t, items in SECTIONS]
    return [(t, items) for t, items in secs if items], [(k, x) for k, x in TERMS if hit(k, x)]


def as_html(query: str = "") -> str:
    secs, terms = search(query)
    parts = []
    if terms:
        parts.append("<font size=5><b>Terms and cards</b></font><br>")
        parts += [f"<font color='#e0b857'><b>{html.escape(k)}</b></font> {html.escape(x)}<br>" for k, x in terms]
        parts.append("<br>")
    for title, items in secs:
        parts.append(f"<font size=5><b>{html.escape(title)}</b></font><br>")
        for rid, text in items:
            parts.append(f"<font color='#e0b857'><b>{rid}</b></font> {html.escape(text)}<br>")
        parts.append("<br>")
    return "".join(parts) or "Nothing matches."
