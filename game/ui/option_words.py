"""An offered option in a player's words, for the option list, the Auto button and the click menu:
names for ids, distance and direction for a spot, what a tap does in words
("Cookie strikes One-Eyed Jack: a wound, as a Sneaky Attack"). The decision objects stay as the
rules made them (game/rules); only their label changes. The log's wording (log_words.py) is reused.
"""

from __future__ import annotations

import math
import re

from game.rules.decisions import Decision, Item
from game.rules.presets import UnknownPreset, get_ruleset

from .log_words import ITEM_EXTRAS, Namer, compass, words

#: the verb a decision kind shows as, where "kind with its underscores spaced" does not read
VERBS = {
    "react": "React",
    "react_shoot": "Shoot back",
    "re_engage": "Re-engage",
    "tome": '"To me!"',
    "act": "Act with",
    "place": "Place",
}
#: a tap's item (PYR-ALLOC-2) as the verb of the strike
STRIKES = {"kd": "Knock down", "w": "Wound", "disarm": "Disarm", "capture": "Capture"}
#: "choose" options that want more words than their spaced name
CHOICES = {"no": "No", "abandon_ship": "Abandon ship", "strike_colours": "Strike the colours"}
_TRAILING_ID = re.compile(r"[ _]\d+$")
#: what a figure does with the initiative it seizes (INI-SEIZE)
SEIZED = {"shoot": "shoots at", "tome": 'calls "To me!"', "load": "loads", "move": "moves", "order": "orders"}
#: option names that read better said another way in a list
OPTION_WORDS = {"stakes": "(for stakes)", "group": "with the group", "acrobatics": "(acrobatics)"}
SECTOR = re.compile(r"[A-Z]\d{1,2}")
SECTOR_WORDS = {"activate": "the group in", "move": "to", "flee": "to", "assault": "", "shoot": "from"}


def _dist(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".") + " in"


def _strike(item: Item, target: str) -> str:
    """Item(…, "w", ("sneaky",)), "One-Eyed Jack" → "Wound One-Eyed Jack as a Sneaky Attack"."""
    s = f"{STRIKES.get(item.kind, words(item.kind).capitalize())} {target}"
    for x in item.extras:
        s += " " + ITEM_EXTRAS.get(x, words(x))
    return s


def _arg(d: Decision) -> str:
    """The option's argument as text: its number or its label ("" if it takes none)."""
    return str(d.number) if d.number is not None else d.label or ""


def _choice(d: Decision) -> str:
    option, n = d.option or "", d.number
    if option == "reroll" and n is not None and n >= 0:
        return f"Reroll die {n + 1}"
    if option == "dir" and n is not None:
        a = math.radians(n)
        return f"Break away {compass(math.cos(a), math.sin(a))}"
    if option == "dv" and n is not None and n >= 0:
        return f"Put {n} defence against this attacker"
    arg = _arg(d)
    text = f"{option}:{arg}" if arg else option
    return CHOICES.get(text, words(text).capitalize().replace(":", ": "))


def _via(how: str, what: str) -> str:
    """ "climb", "main_hatch_45" → "by the main hatch"; "cross", "quarterdeck_break_42" → "over the quarterdeck break"."""
    what = words(_TRAILING_ID.sub("", what))
    return {"climb": f"by the {what}", "cross": f"over the {what}"}.get(how, f"{words(how)} {what}".strip())


def option_words(d: Decision, state) -> str:
    """A readable text for a decision: names, never ids; a spot as distance and direction from the
    figure; a tap's items as what they do."""
    if d.kind == "pass":
        return "End the player-turn" if getattr(state, "phase", "") == "activate" else "Pass / end"
    if d.kind == "choose" and d.option:
        return _choice(d)
    name = Namer(state)
    figures = getattr(state, "figures", {})
    if d.kind == "tap" and d.figure:
        # what the strike does first: a narrow list shows the start of a row, and the rows of one
        # tapper differ only there
        hits = "; ".join(_strike(i, name(i.target)) for i in d.items)
        return f"{hits}, by {name(d.figure)}" if hits else f"Strike with {name(d.figure)}"
    opt = d.option or ""
    if d.kind == "card" and opt:
        from .card_art import card_name

        return card_name(opt)
    if d.kind == "seize" and d.figure:  # the action the seized initiative is spent on
        tail = _arg(d)
        act = SEIZED.get(opt, words(opt)) + (f": {words(tail)}" if tail else "")
        if d.target:
            act += f" {name(d.target)}"
        return f"Seize the initiative: {name(d.figure)} {act}".strip()
    parts = [VERBS.get(d.kind, words(d.kind).capitalize())]
    if d.figure:
        parts.append(name(d.figure))
    if d.target:
        parts.append(("at " if d.kind in ("shoot", "react_shoot") else "→ ") + name(d.target))
    if d.x is not None and d.y is not None:
        f = figures.get(d.figure) if d.figure else None
        if f is not None:
            dx, dy = d.x - f.x, d.y - f.y
            far = math.hypot(dx, dy)
            parts.append(f"{_dist(far)} {compass(dx, dy)}" if far >= 0.05 else "where it stands")
    if opt in OPTION_WORDS:
        parts.append(OPTION_WORDS[opt])
    elif opt in ("climb", "cross") and d.label:
        parts.append(_via(opt, d.label))
    elif SECTOR.fullmatch(opt):  # Escarmouche: a group is named by its sector of the table
        parts.append(f"{SECTOR_WORDS.get(d.kind, 'in')} {opt}".strip())
    elif opt and not (d.kind == "react" and len(opt) == 1):  # a reaction's end test letter says nothing
        # close combat: an engage's or a placement's label is the rules' key of its candidate (only
        # the edge it contacts is for the player); a unit's move is labelled as a move ("advance")
        tail = "" if d.kind in ("engage", "place", "move") else _arg(d)
        if opt in getattr(name, "names", {}):
            parts.append(name(opt) + (f": {words(tail)}" if tail else ""))
        elif d.kind in ("shoot", "react_shoot") and not tail:
            parts.append(f"({words(opt)})" if opt != "all" else "(all who may)")
        else:
            parts.append(words(f"{opt}:{tail}" if tail else opt).replace(":", ": "))
    face = _edge(state, d.label) if d.kind in ("engage", "place") and d.label else ""
    if face:
        parts.append(f"({face})" if face == "front" else f"({face} flank)")
    if d.kind == "move" and d.label and opt not in ("climb", "cross"):
        parts.append(words(d.label))
    if d.numbers:  # a duel order (ESC-DUEL-1), the duels counted from 1 as a player counts them
        parts.append("the duels " + ", ".join(str(k + 1) for k in d.numbers))
    if d.items:
        parts.append(
            ", ".join(
                f"{name(i.target)} → {name(i.kind) if i.kind in name.names else words(i.kind)}"
                if i.target in name.names
                else words(i.kind)
                for i in d.items
            )
        )
    return " ".join(p for p in parts if p)


def _edge(state, key: str) -> str:
    """The target's edge an engage candidate names, in the ruleset's words ("" where it names none)."""
    try:
        return get_ruleset(getattr(state, "preset", "")).term("edge", key)
    except UnknownPreset:
        return ""
