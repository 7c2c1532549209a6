"""How good a position is for one side: a number the scorers and the look-ahead compare.

Works for any preset from public facts only (figures, statuses, positions, turn, the scenario's
victory conditions and the map's zones; never a system's card hands or decks):

* material — figures in play weighted by rank and health (wounded, disarmed), as a fraction of the
  side's starting strength, own minus enemy;
* objectives — the scenario's victory conditions (``objectives.plan_for``): progress on hold_zone
  counters, occupation of and approach to the zones, threat to a figure to capture, routed fraction,
  time when a turn_limit condition names a side;
* fighting — for every mêlée on the table the exact chance of winning its next round (PYR-DICE/
  PYR-DMG odds of the two quotas, ``Ruleset.fight_chance``), and the local balance of
  fighting strength around every figure near the front (ganging up, not standing alone); in
  ``fighting``.

Scores are in "figure units"; a won match is +100, a lost one −100.

A figure's worth (rank, health, fighting weight, round odds) is in ``worth``.
"""

from __future__ import annotations

import math
from typing import Any

from game.rules.model import Rank

from .fields import cells_in, grid_for
from .fighting import CONTACT as CONTACT
from .fighting import LOCAL_R as LOCAL_R
from .fighting import W_LOCAL as W_LOCAL
from .fighting import W_MELEE as W_MELEE
from .fighting import fighting
from .objectives import inside, plan_for, table_map
from .worth import RANK_VALUE as RANK_VALUE
from .worth import _combatant
from .worth import fight_quota as fight_quota
from .worth import figure_value as figure_value
from .worth import health as health
from .worth import round_win_chance as round_win_chance

WIN = 100.0
W_MATERIAL = 24.0
W_ROUT = 4.0
W_HOLD = 14.0
W_OCCUPY = 1.5
W_APPROACH = 2.5
#: weight of a combatant beyond the nearest three walking to a goal (one of the three weighs 1)
W_REAR = 0.3
#: closing on the enemies who stand in a zone this side must hold alone
W_EVICT = 8.0
PRESS = 3.0
W_CAPTURE = 2.0
W_TIME = 5.0
W_EXPOSE = 30.0
#: an own leader within range of loaded enemy missiles (its fall breaks the side, RNG-MOR-1)
W_LEADER_EXPOSE = 16.0
#: entries of each of the evaluator's memos of per-point answers before it is emptied
MEMO_KEPT = 1 << 16


