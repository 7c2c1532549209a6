"""The main menu's scenario list with the players' own packs: its rows (shipped scenarios, then each
pack's heading, its scenarios, or why it cannot be played) and the scenarios folder's button."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def list_rows(scenarios, shipped: int, packs) -> list[tuple[str, str, object]]:
    """The shipped scenarios (the first ``shipped`` of ``scenarios``), then each pack's heading and
    its scenarios (or why it cannot be played): (text, kind, what) with kind "scenario" (its index),
    "pack" (a heading) or "problem" (the pack). Every row's text is unique, since the list reports a
    pick by its text."""
    rows: list[tuple[str, str, object]] = []
    seen: set[str] = set()

    def add(text: str, kind: str, what: object) -> None:
        t, n = text, 1
        while t in seen:
            n += 1
            t = f"{text} ({n})"
        seen.add(t)
        rows.append((t, kind, what))

    for i in range(shipped):
        add(scenarios[i].title, "scenario", i)
    i = shipped
    for pack in packs:
        add(f"— {pack.name} —", "pack", pack)
        for sc in pack.scenarios:
            add(f"   {sc.title}", "scenario", i)
            i += 1
        if pack.problems:
            add(f"   {pack.name} cannot be played: pick for why", "problem", pack)
    return rows


def open_folder(path: Path) -> str:
    """Make ``path`` and open it in the system's file manager; a line for the menu saying where it is."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        return f"Cannot make the scenarios folder {path}: {e.strerror or e}"
    try:
        if sys.platform == "win32":
            os.startfile(path)  # type: ignore[attr-defined]  # Windows only
        else:
            opener = "open" if sys.platform == "darwin" else "xdg-open"
            subprocess.Popen(
                [opener, str(path)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
    except OSError:
        return f"Put your scenario packs in {path} (no file manager could open it)"
    return f"Opened {path}: put each scenario pack there in a folder of its own"
