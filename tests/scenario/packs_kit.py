"""Scenario packs for tests: a playable pack made from a shipped scenario and its map, and bad ones."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from game.resources import maps_dir


def make_pack(folder: Path, sid: str, title: str, source: str = "duel_on_the_quarterdeck") -> Path:
    """A pack folder holding scenario ``sid`` (the shipped ``source`` under a new id and title), its
    map, the tileset and its image; returns the scenario file."""
    maps = maps_dir()
    (folder / "tiles").mkdir(parents=True, exist_ok=True)
    shutil.copy(maps / "boarders.tsx", folder / "boarders.tsx")
    shutil.copy(maps / "tiles" / "boarders.png", folder / "tiles" / "boarders.png")
    shutil.copy(maps / f"{source}.tmx", folder / f"{sid}.tmx")
    text = (maps / f"{source}.toml").read_text(encoding="utf-8")
    head, table, rest = text.partition("\n[")  # the top-level keys come before the first table
    if re.search(r'(?m)^id = ".*"$', head):
        head = re.sub(r'(?m)^id = ".*"$', f'id = "{sid}"', head, count=1)
    else:
        head = f'id = "{sid}"\n' + head
    text = head + table + rest
    text = re.sub(r'(?m)^title = ".*"$', f'title = "{title}"', text, count=1)
    text = re.sub(r'(?m)^map = ".*"$', f'map = "{sid}.tmx"', text, count=1)
    out = folder / f"{sid}.toml"
    out.write_text(text, encoding="utf-8")
    return out


def make_escaping_pack(folder: Path, sid: str, other: Path) -> Path:
    """A pack whose map takes its tileset from the pack ``other`` beside it: refused by the guard."""
    toml = make_pack(folder, sid, "Borrowed Tiles")
    tmx = folder / f"{sid}.tmx"
    tmx.write_text(
        tmx.read_text(encoding="utf-8").replace('source="boarders.tsx"', f'source="../{other.name}/boarders.tsx"'),
        encoding="utf-8",
    )
    (folder / "boarders.tsx").unlink()
    return toml
