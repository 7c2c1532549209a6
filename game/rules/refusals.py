"""Why the rules refuse a decision, as data: a closed list of causes (``Cause``) and one ``Refusal``
record carrying the cause, the figures and things involved and the numbers in inches.

Every ``IllegalDecision`` carries a ``Refusal``. The screen words it (``Refusal.words``) and outlines
the things it names; tests check the cause. docs/refusals.md lists the causes and their words.
Nothing here reads the table or the state: the rules fill the record where they refuse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum


class Cause(Enum):
    """The closed list of reasons a decision is refused."""

    BEYOND_MOVE = "beyond move"
    """The spot lies farther (straight line) than the figure's movement reaches."""
    PATH_TOO_LONG = "path too long"
    """The only clear path to the spot costs more than the movement left (tough ground, detours)."""
    OCCUPIED = "occupied"
    """Another figure or a thing already stands on the spot."""
    NO_CLEAR_PATH = "no clear path"
    """No clear path reaches the spot: a figure or a thing stands in the way, or it is off the deck."""
    CROSS_FROM_OBSTACLE = "cross from obstacle"
    """A rail or break stops the move (RNG-MOVE-2): walk up to it, cross it next activation."""
    OBSTACLE_DEFENDED = "obstacle defended"
    """An enemy within 2 in touches the obstacle: it cannot be crossed (RNG-MOVE-2)."""
    ENDS_IN_CONTACT = "ends in contact"
    """A move may not end in contact with (or within 1 in of) an enemy: charge instead."""
    NOT_IN_COVER = "not in cover"
    """A figure that failed its motivation may only move into cover, and that spot gives none (RNG-MOT-3)."""
    LINK_OUT_OF_REACH = "link out of reach"
    """A ladder, hatch or shroud this move cannot reach or climb to that spot."""
    BEYOND_CHARGE = "beyond charge"
    """The target is farther than a charge reaches."""
    CHARGE_BLOCKED = "charge blocked"
    """Something stands between the charger and every contact point."""
    OTHER_LEVEL = "other level"
    """The target stands on another level (deck, rigging, below decks)."""
    NO_CONTACT = "no contact"
    """The charge would not end in base-to-base contact with its target."""
    ALREADY_ENGAGED = "already engaged"
    """The figure (or its party) is in mêlée: it cannot do that now."""
    BEYOND_RANGE = "beyond range"
    """The target lies beyond the weapon's range."""
    NO_SIGHT = "no line of sight"
    """Something blocks the line of sight to the target."""
    NOT_LOADED = "not loaded"
    """The missile weapon must be loaded first."""
    NO_MISSILE = "no missile"
    """The figure carries no weapon that shoots."""
    ALREADY_ACTED = "already acted"
    """The figure has already acted (or activated) this turn."""
    NOT_ITS_TURN = "not its turn"
    """Another figure or unit is the one deciding now."""
    NOT_OFFERED = "not offered"
    """The rules offer no such action at this moment (the offered choices are listed)."""
    NOT_ALLOWED = "not allowed"
    """A rule's condition is not met; ``detail`` says which, in a player's words."""
    INCOMPLETE = "incomplete"
    """The answer lacks a part the question needs (a destination, a target, an item)."""


@dataclass(frozen=True, slots=True)
class Thing:
    """A figure, obstacle, link, unit or weapon a refusal names."""

    kind: str
    """figure, obstacle, link, unit, weapon, zone or level."""
    id: str
    """Its id (for outlining it on the table; never shown)."""
    name: str
    """What a player calls it."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """One refusal: the cause, who, what is involved and the numbers (inches)."""

    cause: Cause
    """Why, from the closed list."""
    who: str = ""
    """The acting figure's or unit's name ("" when the answer names none)."""
    things: tuple[Thing, ...] = ()
    """What causes it or is involved: the target first, then the blocker, if any."""
    distance: float | None = None
    """The measured distance or cost, in inches."""
    limit: float | None = None
    """What the rule allows, in inches."""
    rule: str = ""
    """The rule ID refusing it."""
    detail: str = ""
    """For NOT_ALLOWED / NOT_OFFERED / INCOMPLETE: the condition, in a player's words."""

    def named(self, kind: str) -> Thing | None:
        return next((t for t in self.things if t.kind == kind), None)

    @property
    def blockers(self) -> tuple[Thing, ...]:
        """The things to outline on the table: what stands in the way (never the target itself)."""
        if self.cause in (
            Cause.OCCUPIED,
            Cause.NO_CLEAR_PATH,
            Cause.CHARGE_BLOCKED,
            Cause.NO_SIGHT,
            Cause.CROSS_FROM_OBSTACLE,
        ):
            return tuple(t for t in self.things if t.kind in ("figure", "obstacle") and t is not self.target)
        if self.cause in (Cause.OBSTACLE_DEFENDED, Cause.ENDS_IN_CONTACT, Cause.LINK_OUT_OF_REACH):
            return tuple(t for t in self.things if t.kind in ("figure", "obstacle", "link"))
        return ()

    @property
    def target(self) -> Thing | None:
        return self.things[0] if self.things and self.cause in _TARGETED else None

    def words(self) -> str:
        """The refusal in a player's words (no ids, no coordinates)."""
        text = _WORDS[self.cause](self)
        if self.rule and self.rule not in text:
            text += f" ({self.rule})"
        return text


