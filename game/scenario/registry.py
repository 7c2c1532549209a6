"""Where scenarios live: maps/*.toml beside their maps, found by id."""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

from .errors import ScenarioError
from .loader import ID_RE, load_scenario
from .model import Scenario

from game.resources import data_dir

#: the shipped maps/ folder (inside the installed package or the source tree: game/resources.py)
MAPS_DIR = data_dir("maps", must_exist=False)


def scenario_files(extra_dirs: Iterable[Path] = ()) -> list[Path]:
    out = []
    for d in [MAPS_DIR, *map(Path, extra_dirs)]:
        if d.is_dir():
            out.extend(sorted(d.glob("*.toml")))
    return out


def find_scenario(sid: str, extra_dirs: Iterable[Path] = ()) -> Scenario:
    """The scenario with this id, from maps/ (and extra_dirs); ScenarioError if none."""
    if not isinstance(sid, str) or not ID_RE.match(sid):
        raise ScenarioError(f"{sid!r}: id: not a scenario id")
    for path in scenario_files(extra_dirs):
        if path.stem == sid:
            return load_scenario(path)
    for path in scenario_files(extra_dirs):
        s = load_scenario(path)
        if s.id == sid:
            return s
    if not scenario_files(extra_dirs):
        raise ScenarioError(f"{sid}: id: no scenarios found in {MAPS_DIR} (the install lacks its maps/ folder)")
    raise ScenarioError(f"{sid}: id: no such scenario in {MAPS_DIR}")


def list_scenarios(extra_dirs: Iterable[Path] = ()) -> list[Scenario]:
    return [load_scenario(p) for p in scenario_files(extra_dirs)]
