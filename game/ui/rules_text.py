"""The F1 rules reference: a player-facing entry, in plain words, for every rule ID the log can cite
(shared/RULES.md's catalog plus the scenario rules of maps/README.md), the chance cards and the duel
terms. Pure data and a search; the scene (scenes/rules_ref.py) draws it."""

from __future__ import annotations

import html

SECTIONS: list[tuple[str, list[tuple[str, str]]]] = [
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
    (
        "Pyrates mêlée: engaging",
        [
            (
                "PYR-ENG-1",
                "Enemies in base contact are engaged. Figures linked by engagements and support form one mêlée, fought after the moves.",
            ),
            (
                "PYR-ENG-2",
                "Enemies on either side of a rail or barricade, at most 1 in apart, are engaged if one of them has a Reach or General weapon.",
            ),
            (
                "PYR-ENG-3",
                "A figure that fought in a mêlée does nothing more that player-turn except reaction moves. A side starts at most one mêlée step per player-turn.",
            ),
            (
                "PYR-ENG-4",
                "Stepping up onto a barrel or barricade stops a move; the next move may climb on with half the allowance.",
            ),
            (
                "PYR-SEQ-1",
                "A mêlée round: quotas are counted, both sides roll their poker dice, blows are shared out and saved, the round is tallied, morale is tested, and the loser withdraws or fights on.",
            ),
            ("PYR-SEQ-2", "At most 6 rounds per mêlée step; a fight still going carries on next player-turn."),
            (
                "PYR-WPN-1",
                "Weapon classes. Reach: pikes, spears, polearms, musket and bayonet. General: cutlass, sabre, axe, club. Close: dagger, belaying pin, bottle, hook, fists.",
            ),
            (
                "PYR-WPN-2",
                "A figure fights with its biggest weapon (Reach, then General, then Close); an unarmed figure fights as Close.",
            ),
            (
                "PYR-REACT-1",
                "When new contacts are made, the other side may move each free figure up to 2 in: into the fight, away from it, to support a friend, or to get a shot.",
            ),
            (
                "PYR-REACT-2",
                "Between rounds free figures of both sides may make one more 2 in reaction move each, round winner first.",
            ),
        ],
    ),
    (
        "Pyrates mêlée: the Mêlée Quota and the dice",
        [
            (
                "PYR-MQ-1",
                "A side's fighters in a mêlée are its engaged and supporting figures; knocked-down, disarmed and captive figures do not count.",
            ),
            (
                "PYR-MQ-2",
                "The Mêlée Quota is a side's fighting weight in a mêlée, added up from its fighters: a captain counts 3 (2 wounded), an officer 2 (1 wounded), an ordinary figure 1 (½ wounded), a cabin boy or civilian ½. The quota sets how many poker dice are thrown (see PYR-DICE-1): a quota of 1 throws 3 dice.",
            ),
            ("PYR-MQ-3", "Drilled figures in base contact with each other add +1 each (+½ if wounded)."),
            (
                "PYR-MQ-4",
                "A Reach weapon or a horse adds +1 (a mounted lancer +2), but in close quarters (rigging, below decks) that bonus goes to the enemy instead.",
            ),
            (
                "PYR-MQ-5",
                "+1 for each figure in an advantageous position, or defending an obstacle an enemy just crossed to reach it.",
            ),
            ("PYR-MQ-6", "The Flashing Blades card adds +1."),
            (
                "PYR-MQ-7",
                "All the pieces are added exactly and the side's total is rounded up once (three wounded sailors: 1½ becomes 2).",
            ),
            (
                "PYR-DICE-1",
                "The quota is split into hands of up to 5 and each hand is thrown as poker dice: quota 1 throws 3 dice, 2 throws 4, 3 throws 5, 4 throws 5 with one reroll, 5 throws 5 with two rerolls.",
            ),
            (
                "PYR-DICE-2",
                "A reroll throws one die of its hand again, chosen after seeing the dice; the new face stays.",
            ),
            ("PYR-DICE-3", "Both sides roll, and finish rerolling, before any blow is shared out."),
            (
                "PYR-DMG-1",
                "Each hand does damage by its poker value: pair 1 wound, two pair 2 wounds, three of a kind 1 knock-down, full house 2 knock-downs, straight 2 knock-downs and 2 wounds, four of a kind 3 knock-downs, five of a kind 4; no match, nothing.",
            ),
        ],
    ),
    (
        "Pyrates mêlée: blows, saves and pushbacks",
        [
            (
                "PYR-ALLOC-1",
                "The side with the better dice (knock-downs count double) shares out its blows first; then the sides take turns.",
            ),
            (
                "PYR-ALLOC-2",
                "A tap: pick one of your engaged figures not yet used this round and give each enemy it can reach one knock-down or one wound from your side's pool. A Close weapon cannot strike across an obstacle.",
            ),
            (
                "PYR-ALLOC-3",
                "Damage nobody could take still counts for the tally; damage a side chose not to hand out counts for nothing.",
            ),
            (
                "PYR-ALLOC-4",
                "Knocked-down figures are out at once and cannot strike; wounded figures still strike. A figure may take blows from several strikers.",
            ),
            ("PYR-ALLOC-5", "Optional: both sides hand out all their blows first, then they are resolved in order."),
            ("PYR-SAVE-1", "A save is a d6 needing 6, less for each bonus, never less than 2; a 1 always fails."),
            (
                "PYR-SAVE-2",
                "Save bonuses (+1 each): armour, defending an obstacle or a good position, a free friend in base contact (supported), a Close-weapon attacker outside close quarters, being mounted against a foot attacker; officers +1, captains +2.",
            ),
            (
                "PYR-SAVE-3",
                "A saved blow does nothing. A failed wound wounds (a second wound knocks down); a failed knock-down knocks down.",
            ),
            (
                "PYR-PUSH-1",
                "Instead of saving against a wound, a figure may jump back a base depth unhurt; against a knock-down an unwounded figure may be pushed back wounded instead. Decided before the save.",
            ),
            (
                "PYR-PUSH-2",
                "A pushback needs room: the figure is on foot, not surrounded, not hit by a Sneaky Attack or main gauche, and has a clear base depth behind it.",
            ),
            ("PYR-PUSH-3", "The pushback goes straight away from the striker."),
            ("PYR-PUSH-4", "An unwounded striker may follow up, stepping after the figure it pushed back."),
            ("PYR-PUSH-5", "Every pushback counts for the striker's side in the tally."),
            (
                "PYR-PUSH-6",
                "Auto: jump back from a wound unless the save is easy (3 or better); take the pushback-wounded when the save is hard (5 or 6).",
            ),
            (
                "PYR-SUR-1",
                "A surrounded figure cannot be pushed back; one that knocks down or pushes back a foe while surrounded may then step clear.",
            ),
        ],
    ),
    (
        "Pyrates mêlée: winning, morale and the rest",
        [
            (
                "PYR-WIN-1",
                "The round goes to the side that did more knock-downs, then more wounds, then more pushbacks, then with fewer Mutinous Dog points, then a roll-off.",
            ),
            ("PYR-WIN-2", "A party that fails morale flees and its side loses the round; if all flee the mêlée ends."),
            (
                "PYR-WIN-3",
                "The loser withdraws or fights on. Boarders may fall back to their ship; defenders may strike their colours or abandon ship.",
            ),
            ("PYR-WIN-4", "A bold retreat: up to 4 in, every step away from the enemy, ending out of contact."),
            (
                "PYR-WIN-5",
                "A party is the roster's group; untagged figures within 4 in of a fighter join their side's party.",
            ),
            ("PYR-WIN-6", "The mêlée ends when no winner is engaged; losers still in it must withdraw."),
            ("PYR-MOR-1", "A party that lost a figure in the round tests morale at its end."),
            (
                "PYR-MOR-2",
                "Morale: a d6 needing 4 or less; +1 if the party lost half its figures, +1 if its captain is down; −1 if its side won the tally, −1 with its captain within 6 in. A 1 always passes, a 6 always fails.",
            ),
            (
                "PYR-MOR-3",
                "Failing morale, the party's fighters and those within 4 in flee and leave the game; the rest stay, shaken (+1 on their next test).",
            ),
            (
                "PYR-CR-1",
                "A loser that is surrounded or has nowhere to go cannot withdraw: it surrenders or fights on as a cornered rat.",
            ),
            (
                "PYR-CR-2",
                "A cornered rat fights its own mêlée until it falls, is taken, or cuts its way free and retreats.",
            ),
            ("PYR-DIS-1", "A knock-down given to a lone enemy may instead try to disarm it; it saves as usual."),
            (
                "PYR-DIS-2",
                "A disarmed figure cannot move or strike and adds nothing to the quota; its owner may surrender it.",
            ),
            ("PYR-DIS-3", "Blows on a disarmed figure try to capture it; if it saves it picks up a weapon again."),
            (
                "PYR-DIS-4",
                "After the mêlée a captive is led off by its captor; it is freed if the captor's side breaks.",
            ),
            ("PYR-MNT-1", "A rider charging across open ground may strike a lone foe in passing and ride on."),
            ("PYR-MNT-2", "Riders cannot be pushed back; some may dismount instead of taking a wound."),
            (
                "PYR-DUEL-1",
                "A leader out of the fight may challenge an enemy leader within 12 in and in sight. Refusing costs a Mutinous Dog point.",
            ),
            (
                "PYR-DUEL-2",
                "The duellists fight alone, others stand back. Either may waive damage it deals once (panache), shedding a Mutinous Dog point.",
            ),
            (
                "PYR-DUEL-3",
                "A duel ends on quarter, a capture, or a pushback not followed up; the loser's side takes a Mutinous Dog point and tests morale. The stakes (what the loser owes) must be honoured or cost another point.",
            ),
            (
                "PYR-DUEL-4",
                "With pistols at 2 in: a d6 each, the higher fires first (equal: together); then the survivor replies; no hits, honour may be satisfied or it goes to blades.",
            ),
            ("PYR-DUEL-5", "If the parties had a treaty the victor decides whether it still holds."),
            ("PYR-RIG-1", "Rigging, spars and tops are close quarters: Reach weapons help the enemy there."),
            (
                "PYR-RIG-2",
                "A figure wounded in the rigging falls on a d6 of 1–3: into the sea if near, else onto the deck below.",
            ),
            (
                "PYR-DROP-1",
                "A fall rolls a d6 (+1 over 3 in, +2 over 6 in): 1–3 no harm, 4–5 an extra wound, 6 or more knocked down.",
            ),
            (
                "PYR-MG-1",
                "A figure with a second weapon may strike with its main gauche: 1–2 wasted, 3–6 the foe cannot jump back and must save.",
            ),
            ("PYR-CARD-0", "Chance cards: each player draws 3 from a deck of 20 (4 of each card); each is used once."),
            ("PYR-CARD-1", "Flashing Blades: +1 Mêlée Quota for your side in one mêlée."),
            (
                "PYR-CARD-2",
                "Opportune Shot: a free, loaded shooter near the fight fires before the dice; a miss may hit a figure fighting the target.",
            ),
            (
                "PYR-CARD-3",
                "Acrobatics: a surrounded or cornered figure leaps up to 2 in, over bases, to a clear spot.",
            ),
            ("PYR-CARD-4", "Dodge/Duck: cancels one blow given to your figure, before pushback or save."),
            ("PYR-CARD-5", "Sneaky Attack: played with a blow: the victim cannot jump back and must save."),
            (
                "PYR-MDP-1",
                "Mutinous Dog points count a side's dishonour: +1 for refusing a challenge or breaking a duel's stakes, −1 for panache. Fewer points win a tied round.",
            ),
            ("PYR-SHOOT-1", "Figures of a party in a mêlée do not shoot, except with an Opportune Shot."),
            ("PYR-EX-1", "The worked example of a mêlée round from the Pyrates rules (used by the tests)."),
        ],
    ),
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
