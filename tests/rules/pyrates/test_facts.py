"""The one cache of game/rules (game/rules/facts.py): in random games every kept answer equals a
fresh computation, at every question and on every hit (PYR-ENG-1/2, PYR-REACT-1/2)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from flow_helpers import fig, match

from game.ai import RandomController
from game.match import Match
from game.rules.facts import Facts, StaleFact
from game.rules.flow import Ctx
from game.rules.model import Status, round_in
from game.rules.pyrates import reactions
from game.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[3]


def _scenarios():
    return [
        load_scenario(ROOT / "tests" / "data" / "scenarios" / "tiny.toml"),
        load_scenario(ROOT / "maps" / "boarding_action.toml"),
    ]


def _play_checked(sc, seed: int, questions: int = 300) -> tuple[int, int]:
    """Random answers (reaction moves taken more often than passed); at every question every kept
    answer is recomputed. Returns (questions asked, answers kept at those questions)."""
    m = Match(sc, seed=seed)
    rng = random.Random(seed)
    ctrl = {s.id: RandomController(seed * 7 + i) for i, s in enumerate(sc.sides)}
    asked = kept = 0
    while not m.over and asked < questions:
        assert m.state.facts.stale(m._ctx_obj) == []
        kept += len(m.state.facts)
        asked += 1
        q = m.pending
        reacts = [o for o in q.options if o.kind == "react"]
        d = rng.choice(reacts) if reacts and rng.random() < 0.7 else ctrl[q.side].decide(m)
        m.apply(d)
    return asked, kept


def test_PYR_ENG_1_kept_answers_equal_a_fresh_computation_at_every_question_of_random_games(monkeypatch):
    monkeypatch.setattr(Facts, "check", True)  # every hit recomputed and compared too
    total_kept = 0
    for sc in _scenarios():
        for seed in (1, 2):
            asked, kept = _play_checked(sc, seed)
            assert asked > 20
            total_kept += kept
    assert total_kept > 50  # the cache was in use, not empty at every question


def _move_without_bump(self, fid, x, y, *, rule, how="move", path=None, cost=0.0, level=None):
    """Ctx.move as a writer that forgets to bump the revision."""
    f = self.state.figures[fid]
    x, y = round_in(x), round_in(y)
    new = f.evolve(x=x, y=y, level=level or f.level)
    self.state.figures[fid] = new
    self.table.place(fid, x, y, new.radius, new.level)
    from game.rules.events import Moved

    ev = Moved(rule, fid, ((round_in(f.x), round_in(f.y)), (x, y)), round_in(cost), how, "")
    self.events.append(ev)
    return ev


def test_PYR_ENG_1_the_playout_check_catches_a_writer_that_skips_the_bump(monkeypatch):
    monkeypatch.setattr(Facts, "check", True)
    monkeypatch.setattr(Ctx, "move", _move_without_bump)
    with pytest.raises((StaleFact, AssertionError)):
        for sc in _scenarios():
            for seed in (1, 2):
                _play_checked(sc, seed)


def _wounded_reactions_offered(seeds) -> tuple[int, int]:
    """(reaction moves offered to wounded figures, to the others) over random games of two lines
    with some figures wounded, reaction moves taken more often than passed."""
    wounded = unwounded = 0
    for seed in seeds:
        rng = random.Random(seed)
        figs = []
        for side, x in (("A", 8.5), ("B", 12.0)):
            for i in range(6):
                hurt = rng.random() < 0.4
                figs.append(
                    fig(
                        f"{side}{i}",
                        side,
                        round(x + rng.uniform(-1, 1), 3),
                        2.0 + 2.2 * i,
                        status=Status.WOUNDED if hurt else Status.UNWOUNDED,
                        wounds=1 if hurt else 0,
                    )
                )
        m = match(figs, seed=seed)
        for _ in range(300):
            q = m.pending
            if q is None:
                break
            reacts = [o for o in q.options if o.kind == "react"]
            for o in reacts:
                if m.state.figures[o.figure].is_wounded:
                    wounded += 1
                else:
                    unwounded += 1
            d = rng.choice(reacts) if reacts and rng.random() < 0.8 else m.auto()
            m.apply(d)
    return wounded, unwounded


def test_PYR_REACT_1_a_house_rule_in_candidates_holds_on_every_path(monkeypatch):
    """The one cache's proof case: "a wounded figure gets no reaction move", written once in
    ``candidates``, is what every reaction question offers, kept answers or fresh."""
    monkeypatch.setattr(Facts, "check", True)
    seeds = range(4)
    before = _wounded_reactions_offered(seeds)
    assert before[0] > 0 and before[1] > 0  # without the house rule wounded figures react
    plain = reactions.candidates

    def house_rule(ctx, eng, fid):
        if ctx.state.figures[fid].is_wounded:
            return []
        return plain(ctx, eng, fid)

    monkeypatch.setattr(reactions, "candidates", house_rule)
    after = _wounded_reactions_offered(seeds)
    assert after[0] == 0 and after[1] > 0
