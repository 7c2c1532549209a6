"""The Rangers! rules in a player's words (the F1 screen, ``RangersRuleset.rule_texts``). Pure data."""

from __future__ import annotations

from ..texts import Sections, pages

SECTIONS: Sections = [
    (
        "Rangers: turns, moving and shooting",
        [
            (
                "RNG-TURN-1",
                "Each game turn both sides roll a d6 (a Legendary Leader adds 1); ties reroll; the higher side plays first. A player-turn ends when every figure has acted or been rolled for.",
            ),
            (
                "RNG-MOT-1",
                "Pick figures one at a time; each rolls a d6 for motivation: 3 or less acts (2 or less if wounded). Leaders and civilians need no roll.",
            ),
            (
                "RNG-MOT-2",
                "Motivation is 1 easier with a Leader within 6 in or a Legendary Leader within 12 in, or with the Initiative trait.",
            ),
            (
                "RNG-MOT-3",
                "A figure that fails its motivation may only defend, step back 2 in, or run for nearby cover.",
            ),
            ("RNG-MOT-4", "A figure attacked last enemy turn may strike back at its attacker instead of rolling."),
            (
                "RNG-ACT-1",
                "A motivated figure takes one action: move, charge 3 in into combat, load, aim, shoot, attack, or hold.",
            ),
            (
                "RNG-STAT-1",
                "Profiles: soldiers hit on 14 and defend 6 with 2 wounds; militia 12, 5, 2; civilians 10, 4, 1. All move 6 in.",
            ),
            (
                "RNG-TRAIT-1",
                "Traits: Fast, Tough, Athletic, Leader, Legendary Leader, Strongman, Keen-Eyed, Lucky, Veteran, Initiative, Determined.",
            ),
            (
                "RNG-PTS-1",
                "Each figure costs points for its type, weapons and traits; sides are balanced to within 30 points.",
            ),
            (
                "RNG-HAND-1",
                "A hand-to-hand attack hits on a d20 at or under attack minus defence; a natural 1 is a critical hit, a 20 always misses.",
            ),
            (
                "RNG-HAND-2",
                "Defenders turn to face their attacker; struck from behind while engaged in front, defence is halved.",
            ),
            (
                "RNG-HAND-3",
                "A defender against several attackers splits its defence between up to three; a fourth finds none.",
            ),
            (
                "RNG-HAND-4",
                "Instead of fighting back a figure may stand, step back 2 in, or flee, giving each enemy near it a free blow.",
            ),
            ("RNG-HAND-5", "Defending a wall or fence: +1 defence behind soft cover, +2 behind hard."),
            (
                "RNG-SHOOT-1",
                "A shot hits on a d20 plus modifiers at or under the shooter's attack: aiming and short range help; long range (over 10 in) +7; soft/hard cover +2/+3; a target that moved +1.",
            ),
            ("RNG-SHOOT-2", "A firearm must be loaded, and shooting empties it; aim is lost on any other action."),
            ("RNG-SHOOT-3", "Nobody may shoot at a figure within 1 in of an enemy of it."),
            ("RNG-COVER-1", "Hard cover (walls, logs, bulwarks) protects; soft cover (hedges, nets, canvas) hides."),
            ("RNG-WND-1", "A hit rolls a d6 for wounds: 3 or less 2 wounds, 4–6 one wound, 7 or more nothing."),
            (
                "RNG-WND-2",
                "A figure with as many wounds as its Wounds value is dead; a wounded survivor is motivated only on 1–2.",
            ),
            (
                "RNG-WND-3",
                "A figure without a sword or hatchet fights with an improvised weapon; a musket may be swung as a club.",
            ),
            (
                "RNG-MOVE-1",
                "Move up to the allowance (6 in for most). Tough ground costs double; impassable ground cannot be entered.",
            ),
            (
                "RNG-MOVE-2",
                "A move stops at a wall, hedge or ship's rail; it is crossed next player-turn at half move.",
            ),
            ("RNG-SPEC-1", "Special actions are set by the scenario (forcing a door, searching)."),
            (
                "RNG-MOR-1",
                "Once a side's leader is dead or half its points are lost, a figure that fails motivation flees the table.",
            ),
            ("RNG-AP-1", "Optional aggression points: spend them to shift your own rolls by 1, at most 2 on one roll."),
        ],
    ),
]

PAGES = pages(SECTIONS)
