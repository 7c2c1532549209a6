"""Bounded building blocks for the schemas: every string has a length, every number a range,
every list a length, so that no file can make the game do unbounded work.

A field is declared ``Annotated[type, bound]`` with the bounds below (``Annotated[int, Range(0, 20)]``,
``Annotated[str, MaxLen(80)]``, ``Annotated[list[Id], Length(50)]``): msgspec checks the bound, and a
type checker still sees a plain ``int``/``str``/``list``. Integers refuse true/false; a ``float``
field accepts an integer (msgspec does even when strict) and NaN and infinities fail its range.
Readers keep a number as the file wrote it (the validated copy is a float), so that state hashes
see the file's own value.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Literal

import msgspec

ID_PATTERN = r"^[A-Za-z0-9_\-]{1,64}$"

#: A scenario, side, figure, zone or preset id: letters, digits, _ and -, at most 64.
Id = Annotated[str, msgspec.Meta(pattern=ID_PATTERN)]


def Range(lo: float, hi: float) -> msgspec.Meta:
    """A number lo..hi, both included."""
    return msgspec.Meta(ge=lo, le=hi)


def MaxLen(n: int) -> msgspec.Meta:
    """A string of at most ``n`` characters."""
    return msgspec.Meta(max_length=n)


def Length(n: int, least: int = 0) -> msgspec.Meta:
    """A list (or table) of ``least``..``n`` items."""
    return msgspec.Meta(min_length=least, max_length=n)


def OneOf(values: Iterable[str]) -> Any:
    """One of a fixed set of strings (msgspec refuses any other with "Invalid enum value"). Built at
    run time from tuples the rules own, so a module declares its alias twice: ``str`` for a type
    checker (what a reader gets) under ``TYPE_CHECKING``, ``OneOf(...)`` for msgspec otherwise."""
    return Literal.__getitem__(tuple(values))
