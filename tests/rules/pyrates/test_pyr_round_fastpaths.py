"""The mêlée round's kept answers (engagement refreshes carried between rounds, retreat geometry)
agree with computing afresh (PYR-ENG-1/2, PYR-WIN-4)."""

from __future__ import annotations

import random

from flow_helpers import pack as _pack
from flow_helpers import random_ctx

from game.rules.model import Status
from game.rules.pyrates import melee_round as mr
from game.rules.pyrates.engage import engagements


def _same_engagements(a, b):
    """Equal, down to the insertion order of every dict and list."""
    assert list(a.figs.items()) == list(b.figs.items())
    assert list(a.camp.items()) == list(b.camp.items())
    assert [(k, list(v.items())) for k, v in a.pairs.items()] == [(k, list(v.items())) for k, v in b.pairs.items()]
    assert list(a.support.items()) == list(b.support.items())


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


def test_PYR_ENG_1_incremental_links_with_mixed_base_sizes_equal_a_fresh_computation():
    """_Links.update tests each changed pair inline, radii taken in roster order as the reference
    loop does: with bases of different sizes, moved next to each other and across the rail."""
    from game.rules.pyrates.engage import engagements_of

    rng = random.Random(33)
    for _ in range(25):
        ctx = random_ctx(rng)
        st = ctx.state
        for fid in list(st.figures):
            if rng.random() < 0.5:
                f = st.figures[fid]
                ctx.update(f.evolve(base=rng.choice((0.75, 1.25, 1.5))))
                ctx.table.place(fid, f.x, f.y, st.figures[fid].radius, f.level)
        _pack(ctx, rng)
        for _step in range(30):
            live = [fid for fid, f in st.figures.items() if f.in_play]
            if not live:
                break
            seeds = rng.sample(live, min(len(live), 3))
            for only in (None, mr.local_ids(st, seeds)):
                _same_engagements(engagements_of(ctx, only), engagements(st, ctx.table, only))
            for fid in rng.sample(live, min(len(live), rng.choice((1, 1, 2)))):
                f = st.figures[fid]
                roll = rng.random()
                if roll < 0.6:
                    t = st.figures[rng.choice(live)]
                    x, y = t.x + rng.uniform(-1.6, 1.6), t.y + rng.uniform(-1.6, 1.6)
                    if rng.random() < 0.3:  # against the rail (PYR-ENG-2)
                        x, y = rng.choice((11.3, 11.39, 12.61, 12.7)), round(rng.uniform(3, 7), 2)
                    if ctx.table.clear_at(x, y, f.radius, f.level, ignore=[fid]):
                        ctx.move(fid, x, y, rule="test")
                elif roll < 0.8:
                    ctx.set_status(fid, Status.WOUNDED, rule="test", wounds=1)
                else:
                    ctx.set_status(fid, Status.KNOCKED_DOWN, rule="test")