_TARGETED = {
    Cause.BEYOND_CHARGE,
    Cause.CHARGE_BLOCKED,
    Cause.OTHER_LEVEL,
    Cause.NO_CONTACT,
    Cause.BEYOND_RANGE,
    Cause.NO_SIGHT,
}


def _n(v: float | None) -> str:
    """Inches to a tenth, a whole number without its ".0" ("4.7", "3")."""
    if v is None:
        return "?"
    t = f"{v:.1f}"
    return t[:-2] if t.endswith(".0") else t


def _name(r: Refusal, kind: str, default: str) -> str:
    t = r.named(kind)
    return t.name if t is not None else default


def _blocker(r: Refusal) -> str:
    bs = r.blockers
    if not bs:
        return ""
    b = bs[0]
    return f"{b.name} stands in the way" if b.kind == "figure" else f"the {b.name} is in the way"


def _who(r: Refusal, verb: str) -> str:
    return f"{r.who} {verb}" if r.who else verb


def _no_path(r: Refusal) -> str:
    b = _blocker(r)
    return f"no clear path there: {b}" if b else "no clear path there (off the deck, or boxed in)"


def _cross(r: Refusal) -> str:
    ob = _name(r, "obstacle", "rail")
    return f"walk up to the {ob} first; it is crossed from there, next activation"


def _charge_reach(r: Refusal) -> str:
    return f"{_n(r.distance)} in away — a charge reaches {_n(r.limit)} in"


def _charge_blocked(r: Refusal) -> str:
    b = _blocker(r)
    return f"cannot reach {_name(r, 'figure', 'the target')}: {b}" if b else "no clear way into contact"


def _range(r: Refusal) -> str:
    w = _name(r, "weapon", "weapon")
    return f"out of {w} range: {_n(r.distance)} in, the {w} reaches {_n(r.limit)} in"


def _sight(r: Refusal) -> str:
    bs = [t for t in r.blockers if t.kind == "obstacle"]
    return f"no line of sight: the {bs[0].name} is in the way" if bs else "no line of sight"


