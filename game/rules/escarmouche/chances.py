"""Odds of Escarmouche duels and shots for the screen and the AI (``EscarmoucheRuleset``).

Duels are exact for the cards each side draws (``duel_odds``, ESC-DUEL): the attackers count
1 + their own advantages (``advantages``, ESC-ADV-1) and an extra card from each unpaired friend
(ESC-MULTI-1); of the defenders only what ESC-ENG-3 shows counts (how many, who leads, who is
wounded, the structure they stand in), never their hidden abilities. A shot's hit chance is
``shooting_odds`` (RNG-SHOOT-1) at the table's range and cover, a moving target and Keen-eyed as the
flow counts them, then the wound roll (RNG-WND-1: a negligible wound does nothing) and ESC-RES-1's
second wound that kills.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from functools import lru_cache

from ..rangers.actions import is_firearm
from ..rangers.shooting import shooting_odds
from ..rangers.wounds import wound_modifier, wound_odds
from ..ruleset import BACK, OUT, WOUNDED, Effect, Odds
from .advantages import advantages
from .config import EscarmoucheConfig, escarmouche_config
from .engage import fighters, group_has_leader, resolve_pass_chance
from .group_flow import target_moved, wounds_kill
from .odds import duel_odds

ZERO = Fraction(0)
#: ESC-ENG-3: what a defender's figure shows of its roster flags (horses, pikes, townsfolk); its
#: other abilities, such as `open_formation`, stay hidden from the attacker.
SHOWN_FLAGS = frozenset({"cavalry", "heavy_cavalry", "pike", "civilian"})


def harm(fig, killed: Fraction, wounded: Fraction, evicted: Fraction) -> Effect:
    """ESC-RES-1/2: a figure's chances, a wounded figure's second wound counted as a kill."""
    if fig.is_wounded:
        killed, wounded = killed + wounded, ZERO
    return Effect(fig.id, ((OUT, killed), (WOUNDED, wounded), (BACK, evicted)))


@lru_cache(maxsize=1024)
def _duel(draws_a: int, draws_b: int):
    o = duel_odds(max(1, min(draws_a, 20)), max(1, min(draws_b, 20)))
    return tuple(o.effects[(w, k)] for w in ("a", "b") for k in ("killed", "wounded", "evicted")), o.a_wins


def duel(a, b, draws_a: int, draws_b: int) -> tuple[Effect, Effect, Fraction]:
    """ESC-DUEL-1..3: (a's effect, b's effect, a's chance to win) of one duel."""
    (ak, aw, ae, bk, bw, be), win = _duel(draws_a, draws_b)
    return harm(a, bk, bw, be), harm(b, ak, aw, ae), win


def _as_seen(fig):
    return dataclasses.replace(fig, flags=fig.flags & SHOWN_FLAGS)


def _in_structure(table, fid: str) -> bool:
    try:
        return bool(table.zone_of(fid).structure)
    except (AttributeError, KeyError):
        return False


def assault_odds(view, table, group, sector: str) -> Odds | None:
    """ESC-ENG/ESC-DUEL: the first round of ``group``'s assault on ``sector``, duel by duel; None
    when no one of the group can fight; no effects when no one defends. ``success``: the group
    passes its Resolve and goes in (ESC-ENG-2; 1 when no one defends)."""
    atts = fighters([view.figures[f] for f in group if view.figures[f].in_play])
    if not atts:
        return None
    foes = set(view.enemies_of(atts[0].side))
    defs = [f for f in view.in_play() if f.side in foes and table.sector_of(f.id) == sector]
    defs = [f for f in defs if f.type != "civilian" and "civilian" not in f.flags] or defs
    if not defs:
        return Odds(rule="ESC-ENG-1", success=Fraction(1), dice="cards")
    resolve = resolve_pass_chance(
        escarmouche_config(view), group_has_leader(view.figures[f] for f in group if view.figures[f].in_play)
    )
    atts = sorted(atts, key=lambda f: f.id)
    defs = sorted(defs, key=lambda f: (not f.is_leader, f.id))
    n = min(len(atts), len(defs))
    extra_a, extra_d = len(atts) - n, len(defs) - n
    effects: list[Effect] = []
    for i in range(n):
        a, d = atts[i], defs[i]
        da = 1 + len(advantages(a, [_as_seen(d)], assaulting=True, first_round=True)) + (1 if i < extra_a else 0)
        dd = 1 + (1 if _in_structure(table, d.id) else 0) + (1 if a.is_wounded else 0) + (1 if i < extra_d else 0)
        ea, ed, _ = duel(a, d, da, dd)
        effects += [ea, ed]
    return Odds(rule="ESC-DUEL-1", success=resolve, effects=tuple(effects), dice="cards")


def round_odds(view, mine, theirs) -> Odds | None:
    """ESC-RND-1: another round between ``mine`` and ``theirs`` (no charging card), duel by duel in
    the given order; "opponent wounded" (ESC-ADV-1) and the unpaired friends' cards counted. An
    estimate: the pairing (ESC-PAIR-1) and the other ESC-ADV-1 advantages are the players' and the
    flow's to settle when the round starts."""
    a_s = [view.figures[f] for f in mine if f in view.figures and view.figures[f].in_play]
    b_s = [view.figures[f] for f in theirs if f in view.figures and view.figures[f].in_play]
    if not a_s or not b_s:
        return None
    n = min(len(a_s), len(b_s))
    effects: list[Effect] = []
    for i in range(n):
        a, d = a_s[i], b_s[i]
        da = 1 + (1 if d.is_wounded else 0) + (1 if i < len(a_s) - n else 0)
        dd = 1 + (1 if a.is_wounded else 0) + (1 if i < len(b_s) - n else 0)
        ea, ed, _ = duel(a, d, da, dd)
        effects += [ea, ed]
    return Odds(rule="ESC-RND-1", success=ZERO, effects=tuple(effects), dice="cards")


def shot(config: EscarmoucheConfig, victim, chance: Fraction) -> Odds:
    """A shot that hits with ``chance``, then wounds as the flow rolls it (RNG-WND-1 with the
    victim's Tough and Lucky; ESC-RES-1: killed at its Wounds value, at most two)."""
    killed = wounded = ZERO
    for n, p in wound_odds(
        wound_modifier(hand_combat=False, target_tough="tough" in victim.traits), "lucky" in victim.traits
    ).items():
        if n <= 0 or not p:
            continue
        if wounds_kill(config, victim, n):
            killed += chance * p
        else:
            wounded += chance * p
    return Odds(
        rule="RNG-SHOOT-1",
        success=chance,
        effects=(Effect(victim.id, ((OUT, killed), (WOUNDED, wounded), (BACK, ZERO))),),
        dice="d20",
    )


def shot_odds(view, table, shooter: str, target: str) -> Odds:
    """RNG-SHOOT-1: ``shooter`` shoots ``target`` at the table's range and cover."""
    f, v = view.figures[shooter], view.figures[target]
    if not (f.in_play and v.in_play) or not f.missile or (is_firearm(f.missile) and not f.loaded):
        return Odds(rule="RNG-SHOOT-1", success=ZERO, error="no shot")
    try:
        s = table.line_of_sight(shooter, target)
    except Exception:  # noqa: BLE001 - a table without sight: no shot
        return Odds(rule="RNG-SHOOT-1", success=ZERO, error="no sight")
    if not s.clear:
        return Odds(rule="RNG-SHOOT-1", success=ZERO, error="out of sight")
    moved = target_moved(view, target)
    hit = shooting_odds(
        f.av,
        range_in=s.distance,
        aim=f.aim,
        cover=s.cover,
        target_moved=moved,
        keen_eyed="keen_eyed" in f.traits,
        weapon=f.missile,
    )
    o = shot(escarmouche_config(view), v, hit)
    notes = tuple(n for n, on in (("cover", bool(s.cover)), ("target moved", moved)) if on)
    return dataclasses.replace(o, notes=notes)


def fight_sides(info) -> tuple[list[str], list[str]]:
    """ESC-RND-1's question, from the asking side: (its figures, the other side's), by id. The
    attacking side is told its attackers by id and the defenders as public dicts; the defending
    side the other way round."""
    atts = info.get("attackers") or []
    defs = info.get("defenders") or []

    def ids(xs) -> list[str]:
        return [x if isinstance(x, str) else x.get("id") for x in xs]

    attacking = bool(atts) and isinstance(atts[0], str)
    return (ids(atts), ids(defs)) if attacking else (ids(defs), ids(atts))
