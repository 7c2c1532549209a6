"""Checking scenarios by setting their match up: ``python -m game check-scenario FILE...`` (as
check-map lints maps) and the full check of the player's scenario packs (game/scenario/packs.py).

A scenario is clean when it loads (schema and cross-references), its map loads, its victory zones
exist on the map, every figure finds a place, and the preset sets the match up.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from game.scenario.errors import ScenarioError
from game.scenario.loader import load_scenario
from game.scenario.packs import HERE, Pack, load_cache, pack_folders, read_pack, save_cache, with_check
from game.schema.text import one_line

from .match import Match


def check_scenario(path: str | Path, root: str | Path | None = None) -> list[str]:
    """One line per problem (``FILE: place: fault``); [] when the scenario is clean. ``root``: the
    scenario pack's folder its map's files must stay in (default: the map reader's)."""
    p = Path(path)
    try:
        scen = load_scenario(p, root=root)
    except ScenarioError as e:
        return [str(e)]
    try:
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


# -- the scenario packs ------------------------------------------------------------------------------
def check_pack(pack: Pack, cache: dict | None = None) -> Pack:
    """The full check of every scenario of ``pack`` (the map through the guard with the pack's folder
    as root, the match set up); its answer is stored in ``cache`` under the pack's digest."""
    if pack.checked:
        return pack
    found: list[str] = []
    for s in pack.scenarios:
        found.extend(check_scenario(s.path, root=pack.folder))
    if cache is not None and pack.digest:  # the same files give the same answer wherever the pack is
        cache[pack.digest] = [x.replace(str(pack.folder), HERE) for x in found]
    return with_check(pack, found)


def scan_packs(
    base: Path | None = None, *, check: bool = True, taken: Iterable[str] = (), cache: dict | None = None
) -> list[Pack]:
    """Every pack under ``base`` (default: the user's scenarios/ folder), by folder name. With
    ``check`` each is fully checked (from the cache when it knows the pack's content); without, the
    packs the cache does not know come back with ``checked`` False, for ``check_pack`` later."""
    own_cache = cache is None
    cache = load_cache() if cache is None else cache
    packs = [read_pack(f, taken, cache) for f in pack_folders(base)]
    if check:
        packs = [check_pack(p, cache) for p in packs]
        if own_cache:
            save_cache(cache, packs)
    return packs
