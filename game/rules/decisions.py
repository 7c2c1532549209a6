"""Decisions: what a player (screen, AI, replay, test) answers to a pending question (GEN-CHOICE-1).

One small typed record covers every kind, so that records can store and validate decisions
without a class per question. ``kind`` names the question's answer type; the other fields are
used as that kind needs them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


class IllegalDecision(ValueError):
    """A decision the rules refuse; the message is for a player to read."""


_KINDS_FIELDS = ("kind", "figure", "target", "x", "y", "option", "items")
MAX_ITEMS = 64
MAX_TEXT = 200


@dataclass(frozen=True, slots=True)
class Decision:
    """One answer to a pending question."""

    kind: str
    """Answer type: activate, move, charge, shoot, load, aim, pass, choose, tap, reroll, ..."""
    figure: str | None = None
    """The figure acting or chosen, if any."""
    target: str | None = None
    """The figure aimed at, if any."""
    x: float | None = None
    """Destination x in inches, if any."""
    y: float | None = None
    """Destination y in inches, if any."""
    option: str | None = None
    """A named option among those offered (e.g. "fight_on", "reroll:2", "dir:45")."""
    items: tuple[tuple[str, str], ...] = ()
    """Pairs (target id, item) for taps: item is "kd", "w", "disarm", each optionally "+mg"/"+sneaky"."""

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind}
        for name in _KINDS_FIELDS[1:]:
            v = getattr(self, name)
            if name == "items":
                if v:
                    out["items"] = [list(p) for p in v]
            elif v is not None:
                out[name] = v
        return out

    @classmethod
    def from_json(cls, data, where: str = "decision") -> Decision:
        """Build from untrusted JSON; raises ValueError naming the fault."""
        if not isinstance(data, dict):
            raise ValueError(f"{where}: expected an object, got {type(data).__name__}")
        unknown = set(data) - set(_KINDS_FIELDS)
        if unknown:
            raise ValueError(f"{where}: unknown field {sorted(unknown)[0]!r}")
        kind = data.get("kind")
        if not isinstance(kind, str) or not kind or len(kind) > 40:
            raise ValueError(f"{where}.kind: expected a short string")
        kw: dict = {"kind": kind}
        for name in ("figure", "target", "option"):
            v = data.get(name)
            if v is not None:
                if not isinstance(v, str) or len(v) > MAX_TEXT:
                    raise ValueError(f"{where}.{name}: expected a string of at most {MAX_TEXT} characters")
                kw[name] = v
        for name in ("x", "y"):
            v = data.get(name)
            if v is not None:
                if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or abs(v) > 1e6:
                    raise ValueError(f"{where}.{name}: expected a finite number of inches")
                kw[name] = float(v)
        items = data.get("items")
        if items is not None:
            if not isinstance(items, list) or len(items) > MAX_ITEMS:
                raise ValueError(f"{where}.items: expected a list of at most {MAX_ITEMS} pairs")
            pairs = []
            for i, p in enumerate(items):
                if (
                    not isinstance(p, list)
                    or len(p) != 2
                    or not all(isinstance(s, str) and len(s) <= MAX_TEXT for s in p)
                ):
                    raise ValueError(f"{where}.items[{i}]: expected [target, item] strings")
                pairs.append((p[0], p[1]))
            kw["items"] = tuple(pairs)
        return cls(**kw)

    # The fields a kind of answer always carries, typed as present. A flow reads them off the
    # answer to a question whose options all carry them (``Ask.check`` holds an answer to the
    # options offered), so these never raise on a checked answer.
    @property
    def figure_id(self) -> str:
        """``figure``, on an answer that names one."""
        if self.figure is None:
            raise IllegalDecision(f"{self.describe()}: names no figure")
        return self.figure

    @property
    def target_id(self) -> str:
        """``target``, on an answer that names one."""
        if self.target is None:
            raise IllegalDecision(f"{self.describe()}: names no target")
        return self.target

    @property
    def point(self) -> tuple[float, float]:
        """``(x, y)``, on an answer that names a spot."""
        if self.x is None or self.y is None:
            raise IllegalDecision(f"{self.describe()}: names no spot")
        return self.x, self.y

    @property
    def option_name(self) -> str:
        """``option``, on an answer that names one."""
        if self.option is None:
            raise IllegalDecision(f"{self.describe()}: names no option")
        return self.option

    def describe(self) -> str:
        parts = [self.kind]
        if self.figure:
            parts.append(self.figure)
        if self.target:
            parts.append(f"→ {self.target}")
        if self.x is not None and self.y is not None:
            parts.append(f"to ({self.x:.2f}, {self.y:.2f})")
        if self.option:
            parts.append(self.option)
        if self.items:
            parts.append(", ".join(f"{t}:{i}" for t, i in self.items))
        return " ".join(parts)


def choose(option: str) -> Decision:
    """The answer naming ``option`` (shared per option: decisions are immutable and flows build
    the same few, e.g. "reroll:2", "stop", many times a round)."""
    got = _CHOSEN.get(option)
    if got is None:
        got = Decision("choose", option=option)
        if len(_CHOSEN) < 4096:
            _CHOSEN[option] = got
    return got


_CHOSEN: dict[str, Decision] = {}


PASS = Decision("pass")
