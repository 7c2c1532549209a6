"""Where scenarios live: maps/*.toml beside their maps, and the player's packs (packs.py), found by id.

A bad scenario file never hides the good ones: ``scan_scenarios`` returns both lists, and
``list_scenarios`` / ``find_scenario`` skip a file they cannot read.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from game.resources import data_dir

from .errors import ScenarioError
from .loader import ID_RE, load_scenario
from .model import Scenario

#: the shipped maps/ folder (inside the installed package or the source tree: game/resources.py)
MAPS_DIR = data_dir("maps", must_exist=False)
#: .toml files looked at per folder (a folder of a million files must not stall the menu)
MAX_FILES = 500


def scenario_files(extra_dirs: Iterable[Path] = ()) -> list[Path]:
    out: list[Path] = []
    for d in [MAPS_DIR, *map(Path, extra_dirs)]:
        try:
            if d.is_dir():
                out.extend(sorted(d.glob("*.toml"))[:MAX_FILES])
        except OSError:
            continue
    seen, uniq = set(), []
    for p in out:  # maps/ given again as an extra folder lists once
        key = p.resolve() if p.exists() else p
        if key not in seen:
            seen.add(key)
            uniq.append(p)
    return uniq


def scan_scenarios(extra_dirs: Iterable[Path] = ()) -> tuple[list[Scenario], list[str]]:
    """(every good scenario, one line per bad file), in file order."""
    good, bad = [], []
    for p in scenario_files(extra_dirs):
        try:
            good.append(load_scenario(p))
        except ScenarioError as e:
            bad.append(str(e))
        except Exception as e:  # noqa: BLE001 - one broken file must not stop the game listing the others
            bad.append(str(ScenarioError(f"{p}: file: {type(e).__name__}: {e}")))
    return good, bad


def find_scenario(sid: str, extra_dirs: Iterable[Path] = ()) -> Scenario:
    """The scenario with this id, from maps/ (and extra_dirs), then the player's scenario packs
    (game/scenario/packs.py); ScenarioError if none."""
    if not isinstance(sid, str) or not ID_RE.match(sid):
        raise ScenarioError(f"{sid!r}: id: not a scenario id")
    from .packs import default_folder, pack_scenario_files

    files: list[tuple[Path, Path | None]] = [(p, None) for p in scenario_files(extra_dirs)]
    files += pack_scenario_files()
    for path, root in files:
        if path.stem == sid:
            return load_scenario(path, root=root)
    for path, root in files:
        try:
            s = load_scenario(path, root=root)
        except ScenarioError:
            continue  # a bad file is reported by `scenarios`; it cannot be the one asked for here
        if s.id == sid:
            return s
    if not files:
        raise ScenarioError(f"{sid}: id: no scenarios found in {MAPS_DIR} (the install lacks its maps/ folder)")
    raise ScenarioError(f"{sid}: id: no such scenario in {MAPS_DIR} or {default_folder()}")


def list_scenarios(extra_dirs: Iterable[Path] = ()) -> list[Scenario]:
    """Every good scenario (bad files are skipped: ``scan_scenarios`` names them)."""
    return scan_scenarios(extra_dirs)[0]
