"""Ctx.move and Ctx.set_status log the same events as the plain keyword construction (GEN-CHOICE-1)."""

import random

from flow_helpers import random_ctx

from game.rules.events import Moved, StatusChanged
from game.rules.model import Status, round_in


def test_move_logs_rounded_start_and_end_or_the_given_path():
    rng = random.Random(3)
    ctx = random_ctx(rng, rail=False)
    for i in range(200):
        fid = rng.choice(list(ctx.state.figures))
        f = ctx.state.figures[fid]
        x, y = f.x + rng.uniform(-0.3, 0.3), f.y + rng.uniform(-0.3, 0.3)
        path = [(f.x, f.y), ((f.x + x) / 2, (f.y + y) / 2), (x, y)] if i % 3 == 0 else ([] if i % 3 == 1 else None)
        cost = rng.uniform(0, 2)
        ev = ctx.move(fid, x, y, rule="T-1", how="test", path=path, cost=cost)
        rx, ry = round_in(x), round_in(y)
        want = tuple((round_in(px), round_in(py)) for px, py in (path or [(f.x, f.y), (rx, ry)]))
        assert ev == Moved(rule="T-1", figure=fid, path=want, cost=round_in(cost), how="test", level="")
        st = ctx.set_status(fid, Status.WOUNDED, rule="T-2", cause="c", wounds=1)
        assert st == StatusChanged(rule="T-2", figure=fid, status="wounded", wounds=1, cause="c")
