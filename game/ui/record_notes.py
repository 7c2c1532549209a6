"""What a record's notes (``meta``) say for the replay: who played each side, and its bookmarks.

Notes are anyone's (a record is an untrusted file): everything read here is checked for its shape
and what is malformed is passed over, never a fault.
"""

from __future__ import annotations

from .session import AI_LEVELS


def _meta(meta) -> dict:
    return meta if isinstance(meta, dict) else {}


def saved_bookmarks(meta, last: int) -> list[dict]:
    """The bookmarks the notes keep ({"at", "label"}), in order; anything malformed or past the
    record's ``last`` position is passed over."""
    got = _meta(meta).get("bookmarks")
    out = []
    for b in got if isinstance(got, list) else []:
        at = b.get("at") if isinstance(b, dict) else None
        if isinstance(at, int) and not isinstance(at, bool) and 0 <= at <= last:
            out.append({"at": at, "label": str(b.get("label", ""))[:80]})
    return sorted(out, key=lambda b: b["at"])


def toggled(meta, last: int, at: int, label: str) -> tuple[dict, list[dict], str]:
    """(new notes, their bookmarks, what was done in words): a bookmark set at ``at``, or the one
    there removed."""
    marks = saved_bookmarks(meta, last)
    if any(b["at"] == at for b in marks):
        marks = [b for b in marks if b["at"] != at]
        said = "Bookmark removed"
    else:
        marks = sorted([*marks, {"at": at, "label": label[:80]}], key=lambda b: b["at"])
        said = "Bookmarked"
    return {**_meta(meta), "bookmarks": marks}, marks, said


def next_mark(marks: list[dict], k: int, forward: bool = True) -> int | None:
    """The bookmark after position ``k`` (before it, going back), round to the first (last) one;
    None without bookmarks."""
    at = [b["at"] for b in marks]
    if not at:
        return None
    nxt = [a for a in at if a > k] if forward else [a for a in at if a < k]
    return (nxt[0] if forward else nxt[-1]) if nxt else (at[0] if forward else at[-1])


def _level(meta, side: str) -> str:
    ai = _meta(meta).get("ai")
    got = ai.get(side) if isinstance(ai, dict) else None
    level = got.get("level") if isinstance(got, dict) else got
    return level if isinstance(level, str) else ""


def _humans(meta) -> list:
    h = _meta(meta).get("humans")
    return h if isinstance(h, list) else []


def who_played(meta, sides: list[str]) -> dict[str, str]:
    """Each side's player: "human", the AI's level, or "" when the notes do not say."""
    humans = _humans(meta)
    return {s: "human" if s in humans else _level(meta, s) for s in sides}


def who_words(meta, side: str) -> str:
    """Who played a side, in the question panel: "player", "AI (normal)", or "AI"."""
    if side in _humans(meta):
        return "player"
    level = _level(meta, side)
    return f"AI ({level})" if level in AI_LEVELS else "AI"


def people_playing(meta, over: bool) -> bool:
    """A solo or hot-seat game people are still playing (its questions can tell a hand)."""
    return not over and _meta(meta).get("mode") in ("hotseat", "solo")
