"""The scoring context shared by the level scorers (``levels``): ``Ctx``, the shared weights, the
generic position scoring and the public facts several scorers read (morale, nearest enemy)."""

from __future__ import annotations

import math
from collections.abc import Callable

from game.rules.model import Rank, Status

from .evaluate import W_MATERIAL, Evaluator, figure_value, health

#: kinds whose answer ends the match or hands the enemy a figure: never chosen at random
FATAL = {"strike_colours", "abandon_ship", "surrender", "sea"}
LOADED_VALUE = 0.35
#: a side whose clock runs out charges more readily (boarders must come to blows, not trade shots)
PRESS_CHARGE = 1.0
#: weight of a move that brings a figure within charge reach of an enemy it out-fights (d20 presets)
CHARGE_SETUP = 1.5
#: share of the enemy shots a figure escapes by charging into hand combat that counts for the charge
#: (each of those shooters must still pass its motivation roll, RNG-MOT-1)
SHIELD = 0.5


class Ctx:
    """What a scorer works with for one decision."""

    #: ``side -> Evaluator`` for the answers a scorer plays for another side (a charge's reactors);
    #: the controller sets its own cache, else ``charge_outlook`` builds them
    evaluator_for: Callable[[str], Evaluator] | None = None

    def __init__(self, match, ask, evaluator, rng):
        self.match = match
        self.ask = ask
        self.side = ask.side
        self.state = match.state
        self.table = match.table
        self.ev = evaluator
        self.rng = rng
        self.ruleset = match.ruleset
        """The system's answers (odds, points): game/rules/ruleset.py; never its package."""
        self._base = None

    def odds(self, decision):
        """``ruleset.odds`` of one of the ask's options, from the public view."""
        return self.ruleset.odds(self.state, self.table, self.ask, decision)

    def attack(self, attacker: str, defender: str, how: str, **kw):
        """``ruleset.attack_odds`` from the public view (None: the system has no such attack)."""
        return self.ruleset.attack_odds(self.state, self.table, attacker, defender, how, **kw)

    @property
    def base(self) -> float:
        if self._base is None:
            self._base = self.ev(self.state)
        return self._base

    def moved(self, fid: str, x: float, y: float) -> float:
        return self.ev(self.state, {fid: (x, y)})

    def outlook(self, d):
        """``charge_outlook`` of charge option ``d`` (the first round after the enemy's reactions),
        asked once per charger, target and kind of charge in this question (the contact point hardly
        changes who reacts)."""
        memo = self.__dict__.setdefault("_outlooks", {})
        key = (d.figure, d.target, d.option)
        if key not in memo:
            from .charge_outlook import charge_outlook

            memo[key] = charge_outlook(
                self.match, self.side, d.figure, d.target, charge=d, evaluator_for=self.evaluator_for
            )
        return memo[key]

    def foes(self):
        return [f for f in self.state.figures.values() if f.in_play and f.side in self.ev.foes]

    def loss(self, f, after: str) -> float:
        """Evaluation units lost by f's side if f goes to ``after`` (wounded / out)."""
        start = self.ev.start.get(f.side, 1.0) or 1.0
        h0 = health(f)
        h1 = 0.0 if after == "out" else min(h0, 0.6 if f.max_wounds <= 2 else h0 * 0.6)
        if after == "wounded" and (f.wounds > 0 or f.status == Status.WOUNDED):
            h1 = 0.0  # a second wound knocks down (PYR-SAVE-3)
        v = W_MATERIAL * figure_value(f) * (h0 - h1) / start
        for g in self.ev.plan.guard + self.ev.plan.attack:  # a capture target is worth the match
            if g.kind == "capture" and g.figure == f.id and after == "out":
                v += 40.0
        return v


def generic(level: str, ctx: Ctx) -> list[float]:
    ask = ctx.ask
    out = []
    for d in ask.options:
        s = 0.5 if d == ask.default else 0.0
        if d.figure and d.x is not None and d.y is not None and d.figure in ctx.state.figures:
            s += ctx.moved(d.figure, d.x, d.y) - ctx.base
        if d.option in FATAL:
            s -= 50.0
        out.append(s)
    return out


def _broken(ctx: Ctx, side: str) -> bool:
    """RNG-MOR-1: no leader left, or half the points gone (public), each figure counted as the
    ruleset counts ``start_points`` (``ruleset.figure_points``)."""
    state = ctx.state
    seen = ctx.ruleset.observe(state, side)
    if seen.broken:
        return True
    pts = ctx.ruleset.figure_points
    leaders = [g for g in state.figures.values() if g.side == side and (g.rank == Rank.CAPTAIN or g.is_leader)]
    start = seen.start_points
    now = sum(pts(g) for g in state.figures.values() if g.side == side and g.in_play)
    return bool((leaders and not any(g.in_play for g in leaders)) or (start and 2 * now <= start))


def _nearest_enemy_gap(ctx: Ctx, f) -> float:
    best = math.inf
    for g in ctx.foes():
        if g.level != f.level:
            continue
        best = min(best, math.hypot(g.x - f.x, g.y - f.y) - f.radius - g.radius)
    return best


def boldness(ctx: Ctx) -> float:
    """1 to 2: how much of a poor fight's price a side pays, from the turns left against its
    victory conditions. A side the clock is against (or that draws at the limit and must attack)
    grows bolder over the last ``BOLD_TURNS`` turns; one with time in hand stays at 1."""
    ev = ctx.ev
    limit = ev.turn_limit
    if not limit or not (ev.plan.time_is_theirs or (getattr(ev, "draw_at_limit", False) and ev.need_attack)):
        return 1.0
    left = max(0, limit - ctx.state.turn)
    return 1.0 + max(0.0, 1.0 - left / BOLD_TURNS)


BOLD_TURNS = 4.0
