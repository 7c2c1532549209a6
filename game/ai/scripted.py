"""The scripted AI levels: easy, normal and hard, each a Controller with its own RNG.

* ``easy``   — normal's scoring of the offered options and route moves (no look-ahead) under heavy
  noise (``EASY_NOISE`` times the spread of the scores), and now and then a random (never fatal)
  option; less of both for a side the clock is against over the last turns (``EASY_URGENT``,
  ``EASY_RACE_TURNS``), so it still goes for its goal.
* ``normal`` — utility scoring of every option (``levels.score_options``): positions by the
  evaluation (material, objectives, exact mêlée round odds, local balance), shots by exact
  hit/wound/save odds, taps by save odds, pushback against save by exact odds, rerolls by an exact
  expectation, fight on or withdraw by the exact odds of the next round.
* ``hard``   — normal's best few options of an activated figure weighed against the enemy's greedy
  reply on a model of the table, the enemy's last leader hunted, and loaded shooters activated
  before the charges (``planner``); elsewhere normal plus a short look-ahead
  (``lookahead.choose``) on the few best candidates.

No level reads another side's hidden cards or the dice still to roll (the match's own Dice): the
scorers get a ``PublicMatch``, whose ``state`` is the ruleset's ``public_view`` for the deciding
side; only the hard look-ahead takes the match itself, to clone it with new dice and re-deal what the
side cannot see (``ruleset.redeal``). tests/ai/test_no_peeking.py proves it.
"""

from __future__ import annotations

import dataclasses
import random

from game.rules.decisions import Decision

from . import lookahead, planner
from .evaluate import Evaluator
from .levels import FATAL, Ctx, easy_noise_scale, easy_scores, score_options
from .levels_actions import points_lead
from .levels_ctx import argmax
from .routes import route_moves

SCRIPTED_LEVELS = ("easy", "normal", "hard")
EASY_NOISE = 1.3
EASY_RANDOM = 0.2
#: share of its noise and random choices an easy side keeps when the clock is against it (it must
#: reach or hold its goal by the turn limit): it still blunders in a fight, but walks to the goal
EASY_URGENT = 0.2
#: easy races only over the game's last turns: racing all game long, its boarders played almost as
#: normal's do; blurred until the clock bites, they still reach their goal late
EASY_RACE_TURNS = 4


class PublicMatch:
    """The match as one side sees it: ``state`` is its public view; everything else (table,
    scenario, log, pending) is the match's own, which both players see."""

    def __init__(self, match, side: str):
        self._match = match
        self.state = match.ruleset.public_view(match.state, side)

    def __getattr__(self, name):
        return getattr(self._match, name)


class ScriptedController:
    """Answers ``match.pending`` for whichever side asks, at one level."""

    def __init__(self, level: str, seed: int = 0):
        if level not in SCRIPTED_LEVELS:
            raise ValueError(f"unknown AI level {level!r}; levels are: random, {', '.join(SCRIPTED_LEVELS)}")
        self.level = level
        self.seed = int(seed)
        self.rng = random.Random(self.seed)  # the AI's own RNG, never the match dice
        self._evaluators: dict = {}
        self.compared = 0
        self.differed = 0

    def evaluator(self, match, side: str) -> Evaluator:
        key = (id(match.scenario), side)
        ev = self._evaluators.get(key)
        if ev is None:
            ev = self._evaluators[key] = Evaluator(match.scenario, match.table, match.state, side)
        return ev

    def decide(self, match) -> Decision:
        ask = match.pending
        opts = ask.options
        if not opts:
            return ask.default
        if len(opts) == 1:
            return opts[0]
        view = PublicMatch(match, ask.side)
        ctx = Ctx(view, ask, self.evaluator(view, ask.side), self.rng)
        ctx.evaluator_for = lambda side: self.evaluator(view, side)
        extra = _routes(ctx)
        if extra:
            ask = ctx.ask = dataclasses.replace(ask, options=tuple(opts) + tuple(extra))
            opts = ask.options
        if self.level == "easy":
            return self._easy(ctx)
        scores = score_options("normal", ctx)
        best = opts[argmax(scores)]
        if self.level != "hard":
            return best
        if planner.plans(ctx):
            d = opts[planner.choose(ctx, scores)]
        elif planner.orders(ctx):
            d = opts[argmax(planner.order(ctx, scores))]
        elif ask.kind in lookahead.LOOK_KINDS or ask.kind not in lookahead.KNOWN_SIMPLE:
            d = lookahead.choose(match, ask, scores, ctx.ev, self.rng)
        else:
            d = best
        # how often hard's choice differs from normal's scorer (simulate's measures read these)
        self.compared += 1
        self.differed += d != best
        return d

    def _easy(self, ctx: Ctx) -> Decision:
        opts = ctx.ask.options
        keep = EASY_URGENT if _racing(ctx) else 1.0
        if self.rng.random() < EASY_RANDOM * keep:
            safe = [d for d in opts if d.option not in FATAL]
            if safe:
                return self.rng.choice(safe)
        scores = easy_scores(ctx)
        sd = keep * EASY_NOISE * easy_noise_scale(scores)
        noisy = [s + self.rng.gauss(0.0, sd) - (50.0 if d.option in FATAL else 0.0) for s, d in zip(scores, opts)]
        return opts[argmax(noisy)]


def _racing(ctx: Ctx) -> bool:
    """Over the last ``EASY_RACE_TURNS`` turns, the clock is against the side: it must reach or
    hold its goal by the limit, or, in a game whose limit gives it nothing (a draw, or a loss on
    points), it must still win a fight (SCN-PTS-1, ``points_lead``)."""
    ev = ctx.ev
    if not ev.turn_limit or ev.turn_limit - ctx.state.turn >= EASY_RACE_TURNS:
        return False
    if ev.plan.time_is_theirs:
        return True
    if not ev.draw_at_limit:
        return False
    lead = points_lead(ctx)
    return lead is None or lead <= 0


def _routes(ctx: Ctx) -> list[Decision]:
    try:
        return route_moves(ctx)
    except (KeyError, AttributeError, ValueError, TypeError, ZeroDivisionError):
        return []  # a table or Ask of another shape: the offered options alone


def make_scripted(level: str, seed: int = 0) -> ScriptedController:
    """A scripted controller of the named level (easy, normal, hard) with its own seeded RNG."""
    return ScriptedController(level, seed)
