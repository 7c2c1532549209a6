"""What a figure can see in this scenario: the table's line of sight (GEO-LOS-1, RNG-COVER-1),
cut short at night by the scenario option ``sight_limit`` (inches, edge to edge) [HOUSE]."""

from __future__ import annotations

from game.rules.tabletop import Sight


def sees(ctx, a: str, b: str) -> Sight:
    """GEO-LOS-1 from a to b; beyond the scenario's ``sight_limit`` nothing is seen (night actions)."""
    s = ctx.table.line_of_sight(a, b)
    limit = ctx.state.options.get("sight_limit")
    if s.clear and isinstance(limit, (int, float)) and not isinstance(limit, bool) and s.distance > limit:
        return Sight(clear=False, cover=s.cover, distance=s.distance)
    return s
