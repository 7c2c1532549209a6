"""RNG-SHOOT-1..3 shooting and RNG-COVER-1 cover.

Hit rule: roll 1d20, add the cumulative modifiers; hit if the total ≤ AV. The highest natural that
hits is AV − modifiers. A natural 20 always misses (RNG-SHOOT-1 digital ruling), so the highest is
capped at 19. **Digital ruling (naturals):** a natural 1 has no special effect when shooting — the
source gives "a true One is always a critical hit" under Hand Combat only and the catalog adds only
the natural-20 miss — so a shot whose computed target is below 1 cannot hit (target 0).
"""

from __future__ import annotations

from fractions import Fraction

from ..dice import Dice
from ..implements import implements
from .aggression import apply_ap
from .hand_combat import HitRoll

SHORT_RANGE = 5.0
EFFECTIVE_RANGE = 10.0
LONG_RANGE = 15.0
MAX_AIM = 3
#: RNG-SHOOT-1: a pistol's maximum range is short range; PRE-PYR-1 gives the thrown knife pistol range.
#: [HOUSE] INI-MS-1 missiles: a javelin is thrown as far as a pistol shoots, a sling reaches effective range.
WEAPON_MAX_RANGE = {
    "pistol": SHORT_RANGE,
    "thrown_knife": SHORT_RANGE,
    "javelin": SHORT_RANGE,
    "sling": EFFECTIVE_RANGE,
}
#: INI-RSHOOT-4 on the RNG d20: INI-EX-6's 10% of a d20 (every shot in this game is a d20 roll; the
#: source's "+1 on a d10" applies to no system here).
REACTIVE_PENALTY = 2
COVER_MODIFIER = {None: 0, "soft": 2, "hard": 3}


def range_band(range_in: float) -> str | None:
    """RNG-SHOOT-1: "short" ≤ 5", "effective" > 5" to 10", "long" > 10" to 15", None beyond.
    Band edges fall in the nearer band (digital ruling)."""
    if range_in < 0:
        raise ValueError(f"range must be ≥ 0 inches, not {range_in}")
    if range_in <= SHORT_RANGE:
        return "short"
    if range_in <= EFFECTIVE_RANGE:
        return "effective"
    if range_in <= LONG_RANGE:
        return "long"
    return None


def weapon_max_range(missile: str | None) -> float:
    """Longest shot for a missile weapon: pistol (and thrown knife) 5", everything else 15"."""
    return WEAPON_MAX_RANGE.get((missile or "").lower(), LONG_RANGE)


def _norm_cover(cover: str | None) -> str | None:
    if cover in (None, "", "none"):
        return None
    if cover not in ("soft", "hard"):
        raise ValueError(f"cover must be None, 'soft' or 'hard', not {cover!r}")
    return cover


@implements("INI-RSHOOT-4", "RNG-SHOOT-1")
def shooting_modifier(
    *,
    range_in: float,
    aim: int = 0,
    cover: str | None = None,
    target_moved: bool = False,
    keen_eyed: bool = False,
    reactive: bool = False,
    weapon: str | None = None,
) -> int | None:
    """RNG-SHOOT-1 cumulative modifier to the d20 (None when out of range: beyond 15", or beyond
    ``weapon``'s maximum range when given): −1 per aim counter (at most 3 count), −1 short range, 0
    effective, +7 long, +2 soft / +3 hard cover, +1 target moved last turn, −2 Keen-Eyed;
    INI-RSHOOT-4 +2 when shooting reactively."""
    parts = shooting_modifier_parts(
        range_in=range_in,
        aim=aim,
        cover=cover,
        target_moved=target_moved,
        keen_eyed=keen_eyed,
        reactive=reactive,
        weapon=weapon,
    )
    return None if parts is None else sum(a for a, _, _ in parts)


