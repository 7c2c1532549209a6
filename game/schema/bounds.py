"""Bounded building blocks for the schemas: every string has a length, every number a range,
every list a length, so that no file can make the game do unbounded work."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

ID_PATTERN = r"^[A-Za-z0-9_\-]{1,64}$"

#: A scenario, side, figure, zone or preset id: letters, digits, _ and -, at most 64.
Id = Annotated[str, msgspec.Meta(pattern=ID_PATTERN)]


def Str(n: int):
    """A string of at most ``n`` characters."""
    return Annotated[str, msgspec.Meta(max_length=n)]


def Int(lo: int, hi: int):
    """An integer lo..hi (true/false are not integers here)."""
    return Annotated[int, msgspec.Meta(ge=lo, le=hi)]


def Num(lo: float, hi: float):
    """A number lo..hi, integer or not (msgspec accepts an integer for a float even when strict);
    NaN and infinities fail the range. Readers keep the value as the file wrote it (the validated
    copy is a float), so that state hashes see the file's own value."""
    return Annotated[float, msgspec.Meta(ge=lo, le=hi)]


def List(item, n: int, least: int = 0):
    """A list of ``least``..``n`` items."""
    return Annotated[list[item], msgspec.Meta(min_length=least, max_length=n)]


def OneOf(values):
    """One of a fixed set of strings."""
    return Literal.__getitem__(tuple(values))
