"""``@implements("PYR-ENG-1", …)``: the one function that implements a RULES.md rule ID.

DESIGN.md's "One rule, one place": each rule ID is marked on exactly one function, and that is the
function its rule-ID test exercises and play reaches (tests/rules/test_rule_marks.py checks both).
The decorator only records ``ID -> "module.qualname"`` and returns the function itself: no wrapper,
nothing added to the call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable)

#: rule ID -> the qualified names marked with it, in import order (one each when all is well)
MARKS: dict[str, list[str]] = {}


def implements(*rule_ids: str) -> Callable[[F], F]:
    """Record that the decorated function implements ``rule_ids``; returns it unchanged."""

    def mark(fn: F) -> F:
        name = f"{fn.__module__}.{fn.__qualname__}"
        for rid in rule_ids:
            names = MARKS.setdefault(rid, [])
            if name not in names:
                names.append(name)
        return fn

    return mark
