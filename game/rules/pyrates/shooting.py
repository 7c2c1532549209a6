"""Shooting in the pyrates preset (PRE-PYR-1): RNG-SHOOT to hit, RNG-WND for the effect, mapped onto
PYR wounds ("1 wound" → a PYR wound, "2 wounds" → knocked down), then a PYR save with armour and
rank modifiers only. PYR-SHOOT-1 and RNG-SHOOT-3 limit who may shoot whom.
"""

from __future__ import annotations

from ..events import Note
from ..implements import implements
from ..model import Rank, Status
from ..rangers.shooting import roll_shot, shooting_target
from ..rangers.wounds import roll_wounds, wound_modifier
from .config import pyrates_config
from .events import ShotResolved
from .saves import Modifier, save_passes, save_target
from .sight import sees
from .state import pyr

THROWN = "thrown_knife"


def shot_save_modifiers(victim) -> list[Modifier]:
    """PRE-PYR-1: a save against a shot counts armour and rank only (PYR-SAVE-2 subset)."""
    mods = []
    if victim.armoured:
        mods.append(Modifier(1, "armoured", "PYR-SAVE-2"))
    if victim.rank == Rank.OFFICER:
        mods.append(Modifier(1, "officer", "PYR-SAVE-2"))
    elif victim.rank == Rank.CAPTAIN:
        mods.append(Modifier(2, "captain", "PYR-SAVE-2"))
    return mods


@implements("RNG-SHOOT-3")
def near_enemy_of(state, target_id: str, within: float = 1.0) -> bool:
    """RNG-SHOOT-3: the target is within 1 in of one of its enemies (in hand combat)."""
    import math

    t = state.figures[target_id]
    foes = set(state.enemies_of(t.side))
    for g in state.figures.values():
        if g.in_play and g.side in foes and g.level == t.level:
            if math.hypot(g.x - t.x, g.y - t.y) - g.radius - t.radius <= within + 1e-9:
                return True
    return False


def shot_target_number(
    ctx, shooter_id: str, target_id: str, *, weapon: str, reactive: bool = False, check_melee: bool = True
) -> int | None:
    """Highest natural d20 that hits, or None when the shot is not allowed (range, LoS, RNG-SHOOT-3)."""
    st = ctx.state
    s, t = st.figures[shooter_id], st.figures[target_id]
    if not (s.in_play and t.in_play):
        return None
    if check_melee and near_enemy_of(st, target_id):
        return None
    sight = sees(ctx, shooter_id, target_id)
    if not sight.clear:
        return None
    moved = pyr(st).moved_last_turn.get(target_id) or target_id in (pyr(st).moved_this_turn or ())
    return shooting_target(
        s.av,
        range_in=sight.distance,
        aim=s.aim,
        cover=sight.cover,
        target_moved=bool(moved),
        keen_eyed="keen_eyed" in s.traits,
        reactive=reactive,
        weapon=weapon,
    )


def resolve_shot(
    ctx,
    shooter_id: str,
    target_id: str,
    *,
    weapon: str,
    reactive: bool = False,
    rule: str = "RNG-SHOOT-1",
    misdirect=None,
) -> str:
    """Roll a shot and apply it; returns the outcome. ``misdirect(target)`` → another figure hit on
    a miss (PYR-CARD-2), or None."""
    st = ctx.state
    s = st.figures[shooter_id]
    sight = sees(ctx, shooter_id, target_id)
    moved = pyr(st).moved_last_turn.get(target_id) or target_id in (pyr(st).moved_this_turn or ())
    hit = roll_shot(
        ctx.dice,
        s.av,
        range_in=sight.distance,
        aim=s.aim,
        cover=sight.cover,
        target_moved=bool(moved),
        keen_eyed="keen_eyed" in s.traits,
        reactive=reactive,
        who=shooter_id,
        weapon=weapon,
    )
    ctx.emit(hit.roll)
    # RNG-SHOOT-2: shooting unloads the weapon and loses aim
    if weapon == THROWN:
        pyr(st).thrown_used.append(shooter_id)
        ctx.change(shooter_id, aim=0)
    else:
        ctx.change(shooter_id, loaded=False, aim=0)
    victim = target_id
    if not hit.hit:
        other = misdirect(target_id) if misdirect else None
        if other is None:
            ctx.emit(ShotResolved(rule=rule, figure=shooter_id, target=target_id, weapon=weapon, outcome="miss"))
            return "miss"
        victim = other
        ctx.emit(Note(rule="PYR-CARD-2", who=other, message=f"the shot misses {target_id} and hits {other} instead"))
    v = st.figures[victim]
    mod = wound_modifier(hand_combat=False, target_tough="tough" in v.traits)
    wr = roll_wounds(ctx.dice, mod, lucky="lucky" in v.traits, who=shooter_id)
    ctx.emit(wr.roll)
    if wr.wounds == 0:
        ctx.emit(ShotResolved(rule="RNG-WND-1", figure=shooter_id, target=victim, weapon=weapon, outcome="negligible"))
        return "negligible"
    mods = shot_save_modifiers(v)
    tgt = save_target(pyrates_config(st), mods)
    sv = ctx.roll(
        "PYR-SAVE-1", who=victim, purpose="save against a shot", target=tgt, natural_fail={1}, target_parts=mods
    )
    if save_passes(sv.faces[0], tgt):
        ctx.emit(ShotResolved(rule="PRE-PYR-1", figure=shooter_id, target=victim, weapon=weapon, outcome="saved"))
        return "saved"
    if wr.wounds >= 2 or v.is_wounded:
        ctx.set_status(victim, Status.KNOCKED_DOWN, rule="PRE-PYR-1", cause="shot", wounds=v.wounds + 1)
        out = "knocked_down"
    else:
        ctx.set_status(victim, Status.WOUNDED, rule="PRE-PYR-1", cause="shot", wounds=1)
        out = "wounded"
    ctx.emit(ShotResolved(rule="PRE-PYR-1", figure=shooter_id, target=victim, weapon=weapon, outcome=out))
    return out


def shooting_weapons(state, fid: str) -> list[str]:
    """Missiles fid can use now: a loaded firearm/bow, and the thrown knife once per game."""
    f = state.figures[fid]
    out = []
    if f.missile and f.missile != THROWN and f.loaded:
        out.append(f.missile)
    if (f.thrown or f.missile == THROWN) and fid not in pyr(state).thrown_used:
        out.append(THROWN)
    return out
