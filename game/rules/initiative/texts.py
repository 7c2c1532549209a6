"""The initiative rules in a player's words (the F1 screen, ``InitiativeRuleset.rule_texts``). Pure data."""

from __future__ import annotations

from ..texts import Sections, pages

SECTIONS: Sections = [
    (
        "Initiative",
        [
            (
                "INI-BASE-1",
                "Every figure has an initiative rating (16 best to 22 worst) and a leader a leadership bonus.",
            ),
            (
                "INI-BASE-2",
                "Civilians are Poor, militia Average, soldiers Good; veterans one step better; leaders add 2, legendary leaders 3.",
            ),
            (
                "INI-SEIZE-1",
                "The side without the initiative may pick one figure and an action and roll a d20 plus bonuses to seize it: success at or over its rating.",
            ),
            (
                "INI-SEIZE-2",
                "Seizing is easier to charge, reach an objective or shoot, and harder for an out-of-sight goal or when engaged; an order card gives +4.",
            ),
            ("INI-SEIZE-3", "Every shot gives the enemy a counter, spent on its next try to seize the initiative."),
            ("INI-SEIZE-4", "The poorest figures (rated 21–22) never seize alone."),
            ("INI-SEIZE-5", "On success the figure and its group act first and their side becomes active."),
            ("INI-ORD-1", "Order cards name figures and a task; +4 when seizing to carry it out."),
            (
                "INI-MEL-1",
                "Figures fight a round when they first make contact; a player may spend an action on another round.",
            ),
            ("INI-MEL-2", "A seize roll of a natural 1–3 makes every figure in contact fight a round first."),
            (
                "INI-REACT-1",
                "When enemies engage friends, free figures within 4 in may react: run away, or join the fight for one round.",
            ),
            (
                "INI-REACT-2",
                "Reacting figures may only engage the enemies that just moved in, or figures next to them.",
            ),
            ("INI-REACT-3", "All reacting figures are named before any moves."),
            ("INI-REACT-4", "After reactions the initiative is rolled as usual."),
            ("INI-RSHOOT-1", "Once in each enemy spell of initiative a side may shoot back at one enemy action."),
            ("INI-RSHOOT-2", "All reacting shooters are named first, then fire."),
            ("INI-RSHOOT-3", "At most one reacting shooter per inch the enemy moved (at least one)."),
            ("INI-RSHOOT-4", "Reaction shots are harder: +2 on the d20."),
            ("INI-VOLLEY-1", "A side that moves nobody may fire every missile figure at once as one action."),
            (
                "INI-MS-1",
                "Bows move half and shoot; javelins move and throw; muskets and crossbows must stand to fire.",
            ),
            (
                "INI-TOME-1",
                "“To me!”: the leader stands still and his men more than 4 in from any enemy move toward him, never coming within 4 in of an enemy.",
            ),
            (
                "INI-SEQ-1",
                "Each game turn starts with a d20 roll-off; the active side takes one action, then the other side may try to seize the initiative. Two passes in a row end the turn.",
            ),
            (
                "INI-SEQ-2",
                "A group is friends standing within a base width of each other; a leader's group moves together.",
            ),
        ]
        + [(f"INI-EX-{i}", "A worked example from the initiative rules (used by the tests).") for i in range(1, 7)],
    ),
]

PAGES = pages(SECTIONS)
