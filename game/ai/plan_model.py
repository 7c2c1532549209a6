"""The hard level's model of the table: what one side's figures could set out to do, and what the
enemy's greedy reply would cost it, on the side's public view (``planner`` searches with it).

A ``Position`` is the public view's figures with some of them moved, engaged, unloaded or weighted
by the chance they are still standing (``alive``), and one copy of the table whose bases stand
where the position puts them, so that sight, cover and range come from the table itself
(``Table.clone`` shares the static terrain). Its outcomes are expectations:

* a shot: the ruleset's exact odds (``ruleset.attack_odds(..., "shot")``: hit, wound, save) of the
  target leaving the fight;
* a charge: the exact chance of the first mêlée round on the two sides' quotas there
  (``Ruleset.fight_chance`` through ``worth.round_win_chance``);
* each enemy figure that may act in the reply does so only if it passes its motivation
  (``REPLY_ACTS``; leaders always act), and takes its greedy best: its best shot or its best charge
  on one of our figures, or nothing;
* a leader's or a capture target's fall is its own branch, valued at the game's stake
  (``Ctx.loss`` with ``STAKE`` for a side's last leader): it is what loses matches (a side whose
  captain fell lost 14 of 15 such boarding games).

Built only from what the deciding side sees: the positions of the public view and the odds the
ruleset computes from it. It never reads the match's dice or another side's cards.
"""

from __future__ import annotations

import math

from game.rules.model import Rank, Status

from . import preset_odds as PO
from .fighting import W_MELEE
from .worth import fight_quota, figure_value, round_win_chance

#: the share of an enemy's non-leader figures that act in its reply (RNG-MOT-1: a d6 of 3 or less,
#: one better beside a leader: a half to two thirds; leaders and civilians always act)
REPLY_ACTS = 0.6
#: what a side's last leader falling costs on top of the figure (RNG-MOR-1: the side is broken);
#: the evaluation already weighs a leader's exposure to loaded muskets (``W_LEADER_EXPOSE``)
STAKE = 4.0
#: how far a figure reaches with a charge beyond its base (RNG-ACT-1: 3 in, Fast 4 in)
CHARGE_REACH = 3.0
#: how near a friend must stand to join a mêlée round the enemy starts (reactions, supporters)
JOIN_R = 2.0
#: how sure the enemy is of its best target, in evaluation units (a soft maximum's temperature)
CHOICE_T = 0.3
#: the share of lost first rounds that put an unhurt loser out of the fight (a hurt one: twice)
DOWNED_BY_ROUND = 0.25
#: how far an unengaged figure moves to join a mêlée before it is fought (PYR-REACT-1: 2 in)
REACT_MOVE = 2.0
#: the share of the enemy's unengaged figures within a reaction move of a mêlée that come to it
REACTS = 1.0
#: the share of our figures still to act, within a move of a mêlée, that join it (each decides
#: for itself when its turn comes, and its way may be longer than the straight gap)
JOINS = 0.3
#: bases this close are in contact (no shooting into a mêlée, RNG-SHOOT-3)
CONTACT = 0.06


def is_leader(f) -> bool:
    return f.rank == Rank.CAPTAIN or f.is_leader


class Position:
    """The public view with some of ``side``'s plans applied (see the module docstring)."""

    def __init__(self, ctx, table, moved=None, engaged=(), unloaded=(), alive=None):
        self.ctx = ctx
        self.state = ctx.state
        self.table = table
        self.moved: dict[str, tuple[float, float]] = dict(moved or {})
        self.engaged: set[str] = set(engaged)
        self.unloaded: set[str] = set(unloaded)
        self.alive: dict[str, float] = dict(alive or {})
        self._view = None

    def view(self):
        """The public state with the moved figures stood where this position puts them (the odds
        read positions from the state, sight and cover from the table)."""
        if not self.moved:
            return self.state
        if self._view is None:
            self._view = _moved_view(self.state, self.moved)
        return self._view

    def xy(self, f) -> tuple[float, float]:
        return self.moved.get(f.id, (f.x, f.y))

    def gap(self, a, b) -> float:
        (ax, ay), (bx, by) = self.xy(a), self.xy(b)
        return math.hypot(ax - bx, ay - by) - a.radius - b.radius

    def in_contact(self, f, foes) -> bool:
        if f.id in self.engaged:
            return True
        return any(g.level == f.level and self.gap(f, g) <= CONTACT for g in foes)


