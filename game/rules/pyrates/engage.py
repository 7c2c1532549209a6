"""Who is engaged with whom, and how figures group into mêlées (PYR-ENG-1/2, PYR-WIN-5).

Computed from the match state's positions (the Tabletop is asked only about obstacles), so one
pass over the figures answers every engagement question of a round.
"""

from __future__ import annotations

import math
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from ..implements import implements
from ..model import Figure, Status, WeaponClass

BTB = 0.02
ACROSS_GAP = 1.0


def camp_of(state, side: str) -> str:
    """Allied sides count as one (PYR-WIN-1): the camp is the first allied side id."""
    foes = state.enemies_of(side)
    return min(s for s in state.side_ids() if s not in foes)


@dataclass
class Engagements:
    """Engagement graph of the figures in play: fid -> {enemy id: across an obstacle?}."""

    pairs: dict[str, dict[str, bool]]
    support: dict[str, list[str]]
    camp: dict[str, str]
    figs: dict[str, Figure]

    def engaged(self, fid: str) -> bool:
        return bool(self.pairs.get(fid))

    def enemies(self, fid: str) -> list[str]:
        return sorted(self.pairs.get(fid, {}))

    def strikable(self, fid: str, cls: WeaponClass | None = None) -> list[str]:
        """PYR-ALLOC-2: enemies fid can strike; a Close weapon cannot strike across an obstacle."""
        c = cls or self.figs[fid].melee_class
        return sorted(e for e, across in self.pairs.get(fid, {}).items() if not (across and c == WeaponClass.CLOSE))

    def supporter(self, fid: str) -> bool:
        return not self.engaged(fid) and bool(self.support.get(fid))

    def supported(self, fid: str) -> bool:
        """PYR-SAVE-2: BtB with an unengaged friendly figure."""
        return any(not self.engaged(g) for g in self.support.get(fid, ()))

    def group(self, seeds) -> list[str]:
        """PYR-ENG-1: the mêlée holding any of ``seeds`` (engagements and support links), in roster order."""
        pairs, support, figs = self.pairs, self.support, self.figs
        todo = [s for s in seeds if s in figs and (pairs.get(s) or support.get(s))]
        seen = set(todo)
        while todo:
            f = todo.pop()
            mine = pairs.get(f)
            # its enemies, then its supporters (an engaged figure) or the engaged friends it
            # supports (an unengaged one), each id met once
            for g in mine or ():
                if g not in seen:
                    seen.add(g)
                    todo.append(g)
            for g in support.get(f, ()):
                if g not in seen and (not pairs.get(g) if mine else pairs.get(g)):
                    seen.add(g)
                    todo.append(g)
        if not any(pairs.get(s) for s in seen):
            return []
        return [f for f in figs if f in seen]  # roster order (every id met is in figs)

    def groups(self) -> list[list[str]]:
        out, seen = [], set()
        for fid in self.figs:
            if fid in seen or not self.engaged(fid):
                continue
            g = self.group([fid])
            seen.update(g)
            out.append(g)
        return out


#: A pair whose centres differ by more than r1 + r2 + this on one axis is farther apart than
#: ACROSS_GAP whatever the other axis (the margin dwarfs hypot's rounding): skipped untested.
_REJECT_PAD = ACROSS_GAP + 0.01
#: The same for base contact alone (BTB, with a margin that dwarfs rounding).
_BTB_PAD = BTB + 0.01


