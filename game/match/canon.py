"""Canonical JSON bytes for state hashes, computed without re-encoding what did not change.

The match hashes its whole state after every decision (DESIGN: determinism); the bytes hashed are
fixed forever (records and saves store the hashes), so everything here produces exactly
``canonical(obj)`` — it only avoids redoing work:

* ``canonical`` reuses one encoder (``json.dumps`` with options builds a new one per call);
* ``FiguresMemo`` keeps the bytes of the figures while they are the same objects, and
  ``FigureBytes`` re-encodes only the fields of a figure that are not the same objects as in its
  previous version (figures are frozen; a change is a ``replace``, which keeps the other fields);
* ``StateHasher`` keeps the sha256 of the state's bytes while they are unchanged, so only the dice
  are hashed (a quarter of the decisions change neither figures nor the rest: a question asked
  again in the same step, an answer kept in the step's own variables).
"""
from __future__ import annotations

import enum
import hashlib
import json
import operator
from json.encoder import c_make_encoder, encode_basestring_ascii
from math import isfinite

from game.rules.model import FIGURE_FIELDS, Figure, json_value

_OPTIONS = dict(sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
_ENCODER = json.JSONEncoder(**_OPTIONS)


if c_make_encoder is not None:
    # the C encoder json.dumps(obj, **_OPTIONS) builds for each call, built once; without the
    # circular-reference check (state is a JSON-like tree: a cycle would fail anyway, with a
    # RecursionError instead of a ValueError)
    _C_ENCODE = c_make_encoder(None, _ENCODER.default, encode_basestring_ascii, None,
                               _ENCODER.key_separator, _ENCODER.item_separator, True, False, False)

    def canonical(obj) -> bytes:
        """Canonical JSON bytes: sorted keys, no spaces, floats as repr (exact, platform independent)."""
        return "".join(_C_ENCODE(obj, 0)).encode()
else:  # pragma: no cover - CPython always has the C encoder
    def canonical(obj) -> bytes:
        """Canonical JSON bytes: sorted keys, no spaces, floats as repr (exact, platform independent)."""
        return _ENCODER.encode(obj).encode()


def _text(obj) -> str:
    return _ENCODER.encode(obj)


_SORTED = tuple(sorted(FIGURE_FIELDS))
_VALUES = operator.attrgetter(*_SORTED)
_KEYS = tuple(_text(name) + ":" for name in _SORTED)
#: Encoded text of field values that recur between figures (sides, weapons, ranks…), by (type, value).
#: Only types whose equal values always encode alike are kept (not floats: 0.0 == -0.0).
_MEMO: dict = {}
_MEMO_MAX = 4096
_MEMO_TYPES = frozenset({str, int, bool, type(None)})


def _value_text(v) -> str:
    t = type(v)
    if t is float:  # positions: json writes a finite float as its repr (and refuses the others)
        return float.__repr__(v) if isfinite(v) else _text(v)
    memo = t in _MEMO_TYPES or isinstance(v, enum.Enum)
    if memo:
        got = _MEMO.get((t, v))
        if got is not None:
            return got
    text = _text(json_value(v))
    if memo:
        if len(_MEMO) >= _MEMO_MAX:
            _MEMO.clear()
        _MEMO[(t, v)] = text
    return text


class FigureBytes:
    """One figure's canonical bytes, with what is needed to update them for its next version."""

    __slots__ = ("figure", "bytes", "_values", "_parts")

    def __init__(self, figure: Figure, previous: "FigureBytes | None" = None):
        """``previous``: the bytes of any figure (best its own last version): the fields holding
        the very same objects keep their encoded text."""
        values = _VALUES(figure)
        if previous is None:
            parts = [k + _value_text(v) for k, v in zip(_KEYS, values)]
        else:
            parts = list(previous._parts)
            for i in _falses(list(map(operator.is_, values, previous._values))):
                parts[i] = _KEYS[i] + _value_text(values[i])
        self.figure = figure
        self.bytes = ("{" + ",".join(parts) + "}").encode()
        self._values = values
        self._parts = parts


class FiguresMemo:
    """Canonical bytes of all the figures in roster order, one after the other.

    Kept as they are while every figure is the same object as last time (most decisions change
    none); otherwise only the figures that are new objects are encoded again, each from the
    FigureBytes of its last version.
    """

    __slots__ = ("_figures", "_parts", "_bytes", "_each")

    def __init__(self):
        self._figures: tuple = ()
        self._parts: list[bytes] = []
        self._bytes = b""
        self._each: dict[str, FigureBytes] = {}

    def bytes_of(self, figures: dict[str, Figure]) -> bytes:
        now = tuple(figures.values())
        before = self._figures
        if len(now) != len(before):
            self._parts = [b""] * len(now)
            changed = range(len(now))
        else:
            same = list(map(operator.is_, now, before))
            if all(same):
                return self._bytes
            changed = _falses(same)
        each, parts = self._each, self._parts
        for i in changed:
            f = now[i]
            hit = each.get(f.id)
            if hit is None or hit.figure is not f:
                # a figure seen for the first time starts from its roster neighbour's text
                hit = each[f.id] = FigureBytes(f, hit or (each.get(now[i - 1].id) if i else None))
            parts[i] = hit.bytes
        out = self._bytes = b"".join(parts)
        self._figures = now
        return out

    def copy(self) -> "FiguresMemo":
        other = FiguresMemo()
        other._figures, other._parts, other._bytes = self._figures, list(self._parts), self._bytes
        other._each = dict(self._each)
        return other


def _falses(flags: list[bool]):
    """Positions of the False values (list.index does the scanning)."""
    i = -1
    try:
        while True:
            i = flags.index(False, i + 1)
            yield i
    except ValueError:
        return


def figure_bytes(figure: Figure) -> bytes:
    """``canonical(figure.to_json())``, built field by field (what the cache above keeps)."""
    return FigureBytes(figure).bytes


class StateHasher:
    """The match's state hash: sha256(canonical state without figures + figures' bytes + dice).

    The sha256 of the first two parts is kept while the figures' bytes are the very same object
    (``FiguresMemo`` returns its kept bytes when no figure changed) and the rest encodes to equal
    bytes; then only the dice fingerprint is hashed on a copy of it. The rest is encoded every
    time: it is a mutable tree, and telling it unchanged exactly costs about as much.
    """

    __slots__ = ("_figures", "_prefix")

    def __init__(self):
        self._figures = FiguresMemo()
        self._prefix: tuple | None = None
        """(head bytes, figures bytes, sha256 of both): that hash object is only ever copied."""

    def hexdigest(self, state, dice) -> str:
        head = canonical(state.to_json(figures=False))
        figs = self._figures.bytes_of(state.figures)
        pre = self._prefix
        if pre is None or pre[1] is not figs or pre[0] != head:
            h = hashlib.sha256(head)
            h.update(figs)
            pre = self._prefix = (head, figs, h)
        h = pre[2].copy()
        h.update(dice.fingerprint().encode())
        return h.hexdigest()

    def copy(self) -> "StateHasher":
        other = StateHasher()
        other._figures, other._prefix = self._figures.copy(), self._prefix
        return other
