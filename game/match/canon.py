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
from json import encoder as _json_encoder
from json.encoder import encode_basestring_ascii
from math import isfinite
from typing import Any

from game.rules.model import FIGURE_FIELDS, Figure, json_value

_OPTIONS: dict[str, Any] = dict(sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
_ENCODER = json.JSONEncoder(**_OPTIONS)
# the C encoder json.dumps uses (None without the C accelerator); not in the module's typed API
c_make_encoder = getattr(_json_encoder, "c_make_encoder", None)


if c_make_encoder is not None:
    # the C encoder json.dumps(obj, **_OPTIONS) builds for each call, built once; without the
    # circular-reference check (state is a JSON-like tree: a cycle would fail anyway, with a
    # RecursionError instead of a ValueError)
    _C_ENCODE = c_make_encoder(
        None,
        _ENCODER.default,
        encode_basestring_ascii,
        None,
        _ENCODER.key_separator,
        _ENCODER.item_separator,
        True,
        False,
        False,
    )

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
    _values: tuple
    _parts: list[str]

    def __init__(self, figure: Figure, previous: FigureBytes | None = None):
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

    def copy(self) -> FiguresMemo:
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


#: The keys of ``MatchState.to_json(figures=False)``, sorted as canonical() writes them (a test
#: checks them against to_json: a new key there must be added to ``StateHasher._head``).
HEAD_KEYS = ("active", "data", "end_reason", "figures", "options", "over", "phase", "preset", "sides", "turn", "winner")
_EXACT_LEAVES = frozenset({str, int, bool, type(None)})
_IMMUTABLE_LEAVES = _EXACT_LEAVES | {float}


def _any_text(v) -> str:
    """``canonical(v)`` as text, through the memo for the leaf types that always encode alike."""
    if type(v) in _EXACT_LEAVES:
        return _value_text(v)
    return "".join(_C_ENCODE(v, 0)) if c_make_encoder is not None else _ENCODER.encode(v)


_SCALARS = operator.attrgetter("active", "end_reason", "over", "phase", "preset", "turn", "winner")


class StateHasher:
    """The match's state hash: sha256(canonical state without figures + figures' bytes + dice).

    The state without figures is ``canonical(state.to_json(figures=False))`` written piece by piece
    without building that dict: the text around ``data`` and ``options`` (the sides, the roster's
    ids and the scalar fields: phase, turn, active side…) is kept while they are the same. The
    sha256 of the first two parts is kept while the figures' bytes are the very same object
    (``FiguresMemo`` returns its kept bytes when no figure changed) and the rest encodes to equal
    bytes; then only the dice fingerprint is hashed on a copy of it. ``data`` and ``options`` are
    encoded every time: mutable trees, which cost about as much to tell unchanged exactly.
    """

    __slots__ = ("_figures", "_prefix", "_sides", "_ids", "_scalars", "_around")

    def __init__(self):
        self._figures = FiguresMemo()
        self._prefix: tuple | None = None
        """(head bytes, figures bytes, sha256 of both): that hash object is only ever copied."""
        self._sides = self._ids = self._scalars = None
        self._around = ("", "", "")
        """The head's text before data, between data and options, after options."""

    def _head(self, st) -> bytes:
        """``canonical(st.to_json(figures=False))``."""
        scalars = _SCALARS(st)
        ids = tuple(st.figures)
        if (
            st.sides is not self._sides
            or ids != self._ids
            or self._scalars is None
            or not all(map(operator.is_, scalars, self._scalars))
        ):
            self._around_for(st, scalars, ids)
        before, between, after = self._around
        return "".join((before, _any_text(st.encode_data()), between, _any_text(st.options), after)).encode()

    def _around_for(self, st, scalars, ids) -> None:
        active, end_reason, over, phase, preset, turn, winner = map(_any_text, scalars)
        self._around = (
            '{"active":' + active + ',"data":',
            ',"end_reason":' + end_reason + ',"figures":' + _any_text(list(ids)) + ',"options":',
            ',"over":'
            + over
            + ',"phase":'
            + phase
            + ',"preset":'
            + preset
            + ',"sides":'
            + _any_text([s.id for s in st.sides])
            + ',"turn":'
            + turn
            + ',"winner":'
            + winner
            + "}",
        )
        # what makes the kept text valid again: the same tuple of frozen SideInfo; an equal tuple
        # of exact str ids (equal strings encode alike); the very same immutable scalars
        self._sides = st.sides
        self._ids = ids if all(type(i) is str for i in ids) else None
        self._scalars = scalars if all(type(v) in _IMMUTABLE_LEAVES for v in scalars) else None

    def hexdigest(self, state, dice) -> str:
        head = self._head(state)
        figs = self._figures.bytes_of(state.figures)
        pre = self._prefix
        if pre is None or pre[1] is not figs or pre[0] != head:
            h = hashlib.sha256(head)
            h.update(figs)
            pre = self._prefix = (head, figs, h)
        h = pre[2].copy()
        h.update(dice.fingerprint().encode())
        return h.hexdigest()

    def copy(self) -> StateHasher:
        other = StateHasher()
        other._figures, other._prefix = self._figures.copy(), self._prefix
        other._sides, other._ids, other._scalars, other._around = self._sides, self._ids, self._scalars, self._around
        return other
