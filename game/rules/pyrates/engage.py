"""Who is engaged with whom, and how figures group into mêlées (PYR-ENG-1/2, PYR-WIN-5).

Computed from the match state's positions (the Tabletop is asked only about obstacles), so one
pass over the figures answers every engagement question of a round.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import compress
from operator import is_ as _is
from operator import is_not as _is_not

from ..model import Figure, Status, WeaponClass

BTB = 0.02
ACROSS_GAP = 1.0


def camp_of(state, side: str) -> str:
    """Allied sides count as one (PYR-WIN-1): the camp is the first allied side id."""
    # memoised beside enemies_of (same sides and allies option)
    foes = state.enemies_of(side)
    memo = state.__dict__.get("_enemies_memo")
    key = ("camp", side)
    got = memo[2].get(key) if memo is not None else None
    if got is None:
        got = min(s for s in state.side_ids() if s not in foes)
        if memo is not None:
            memo[2][key] = got
    return got


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
        # asked for every tapper's options at every tap: memoised (the engagements never change)
        memo = self.__dict__.setdefault("_strikable_memo", {})
        got = memo.get((fid, c))
        if got is None:
            got = memo[(fid, c)] = sorted(
                e for e, across in self.pairs.get(fid, {}).items() if not (across and c == WeaponClass.CLOSE)
            )
        return list(got)

    def supporter(self, fid: str) -> bool:
        return not self.engaged(fid) and bool(self.support.get(fid))

    def supported(self, fid: str) -> bool:
        """PYR-SAVE-2: BtB with an unengaged friendly figure."""
        return any(not self.engaged(g) for g in self.support.get(fid, ()))

    def group(self, seeds) -> list[str]:
        """PYR-ENG-1: the mêlée holding any of ``seeds`` (engagements and support links), in roster order."""
        # a round asks the same engagements for the same seeds several times: memoised per seeds
        key = tuple(seeds)
        memo = self.__dict__.setdefault("_group_memo", {})
        got = memo.get(key)
        if got is None:
            got = memo[key] = self._group(key)
        return list(got)

    def _group(self, seeds: tuple[str, ...]) -> tuple[str, ...]:
        pairs, support, figs = self.pairs, self.support, self.figs
        todo = [s for s in seeds if s in figs and (pairs.get(s) or support.get(s))]
        seen = set(todo)
        while todo:
            f = todo.pop()
            nxt = list(pairs.get(f, ()))
            if pairs.get(f):
                nxt += [g for g in support.get(f, ()) if not pairs.get(g)]
            else:
                nxt += [g for g in support.get(f, ()) if pairs.get(g)]
            for g in nxt:
                if g not in seen:
                    seen.add(g)
                    todo.append(g)
        if not any(pairs.get(s) for s in seen):
            return ()
        return tuple(f for f in figs if f in seen)  # roster order (every id met is in figs)

    def refigured(self, figures: dict[str, Figure]) -> Engagements:
        """These engagements with the figures' current objects (the same links: only facts the pair
        test does not read changed). Shares the links and the memoised groups."""
        eng = Engagements(self.pairs, self.support, self.camp, {fid: figures[fid] for fid in self.figs})
        memo = self.__dict__.get("_group_memo")
        if memo:
            eng.__dict__["_group_memo"] = dict(memo)
        return eng

    def groups(self) -> list[list[str]]:
        out, seen = [], set()
        for fid in self.figs:
            if fid in seen or not self.engaged(fid):
                continue
            g = self.group([fid])
            seen.update(g)
            out.append(g)
        return out


def _fights(f: Figure) -> bool:
    return f.in_play and f.status not in (Status.CAPTIVE,)


#: A pair whose centres differ by more than r1 + r2 + this on one axis is farther apart than
#: ACROSS_GAP whatever the other axis (the margin dwarfs hypot's rounding): skipped untested.
_REJECT_PAD = ACROSS_GAP + 0.01


def engagements(state, table, only: set[str] | None = None) -> Engagements:
    """PYR-ENG-1/2 for every figure in play (or only among ``only``)."""
    figs = {f.id: f for f in state.figures.values() if _fights(f) and (only is None or f.id in only)}
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
    # one tuple per figure: the pair loop below runs n²/2 times per call
    rows = [(f.id, f.x, f.y, f.radius, f.level, camp[f.id], f.melee_class == WeaponClass.CLOSE) for f in figs.values()]
    n = len(rows)
    hypot = math.hypot
    for i in range(n):
        aid, ax, ay, ar, alv, acamp, aclose = rows[i]
        for j in range(i + 1, n):
            bid, bx, by, br, blv, bcamp, bclose = rows[j]
            if alv != blv:
                continue
            dx, dy = ax - bx, ay - by
            reach = ar + br + _REJECT_PAD
            if dx > reach or -dx > reach or dy > reach or -dy > reach:
                continue
            d = hypot(dx, dy) - ar - br
            if d > ACROSS_GAP + 1e-9:
                continue
            enemy = acamp != bcamp
            if d <= BTB + 1e-9:
                if enemy:
                    pairs.setdefault(aid, {})[bid] = False
                    pairs.setdefault(bid, {})[aid] = False
                else:
                    support.setdefault(aid, []).append(bid)
                    support.setdefault(bid, []).append(aid)
                continue
            if not enemy or not has_obstacles:
                continue
            if aclose and bclose:
                continue
            if table.obstacle_between(aid, bid) is not None:
                pairs.setdefault(aid, {})[bid] = True
                pairs.setdefault(bid, {})[aid] = True
    return Engagements(pairs, support, camp, figs)


def engagements_of(ctx, only: set[str] | None = None) -> Engagements:
    """``engagements(ctx.state, ctx.table, only)``, memoised on the ctx while no figure changes and
    kept up to date incrementally when some do (``_Links``).

    Figures are frozen, so the same figure objects in the same state mean the same positions,
    statuses and levels; the mêlée flow asks after every item of every tap, mostly unchanged.
    Callers must not mutate the result (it is shared).
    """
    st = ctx.state
    links = ctx.__dict__.get("_engagement_links")
    if links is None or not links.valid_for(st, ctx.table) or not links.update():
        links = ctx._engagement_links = _Links(st, ctx.table)
    key = None if only is None else frozenset(only)
    got = links.by_only.get(key)
    if got is None:
        if len(links.by_only) >= _MAX_KEPT:
            links.by_only.clear()
        eng = links.engagements(only)
    elif got[1] == links.version:
        return got[0]
    else:  # the same links: only the figure objects are newer
        eng = got[0].refigured(st.figures)
    links.by_only[key] = (eng, links.version)
    return eng


#: Engagements kept per ``only`` (the mêlées' local sets) while the links stay the same.
_MAX_KEPT = 64


class _Links:
    """The engagement links (PYR-ENG-1/2) among every figure that fights in one state, kept in step
    by figure identity: when figures change, only their links are recomputed (against every other
    figure), the rest are kept. ``engagements(only)`` then gives exactly what ``engagements`` would:
    the same links, inserted in the same (roster) order."""

    def __init__(self, state, table):
        self.state, self.table = state, table
        self.sides, self.allies = state.sides, state.options.get("allies")
        self.has_obstacles = bool(getattr(getattr(table, "map", None), "obstacles", True))
        full = engagements(state, table)
        self.seen = dict(state.figures)
        """fid -> the figure object the links were computed for (every figure, fighting or not)."""
        self.pos = {fid: i for i, fid in enumerate(state.figures)}
        self.camps: dict[str, str] = {}
        self.rows = {fid: self._row(f) for fid, f in full.figs.items()}
        """fid -> the pair test's facts, for the figures that fight."""
        self.links: dict[str, dict[str, bool | None]] = {fid: {} for fid in full.figs}
        """fid -> {linked fid: across an obstacle (enemies) or None (friends in support)}."""
        for a, foes in full.pairs.items():
            self.links[a].update(foes)
        for a, friends in full.support.items():
            self.links[a].update(dict.fromkeys(friends))
        self.by_only: dict = {}
        """(engagements, version) already built for these figures, by ``only``: the links are the
        same while they are kept; the figure objects are those of that version."""
        self.version = 0
        """Counts the updates that changed some figure object."""

    def valid_for(self, state, table) -> bool:
        return (
            self.state is state
            and self.table is table
            and self.sides is state.sides
            and self.allies is state.options.get("allies")
        )

    def _row(self, f: Figure) -> tuple:
        c = self.camps.get(f.side)
        if c is None:
            c = self.camps[f.side] = camp_of(self.state, f.side)
        return (f.id, f.x, f.y, f.radius, f.level, c, f.melee_class == WeaponClass.CLOSE)

    def update(self) -> bool:
        """Recompute the links of the figures whose objects changed since the last call; False when
        the roster itself changed (figures added, removed or reordered: build anew)."""
        figures, seen = self.state.figures, self.seen
        if len(seen) == len(figures) and all(map(_is, seen.values(), figures.values())):
            return True
        if list(seen) != list(figures):
            return False
        rows, links = self.rows, self.links
        moved = []
        before = {}  # a moved figure's links (None: it did not fight) and camp before the update
        # the changed figures picked out in one C-level pass (mostly one or two of the roster)
        for fid, f in compress(figures.items(), map(_is_not, figures.values(), seen.values())):
            row = self._row(f) if _fights(f) else None
            old_row = rows.get(fid)
            if row == old_row:
                if row is not None:
                    rows[fid] = row
                continue  # same pair-test facts (e.g. only a wound): same links
            moved.append(fid)
            mine = links.pop(fid, None)
            before[fid] = (mine, old_row[5] if old_row is not None else None)
            for other in mine or ():
                del links[other][fid]
            if row is None:
                rows.pop(fid, None)
            else:
                rows[fid] = row
                links[fid] = {}
        pos, table, obstacles = self.pos, self.table, self.has_obstacles
        hypot = math.hypot
        done = set()
        for c in moved:
            done.add(c)
            rc = rows.get(c)
            if rc is None:
                continue
            _cid, cx, cy, cr, clv, ccamp, cclose = rc
            pc, mine = pos[c], links[c]
            for g, rg in rows.items():
                # the pair test of ``engagements``, inline: most pairs end at its first rejections
                # (other level, too far on one axis). Its tests are symmetric but for the order of
                # the radii and of the obstacle query, taken with the earlier figure of the roster
                # first as the reference loop does (|cx - gx| and hypot are the same whichever comes
                # first: a - b is exactly -(b - a) in floating point)
                if rg[4] != clv:
                    continue
                gr = rg[3]
                reach = cr + gr + _REJECT_PAD
                dx, dy = cx - rg[1], cy - rg[2]
                if dx > reach or -dx > reach or dy > reach or -dy > reach or g in done:
                    continue
                first = pc < pos[g]
                d = hypot(dx, dy) - cr - gr if first else hypot(dx, dy) - gr - cr
                if d > ACROSS_GAP + 1e-9:
                    continue
                enemy = ccamp != rg[5]
                if d <= BTB + 1e-9:
                    kind = False if enemy else None
                elif not enemy or not obstacles or (cclose and rg[6]):
                    continue
                elif (table.obstacle_between(c, g) if first else table.obstacle_between(g, c)) is not None:
                    kind = True
                else:
                    continue
                mine[g] = kind
                links[g][c] = kind
        self.seen = dict(figures)
        self.version += 1
        # a figure that moved but kept the same links (as a set: the engagements sort them), the
        # same fighting and the same camp changes no engagements: those built are kept, and get
        # the new figure objects when next asked for (engagements_of)
        for c in moved:
            mine, camp = before[c]
            row = rows.get(c)
            if mine != links.get(c) or camp != (row[5] if row is not None else None):
                self.by_only = {}
                break
        return True

    def engagements(self, only: set[str] | None) -> Engagements:
        rows, links, pos = self.rows, self.links, self.pos
        if only is None:
            figs = {fid: f for fid, f in self.state.figures.items() if fid in rows}
        else:
            figs = {fid: f for fid, f in self.state.figures.items() if fid in only and fid in rows}
        camp = {fid: rows[fid][5] for fid in figs}
        edges = []
        for a in figs:
            pa = pos[a]
            for b, kind in links[a].items():
                if b in figs:
                    pb = pos[b]
                    if pb > pa:
                        edges.append((pa, pb, a, b, kind))
        edges.sort()
        # the reference loop's insertions, in its order (pairs of the roster, earlier figure first)
        pairs: dict[str, dict[str, bool]] = {}
        support: dict[str, list[str]] = {}
        for _pa, _pb, a, b, kind in edges:
            if kind is None:
                support.setdefault(a, []).append(b)
                support.setdefault(b, []).append(a)
            else:
                pairs.setdefault(a, {})[b] = kind
                pairs.setdefault(b, {})[a] = kind
        return Engagements(pairs, support, camp, figs)


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
