"""The F1 rules reference (``rules_text``): the sections of the other rulesets (Rangers, Initiative,
card duels, pike and shot), the ruleset entries and the scenario rules. Pure data."""

from __future__ import annotations

OTHER_SECTIONS: list[tuple[str, list[tuple[str, str]]]] = [
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
