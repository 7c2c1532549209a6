"""Rangers! (RNG, seed 002): turns, motivation, actions, hand combat, shooting, wounds, traits,
points, terrain, morale and aggression points — pure functions citing RULES.md §3 IDs."""

from types import ModuleType as _ModuleType

from .actions import (
    FIREARMS,
    FREE_ACTIONS,
    HAND_COMBAT_RANGE,
    MOTIVATED_ACTIONS,
    Action,
    action_problem,
    after_action,
    in_hand_combat,
    is_firearm,
    legal_actions,
    needs_motivation,
    retaliation_targets,
    shot_into_melee,
)
from .aggression import MAX_PER_ROLL as AP_MAX_PER_ROLL
from .aggression import ap_problem, apply_ap, roll_aggression_points
from .geometry import arc_of, edge_distance, within
from .hand_combat import (
    ESCAPE_OPTIONS,
    HitRoll,
    auto_dv_share,
    dv_share_options,
    effective_dv,
    face_towards,
    free_attack_dv,
    halve_round_up,
    hand_combat_hits,
    hand_combat_odds,
    hand_combat_target,
    is_critical,
    obstacle_dv_bonus,
    rear_attack,
    roll_hand_combat,
)
from .morale import failed_motivation_outcome, morale_broken
from .motivation import (
    Motivation,
    figure_motivation_modifier,
    first_player_odds,
    initiative_bonus,
    leader_in_range,
    motivation_modifier,
    motivation_odds,
    motivation_passes,
    motivation_target,
    needs_motivation_roll,
    roll_first_player,
    roll_motivation,
    side_initiative_bonus,
)
from .movement import crossing_allowance, may_cross, obstacle_defended
from .odds import expected_wounds, hand_attack_wound_odds, odds_report, shot_wound_odds
from .points import (
    WEAPON_POINTS,
    figure_points,
    figure_weapons,
    normalise_weapon,
    validate_roster,
    weapon_points,
)
from .profiles import Profile, normalise_type, profile
from .shooting import (
    range_band,
    roll_shot,
    shooting_modifier,
    shooting_odds,
    shooting_target,
    weapon_max_range,
)
from .special import actions_needed, roll_special_action, special_action_odds, special_action_target
from .traits import TRAIT_POINTS, Stats, apply_traits, is_leader, normalise_trait, normalise_traits
from .wounds import (
    WoundRoll,
    apply_lucky,
    apply_wounds,
    hand_weapon,
    is_dead,
    roll_wounds,
    wound_modifier,
    wound_odds,
    wound_result,
    wounds_dealt,
)

__all__ = [n for n, v in dict(globals()).items() if not n.startswith("_") and not isinstance(v, _ModuleType)]
