"""Counted nouns in a player's words: "1 shooter", "3 shooters", never "shooter(s)"."""

from __future__ import annotations


def counted(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one ("1 inch", "2 inches" with ``many`` given)."""
    return f"{n} {one if n == 1 else (many or one + 's')}"
