"""Players' own scenarios: packs in the ``scenarios/`` folder of the user data folder.

Each pack is a folder of its own directly under ``scenarios/`` holding one or more scenario files
(.toml), their maps (.tmx) and tilesets. The pack's folder is its root: every file a map names must
lie inside it, whatever ``.tiled-project`` sits above it (the same guard as ``check-map --root``).

Two levels of checking, so many packs never hold up the menu:
- ``read_pack`` reads every scenario file of a pack (schema and cross-references, 10-30 ms a file)
  and takes the full check's answer from a cache keyed by the pack's content hash when it has one;
- ``check_pack`` (game/match/scenario_check.py, as it sets the match up) runs the full check (the
  map through the guard with the pack as root, the match set up, as ``check-scenario`` does) and
  records its answer in that cache.
The menu's first frame lists the packs by folder (``unread_packs``) and reads, then checks, one
pack per frame after it; ``boarders scenarios`` does both at once (``scan_packs``). A pack is never
trusted for its cache entry: starting a battle loads it through the guard again.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from game.schema.text import one_line
from game.table.tmx_read import PROJECT_REMEDY

from .errors import ScenarioError
from .loader import load_scenario
from .model import Scenario

#: packs looked at (a folder of a million folders must not stall the menu)
MAX_PACKS = 200
#: scenario files looked at per pack
MAX_SCENARIOS = 50
#: files and bytes hashed per pack; a bigger pack is refused (the map guard reads at most 16 MB)
MAX_PACK_FILES = 2_000
MAX_PACK_BYTES = 64 * 1024 * 1024
#: the check cache's file in the user cache folder, and the entries it keeps
CACHE_NAME = "scenario-packs.json"
MAX_CACHE_ENTRIES = 500
#: a pack's folder in the lines the cache keeps
HERE = "{pack}"


@dataclass(frozen=True)
class Pack:
    """One pack: its folder, the scenarios that load, and one line per problem."""

    name: str
    """The folder's name: the pack's heading in the menu."""
    folder: Path
    scenarios: tuple[Scenario, ...] = ()
    problems: tuple[str, ...] = ()
    digest: str = ""
    """sha256 of the pack's files (names and bytes): the check cache's key; "" if unreadable."""
    checked: bool = False
    """True once the full check (map guard, match set-up) has answered, from the cache or afresh."""
    read: bool = True
    """False for a pack known by its folder only (``unread_packs``), before ``read_pack``."""

    @property
    def ok(self) -> bool:
        return not self.problems


def default_folder() -> Path:
    from game.paths import scenarios_dir

    return scenarios_dir()


def pack_folders(base: Path | None = None) -> list[Path]:
    """The pack folders under ``base`` (default: the user's scenarios/ folder), by name; hidden
    folders are skipped."""
    base = default_folder() if base is None else Path(base)
    try:
        entries = sorted(os.scandir(base), key=lambda e: e.name)
    except OSError:
        return []
    out = []
    for e in entries:
        try:
            if not e.name.startswith(".") and e.is_dir():
                out.append(Path(e.path))
        except OSError:
            continue
        if len(out) >= MAX_PACKS:
            break
    return out


def pack_digest(folder: Path) -> str:
    """sha256 over the pack's files, each by its path inside the pack and its bytes; ScenarioError
    when the pack is too big to be a scenario pack."""
    h = hashlib.sha256(b"boarders-away-pack\0")
    files, total = 0, 0
    for d, dirs, names in os.walk(folder):
        dirs[:] = sorted(x for x in dirs if not x.startswith("."))
        for n in sorted(names):
            p = os.path.join(d, n)
            if not os.path.isfile(p):
                continue
            files += 1
            try:
                size = os.path.getsize(p)
                total += size
                if files > MAX_PACK_FILES or total > MAX_PACK_BYTES:
                    raise ScenarioError(
                        f"{folder}: pack: more than {MAX_PACK_FILES} files or {MAX_PACK_BYTES // 2**20} MB"
                    )
                with open(p, "rb") as fh:
                    data = fh.read(size + 1)
            except OSError as e:
                raise ScenarioError(one_line(f"{p}: file: {e.strerror or e}")) from None
            rel = os.path.relpath(p, folder).replace(os.sep, "/").encode("utf-8", "surrogateescape")
            h.update(len(rel).to_bytes(4, "big") + rel + len(data).to_bytes(8, "big") + data)
    return h.hexdigest()


def _scenario_files(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.glob("*.toml") if p.is_file())[:MAX_SCENARIOS]
    except OSError:
        return []


def read_pack(folder: Path, taken: Iterable[str] = (), cache: dict | None = None) -> Pack:
    """The pack in ``folder`` with every scenario file read; the full check's answer from ``cache``
    (digest → problems) when it holds this pack's content, else ``checked`` is False. ``taken``:
    the shipped scenarios' ids, which a pack's scenario may not reuse (a record names its scenario
    by id)."""
    from game.table.tmx_read import within  # the map guard's own test of a path inside a pack

    folder = Path(folder)
    name = folder.name
    try:
        digest = pack_digest(folder)
    except ScenarioError as e:
        return Pack(name, folder, problems=(str(e),), checked=True)
    files = _scenario_files(folder)
    if not files:
        line = f"{folder}: pack: no scenario file (.toml) directly in the folder"
        return Pack(name, folder, problems=(line,), digest=digest, checked=True)
    good: list[Scenario] = []
    problems: list[str] = []
    taken = set(taken)
    for p in files:
        if not within(str(folder), str(p)):
            problems.append(f"{p}: file: lies outside the scenario pack's folder {name!r} (a link?)")
            continue
        try:
            s = load_scenario(p, root=folder)
        except ScenarioError as e:
            problems.append(str(e))
            continue
        except Exception as e:  # noqa: BLE001 - one broken file must not stop the others listing
            problems.append(one_line(f"{p}: file: {type(e).__name__}: {e}"))
            continue
        mp = s.map_path()
        if mp is not None and not within(str(folder), str(mp)):
            problems.append(f"{p}: scenario.map: {mp.name!r} lies outside the scenario pack's folder {name!r}")
            continue
        if s.id in taken:
            problems.append(f"{p}: id: {s.id!r} is a shipped scenario's id; give this one an id of its own")
            continue
        taken.add(s.id)
        good.append(s)
    known = (cache or {}).get(digest)
    if isinstance(known, list) and all(isinstance(x, str) for x in known):
        lines = [x.replace(HERE, str(folder)) for x in known]
        return with_check(Pack(name, folder, tuple(good), tuple(problems), digest), lines)
    return Pack(name, folder, tuple(good), tuple(problems), digest)


def with_check(pack: Pack, problems: list[str]) -> Pack:
    """``pack`` with the full check's problems: a scenario named in one is no longer offered."""
    bad = {line.split(": ", 1)[0] for line in problems}
    keep = tuple(s for s in pack.scenarios if s.path not in bad)
    extra = tuple(x for x in problems if x not in pack.problems)
    return replace(pack, scenarios=keep, problems=pack.problems + extra, checked=True)


def unread_packs(base: Path | None = None) -> list[Pack]:
    """Every pack under ``base`` known by its folder alone: the menu's first frame lists their
    headings and reads them (``read_pack``) in the frames after it."""
    return [Pack(f.name, f, read=False) for f in pack_folders(base)]


def pack_problem(pack: Pack) -> str:
    """The pack's problem as one line for the menu (its first; the rest are counted)."""
    if not pack.problems:
        return ""
    more = f" (and {len(pack.problems) - 1} more)" if len(pack.problems) > 1 else ""
    line = pack.problems[0].replace(str(pack.folder), pack.name)  # the pack's own files, by the pack's name
    # a pack is its folder: the map guard's remedy for a project (a .tiled-project, --root) does not apply
    line = line.replace(PROJECT_REMEDY, "copy that file into the pack's folder")
    return one_line(line + more)


# -- the check cache ---------------------------------------------------------------------------------
def _cache_path() -> Path:
    from game.paths import cache_dir

    return cache_dir(create=False) / CACHE_NAME


def load_cache() -> dict:
    """digest → the full check's problems ([] = clean); empty when missing or unreadable."""
    try:
        raw = _cache_path().read_bytes()
        if len(raw) > 4 * 1024 * 1024:
            return {}
        data = json.loads(raw)
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, list)}


def save_cache(cache: dict, packs: Iterable[Pack] = ()) -> None:
    """Write the cache, keeping the entries of ``packs`` first and at most MAX_CACHE_ENTRIES."""
    keep = {p.digest: cache[p.digest] for p in packs if p.digest in cache}
    for k, v in cache.items():
        if len(keep) >= MAX_CACHE_ENTRIES:
            break
        keep.setdefault(k, v)
    try:
        from game.atomic_write import write_atomic

        path = _cache_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(keep, sort_keys=True))
    except OSError:
        pass  # a cache that cannot be written costs a re-check next time, nothing more


def pack_scenario_files(base: Path | None = None) -> list[tuple[Path, Path]]:
    """(scenario file, its pack's folder) for every pack under ``base``, without reading them."""
    return [(p, f) for f in pack_folders(base) for p in _scenario_files(f)]