class TableModel:
    """One decision's model: the public view, a table copy to move bases on, memoised shot odds."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.state = ctx.state
        self.side = ctx.side
        self.ruleset = ctx.ruleset
        self.combat = getattr(ctx.ruleset, "combat", "")
        self.table = ctx.table.clone()
        self._shots: dict = {}
        self._placed: dict[str, tuple[float, float]] = {}
        figs = [f for f in self.state.figures.values() if f.in_play and f.status != Status.CAPTIVE]
        self.mine = [f for f in figs if f.side == self.side]
        self.foes = [f for f in figs if f.side in ctx.ev.foes]
        leaders = [f for f in self.mine if is_leader(f)]
        self.last_leader = leaders[0].id if len(leaders) == 1 else None
        self._loss: dict = {}

    def ready(self) -> set[str]:
        """Our figures still to act this player-turn (the public list of those that have)."""
        acted = self.ctx.ruleset.observe(self.state, self.side).acted
        if self.state.active != self.side or acted is None:
            return set()
        return {f.id for f in self.mine if f.id not in acted and f.id != self.ctx.ask.info.get("figure")}

    # -- what a figure's fall costs -------------------------------------------------------------------
    def loss(self, f, after: str) -> float:
        key = (f.id, after)
        got = self._loss.get(key)
        if got is None:
            got = self.ctx.loss(f, after)
            if after == "out" and f.id == self.last_leader:
                got += STAKE
            self._loss[key] = got
        return got

    # -- shots on the table copy ------------------------------------------------------------------------
    def _stand(self, pos: Position, fid: str) -> None:
        f = self.state.figures[fid]
        want = pos.xy(f)
        if self._placed.get(fid, (f.x, f.y)) != want:
            self.table.place(fid, want[0], want[1], f.radius, f.level)
            self._placed[fid] = want

    def shot(self, pos: Position, shooter, target) -> tuple[float, float]:
        """(harm to ``target``'s side as its figure, chance it leaves the fight) of one shot of ``shooter`` with
        the shooter and the target where ``pos`` puts them (the ruleset's exact odds)."""
        key = (shooter.id, pos.xy(shooter), target.id, pos.xy(target))
        got = self._shots.get(key)
        if got is None:
            self._stand(pos, shooter.id)
            self._stand(pos, target.id)
            try:
                odds = self.ruleset.attack_odds(
                    pos.view(), self.table, shooter.id, target.id, "shot", weapon=shooter.missile
                )
            except (KeyError, ValueError, AttributeError, TypeError):
                odds = None
            if odds is None or not odds.success:
                got = (0.0, 0.0)
            else:
                eff = odds.effect(target.id)
                out = float(eff.chance("out")) if eff is not None else 0.0
                got = (PO.harm(self.ctx, eff), out)
            self._shots[key] = got
        return got

    def can_shoot(self, f, pos: Position) -> bool:
        if not f.missile or f.id in pos.unloaded:
            return False
        return bool(f.loaded) or not self.ruleset.unloads(f)

    # -- a charge's first round -----------------------------------------------------------------------
    def charge(self, pos: Position, attacker, target, friends, enemies) -> tuple[float, float]:
        """(what ``attacker``'s charge on ``target`` is worth to the attacker's side, the chance the
        target leaves the fight). Mêlée rounds of pools: the exact chance of the first round on the
        quotas that would join it (friends within ``JOIN_R`` of each), times what the loser's
        figure is worth. One blow at a time: the exact odds of the blow, less the answer at full
        defence (``preset_odds.hand_exchange``)."""
        key = ("charge", attacker.id, target.id)
        if self.combat == "blow":
            got = self._shots.get(key)
            if got is None:
                odds = self.ctx.attack(attacker.id, target.id, "hand")
                eff = odds.effect(target.id) if odds is not None else None
                out = float(eff.chance("out")) if eff is not None else 0.0
                got = self._shots[key] = (PO.hand_exchange(self.ctx, attacker.id, target.id), out)
            return got
        qa = fight_quota(attacker) + sum(
            fight_quota(g) * pos.alive.get(g.id, 1.0)
            for g in friends
            if g.id != attacker.id and g.level == target.level and pos.gap(g, target) <= JOIN_R
        )
        qd = fight_quota(target) + sum(
            fight_quota(g) * pos.alive.get(g.id, 1.0)
            for g in enemies
            if g.id != target.id and g.level == target.level and pos.gap(g, target) <= JOIN_R
        )
        if qa <= 0:
            return 0.0, 0.0
        p = round_win_chance(math.ceil(qa), math.ceil(qd))
        lose = DOWNED_BY_ROUND if target.wounds == 0 and target.status != Status.WOUNDED else 2 * DOWNED_BY_ROUND
        return p * self.ctx.loss(target, "wounded") - (1.0 - p) * self.ctx.loss(attacker, "wounded"), p * lose

    # -- the mêlée a move into contact starts, once the reactors have come ----------------------------
    def melee_shift(self, pos: Position, fid: str, ready: set[str]) -> float:
        """How much the first round of the mêlée ``fid`` stands in at ``pos`` gains in value (the
        evaluation's own measure: ``W_MELEE`` × the change in the exact round chance × what the
        figures in it are worth) when our figures still to act this player-turn within their move
        of it join it, each if it passes its motivation (``REPLY_ACTS``) and its own choice takes it
        there (``JOINS``), against the enemy's unengaged figures within ``REACT_MOVE`` that will have
        come up to it by then (PYR-REACT-1: no roll, so each counts whole).
        0 when ``fid`` is in no mêlée there, or where the system fights no rounds of pools."""
        if self.combat != "pool":
            return 0.0
        st = self.state
        f = st.figures[fid]
        foes_in = [g for g in self.foes if g.level == f.level and pos.gap(f, g) <= CONTACT]
        if not foes_in and fid in pos.engaged:
            foes_in = [g for g in self.foes if g.id in pos.engaged]
        if not foes_in:
            return 0.0
        ours = [f] + [
            g
            for g in self.mine
            if g.id != fid and g.level == f.level and any(pos.gap(g, e) <= CONTACT for e in foes_in)
        ]
        ours += [
            g for g in self.mine if g not in ours and g.level == f.level and any(pos.gap(g, o) <= CONTACT for o in ours)
        ]
        theirs = list(foes_in) + [
            g
            for g in self.foes
            if g not in foes_in and g.level == f.level and any(pos.gap(g, e) <= CONTACT for e in foes_in)
        ]
        mq_me = sum(fight_quota(g) for g in ours)
        mq_foe = sum(fight_quota(g) for g in theirs)
        engaged_now = {g.id for g in ours} | {g.id for g in theirs}
        come = sum(
            fight_quota(g) * REACTS
            for g in self.foes
            if g.id not in engaged_now
            and g.level == f.level
            and not pos.in_contact(g, [m for m in self.mine if m.id not in engaged_now])
            and min(pos.gap(g, t) for t in ours + theirs) <= REACT_MOVE
        )
        join = sum(
            fight_quota(g) * JOINS * (1.0 if is_leader(g) else REPLY_ACTS)
            for g in self.mine
            if g.id in ready
            and g.id not in engaged_now
            and g.level == f.level
            and min(pos.gap(g, t) for t in theirs) <= g.move
        )
        stake = sum(figure_value(g) for g in ours + theirs)
        # normal prices a charge's round after the enemy's reactions already (charge_outlook): what
        # the plan adds is our own figures still to act coming to it
        p0 = round_win_chance(math.ceil(mq_me), math.ceil(mq_foe + come))
        p1 = round_win_chance(math.ceil(mq_me + join), math.ceil(mq_foe + come))
        return W_MELEE * (p1 - p0) * stake

    # -- the enemy's greedy reply ---------------------------------------------------------------------
    def reply(self, pos: Position) -> float:
        """Expected evaluation units the enemy's reply costs us from ``pos`` (``reply_on`` summed)."""
        return sum(self.reply_on(pos).values())

    def reply_on(self, pos: Position) -> dict[str, float]:
        """What the enemy's reply from ``pos`` is expected to cost us, figure by figure: each enemy
        figure not in a mêlée, if it acts (``REPLY_ACTS``), takes its best shot or charge on one of
        our figures; what falls on one figure is capped at its fall."""
        on: dict[str, float] = {}
        mine = [f for f in self.mine if pos.alive.get(f.id, 1.0) > 0.0]
        for e in self.foes:
            alive = pos.alive.get(e.id, 1.0)
            if alive <= 0.0 or pos.in_contact(e, mine):
                continue
            acts = (1.0 if is_leader(e) or e.type == "civilian" else REPLY_ACTS) * alive
            shoots = self.can_shoot(e, pos)
            reach = CHARGE_REACH + (1.0 if "fast" in e.traits else 0.0)
            vals = []
            for t in mine:
                if t.level != e.level and not shoots:
                    continue
                v, out = 0.0, 0.0
                if shoots and not pos.in_contact(t, self.foes):
                    v, out = self.shot(pos, e, t)
                if t.level == e.level and pos.gap(e, t) <= reach:
                    c, cout = self.charge(pos, e, t, self.foes, mine)
                    if c > v:
                        v, out = c, cout
                if v > 0.0:
                    vals.append((v, out, t.id))
            if not vals:
                continue
            # which target the enemy's own scoring picks is not known to the last decimal: its
            # options within a few tenths of its best share its attention (a soft maximum of what
            # each is worth as a figure; the stake of our last leader is ours, not its measure)
            top = max(v for v, _, _ in vals)
            ws = [(math.exp((v - top) / CHOICE_T), v, out, tid) for v, out, tid in vals]
            norm = sum(w for w, *_ in ws)
            for w, v, out, tid in ws:
                stake = STAKE * out if tid == self.last_leader else 0.0
                on[tid] = on.get(tid, 0.0) + acts * (v + stake) * w / norm
        return {
            fid: min(v, self.loss(self.state.figures[fid], "out") * pos.alive.get(fid, 1.0)) for fid, v in on.items()
        }


def _moved_view(state, moved: dict[str, tuple[float, float]]):
    """A copy of the public ``state`` with some figures stood elsewhere (the odds read positions)."""
    st = state.copy()
    for fid, (x, y) in moved.items():
        st.figures[fid] = st.figures[fid].evolve(x=x, y=y)
    return st
