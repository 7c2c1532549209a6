"""Exact odds of Rangers! blows and shots for the screen and the AI (``RangersRuleset.attack_odds``).

Built from the functions the flows roll with: ``hand_combat_odds`` and ``hand_attack_wound_odds``
(RNG-HAND-1, RNG-WND-1), ``shooting_target`` (RNG-SHOOT-1) and ``wound_odds`` (RNG-WND-1), the
wound modifiers of ``wound_modifier``/``hand_weapon`` and the death of ``apply_wounds``
(RNG-WND-2). What they leave out, and the flow decides only as it rolls: the DV share a defender
gives each of several attackers (taken as all the DV it has left, RNG-HAND-3), a rear attack,
a linear obstacle's DV (RNG-HAND-5) and aggression points (RNG-AP-1).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..dice import Dice
from ..flow import Ctx
from ..ruleset import OUT, WOUNDED, Effect, Odds
from .hand_combat import hand_combat_odds, hand_combat_target
from .odds import hand_attack_wound_odds
from .shooting import shooting_target
from .state import RangersState
from .wounds import apply_wounds, hand_weapon, wound_modifier, wound_odds

ZERO = Fraction(0)


def defence_left(view, fid: str) -> int:
    """RNG-HAND-3: the DV ``fid`` has left to give this enemy player-turn (public bookkeeping): its
    DV before the first attack, what is left after one or two, none after three."""
    v = view.figures[fid]
    sys_state = view.system
    book = sys_state.defence if isinstance(sys_state, RangersState) else None
    rec = book.get(fid) if isinstance(book, dict) else None
    if isinstance(rec, dict) and rec.get("n"):
        left = int(rec.get("left", v.dv))
        return max(0, left) if rec.get("n", 0) < 3 else 0
    return v.dv


def wound_effect(victim, dist: dict[int, Fraction]) -> Effect:
    """RNG-WND-2: a distribution of wounds dealt as the victim's chances of death and of a wound."""
    out = wounded = ZERO
    for w, p in dist.items():
        if not w or not p:
            continue
        _, dead = apply_wounds(victim.wounds, w, max(1, victim.max_wounds))
        if dead:
            out += p
        else:
            wounded += p
    return Effect(victim.id, ((OUT, out), (WOUNDED, wounded)))


@lru_cache(maxsize=4096)
def _blow(av: int, dv: int, mod: int, lucky: bool) -> dict[int, Fraction]:
    return hand_attack_wound_odds(av, dv, mod, lucky=lucky)


def hand_odds(view, attacker: str, defender: str, *, dv: int | None = None, full_defence: bool = False) -> Odds:
    """RNG-HAND-1 + RNG-WND-1: one hand-combat attack of ``attacker`` on ``defender``, who faces it
    with ``dv``, or its full DV (``full_defence``: on a later turn), or the DV it has left."""
    a, v = view.figures[attacker], view.figures[defender]
    if not (a.in_play and v.in_play):
        return Odds(rule="RNG-HAND-1", success=ZERO, error="not in play")
    wmod = hand_weapon(a.melee_weapon, a.missile)[1]
    mod = wound_modifier(
        hand_combat=True, weapon_mod=wmod, strongman="strongman" in a.traits, target_tough="tough" in v.traits
    )
    faced = (v.dv if full_defence else defence_left(view, defender)) if dv is None else dv
    return Odds(
        rule="RNG-HAND-1",
        success=hand_combat_odds(a.av, faced),
        effects=(wound_effect(v, _blow(a.av, faced, mod, "lucky" in v.traits)),),
        target=hand_combat_target(a.av, faced),
        dice="d20",
    )


def moved_target(flow, view, table, fid: str) -> bool:
    """RNG-SHOOT-1's "target moved", as the preset's flow judges it when it rolls the shot
    (``target_moved``: Rangers! its side's last player-turn, PRE-INI-1 this turn or the last)."""
    return bool(flow.target_moved(Ctx(view, Dice(0), table), fid))


@lru_cache(maxsize=64)
def _wounds(mod: int, lucky: bool) -> dict[int, Fraction]:
    return wound_odds(mod, lucky)


def shot_odds(flow, view, table, shooter: str, target: str, *, reactive: bool = False) -> Odds:
    """RNG-SHOOT-1 + RNG-WND-1: one shot with the shooter's missile, sight and cover from the table,
    the target's movement judged by ``flow`` (the preset that will roll it)."""
    s, v = view.figures[shooter], view.figures[target]
    if not (s.in_play and v.in_play) or not s.missile:
        return Odds(rule="RNG-SHOOT-1", success=ZERO, error="no shot")
    sight = table.line_of_sight(shooter, target)
    if not sight.clear:
        return Odds(rule="RNG-SHOOT-1", success=ZERO, dice="d20", error="out of sight")
    moved = moved_target(flow, view, table, target)
    t = shooting_target(
        s.av,
        range_in=sight.distance,
        aim=s.aim,
        cover=sight.cover,
        target_moved=moved,
        keen_eyed="keen_eyed" in s.traits,
        reactive=reactive,
        weapon=s.missile,
    )
    notes = tuple(n for n, on in (("cover", bool(sight.cover)), ("target moved", moved)) if on)
    if not t:
        return Odds(rule="RNG-SHOOT-1", success=ZERO, target=t, dice="d20", notes=notes, error="out of range")
    hit = Fraction(t, 20)
    dist = _wounds(wound_modifier(hand_combat=False, target_tough="tough" in v.traits), "lucky" in v.traits)
    return Odds(
        rule="RNG-SHOOT-1",
        success=hit,
        effects=(wound_effect(v, {w: hit * p for w, p in dist.items()}),),
        target=t,
        dice="d20",
        notes=notes,
    )
