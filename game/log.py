"""Readable log lines from events, in a player's words (game/ui/log_words.py: names, not ids;
distances and directions, not coordinates; sentences, not field dumps), each with its rule ID."""

from __future__ import annotations


def format_event(ev, state=None) -> str:
    from game.ui.log_words import say

    rule = getattr(ev, "rule", "")
    text = say(ev, state)
    return f"{text} ({rule})" if rule else text