@implements("PYR-ENG-1")
def engagements(state, table, only: AbstractSet[str] | None = None) -> Engagements:
    """PYR-ENG-1/2 for every figure in play (or only among ``only``); captives do not fight."""
    captive = Status.CAPTIVE
    if only is None:
        figs = {f.id: f for f in state.figures.values() if f.in_play and f.status != captive}
    else:
        figs = {f.id: f for f in state.figures.values() if f.id in only and f.in_play and f.status != captive}
    camp = {}
    camps_of_side: dict[str, str] = {}
    for f in figs.values():
        c = camps_of_side.get(f.side)
        if c is None:
            c = camps_of_side[f.side] = camp_of(state, f.side)
        camp[f.id] = c
    pairs: dict[str, dict[str, bool]] = {}
    support: dict[str, list[str]] = {}
    has_obstacles = bool(getattr(getattr(table, "map", None), "obstacles", True))
    close = WeaponClass.CLOSE
    # the pair loop below runs n²/2 times per call: one short tuple per figure for its rejections
    # (other level, too far on one axis), the rest looked up by index for the pairs that pass
    ids = list(figs)
    camps = [camp[fid] for fid in ids]
    closes = [f.melee_class == close for f in figs.values()]
    rows = [(f.x, f.y, f.radius, f.level) for f in figs.values()]
    hypot = math.hypot
    # without obstacles only base contact links (PYR-ENG-2 needs one): a pair farther apart than
    # r1 + r2 + this on one axis cannot touch
    pad = _REJECT_PAD if has_obstacles else _BTB_PAD
    far, btb = ACROSS_GAP + 1e-9, BTB + 1e-9
    for i, (ax, ay, ar, alv) in enumerate(rows):
        arp = ar + pad
        j = i
        for bx, by, br, blv in rows[i + 1 :]:
            j += 1
            dx = ax - bx
            reach = arp + br
            if dx > reach or -dx > reach:
                continue
            dy = ay - by
            if dy > reach or -dy > reach or alv != blv:
                continue
            d = hypot(dx, dy) - ar - br
            if d > far:
                continue
            enemy = camps[i] != camps[j]
            aid, bid = ids[i], ids[j]
            if d <= btb:
                if enemy:
                    pairs.setdefault(aid, {})[bid] = False
                    pairs.setdefault(bid, {})[aid] = False
                else:
                    support.setdefault(aid, []).append(bid)
                    support.setdefault(bid, []).append(aid)
                continue
            if not enemy or not has_obstacles:
                continue
            if closes[i] and closes[j]:
                continue
            if table.obstacle_between(aid, bid) is not None:
                pairs.setdefault(aid, {})[bid] = True
                pairs.setdefault(bid, {})[aid] = True
    return Engagements(pairs, support, camp, figs)


def engagements_of(ctx, only: AbstractSet[str] | None = None) -> Engagements:
    """``engagements(ctx.state, ctx.table, only)``, kept in the state's Facts until a figure changes
    (the mêlée flow asks after every item of every tap, mostly unchanged). Callers must not mutate
    the result (it is shared)."""
    return ctx.state.facts.ask(_engagements, ctx, None if only is None else frozenset(only))


def _engagements(ctx, only: frozenset[str] | None) -> Engagements:
    return engagements(ctx.state, ctx.table, only)


def nearest_enemy(
    state, fid: str, x: float | None = None, y: float | None = None, enemy_ids: list[str] | None = None
) -> tuple[str | None, float]:
    """Nearest enemy in play on the same level by edge distance (from (x, y) if given)."""
    f = state.figures[fid]
    px, py = (f.x, f.y) if x is None else (x, y)
    best, bd = None, math.inf
    foes = state.enemies_of(f.side)  # a side or two: a list tests membership as fast as a set
    pool = (state.figures[e] for e in enemy_ids) if enemy_ids is not None else state.figures.values()
    fr, lv, hypot = f.radius, f.level, math.hypot
    for g in pool:
        if g.side not in foes or g.level != lv or not g.in_play:
            continue
        d = hypot(g.x - px, g.y - py) - fr - g.radius
        if d <= 0.0:  # max(0.0, d) without the call (a -0.0 becomes 0.0 alike)
            d = 0.0
        if d < bd:
            best, bd = g.id, d
    return best, bd


def party_key(f: Figure) -> str:
    """PYR-WIN-5: the roster party tag, else the side's party."""
    return f.party or f"side:{f.side}"
