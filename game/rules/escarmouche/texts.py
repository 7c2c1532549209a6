"""The Escarmouche card duels in a player's words (the F1 screen, ``EscarmoucheRuleset.rule_texts``). Pure
data."""

from __future__ import annotations

from ..texts import Sections, pages

SECTIONS: Sections = [
    (
        "Card duels (Escarmouche)",
        [
            (
                "ESC-SEC-1",
                "The table is cut into sectors (named like B3); a figure is in the sector holding its centre.",
            ),
            (
                "ESC-ENG-1",
                "A group moving into an enemy-held sector stops at its edge and tests Resolve; passing, it goes in and the fight begins.",
            ),
            ("ESC-ENG-2", "Resolve: a d6 of 4 or less passes, 1 easier with a leader."),
            ("ESC-ENG-3", "Only the defenders' leader is revealed; other abilities stay hidden."),
            ("ESC-PAIR-1", "The attacker pairs each of his figures with a defender; extra attackers join a duel."),
            ("ESC-PAIR-2", "Unpaired defenders then join duels of their choice."),
            ("ESC-DUEL-1", "In each duel both sides draw cards: one, plus one for each advantage."),
            ("ESC-DUEL-2", "The highest card wins (ace high; on equal rank spades beat hearts, diamonds, clubs)."),
            ("ESC-DUEL-3", "If several winning cards beat all the loser's, the winner picks which one counts."),
            (
                "ESC-ADV-1",
                "An extra card for heavy cavalry, charging, pikes in the first round, defending a building, a wounded opponent, or cavalry against loose infantry.",
            ),
            ("ESC-ADV-2", "A group is one side's figures in one sector, acting together."),
            (
                "ESC-RES-1",
                "The winning card's suit decides: hearts kill, diamonds wound (a second wound kills), spades and clubs drive the loser out of the sector.",
            ),
            (
                "ESC-RES-2",
                "A driven-out attacker goes back where it came from; a defender to a free next sector, or dies if there is none.",
            ),
            (
                "ESC-MULTI-1",
                "Several against one: all draw once and the lone figure's cards are compared with each opponent's.",
            ),
            (
                "ESC-RND-1",
                "After each round either side may break off; else the fight goes on until one side holds the sector alone.",
            ),
            (
                "ESC-CIV-1",
                "Civilians never fight: attacked, they drop what they carry and run to a next sector, or are captured.",
            ),
            ("ESC-DECK-1", "One 52-card deck, reshuffled from the discards when it runs out."),
        ],
    ),
]

PAGES = pages(SECTIONS)
