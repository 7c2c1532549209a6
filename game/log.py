"""Readable log lines from events: figure ids become names (the screen and the headless demo)."""
from __future__ import annotations

import re


def format_event(ev, state=None) -> str:
    text = ev.text()
    if state is None:
        return text
    names = {f.id: f.name for f in state.figures.values()}
    names.update({s.id: s.name for s in state.sides})
    ids = set(ev.figures()) | {getattr(ev, "side", "") or "", getattr(ev, "first", "") or "",
                               getattr(ev, "winner", "") or ""}
    for fid in sorted((i for i in ids if i and i in names), key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(fid)}(?![\w-])", names[fid], text)
    return text
