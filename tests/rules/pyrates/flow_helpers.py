"""Building pyrates matches in code for the flow tests (PRE-PYR-1)."""

from __future__ import annotations

import math
import random

from game.match import Match
from game.rules.decisions import Decision, choose
from game.rules.flow import Ctx
from game.rules.model import Figure, SideInfo, WeaponClass
from game.scenario.model import Scenario
from game.table import Obstacle, TacticalMap

GENERAL = WeaponClass.GENERAL
CLOSE = WeaponClass.CLOSE
REACH = WeaponClass.REACH


def fig(fid, side, x, y, cls=GENERAL, weapon="cutlass", **kw) -> Figure:
    return Figure(
        id=fid, name=kw.pop("name", fid), side=side, x=float(x), y=float(y), melee_class=cls, melee_weapon=weapon, **kw
    )


def scenario(figures, *, w=24.0, h=16.0, sides=("A", "B"), boarder=(), turn_limit=6) -> Scenario:
    return Scenario(
        id="flow",
        title="flow test",
        blurb="",
        map=f"open:{w:g}x{h:g}",
        preset="pyrates",
        sides=tuple(SideInfo(s, s, boarder=s in boarder) for s in sides),
        figures=tuple(figures),
        turn_limit=turn_limit,
    )


def match(figures, *, dice=None, seed=0, tmap=None, cards=False, w=24.0, h=16.0, **kw) -> Match:
    sc = scenario(figures, w=w, h=h, **kw)
    return Match(
        sc, seed=seed, dice=dice, tmap=tmap or TacticalMap.open_ground(w, h), options={} if cards else {"cards": False}
    )


def answer(m: Match, kind: str, decision: Decision):
    """Apply a decision, checking the pending question is of the expected kind."""
    p = m.pending
    assert p is not None, f"match over, expected {kind}"
    assert p.kind == kind, f"expected a {kind} question, got {p.kind}: {p.prompt}"
    return m.apply(decision)


def auto_until(m: Match, kinds, limit: int = 500):
    """Answer every question with its default until one of ``kinds`` is pending."""
    kinds = {kinds} if isinstance(kinds, str) else set(kinds)
    events = []
    for _ in range(limit):
        if m.pending is None or m.pending.kind in kinds:
            return events
        events += m.apply(m.auto())
    raise AssertionError(f"no {kinds} question within {limit} decisions")


__all__ = ["fig", "scenario", "match", "answer", "auto_until", "choose", "Decision", "GENERAL", "CLOSE", "REACH"]


def random_ctx(rng: random.Random, *, rail: bool = True, mixed_weapons: bool = False) -> Ctx:
    """A Ctx of 1-7 figures a side scattered (1 in apart) either side of x = 12, where a rail runs from
    (12, 2) to (12, 8) unless ``rail`` is False; ``mixed_weapons`` draws each figure's class."""
    figs, spots = [], []
    for side in ("A", "B"):
        for i in range(rng.randint(1, 7)):
            while True:
                x, y = round(rng.uniform(6, 18), 3), round(rng.uniform(4, 12), 3)
                if abs(x - 12) > 0.8 and all(math.hypot(x - a, y - b) >= 1.0 for a, b in spots):
                    break
            spots.append((x, y))
            if mixed_weapons:
                cls = rng.choice([WeaponClass.GENERAL, WeaponClass.CLOSE, WeaponClass.REACH])
                figs.append(fig(f"{side}{i}", side, x, y, cls=cls))
            else:
                figs.append(fig(f"{side}{i}", side, x, y))
    obstacles = [Obstacle.line("rail", [(12, 2), (12, 8)], thickness=0.2)] if rail else []
    m = match(figs, tmap=TacticalMap.open_ground(24, 16, obstacles=obstacles))
    return Ctx(m.state.copy(), m.dice.clone(), m.table.clone(), m.scenario)


def pack(ctx, rng: random.Random) -> None:
    """Crowd the figures into a mêlée: each moved next to a random other one where it fits."""
    st = ctx.state
    ids = list(st.figures)
    for fid in ids[1:]:
        t = st.figures[rng.choice(ids)]
        f = st.figures[fid]
        x, y = t.x + rng.choice((-1.0, 0.0, 1.0)), t.y + rng.choice((-1.0, 0.0, 1.0))
        if ctx.table.clear_at(x, y, f.radius, f.level, ignore=[fid]):
            ctx.move(fid, x, y, rule="test")