_WORDS = {
    Cause.BEYOND_MOVE: lambda r: f"{_n(r.distance)} in away — {_who(r, 'moves')} {_n(r.limit)} in",
    Cause.PATH_TOO_LONG: lambda r: f"the way there costs {_n(r.distance)} in — {_who(r, 'has')} {_n(r.limit)} in",
    Cause.OCCUPIED: lambda r: (
        f"{_name(r, 'figure', '')} stands there"
        if r.named("figure")
        else (f"the {_name(r, 'obstacle', '')} fills that spot" if r.named("obstacle") else "no room to stand there")
    ),
    Cause.NO_CLEAR_PATH: _no_path,
    Cause.CROSS_FROM_OBSTACLE: _cross,
    Cause.OBSTACLE_DEFENDED: lambda r: (
        f"the {_name(r, 'obstacle', 'obstacle')} is defended: {_name(r, 'figure', 'an enemy')} holds it"
    ),
    Cause.ENDS_IN_CONTACT: lambda r: r.detail or f"that spot touches {_name(r, 'figure', 'an enemy')}: charge instead",
    Cause.LINK_OUT_OF_REACH: lambda r: (
        f"the {_name(r, 'link', 'climb')} is out of reach this move"
        + (f": {_n(r.distance)} in with the climb, {_n(r.limit)} in of movement" if r.distance is not None else "")
    ),
    Cause.NOT_IN_COVER: lambda r: (
        r.detail or "that spot gives no cover: a figure that failed its motivation may only take cover, retreat or hold"
    ),
    Cause.BEYOND_CHARGE: _charge_reach,
    Cause.CHARGE_BLOCKED: _charge_blocked,
    Cause.OTHER_LEVEL: lambda r: f"{_name(r, 'figure', 'the target')} is {_name(r, 'level', 'on another level')}",
    Cause.NO_CONTACT: lambda r: f"the charge would not end in contact with {_name(r, 'figure', 'the target')}",
    Cause.ALREADY_ENGAGED: lambda r: r.detail or _who(r, "is in mêlée"),
    Cause.BEYOND_RANGE: _range,
    Cause.NO_SIGHT: _sight,
    Cause.NOT_LOADED: lambda r: f"the {_name(r, 'weapon', 'weapon')} is not loaded: load it first",
    Cause.NO_MISSILE: lambda r: _who(r, "carries nothing that shoots"),
    Cause.ALREADY_ACTED: lambda r: _who(r, "has already acted this turn"),
    Cause.NOT_ITS_TURN: lambda r: r.detail or f"it is {r.who}'s turn to decide",
    Cause.NOT_OFFERED: lambda r: r.detail or "that is not among the choices now",
    Cause.NOT_ALLOWED: lambda r: r.detail or "the rules do not allow that now",
    Cause.INCOMPLETE: lambda r: r.detail or "that answer is missing a part",
}


class IllegalDecision(ValueError):
    """A decision the rules refuse. ``refusal`` says why as data (a ``Refusal``: a cause from the
    closed list, the things involved, the inches); the message is its words. A plain message
    becomes a NOT_ALLOWED refusal carrying it (its rule ID, if it ends with one)."""

    def __init__(self, reason: Refusal | str):
        if not isinstance(reason, Refusal):
            text = str(reason)
            m = _RULE_AT_END.search(text)
            reason = Refusal(Cause.NOT_ALLOWED, detail=text, rule=m.group(1) if m else "")
        self.refusal = reason
        super().__init__(reason.words())


_RULE_AT_END = re.compile(r"\(([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)[^()]*\)\s*$")


def refused(
    cause: Cause,
    *,
    who: str = "",
    things: tuple[Thing, ...] = (),
    distance: float | None = None,
    limit: float | None = None,
    rule: str = "",
    detail: str = "",
):
    """The IllegalDecision carrying this refusal (``raise refused(...)``)."""
    return IllegalDecision(Refusal(cause, who, things, distance, limit, rule, detail))


def figure_thing(fig) -> Thing:
    return Thing("figure", fig.id, fig.name)


def obstacle_thing(ob_id: str, table) -> Thing:
    """A map obstacle by its display name (its Tiled name or class), never its id."""
    ob = next((o for o in table.map.obstacles if o.id == ob_id), None) if hasattr(table.map, "obstacles") else None
    name = ""
    if ob is not None:
        name = (getattr(ob, "name", "") or getattr(ob, "cls", "") or "").replace("_", " ")
    return Thing("obstacle", ob_id, _plain(name) or "obstacle")


def link_thing(lk) -> Thing:
    return Thing("link", lk.id, _plain((lk.name or "").replace("_", " ")) or lk.kind.replace("_", " "))


def _plain(name: str) -> str:
    """A map name as words: no trailing number ids ("quarterdeck break 42" -> "quarterdeck break")."""
    words = name.split()
    while words and any(ch.isdigit() for ch in words[-1]):
        words.pop()
    return " ".join(words)


def weapon_words(weapon: str) -> str:
    """A missile weapon's id as words ("thrown_knife" -> "thrown knife")."""
    return weapon.replace("_", " ").lower()


def unit_words(state, u: str) -> str:
    """A unit as a player calls it: its side's name when the side fields only this unit, else the
    unit's roster name in words."""
    sides = {f.side for f in state.figures.values() if getattr(f, "unit", None) == u}
    if len(sides) == 1:
        side = next(iter(sides))
        units = {getattr(f, "unit", None) for f in state.figures.values() if f.side == side}
        if len(units) == 1:
            return state.side(side).name
    return u.replace("_", " ").capitalize()
