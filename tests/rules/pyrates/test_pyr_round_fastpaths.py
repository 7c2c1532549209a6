"""The mêlée round's kept answers (engagement refreshes carried between rounds, retreat geometry)
agree with computing afresh (PYR-ENG-1/2, PYR-WIN-4)."""
from __future__ import annotations

import random

from game.rules.model import Status
from game.rules.pyrates import melee_round as mr
from game.rules.pyrates.engage import engagements

from flow_helpers import random_ctx


def _same_engagements(a, b):
    """Equal, down to the insertion order of every dict and list."""
    assert list(a.figs.items()) == list(b.figs.items())
    assert list(a.camp.items()) == list(b.camp.items())
    assert [(k, list(v.items())) for k, v in a.pairs.items()] == [(k, list(v.items())) for k, v in b.pairs.items()]
    assert list(a.support.items()) == list(b.support.items())


def _pack(ctx, rng):
    st = ctx.state
    ids = list(st.figures)
    for fid in ids[1:]:
        t = st.figures[rng.choice(ids)]
        f = st.figures[fid]
        x, y = t.x + rng.choice((-1.0, 0.0, 1.0)), t.y + rng.choice((-1.0, 0.0, 1.0))
        if ctx.table.clear_at(x, y, f.radius, f.level, ignore=[fid]):
            ctx.move(fid, x, y, rule="test")


def test_PYR_ENG_1_a_new_round_on_the_same_ctx_refreshes_to_fresh_engagements():
    """Round.refresh carries the last round's answer over on the ctx: it must equal a fresh
    computation whatever changed between rounds (figures, the group, the state or the table)."""
    rng = random.Random(21)
    kept = 0
    for _ in range(30):
        ctx = random_ctx(rng)
        _pack(ctx, rng)
        for _round in range(12):
            st = ctx.state
            live = [f for f in st.figures if st.figures[f].in_play]
            if not live:
                break
            seeds = live if rng.random() < 0.5 else rng.sample(live, min(2, len(live)))
            r = mr.Round(ctx, {"seeds": list(seeds)})
            before = ctx.__dict__.get("_round_refresh")
            got = r.refresh()
            kept += before is not None and got is before[2]
            _same_engagements(got, engagements(st, ctx.table, mr.local_ids(st, seeds)))
            roll = rng.random()
            fid = rng.choice(live)
            if roll < 0.3:
                f = st.figures[fid]
                x, y = f.x + rng.uniform(-0.6, 0.6), f.y + rng.uniform(-0.6, 0.6)
                if ctx.table.clear_at(x, y, f.radius, f.level, ignore=[fid]):
                    ctx.move(fid, x, y, rule="test")
            elif roll < 0.4:
                ctx.set_status(fid, Status.KNOCKED_DOWN, rule="test")
            elif roll < 0.5:
                ctx.state = st.copy()  # a new state with the same figures: nothing is carried over
            elif roll < 0.55:
                ctx.table = ctx.table.clone()
    assert kept > 50