def shooting_modifier_parts(
    *,
    range_in: float,
    aim: int = 0,
    cover: str | None = None,
    target_moved: bool = False,
    keen_eyed: bool = False,
    reactive: bool = False,
    weapon: str | None = None,
) -> list[tuple[int, str, str]] | None:
    """``shooting_modifier`` term by term: (amount, reason, rule) of each modifier that applies
    (the range band's always, 0 included), or None when out of range."""
    if weapon is not None and range_in > weapon_max_range(weapon):
        return None
    band = range_band(range_in)
    if band is None:
        return None
    if aim < 0:
        raise ValueError(f"aim counters must be ≥ 0, not {aim}")
    parts = [({"short": -1, "effective": 0, "long": 7}[band], f"{band} range", "RNG-SHOOT-1")]
    if aim:
        parts.append((-min(int(aim), MAX_AIM), "aimed", "RNG-SHOOT-1"))
    c = _norm_cover(cover)
    if COVER_MODIFIER[c]:
        parts.append((COVER_MODIFIER[c], f"{c} cover", "RNG-COVER-1"))
    if target_moved:
        parts.append((1, "the target moved", "RNG-SHOOT-1"))
    if keen_eyed:
        parts.append((-2, "keen-eyed", "RNG-SHOOT-1"))
    if reactive:
        parts.append((REACTIVE_PENALTY, "shooting as a reaction", "INI-RSHOOT-4"))
    return parts


def shooting_target(
    av: int,
    *,
    range_in: float,
    aim: int = 0,
    cover: str | None = None,
    target_moved: bool = False,
    keen_eyed: bool = False,
    reactive: bool = False,
    ap: int = 0,
    weapon: str | None = None,
) -> int | None:
    """RNG-SHOOT-1: the highest natural d20 that hits, or None when out of range (> 15", or beyond
    ``weapon``'s maximum range when given). Hit if d20 + modifiers ≤ AV, so the highest natural is
    AV − modifiers (+ aggression points spent, RNG-AP-1), capped at 19 (natural 20 always misses);
    0 means no natural hits (a natural 1 is not an automatic hit when shooting, see module doc)."""
    mod = shooting_modifier(
        range_in=range_in,
        aim=aim,
        cover=cover,
        target_moved=target_moved,
        keen_eyed=keen_eyed,
        reactive=reactive,
        weapon=weapon,
    )
    if mod is None:
        return None
    return max(0, min(19, int(av) - mod + int(ap)))


def shooting_odds(
    av: int,
    *,
    range_in: float,
    aim: int = 0,
    cover: str | None = None,
    target_moved: bool = False,
    keen_eyed: bool = False,
    reactive: bool = False,
    ap: int = 0,
    weapon: str | None = None,
) -> Fraction:
    """Exact chance a shot hits (0 when out of range)."""
    t = shooting_target(
        av,
        range_in=range_in,
        aim=aim,
        cover=cover,
        target_moved=target_moved,
        keen_eyed=keen_eyed,
        reactive=reactive,
        ap=ap,
        weapon=weapon,
    )
    return Fraction(t or 0, 20)


def roll_shot(
    dice: Dice,
    av: int,
    *,
    range_in: float,
    aim: int = 0,
    cover: str | None = None,
    target_moved: bool = False,
    keen_eyed: bool = False,
    reactive: bool = False,
    ap: int = 0,
    who: str = "",
    weapon: str | None = None,
) -> HitRoll:
    """RNG-SHOOT-1: roll the shot (d20 + modifiers − AP ≤ AV; natural 20 misses). Never critical.
    Raises ValueError when the target is out of range (the match offers only legal shots)."""
    parts = shooting_modifier_parts(
        range_in=range_in,
        aim=aim,
        cover=cover,
        target_moved=target_moved,
        keen_eyed=keen_eyed,
        reactive=reactive,
        weapon=weapon,
    )
    if parts is None:
        reach = weapon_max_range(weapon) if weapon is not None else LONG_RANGE
        raise ValueError(f'target at {range_in}" is out of range (> {reach:g}", RNG-SHOOT-1)')
    mod = sum(a for a, _, _ in parts)
    if ap:
        parts.append((apply_ap(mod, ap) - mod, "aggression points spent", "RNG-AP-1"))
    ev = dice.roll(
        "RNG-SHOOT-1",
        who=who,
        purpose="shot",
        sides=20,
        modifier=apply_ap(mod, ap),
        target=int(av),
        roll_under=True,
        natural_fail={20},
        parts=parts,
    )
    return HitRoll(ev, bool(ev.success), False)


# -- RNG-COVER-1 -------------------------------------------------------------------------------
