"""Pyrates mêlée (shared/RULES.md §2, PYR-*): exact, pure mechanics.

Poker-dice hands and their odds, the Mêlée Quota, saves, pushback, tally, morale, falls, weapons
and cards. The interactive mêlée flow builds on these functions.
"""

from .alloc import first_allocator
from .cards import (
    ACROBATICS,
    CARDS,
    DODGE_DUCK,
    FLASHING_BLADES,
    OPPORTUNE_SHOT,
    SNEAKY_ATTACK,
    chance_deck,
    main_gauche_result,
    pistol_dice,
    pistol_first,
)
from .events import DieRerolled, HandScored
from .falls import drop_effect, drop_modifier, drop_result, falls_from_rigging
from .hands import HAND_DAMAGE, NO_DAMAGE, Damage, Hand, classify_hand, hand_damage, hand_score
from .morale import lost_half, morale_passes, morale_target_modifiers, roll_morale
from .odds import clear_caches, expected_damage, hand_damage_odds, hand_odds, side_damage_odds, tally_win_odds
from .pushback import PushbackCheck, ai_takes_pushback, may_follow_up, push_direction, pushback_option
from .quota import (
    Participant,
    Quota,
    QuotaLine,
    SideFacts,
    base_quota,
    defends_obstacle,
    excluded_reason,
    formation_of,
    melee_quotas,
    quota_contributions,
    reach_bonus,
    side_quota,
)
from .report import odds_report
from .rolls import (
    DICE_TABLE,
    HandRoll,
    auto_reroll_choice,
    dice_for_quota,
    reroll_values,
    roll_hand,
    roll_hand_faces,
    roll_pool,
    round_quota,
)
from .saves import Modifier, SaveOutcome, roll_save, save_chance, save_modifiers, save_outcome, save_passes, save_target
from .tally import Tally, tally_decider, tally_winner
from .weapons import ALIASES, WEAPONS, fighting_class, weapon_class

__all__ = [
    "ACROBATICS",
    "ALIASES",
    "CARDS",
    "DICE_TABLE",
    "DODGE_DUCK",
    "FLASHING_BLADES",
    "HAND_DAMAGE",
    "NO_DAMAGE",
    "OPPORTUNE_SHOT",
    "SNEAKY_ATTACK",
    "WEAPONS",
    "Damage",
    "DieRerolled",
    "Hand",
    "HandRoll",
    "HandScored",
    "Modifier",
    "Participant",
    "PushbackCheck",
    "Quota",
    "QuotaLine",
    "SaveOutcome",
    "SideFacts",
    "Tally",
    "ai_takes_pushback",
    "auto_reroll_choice",
    "base_quota",
    "chance_deck",
    "classify_hand",
    "clear_caches",
    "defends_obstacle",
    "dice_for_quota",
    "drop_effect",
    "drop_modifier",
    "drop_result",
    "excluded_reason",
    "expected_damage",
    "falls_from_rigging",
    "fighting_class",
    "first_allocator",
    "formation_of",
    "hand_damage",
    "hand_damage_odds",
    "hand_odds",
    "hand_score",
    "lost_half",
    "main_gauche_result",
    "may_follow_up",
    "melee_quotas",
    "morale_passes",
    "morale_target_modifiers",
    "odds_report",
    "pistol_dice",
    "pistol_first",
    "push_direction",
    "pushback_option",
    "quota_contributions",
    "reach_bonus",
    "reroll_values",
    "roll_hand",
    "roll_hand_faces",
    "roll_morale",
    "roll_pool",
    "roll_save",
    "round_quota",
    "save_chance",
    "save_modifiers",
    "save_outcome",
    "save_passes",
    "save_target",
    "side_damage_odds",
    "side_quota",
    "tally_win_odds",
    "tally_decider",
    "tally_winner",
    "weapon_class",
]