class Evaluator:
    """Evaluation of positions for ``side`` in one scenario (built once per controller and match)."""

    def __init__(self, scenario, table, state, side: str):
        self.side = side
        self.scenario = scenario
        self.foes = set(state.enemies_of(side))
        self.plan = plan_for(scenario, table, state, side)
        self.start: dict[str, float] = {}
        self.start_count: dict[str, int] = {}
        for f in state.figures.values():
            self.start[f.side] = self.start.get(f.side, 0.0) + figure_value(f)
            self.start_count[f.side] = self.start_count.get(f.side, 0) + 1
        self.turn_limit = getattr(scenario, "turn_limit", 0) or 0
        w, h = getattr(table, "width", 48.0), getattr(table, "height", 48.0)
        self.diag = max(1.0, math.hypot(w, h))
        self.table = table
        self._zone_sources: dict = {}
        # the scorers evaluate one position per candidate move of one figure: every other figure
        # stands where it stood, so its walking distance to a zone and whether it stands in one
        # are asked again and again. Both depend only on the map, the goal and the point.
        self._grids: dict = {}
        self._zone_fields: dict = {}
        self._to_zone_memo: dict = {}
        self._walk_memo: dict = {}
        self._in_zone_memo: dict = {}
        self._worths: dict = {}
        self.need_attack = (
            bool(self.plan.attack)
            or self.plan.time_is_theirs
            or (side in self.plan.rout_for and not self.plan.time_is_ours)
        )
        # the clock is against this side: every inch toward its goals and the enemy is worth PRESS
        # times as much, so that the walk up the gangplank outweighs the local odds at its far end
        # (without it the Sea Wolf's boarders stood at their own rail and shot until turn 15)
        self.press = PRESS if self.plan.time_is_theirs and self.need_attack else 1.0
        # a limit that names no side makes a draw, which neither side wants: the inches toward its
        # goals and the enemy grow dearer as the limit nears, up to PRESS (without it both
        # captains hid on the quarterdeck, the villagers stayed in their farmhouse, to a draw)
        self.draw_at_limit = bool(self.turn_limit) and not self.plan.time_is_ours and not self.plan.time_is_theirs
        self._press = self.press

    # -- the whole evaluation --------------------------------------------------------------------
    def __call__(self, state, moved: dict | None = None) -> float:
        if state.over:
            if state.winner == self.side:
                return WIN
            if state.winner in self.foes:
                return -WIN
            return 0.0
        side, foes = self.side, self.foes
        figs = []
        for f in state.figures.values():
            if not f.in_play:
                continue
            x, y = moved[f.id] if moved and f.id in moved else (f.x, f.y)
            figs.append((f, x, y, f.side == side, f.side in foes, _combatant(f)))
        self._press = self.press_at(state.turn)
        score = self.material(state)
        score += self.objectives(state, figs)
        score += self.fighting(figs)
        score -= W_LEADER_EXPOSE * self.leaders_exposed(figs)
        if self.turn_limit:
            tf = min(1.0, state.turn / self.turn_limit)
            if self.plan.time_is_ours:
                score += W_TIME * tf
            if self.plan.time_is_theirs:
                score -= W_TIME * tf
        return score

    def press_at(self, turn: int) -> float:
        """How much dearer an inch toward the goals and the enemy is at ``turn`` (``press``, or on
        a limit that makes a draw a ramp from 1 to PRESS over the game's second half)."""
        if not self.draw_at_limit or not self.need_attack:
            return self.press
        tf = min(1.0, max(0.0, 2.0 * turn / self.turn_limit - 1.0))
        return 1.0 + (PRESS - 1.0) * tf

    def material(self, state) -> float:
        have: dict[str, float] = {}
        count: dict[str, int] = {}
        for f in state.figures.values():
            if f.in_play:
                have[f.side] = have.get(f.side, 0.0) + self._worth(f)[2]
                count[f.side] = count.get(f.side, 0) + 1
        mine = have.get(self.side, 0.0) / max(1e-9, self.start.get(self.side, 1.0))
        foe_sides = [s for s in self.start if s in self.foes]
        theirs = (
            sum(have.get(s, 0.0) / max(1e-9, self.start[s]) for s in foe_sides) / len(foe_sides) if foe_sides else 0.0
        )
        score = W_MATERIAL * (mine - theirs)
        if self.side in self.plan.rout_for:
            for s in foe_sides:
                score += W_ROUT * (1.0 - count.get(s, 0) / max(1, self.start_count.get(s, 1)))
        for s in foe_sides:
            if s in self.plan.rout_for:
                score -= W_ROUT * (1.0 - count.get(self.side, 0) / max(1, self.start_count.get(self.side, 1)))
                break
        return score

    # -- objectives ------------------------------------------------------------------------------
    def objectives(self, state, figs) -> float:
        score = 0.0
        for g in self.plan.attack:
            score += self._goal(state, figs, g, mine=True)
        for g in self.plan.guard:
            score -= self._goal(state, figs, g, mine=False)
        # the fighters not walking to a goal close in too when the clock is against this side: a
        # goal's approach term counts only the nearest three (alone, the cutters stayed in their boats)
        if self.need_attack and (not self.plan.attack or self.plan.time_is_theirs):
            score += self._close_in(figs)
        return score

    def _goal(self, state, figs, g, mine: bool) -> float:
        """Progress toward goal g by its owner (mine: this side; else the enemy)."""
        owners = [t for t in figs if (t[3] if mine else t[4]) and t[5]]
        others = [t for t in figs if (t[4] if mine else t[3])]
        if g.kind == "capture":
            tgt = state.figures.get(g.figure)
            if tgt is None or not tgt.in_play:
                return 0.0
            tx, ty = next(((x, y) for f, x, y, *_ in figs if f.id == tgt.id), (tgt.x, tgt.y))
            s = 3.0 * (1.0 - health(tgt))
            threat = 0.0
            for f, x, y, *_ in owners:
                if f.level != tgt.level:
                    continue
                d = max(0.0, math.hypot(x - tx, y - ty) - 1.0)
                threat += max(0.0, 1.0 - d / 8.0)
            guard = sum(1 for f, x, y, *_ in others if f.id != tgt.id and math.hypot(x - tx, y - ty) <= 2.5)
            s += W_CAPTURE * min(threat, 3.0) - 0.5 * min(guard, 3)
            s += W_EXPOSE * self._exposure(tgt, tx, ty, owners)
            grid = self._grid(tgt.level)
            if grid is not None and owners:
                ds = sorted(
                    self._walk_to(grid, grid.cell(tx, ty), x, y) for f, x, y, *_ in owners if f.level == tgt.level
                )
                if ds:
                    near = ds[:3]
                    press = self._press if mine else 1.0
                    s -= W_APPROACH * press * (sum(near) / len(near)) / self.diag * 4.0
                    # the rest close in behind them, as on a zone goal: without it the crew beyond
                    # the nearest three stood all game (the quarterdeck duel's draws)
                    if len(ds) > 3:
                        s -= W_APPROACH * W_REAR * press * sum(ds[3:]) / 3.0 / self.diag * 4.0
            return s
        if not g.points:
            return 0.0
        weight = 1.0 if g.kind in ("hold_zone", "reach_zone") else 0.5
        s = 0.0
        if g.kind == "hold_zone":
            key = f"{g.side}:{g.zone}"
            s += W_HOLD * min(1.0, (state.book.hold or {}).get(key, 0) / g.turns)
        in_zone, memo, gid = self._in_zone, self._in_zone_memo, id(g)
        n_own = n_oth = 0
        for t in owners:
            v = memo.get((gid, t[1], t[2]))
            if v or (v is None and in_zone(g, t[1], t[2])):
                n_own += 1
        for t in others:
            v = memo.get((gid, t[1], t[2]))
            if v or (v is None and in_zone(g, t[1], t[2])):
                n_oth += 1
        # reach_zone is won by g.count figures in the zone: count that many, not three
        cap = max(3, g.count) if g.kind == "reach_zone" else 3
        s += weight * W_OCCUPY * (min(n_own, cap) - 0.7 * min(n_oth, 3))
        if n_own and not n_oth:
            s += weight * 2.0
        if mine and n_oth and g.kind == "hold_zone":
            s += self._evict(figs, owners, others, g)
        # approach: the mean walking distance of the owner's nearest combatants (three, or as many
        # as a reach_zone needs) to the zone
        if owners:
            to_zone, dmemo = self._to_zone, self._to_zone_memo
            ds = []
            for f, x, y, *_ in owners:
                dz = dmemo.get((gid, f.level, x, y))
                ds.append(to_zone(g, f.level, x, y) if dz is None else dz)
            ds.sort()
            # reach_zone: everybody is leaving the ship, so every combatant's way to the boats counts
            # (each figure weighs as much as one of the three nearest of a hold_zone)
            near = ds if g.kind == "reach_zone" else ds[:cap]
            s -= (
                weight * W_APPROACH * (self._press if mine else 1.0) * (sum(near) / min(len(near), 3)) / self.diag * 4.0
            )
            # the rest walk up behind them, each a fraction of one of the three: without it the
            # rearguard's every move scored exactly nothing and it stood at its deployment all game
            # (the Clearing: half of each side never left the woods, a draw at turn 10)
            rest = ds[len(near) :]
            if rest:
                s -= weight * W_APPROACH * W_REAR * (self._press if mine else 1.0) * sum(rest) / 3.0 / self.diag * 4.0
        return s

    def _in_zone(self, g, x: float, y: float) -> bool:
        """(x, y) lies in one of goal g's zone polygons (``objectives.inside``), memoised."""
        key = (id(g), x, y)
        got = self._in_zone_memo.get(key)
        if got is None:
            if len(self._in_zone_memo) > MEMO_KEPT:
                self._in_zone_memo.clear()
            got = self._in_zone_memo[key] = any(inside(x, y, p) for _, p in g.points)
        return got

    def _walk_to(self, grid, cell: int, x: float, y: float) -> float:
        """Walking distance on ``grid`` from (x, y) to ``cell`` (at most the table's diagonal),
        memoised by the point."""
        key = (id(grid), cell, x, y)
        got = self._walk_memo.get(key)
        if got is None:
            if len(self._walk_memo) > MEMO_KEPT:
                self._walk_memo.clear()
            got = self._walk_memo[key] = min(grid.distance(grid.field((cell,)), x, y), self.diag)
        return got

    def _evict(self, figs, owners, others, g) -> float:
        """A zone held only alone is won by driving the enemy out of it: the nearest three
        combatants close on the enemies standing in it (the Clearing: both sides stood at its two
        edges and traded shots to the turn limit)."""
        held = [(f, x, y) for f, x, y, *_ in others if self._in_zone(g, x, y)]
        gaps = sorted(
            max(0.0, min(math.hypot(x - ex, y - ey) - f.radius - e.radius for e, ex, ey in held if e.level == f.level))
            for f, x, y, *_ in owners
            if any(e.level == f.level for e, _, _ in held)
        )
        if not gaps:
            return 0.0
        near = gaps[:3]
        return -W_EVICT * (sum(near) / len(near)) / self.diag * 4.0

    def _close_in(self, figs) -> float:
        """A side that must attack (rout, or time against it) walks its fighters toward the enemy."""
        mine = [t for t in figs if t[3] and t[5]]
        theirs = [t for t in figs if t[4]]
        if not mine or not theirs:
            return 0.0
        total = 0.0
        fields: dict[str, Any] = {}  # level -> its distance field (False: no source on that level)
        for f, x, y, *_ in mine:
            grid = self._grid(f.level)
            d = None
            if grid is not None:
                fld = fields.get(f.level)
                if fld is None:
                    src = tuple(sorted({grid.cell(gx, gy) for g, gx, gy, *_ in theirs if g.level == f.level}))
                    fld = fields[f.level] = grid.field(src) if src else False
                if fld:
                    d = grid.distance(fld, x, y)
            if d is None or d == math.inf:
                d = min(math.hypot(x - gx, y - gy) for g, gx, gy, *_ in theirs)
            total += min(d, self.diag)
        return -W_APPROACH * self._press * (total / len(mine)) / self.diag * 4.0

    # -- walking distances and shots ------------------------------------------------------------------
    def _grid(self, level):
        got = self._grids.get(level, False)
        if got is False:
            try:
                got = grid_for(self.table, level)
            except Exception:  # noqa: BLE001 - a table without clear_at: straight lines
                got = None
            self._grids[level] = got
        return got

    def _to_zone(self, g, level, x, y) -> float:
        key = (id(g), level, x, y)
        got = self._to_zone_memo.get(key)
        if got is None:
            if len(self._to_zone_memo) > MEMO_KEPT:
                self._to_zone_memo.clear()
            got = self._to_zone_memo[key] = self._zone_distance(g, level, x, y)
        return got

    def _zone_distance(self, g, level, x, y) -> float:
        d = self._walk_to_zone(g, level, x, y)
        if d == math.inf:
            d = self._via_link(g, level, x, y)
        if d != math.inf:
            return min(d, self.diag)
        return min(math.hypot(x - c[0], y - c[1]) for c, _ in g.points)

    def _walk_to_zone(self, g, level, x, y) -> float:
        grid = self._grid(level)
        if grid is None:
            return math.inf
        key = (g.zone, g.kind, level)
        fld = self._zone_fields.get(key)
        if fld is None:
            src = self._zone_sources.get(key)
            if src is None:
                src = self._zone_sources[key] = cells_in(grid, [p for _, p in g.points])
            fld = self._zone_fields[key] = grid.field(src)
        return grid.distance(fld, x, y)

    def _via_link(self, g, level, x, y) -> float:
        """A zone out of reach on this level (the boats seen from the hold or the rigging): walk to
        a hatch, ladder or shroud, climb it, and walk on from its other end (one climb)."""
        grid = self._grid(level)
        tmap = table_map(self.table)
        if grid is None or tmap is None:
            return math.inf
        best = math.inf
        for lk in getattr(tmap, "links", ()):
            for end, lv, other, lv_other in (
                (lk.a, lk.level_a, lk.b, lk.level_b),
                (lk.b, lk.level_b, lk.a, lk.level_a),
            ):
                if lv != level or lv_other == level:
                    continue
                on = grid.distance(grid.field((grid.cell(*end),)), x, y)
                if on == math.inf:
                    continue
                best = min(best, on + lk.cost + self._walk_to_zone(g, lv_other, *other))
        return best

    def leaders_exposed(self, figs) -> float:
        """The exposure to loaded enemy missiles of this side's leaders (captains and figures marked
        leader) that no enemy capture goal already guards: a side whose captain fell to shots from
        the far rail lost the game far more often than not."""
        guarded = {g.figure for g in self.plan.guard if g.kind == "capture"}
        total = 0.0
        shooters = None
        for f, x, y, mine, *_ in figs:
            if not mine or f.id in guarded or not (f.rank == Rank.CAPTAIN or f.is_leader):
                continue
            if shooters is None:
                shooters = [t for t in figs if t[4] and t[0].missile and t[0].loaded]
                if not shooters:
                    return 0.0
            total += self._exposure(f, x, y, shooters)
        return total

    def _exposure(self, tgt, tx, ty, shooters) -> float:
        """Chance-weighted loaded missiles within range of a figure that must not fall (RNG-SHOOT-1
        to-hit by range band, without cover; PYR save of the target)."""
        from .worth import shot_target

        total = 0.0
        for f, x, y, *_ in shooters:
            if not f.missile or not f.loaded or f.level != tgt.level:
                continue
            d = max(0.0, math.hypot(x - tx, y - ty) - f.radius - tgt.radius)
            try:
                tn = shot_target(f, d)
            except (ValueError, KeyError):
                tn = None
            if tn:
                total += tn / 20.0
        save = {Rank.CAPTAIN: 0.5, Rank.OFFICER: 0.33}.get(tgt.rank, 0.17)
        return min(total, 3.0) * save * 0.5

    # -- fighting --------------------------------------------------------------------------------
    def _worth(self, f) -> tuple[float, float, float, float]:
        """(``fight_quota(f)``, ``figure_value(f)``, ``figure_value(f) * health(f)``, radius), memoised by
        the figure (a Figure is frozen: a change makes a new one; the memo holds the figure, so
        its id is not reused while there)."""
        got = self._worths.get(id(f))
        if got is None or got[0] is not f:
            if len(self._worths) > 4096:
                self._worths.clear()
            v = figure_value(f)
            got = self._worths[id(f)] = (f, (fight_quota(f), v, v * health(f), f.radius))
        return got[1]

    def fighting(self, figs) -> float:
        """``fighting.fighting`` of the figures, their worth read from the per-figure memo."""
        if len(figs) < 2:
            return 0.0
        return fighting([self._worth(t[0]) for t in figs], figs)
