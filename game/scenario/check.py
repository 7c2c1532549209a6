"""Linting scenario files (``python -m game check-scenario FILE...``), as check-map lints maps.

A scenario is clean when it loads (schema and cross-references), its map loads, its victory zones
exist on the map, every figure finds a place, and the preset sets the match up.
"""

from __future__ import annotations

from pathlib import Path

from game.schema.text import one_line

from .errors import ScenarioError
from .loader import load_scenario


def check_scenario(path: str | Path, root: str | Path | None = None) -> list[str]:
    """One line per problem (``FILE: place: fault``); [] when the scenario is clean. ``root``: the
    scenario pack's folder its map's files must stay in (default: the map reader's)."""
    p = Path(path)
    try:
        scen = load_scenario(p, root=root)
    except ScenarioError as e:
        return [str(e)]
    try:
        from game.match import Match

        Match(scen, seed=0)
    except ScenarioError as e:
        return [msg if msg.startswith(f"{p}: ") else one_line(f"{p}: {msg}") for msg in e.problems]
    except ValueError as e:  # MapError and friends name the map file
        return [one_line(f"{p}: map: {e}")]
    except Exception as e:  # noqa: BLE001 - a lint reports, it does not crash
        return [one_line(f"{p}: setup: {type(e).__name__}: {e}")]
    return []


def scenario_summary(path: str | Path) -> str:
    s = load_scenario(path)
    return one_line(
        f"{path}: {s.id} ({s.preset}): {s.title!r}, {len(s.sides)} sides, {len(s.figures)} figures, "
        f"map {Path(s.map).name if not s.map.startswith('open:') else s.map}"
    )
