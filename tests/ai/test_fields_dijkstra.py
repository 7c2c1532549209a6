"""The AI's walking-distance fields (game/ai/fields.py): the Dijkstra over the grid's precomputed
steps gives, cell for cell and bit for bit, the least fixed point of the step rule it documents."""

import math
import random
from pathlib import Path

from game.ai.fields import INF, Grid
from game.table import Table, load_map

MAPS = Path(__file__).resolve().parents[2] / "maps"


def _reference(grid: Grid, sources) -> list[float]:
    """Relax every step until nothing changes: a step to one of the 8 neighbours costs its length
    times the mean of the two cells' costs (the entered cell's cost from an unstandable cell)."""
    w, h, cost, step = grid.w, grid.h, grid.cost, grid.step
    dist = [INF] * (w * h)
    for s in sources:
        dist[s] = 0.0
    changed = True
    while changed:
        changed = False
        for c in range(w * h):
            d = dist[c]
            if d == INF:
                continue
            j, i = divmod(c, w)
            for di in (-1, 0, 1):
                for dj in (-1, 0, 1):
                    ni, nj = i + di, j + dj
                    if (di or dj) and 0 <= ni < w and 0 <= nj < h:
                        n = nj * w + ni
                        cn = cost[n]
                        if cn == INF:
                            continue
                        k = 1.0 if not (di and dj) else math.sqrt(2.0)
                        nd = d + k * step * (cn + cost[c]) / 2.0 if cost[c] != INF else d + k * step * cn
                        if nd < dist[n]:
                            dist[n] = nd
                            changed = True
    return dist


def test_fields_dijkstra_equals_the_relaxed_step_rule_on_a_ship_deck():
    grid = Grid(Table(load_map(MAPS / "duel_on_the_quarterdeck.tmx")), "deck")
    rng = random.Random(7)
    for n in (1, 4):
        sources = tuple(sorted(rng.sample(range(grid.w * grid.h), n)))
        assert grid._dijkstra(sources) == _reference(grid, sources)
