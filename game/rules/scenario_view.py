"""What the scenario rules (SCN-*, maps/README.md) put on the table, for a screen to draw: the one
public door to them outside game/rules, whichever system keeps them. Pure."""

from __future__ import annotations

from .state import MatchState


def cell_key(level: str, i: int, j: int) -> str:
    """The key of the burning cell (i, j) of ``level`` (SCN-FIRE-1: squares of the scenario's cell)."""
    return f"{level}:{i}:{j}"


def parse_cell(key: str) -> tuple[str, int, int]:
    level, i, j = key.rsplit(":", 2)
    return level, int(i), int(j)


def cell_rect(key: str, cell: float) -> tuple[str, float, float, float]:
    """(level, x, y, size) of a burning cell, for drawing."""
    level, i, j = parse_cell(key)
    return level, i * cell, j * cell, cell


def burning_cells(state: MatchState) -> list[tuple[str, float, float, float]]:
    """SCN-FIRE-1: each burning cell as (level, x, y, size) in inches, x and y its top-left corner."""
    fire = state.data.get("fire")
    if not fire or not fire.get("cells"):
        return []
    return [cell_rect(key, fire["cell"]) for key in fire["cells"]]
