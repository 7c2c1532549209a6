"""The typed state one game system keeps between steps, and how it copies, encodes and hides.

Each system keeps its bookkeeping (hands, decks, who has acted, the mêlée in progress, counters…)
in one slotted dataclass of its own package, a subclass of ``SystemState``. The match copies it at
every step (``copy``), hashes it (``encode``: the canonical JSON object, written the same forever,
since records and saves hold its hashes), and asks it what a side may not see: ``hide`` blanks
those fields in a view, ``redeal`` re-deals them for a look-ahead. Each system names its own
secrets in those two methods, on its own fields: nothing is found by a key's name.

A field holding ``None`` is left out of the encoding (the system had not written it yet), unless
the class lists it in ``NULLABLE`` (``None`` is then a value the encoding keeps); a field holding
``UNSET`` is always left out. Values are JSON-like (dict, list, str, int, float, bool, None) or a
nested ``SystemState``.

Pure: stdlib only.
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

if TYPE_CHECKING:
    from .observation import Observation

_LEAVES = frozenset({str, int, float, bool, type(None)})


class Unset(enum.Enum):
    """A field the system has not written yet, where ``None`` is one of its values."""

    UNSET = "unset"


UNSET = Unset.UNSET

HIDDEN = "?"
"""What stands in for a card a side may not see (hand and pile sizes stay public)."""

_S = TypeVar("_S", bound="SystemState")


class Shuffler(Protocol):
    """The AI's own RNG (a ``random.Random``): the rules never draw from it, the look-ahead passes it."""

    def shuffle(self, x: list) -> None: ...


def copy_tree(v):
    """Copy a JSON-like tree (faster than copy.deepcopy for plain data)."""
    # leaves are returned as they are, without a call each: a state copy is taken every step
    if isinstance(v, dict):
        return {k: x if type(x) in _LEAVES else copy_tree(x) for k, x in v.items()}
    if isinstance(v, list):
        return [x if type(x) in _LEAVES else copy_tree(x) for x in v]
    if isinstance(v, SystemState):
        return v.copy()
    return v


@dataclass(slots=True)
class SystemState:
    """A system's state between steps; a system with nothing to keep uses this empty one."""

    NULLABLE: ClassVar[frozenset[str]] = frozenset()
    """Fields whose ``None`` is written to the encoding (the others' ``None`` means not written)."""

    def copy(self: _S) -> _S:
        names, values = _spec(type(self))
        return type(self)(**{name: v if type(v) in _LEAVES else copy_tree(v) for name, v in zip(names, values(self))})

    def encode(self) -> dict[str, Any]:
        """The canonical JSON object of this state (the ``data`` of a state's encoding)."""
        names, values = _spec(type(self))
        out: dict[str, Any] = {}
        keep_none = self.NULLABLE
        for name, v in zip(names, values(self)):
            if v is None:
                if name not in keep_none:
                    continue
            elif v is UNSET:
                continue
            elif isinstance(v, SystemState):
                v = v.encode()
            out[name] = v
        return out

    @classmethod
    def decode(cls: type[_S], data: dict[str, Any]) -> _S:
        """The state ``encode`` wrote (a copy: ``data`` is not kept); unknown keys are refused."""
        names = _spec(cls)[0]
        extra = sorted(set(data) - set(names))
        if extra:
            raise ValueError(f"{cls.__name__} has no field {extra[0]!r}")
        st = cls()
        for name in names:
            if name in data:
                setattr(st, name, copy_tree(data[name]))
            else:
                setattr(st, name, UNSET if getattr(st, name) is UNSET else None)
        return st

    # -- what a side may not see ------------------------------------------------------------------
    def hide(self, side: str) -> None:
        """Blank, in place, what ``side`` may not see (sizes kept); nothing by default."""

    def redeal(self, side: str, rng: Shuffler) -> None:
        """Re-deal, in place and with ``rng``, what ``side`` may not see; nothing by default."""

    def observe(self, side: str) -> Observation:
        """What the screen and the AI of ``side`` may read of this system (from a public view)."""
        from .observation import Observation

        return Observation()


_SPECS: dict[type, tuple[tuple[str, ...], Callable[[Any], tuple]]] = {}


def _spec(cls: type) -> tuple[tuple[str, ...], Callable[[Any], tuple]]:
    """A state class's field names and a getter of all their values at once (a class's fields are
    fixed: the pair is kept per class)."""
    got = _SPECS.get(cls)
    if got is None:
        names = tuple(f.name for f in fields(cls))
        one = operator.attrgetter(*names) if names else (lambda _s: ())
        values = one if len(names) != 1 else (lambda s, _g=one: (_g(s),))
        got = _SPECS[cls] = (names, values)
    return got
