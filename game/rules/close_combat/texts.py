"""The pike-and-shot rules in a player's words (the F1 screen, ``CloseCombatRuleset.rule_texts``). Pure
data."""

from __future__ import annotations

from ..texts import Sections, pages

SECTIONS: Sections = [
    (
        "Pike and shot (opposed d6)",
        [
            ("OD6-PIECE-1", "Each block has a Combat Value and a Quality Value; a unit breaks after too many losses."),
            ("OD6-PIECE-2", "Blocks are rectangles with a front, flanks and a rear."),
            ("OD6-ENG-1", "Blocks fight when a whole front touches an enemy's front, flank or rear."),
            ("OD6-ENG-2", "Engaged blocks pair off one to one."),
            ("OD6-ENG-3", "An attack must meet as many defending blocks one to one as it can."),
            ("OD6-LOCK-1", "Blocks touching an enemy only at a corner are locked."),
            ("OD6-LOCK-2", "Two locks: cannot move; one: may try to slip away on a d6 at or over its quality."),
            ("OD6-ROLL-1", "Each pair rolls a d6 a side; the stronger side adds the difference in Combat Values."),
            ("OD6-ROLL-2", "+1 for a friend guarding the flank; an attacker may trade unused actions for +1."),
            ("OD6-RES-1", "Compare totals: equal is a tie; higher wins; double is a double victory; triple a triple."),
            (
                "OD6-RES-2",
                "Tie: both step back. Simple: the loser steps back. Double: it steps back disrupted. Triple: it is destroyed.",
            ),
            ("OD6-RES-3", "A block that cannot step back suffers one step worse."),
            ("OD6-RES-4", "All pairs roll first; then losses, then step-backs."),
            (
                "OD6-DIS-1",
                "A disrupted block cannot move, fire or support; it rallies on a d6 at or over its quality, and a 1 destroys it.",
            ),
            ("OD6-SEQ-1", "Sides alternate phases; each unit has an action to move, engage or re-form."),
            ("OD6-FIRE-1", "No fire before contact unless the scenario allows it; then a hit disrupts."),
        ]
        + [(f"OD6-EX-{i}", "A worked example from the pike-and-shot rules (used by the tests).") for i in range(1, 7)],
    ),
]

PAGES = pages(SECTIONS)
