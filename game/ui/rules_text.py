"""The project's own short explanation of each rules system, with the rule IDs the log cites."""
from __future__ import annotations

SECTIONS: list[tuple[str, list[tuple[str, str]]]] = [
    ("Conventions (GEN, GEO)", [
        ("GEN-DICE-1", "Every random outcome comes from the match's seeded dice, and every roll appears in the log with its faces."),
        ("GEN-DICE-2", "A natural roll is the face before modifiers. Rangers tests succeed on a total at or under the target; saves and opposed rolls on a total at or over it."),
        ("GEN-CHOICE-1", "Every choice a player makes is a pending question with legal options; the Auto button plays the stated default."),
        ("GEN-TURN-1", "A game turn is every side's player-turn once."),
        ("GEO-BASE-1", "Bases are round, 1 inch across unless the roster says otherwise; a base's depth is its diameter."),
        ("GEO-BTB-1", "Figures on the same level touching (within 0.02 in) are in base-to-base contact. Hold, deck and rigging never touch."),
        ("GEO-DIST-1", "Ranges are measured edge to edge; moves along the path of the base's centre. Use the tape (M)."),
        ("GEO-LOS-1", "Line of sight runs centre to centre and is blocked only by terrain marked as blocking; figures never block it. Check with L."),
        ("GEO-ZONE-1", "Zones drawn on the map give terrain (open, tough, impassable), cover, close quarters, rigging and the like. Press T to see them."),
    ]),
    ("Turns and movement (Rangers!: RNG)", [
        ("RNG-TURN-1", "Each game turn both sides roll a d6 (a Legendary Leader adds 1); ties reroll; the higher side plays first."),
        ("RNG-MOT-1", "Pick figures one at a time. Each rolls a d6 for motivation: 3 or less succeeds (2 or less if wounded)."),
        ("RNG-MOT-2", "Motivation is 1 easier with a Leader within 6 in or a Legendary Leader within 12 in; leaders and civilians need no roll."),
        ("RNG-MOT-3", "A figure that fails its motivation holds."),
        ("RNG-ACT-1", "A motivated figure takes one action: move, charge, load, aim, shoot or hold."),
        ("RNG-MOVE-1", "Move up to the figure's allowance (6 in for most). Tough ground costs double; ladders and hatches cost extra."),
        ("RNG-MOVE-2", "A move stops on reaching a linear obstacle such as a rail; it is crossed next time."),
        ("RNG-SHOOT-1", "Shooting hits on a d20 at or under the shooter's attack value, with modifiers for range and cover."),
        ("RNG-COVER-1", "Soft cover (hedges, nets, canvas) hides; hard cover (bulwarks, barrels) also protects."),
        ("RNG-WND-2", "A figure with as many wounds as its Wounds value is out of the fight."),
    ]),
    ("Mêlée (Pyrates: PYR)", [
        ("PYR-ENG-1", "Enemies in base contact are engaged; engaged figures fight a mêlée after the player-turn's moves."),
        ("PYR-MQ-2", "Each side's Mêlée Quota is the number of dice it rolls: captains 3, officers 2, ordinary figures 1, less when wounded."),
        ("PYR-DICE-1", "The quota's dice are rolled in hands of five, like poker hands; better hands do more damage."),
        ("PYR-DMG-1", "Each hand scores knock-downs (KD) and wounds (W) by its category; the dice panel shows every face."),
        ("PYR-ALLOC-2", "Sides take turns to tap a figure with one KD or W from their pool."),
        ("PYR-SAVE-1", "A tapped figure saves on a d6 of 6, easier with armour or an obstacle; a natural 1 always fails."),
        ("PYR-PUSH-1", "Instead of risking a save, a struck figure may be pushed back a base depth, if there is room."),
        ("PYR-WIN-1", "The side that inflicted more knock-downs, wounds and pushbacks wins the round; the loser withdraws or fights on."),
        ("PYR-MOR-1", "A party that lost figures tests morale at the round's end; failing, it flees."),
        ("PYR-RIG-2", "A figure wounded in the rigging may fall to the deck below, or into the sea."),
    ]),
    ("Initiative (INI)", [
        ("INI-SEIZE-1", "The side without the initiative may try to seize it with one figure and a declared action."),
        ("INI-REACT-1", "After an enemy action engages friends, the other side may react with figures that can reach."),
        ("INI-RSHOOT-1", "Once per enemy initiative spell a side may react by shooting at one moving enemy."),
        ("INI-TOME-1", "\"To me!\": a leader stands still and his command moves toward him."),
    ]),
    ("Card duels (Escarmouche: ESC)", [
        ("ESC-SEC-1", "The table is divided into sectors; groups fight when they enter an enemy-held sector."),
        ("ESC-ENG-2", "A group entering an enemy sector tests Resolve: a d6 of 4 or less passes."),
        ("ESC-PAIR-1", "The attacker pairs his figures with defenders; each pair fights a duel with cards."),
    ]),
    ("Opposed-d6 close combat (OD6)", [
        ("OD6-PIECE-1", "Each unit has a Combat Value and a Quality Value; bases are rectangles."),
        ("OD6-ROLL-1", "Both sides roll a d6 and add their Combat Value; the higher total pushes the other back or breaks it."),
    ]),
    ("Presets (PRE)", [
        ("PRE-PYR-1", "pyrates: Rangers! turns and movement with the Pyrates mêlée — the boarding game."),
        ("PRE-RNG-1", "rangers: the Rangers! rules alone."),
        ("PRE-INI-1", "initiative: turns driven by the initiative system with reactions."),
    ]),
]


def as_html() -> str:
    parts = []
    for title, items in SECTIONS:
        parts.append(f"<font size=5><b>{title}</b></font><br>")
        for rid, text in items:
            parts.append(f"<font color='#e0b857'><b>{rid}</b></font> {text}<br>")
        parts.append("<br>")
    return "".join(parts)
