"""Saves as a player knows them: each file's scenario, mode, side, turn and time from its record's
``meta``; a save that cannot be opened told in a player's words, its technical line written to the
log (``logging``) for whoever needs it.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

MODE_WORDS = {"hotseat": "hot-seat", "solo": "solo", "demo": "demo"}


@dataclass(frozen=True)
class SaveEntry:
    """One row of the Load list."""

    path: Path
    text: str
    """The row as the player reads it."""
    record: object | None
    """The record read from the file (None when it could not be read)."""
    problem: str = ""
    """Why it cannot be opened, in a player's words ("" when it reads)."""


def titles_and_sides(scenarios) -> tuple[dict[str, str], dict[tuple[str, str], str]]:
    """Scenario titles by id, and side names by (scenario id, side id)."""
    titles = {s.id: s.title for s in scenarios}
    sides = {(s.id, sd.id): sd.name for s in scenarios for sd in s.sides}
    return titles, sides


def when_saved(meta: dict, path: Path) -> str:
    """ "29 Nov 2026, 08:40" from the meta's time, else the file's own."""
    raw = meta.get("saved") if isinstance(meta, dict) else None
    t = None
    if isinstance(raw, str):
        try:
            t = time.strptime(raw[:19], "%Y-%m-%d %H:%M:%S")
        except ValueError:
            t = None
    if t is None:
        try:
            t = time.localtime(path.stat().st_mtime)
        except OSError:
            return "time unknown"
    return time.strftime("%d %b %Y, %H:%M", t).lstrip("0")


def describe_record(rec, path: Path, titles: dict, sides: dict) -> str:
    """ "Boarders Away! · solo vs normal · you: Crew of the Sea Wolf · turn 3 · 29 Nov 2026, 08:40"."""
    meta = rec.meta if isinstance(rec.meta, dict) else {}
    title = titles.get(rec.scenario) or _short(meta.get("title")) or "A scenario not installed"
    mode = meta.get("mode")
    parts = [title]
    if rec.branch:  # a game played on from another's moment: said, so two alike are told apart
        parts.append("played on from another game")
    humans = [h for h in meta.get("humans", []) if isinstance(h, str)] if isinstance(meta.get("humans"), list) else []
    if mode == "solo":
        levels = {v.get("level") for k, v in (meta.get("ai") or {}).items() if isinstance(v, dict) and k not in humans}
        level = next(iter(levels)) if len(levels) == 1 else ""
        parts.append(f"solo vs {level}" if isinstance(level, str) and level else "solo")
        if humans:
            parts.append(f"you: {sides.get((rec.scenario, humans[0]), 'your side')}")
    elif mode in MODE_WORDS:
        parts.append(MODE_WORDS[mode])
    else:
        parts.append("players unknown")
    turn = meta.get("turn")
    if not (isinstance(turn, int) and not isinstance(turn, bool)):
        final = rec.final if isinstance(rec.final, dict) else {}
        turn = final.get("turn") if isinstance(final.get("turn"), int) else None
    parts.append(f"turn {turn}" if isinstance(turn, int) and 0 < turn < 10_000 else "turn unknown")
    if isinstance(rec.final, dict) and rec.final.get("over"):
        parts.append("finished")
    parts.append(when_saved(meta, path))
    return " · ".join(parts)


def _short(v) -> str:
    return v[:80] if isinstance(v, str) else ""


def read_entry(path: Path, titles: dict, sides: dict) -> SaveEntry:
    """A save file's row: its description, or a damaged file's own words."""
    from game.match import SaveError, load_record

    try:
        rec = load_record(path)
    except SaveError as e:
        problem = refusal_words(e, path)
        what = "Not a save of this game" if "not a Boarders Away! save" in problem else "A save that cannot be opened"
        return SaveEntry(path, f"{what} · {when_saved({}, path)}", None, problem)
    return SaveEntry(path, describe_record(rec, path, titles, sides), rec)


def _ends_whole(path: Path) -> bool:
    """Does the file end as every save does (its closing brace)? A save cut off mid-write does not."""
    try:
        with open(path, "rb") as f:
            f.seek(0, 2)
            size = f.tell()
            f.seek(max(0, size - 64))
            return f.read().rstrip().endswith(b"}")
    except OSError:
        return True


def refusal_words(err: Exception, path: Path | None = None) -> str:
    """A save that cannot be opened, in a player's words; the technical line goes to the log."""
    msg = str(err)
    log.warning("save refused: %s", msg)
    rest = msg
    if path is not None and msg.startswith(f"{path}: "):
        rest = msg[len(f"{path}: ") :]
    where, _, what = rest.partition(": ")
    if where.startswith("line ") and "not valid JSON" in what:
        line = where.split()[1]
        if path is not None and not _ends_whole(path):
            return f"This save is damaged: it ends in the middle (line {line})."
        return f"This save is damaged: its text is broken at line {line}."
    if where == "file":
        if "empty" in what:
            return "This save is empty: nothing was written to it."
        if "larger than" in what:
            return "This file is too large to be a save."
        if "UTF-8" in what:
            return "This save is damaged: it holds bytes that are not text."
        if "cannot read" in what:
            return "This save cannot be read (the file is locked or missing)."
        if "folder" in what or "regular file" in what:
            return "This is not a save file."
        return "This save is damaged: it is not a game record."
    if where == "format":
        return "This file is not a Boarders Away! save."
    if where == "version":
        if "newer" in what:
            return "This save comes from a newer version of the game: update the game to open it."
        return "This save is damaged: it does not say which version wrote it."
    if where == "scenario":
        if "no such scenario" in what:
            return "This save is of a scenario that is not installed."
        return "This save's scenario cannot be opened."
    if where == "scenario_hash":
        return "This save was played on another version of its scenario, which has changed since."
    if where.startswith("decisions["):
        return "This save no longer plays back: the rules have changed since it was made."
    if where == "options" or where.startswith("options."):
        return "This save asks for rules settings this game cannot use."
    return "This save is damaged: part of it is not as the game wrote it."


def list_saves(folder: Path, scenarios, limit: int = 200) -> list[SaveEntry]:
    """The folder's saves, newest first, each described."""
    try:
        files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)[:limit]
    except OSError:
        return []
    titles, sides = titles_and_sides(scenarios)
    return [read_entry(p, titles, sides) for p in files]
