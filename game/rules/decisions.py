"""Decisions: what a player (screen, AI, replay, test) answers to a pending question (GEN-CHOICE-1).

One small typed record covers every kind, so that records can store and validate decisions
without a class per question. ``kind`` names the question's answer type; the other fields are
used as that kind needs them.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import NamedTuple

from .refusals import IllegalDecision as IllegalDecision  # the error lives with its refusal record

_FIELDS = ("kind", "figure", "target", "x", "y", "option", "number", "label", "items", "numbers", "spots")
MAX_ITEMS = 64
MAX_TEXT = 200
MAX_NUMBER = 10**9


class Item(NamedTuple):
    """One item of an answer that hands out several: a tap's item (PYR-ALLOC-2), a reaction, a pairing.

    A named tuple: cheap to build, hashable and compared field by field (``Ask.check``)."""

    target: str
    """The figure the item is for (a tap's victim, a reacting figure, a paired attacker, ...)."""
    kind: str
    """What it gets: a tap's "kd", "w" or "disarm"; a reaction's "engage"/"run"; a paired figure."""
    extras: tuple[str, ...] = ()
    """A tap item's riders, in the order given: "mg" (Main Gauche), "sneaky" (Sneaky Attack)."""

    @property
    def text(self) -> str:
        """The item as the log has always written it: "kd", "w+mg", "kd+sneaky" (events keep it)."""
        return "+".join((self.kind, *self.extras)) if self.extras else self.kind

    def to_json(self) -> dict:
        out: dict = {"target": self.target, "kind": self.kind}
        if self.extras:
            out["extras"] = list(self.extras)
        return out


class Spot(NamedTuple):
    """Where one piece ends an answer that places several: a close-combat re-form's piece, its
    centre and facing (OD6-SEQ-1)."""

    figure: str
    """The piece placed."""
    x: float
    """Centre x in inches."""
    y: float
    """Centre y in inches."""
    facing: float
    """Facing in degrees."""

    def to_json(self) -> dict:
        return {"figure": self.figure, "x": self.x, "y": self.y, "facing": self.facing}


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
    """A named option among those offered (e.g. "fight_on", "reroll", "dir", "cross")."""
    items: tuple[Item, ...] = ()
    """Items handed out, in order (taps: victim, "kd"/"w"/"disarm", riders "mg"/"sneaky")."""
    number: int | None = None
    """The option's number, if it takes one: the die to reroll, a heading in degrees, a count."""
    label: str | None = None
    """The option's argument naming something, if it takes one: an obstacle, a link, an order
    card, a destination sector, a formation or a move's label."""
    numbers: tuple[int, ...] = ()
    """The answer's numbers, if it is a list of them: the order of the duels (ESC-DUEL-1)."""
    spots: tuple[Spot, ...] = ()
    """Pieces placed, each with its end (a close-combat re-form of the player's own, OD6-SEQ-1)."""

    def to_json(self) -> dict:
        out: dict = {"kind": self.kind}
        for name in _FIELDS[1:]:
            v = getattr(self, name)
            if name in ("items", "spots"):
                if v:
                    out[name] = [i.to_json() for i in v]
            elif name == "numbers":
                if v:
                    out[name] = list(v)
            elif v is not None:
                out[name] = v
        return out

    @classmethod
    def from_json(cls, data, where: str = "decision", *, legacy: bool = True, version: int | None = None) -> Decision:
        """Build from untrusted JSON; raises ValueError naming the fault. Reads the typed form
        ``to_json`` writes; a record's decisions are read as its ``version`` wrote them: version 1
        also wrote the string forms ("reroll:2", "cross:rail", items ``[target, "kd+mg"]``,
        ``["key", k]``), versions 1 and 2 a duel order as option "0,2,1" and a re-form's ends as
        items ``[piece, "x,y,facing"]``; each is read as the typed decision it stood for. Without
        ``version``, ``legacy`` reads every old form (``legacy=False``: none, the typed form as
        written now, so every decision reads back exactly as it was written)."""
        if not isinstance(data, dict):
            raise ValueError(f"{where}: expected an object, got {type(data).__name__}")
        unknown = set(data) - set(_FIELDS)
        if unknown:
            raise ValueError(f"{where}: unknown field {sorted(unknown)[0]!r}")
        kind = data.get("kind")
        if not isinstance(kind, str) or not kind or len(kind) > 40:
            raise ValueError(f"{where}.kind: expected a short string")
        kw: dict = {"kind": kind}
        for name in ("figure", "target", "option", "label"):
            v = data.get(name)
            if v is not None:
                kw[name] = _text(v, f"{where}.{name}")
        for name in ("x", "y"):
            v = data.get(name)
            if v is not None:
                if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or abs(v) > 1e6:
                    raise ValueError(f"{where}.{name}: expected a finite number of inches")
                kw[name] = float(v)
        v = data.get("number")
        if v is not None:
            kw["number"] = _number(v, f"{where}.number")
        if version is None:
            version = 1 if legacy else TYPED_LISTS
        items = data.get("items")
        if items is not None:
            if not isinstance(items, list) or len(items) > MAX_ITEMS:
                raise ValueError(f"{where}.items: expected a list of at most {MAX_ITEMS} items")
            old = kind if version < TYPED_OPTIONS else ""
            kw["items"] = tuple(_item(p, f"{where}.items[{i}]", old) for i, p in enumerate(items))
        numbers = data.get("numbers")
        if numbers is not None:
            if not isinstance(numbers, list) or len(numbers) > MAX_ITEMS:
                raise ValueError(f"{where}.numbers: expected a list of at most {MAX_ITEMS} whole numbers")
            kw["numbers"] = tuple(_number(v, f"{where}.numbers[{i}]") for i, v in enumerate(numbers))
        spots = data.get("spots")
        if spots is not None:
            if not isinstance(spots, list) or len(spots) > MAX_ITEMS:
                raise ValueError(f"{where}.spots: expected a list of at most {MAX_ITEMS} spots")
            kw["spots"] = tuple(_spot(p, f"{where}.spots[{i}]") for i, p in enumerate(spots))
        if version < TYPED_OPTIONS and "number" not in kw and "label" not in kw:
            _legacy_label_item(kw)
            _legacy_option(kw)
        if version < TYPED_LISTS and not kw.get("numbers") and not kw.get("spots"):
            _legacy_lists(kw)
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

    @property
    def option_number(self) -> int:
        """``number``, on an answer whose option takes one (a die, a heading, a count)."""
        if self.number is None:
            raise IllegalDecision(f"{self.describe()}: names no number")
        return self.number

    @property
    def option_label(self) -> str:
        """``label``, on an answer whose option names something (an obstacle, a card, a sector)."""
        if self.label is None:
            raise IllegalDecision(f"{self.describe()}: names no label")
        return self.label

    def describe(self) -> str:
        parts = [self.kind]
        if self.figure:
            parts.append(self.figure)
        if self.target:
            parts.append(f"→ {self.target}")
        if self.x is not None and self.y is not None:
            parts.append(f"to ({self.x:.2f}, {self.y:.2f})")
        if self.option:  # with its argument as the option was once written: "reroll:2", "cross:rail"
            arg = self.number if self.number is not None else self.label
            parts.append(self.option if arg is None else f"{self.option}:{arg}")
        elif self.number is not None or self.label is not None:
            parts.append(str(self.number if self.number is not None else self.label))
        if self.items:
            parts.append(", ".join(f"{i.target}:{i.text}" for i in self.items))
        if self.numbers:  # as a duel order was once written: "0,2,1"
            parts.append(",".join(map(str, self.numbers)))
        if self.spots:
            parts.append(", ".join(f"{s.figure}:{s.x:g},{s.y:g},{s.facing:g}" for s in self.spots))
        return " ".join(parts)


def choose(option: str, number: int | None = None, label: str | None = None) -> Decision:
    """The answer naming ``option`` (with its ``number`` or ``label`` if it takes one), shared per
    option: decisions are immutable and flows build the same few, e.g. reroll 2 or "stop", many
    times a round."""
    key = (option, number, label)
    got = _CHOSEN.get(key)
    if got is None:
        got = Decision("choose", option=option, number=number, label=label)
        if len(_CHOSEN) < 4096:
            _CHOSEN[key] = got
    return got


_CHOSEN: dict[tuple[str, int | None, str | None], Decision] = {}


PASS = Decision("pass")


def _text(v, where: str) -> str:
    if not isinstance(v, str) or len(v) > MAX_TEXT:
        raise ValueError(f"{where}: expected a string of at most {MAX_TEXT} characters")
    return v


def _number(v, where: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or abs(v) > MAX_NUMBER:
        raise ValueError(f"{where}: expected a whole number of at most {MAX_NUMBER}")
    return v


def _inches(v, where: str) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or abs(v) > 1e6:
        raise ValueError(f"{where}: expected a finite number")
    return float(v)


def _spot(p, where: str) -> Spot:
    """A spot from JSON: ``{"figure", "x", "y", "facing"}``, every field present."""
    if not isinstance(p, dict):
        raise ValueError(f"{where}: expected a spot object")
    unknown = set(p) - set(Spot._fields)
    if unknown:
        raise ValueError(f"{where}: unknown field {sorted(unknown)[0]!r}")
    return Spot(
        _text(p.get("figure"), f"{where}.figure"),
        *(_inches(p.get(k), f"{where}.{k}") for k in ("x", "y", "facing")),
    )


def _item(p, where: str, kind: str) -> Item:
    """An item from JSON: ``{"target", "kind", "extras"?}``, or the older pair ``[target, item]``
    (a tap's item then written "kd+mg+sneaky")."""
    if isinstance(p, dict):
        unknown = set(p) - {"target", "kind", "extras"}
        if unknown:
            raise ValueError(f"{where}: unknown field {sorted(unknown)[0]!r}")
        extras = p.get("extras", [])
        if not isinstance(extras, list) or len(extras) > 4:
            raise ValueError(f"{where}.extras: expected a list of at most 4 strings")
        return Item(
            _text(p.get("target"), f"{where}.target"),
            _text(p.get("kind"), f"{where}.kind"),
            tuple(_text(e, f"{where}.extras") for e in extras),
        )
    if not isinstance(p, list) or len(p) != 2 or not all(isinstance(s, str) and len(s) <= MAX_TEXT for s in p):
        raise ValueError(f"{where}: expected an item object or a [target, item] pair of strings")
    if kind == "tap" and "+" in p[1]:  # kind is "" unless reading a record of the old forms
        head, *extras = p[1].split("+")
        return Item(p[0], head, tuple(extras))
    return Item(p[0], p[1])


#: the record version that first wrote options' arguments as typed fields (``number``/``label``)
TYPED_OPTIONS = 2
#: the record version that first wrote a duel order as ``numbers`` and a re-form's ends as ``spots``
TYPED_LISTS = 3

# Options that records before typed fields wrote as "name:argument", by decision kind: the name
# and whether the argument is the option's number (else its label). Read once, when loading.
_LEGACY_NUMBER = {("choose", "reroll"), ("choose", "dir"), ("choose", "ap"), ("choose", "dv"), ("choose", "bonus")}
_CANONICAL_INT = re.compile(r"-?(0|[1-9][0-9]{0,9})")
_LEGACY_LABEL = {("choose", "break_off"), ("move", "climb"), ("move", "cross"), ("seize", "order")}


def _legacy_option(kw: dict) -> None:
    """Old "reroll:2" / "cross:rail" / "<unit>:<formation>" options → option plus number or label;
    any other option is left as it is (and is refused by the question if it was never offered)."""
    option = kw.get("option")
    if option is None or ":" not in option:
        return
    head, _, tail = option.partition(":")
    kind = kw["kind"]
    if (kind, head) in _LEGACY_NUMBER:
        if _CANONICAL_INT.fullmatch(tail) and abs(int(tail)) <= MAX_NUMBER:
            kw["option"], kw["number"] = head, int(tail)
    elif (kind, head) in _LEGACY_LABEL or kind == "reorganise":
        kw["option"], kw["label"] = head, tail


def _legacy_label_item(kw: dict) -> None:
    """Close-combat answers before typed fields named their candidate by an item: engage and place
    ("key", k), a unit's move ("move", label); that name is now the decision's label."""
    items = kw.get("items", ())
    tag = "move" if kw["kind"] == "move" else "key"
    if len(items) == 1 and items[0].target == tag and not items[0].extras and kw["kind"] in ("engage", "place", "move"):
        kw["label"], kw["items"] = items[0].kind, ()


def _legacy_lists(kw: dict) -> None:
    """Records before version 3: a duel order was the option "0,2,1" (ESC-DUEL-1), a re-form's ends
    items ``(piece, "x,y,facing")`` (OD6-SEQ-1); each is now the decision's ``numbers`` or ``spots``.
    Anything else is left as it is (and is refused by the question, as it was then)."""
    option = kw.get("option")
    if kw["kind"] == "order" and option is not None:
        try:  # read as the flow read it then (int() of each part)
            order = tuple(int(s) for s in option.split(",")[: MAX_ITEMS + 1])
        except ValueError:
            return
        if len(order) <= MAX_ITEMS and all(abs(n) <= MAX_NUMBER for n in order):
            kw["numbers"], kw["option"] = order, None
    elif kw["kind"] == "reorganise" and kw.get("label") == "re-form" and kw.get("items"):
        spots = []
        for it in kw["items"]:
            try:
                x, y, f = (float(v) for v in it.kind.split(","))
            except ValueError:
                return
            if it.extras or not all(math.isfinite(v) and abs(v) <= 1e6 for v in (x, y, f)):
                return
            spots.append(Spot(it.target, x, y, f))
        kw["spots"], kw["items"] = tuple(spots), ()
