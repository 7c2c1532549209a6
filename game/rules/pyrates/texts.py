"""The Pyrates mêlée in a player's words (the F1 screen, ``PyratesRuleset.rule_texts``): engaging, the
Mêlée Quota and the dice, blows, saves and pushbacks, winning and morale; and its terms and chance
cards. Pure data."""

from __future__ import annotations

from ..texts import Sections, Terms, pages, term_pages

SECTIONS: Sections = [
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
            (
                "PYR-WIN-2",
                "A party that fails morale flees and its side loses the round; if all flee the mêlée ends. Its figures away from the fight stay unless within 4 in of a fighter (PYR-MOR-3).",
            ),
            (
                "PYR-WIN-3",
                "The loser fights on, if still in contact and its morale held, or withdraws: then every figure of its party makes a bold retreat, those that fought and those that stood by alike, boarders toward their own ship. Defenders of a boarded ship may strike their colours or abandon ship instead.",
            ),
            (
                "PYR-WIN-4",
                "A bold retreat: up to 4 in, every step away from the enemy (boarders: toward their ship), ending out of contact. Every figure the withdrawal sends back makes it, in the fight or not.",
            ),
            (
                "PYR-WIN-5",
                "A party is the roster's group; untagged figures within 4 in of a fighter join their side's party. Members far from the fight are still the party: a lost round can send them back too, and the party's morale counts them.",
            ),
            (
                "PYR-WIN-6",
                "The mêlée ends when no figure of the winning side is still in contact; then every figure of the losing party, fighters or not, must withdraw.",
            ),
            (
                "PYR-MOR-1",
                "At the end of each round a party tests morale if it lost a figure in it: knocked down, captured, or fallen into the sea. A withdrawing party tests at once when one of its cornered figures surrenders or falls in its own fight.",
            ),
            (
                "PYR-MOR-2",
                "Morale: a d6 needing 4 or less; +1 if the party lost half its figures (counting those far from the fight), +1 if its captain is down; −1 if its side won the tally, −1 with its captain within 6 in of a fighter. A 1 always passes, a 6 always fails.",
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
                "A cornered rat fights its own mêlée until it falls, is taken, or cuts its way free and retreats. If it is lost, its retreating party tests morale at once (PYR-MOR-1), wherever its figures stand.",
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
]

TERMS: Terms = [
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

PAGES = pages(SECTIONS) + term_pages(TERMS)
