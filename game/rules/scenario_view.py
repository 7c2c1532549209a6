"""What the scenario rules (SCN-*, maps/README.md) put on the table, for a screen to draw: the one
public door to them outside game/rules, whichever system keeps them. Pure."""

from __future__ import annotations

from .state import MatchState


def burning_cells(state: MatchState) -> list[tuple[str, float, float, float]]:
    """SCN-FIRE-1: each burning cell as (level, x, y, size) in inches, x and y its top-left corner."""
    fire = state.data.get("fire")
    if not fire or not fire.get("cells"):
        return []
    from .pyrates.scenario_rules import cell_rect

    return [cell_rect(key, fire["cell"]) for key in fire["cells"]]
