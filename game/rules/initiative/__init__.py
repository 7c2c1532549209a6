"""Skirmish initiative system (INI, seed 004): seizing the initiative, order cards, melee on
natural 1–3, reactive movement and shooting, "To me!", groups and turn bookkeeping — pure
functions citing RULES.md §4 IDs."""

from types import ModuleType as _ModuleType

from ..rangers.turn_common import in_command, max_reactive_shooters, tome_move_problem, tome_movers
from .groups import ENGAGE_RANGE, contiguous_with, engaged, group_of, groups, linked
from .melee import first_contact_round
from .orders import Objective, OrderCard, order_actors, order_bonus, parse_objective, validate_order_cards
from .rates import (
    BASE_RATES,
    LEADERSHIP_FACTORS,
    base_rate,
    leadership_factor,
    rng_base_rate,
    rng_leadership,
    rng_rating,
)
from .reactions import (
    ReactionWindow,
    after_reactions,
    can_react_shoot,
    eligible_enemies,
    move_and_shoot_allowance,
    move_and_shoot_problem,
    reaction_candidates,
    reaction_end_problem,
    run_away_problem,
    volley_allowed,
)
from .seize import (
    SeizeRoll,
    automatic_break_off,
    can_nominate,
    counters_after_seize_attempt,
    counters_after_shooting,
    melee_round_triggered,
    roll_seize,
    seize_odds,
    seize_succeeds,
    tactical_factors,
    within_medium_range,
)
from .sequence import (
    IniTurn,
    after_action,
    after_pass,
    after_reactive_shooting,
    after_seize,
    roll_turn_start,
)

__all__ = [n for n, v in dict(globals()).items() if not n.startswith("_") and not isinstance(v, _ModuleType)]
