"""An offered option in a player's words, for the option list, the Auto button and the click menu
(issue 18): names for ids, distance and direction for a spot, what a tap does in words
("Cookie strikes One-Eyed Jack: a wound, as a Sneaky Attack"). The decision objects stay as the
rules made them (game/rules); only their label changes. The log's wording (log_words.py) is reused.
"""

from __future__ import annotations

import math
import re

from game.rules.decisions import Decision

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


def _strike(item: str, target: str) -> str:
    """ "w+sneaky", "One-Eyed Jack" → "Wound One-Eyed Jack as a Sneaky Attack"."""
    kind, *extras = (item or "").split("+")
    s = f"{STRIKES.get(kind, words(kind).capitalize())} {target}"
    for x in extras:
        s += " " + ITEM_EXTRAS.get(x, words(x))
    return s


def _choice(option: str) -> str:
    head, sep, tail = option.partition(":")
    if sep and head == "reroll" and tail.isdigit():
        return f"Reroll die {int(tail) + 1}"
    if sep and head == "dir" and tail.lstrip("-").isdigit():
        a = math.radians(int(tail))
        return f"Break away {compass(math.cos(a), math.sin(a))}"
    if sep and head == "dv" and tail.isdigit():
        return f"Put {tail} defence against this attacker"
    return CHOICES.get(option, words(option).capitalize().replace(":", ": "))


def _via(option: str) -> str:
    """ "climb:main_hatch_45" → "by the main hatch"; "cross:quarterdeck_break_42" → "over the quarterdeck break"."""
    how, _, what = option.partition(":")
    what = words(_TRAILING_ID.sub("", what))
    return {"climb": f"by the {what}", "cross": f"over the {what}"}.get(how, f"{words(how)} {what}".strip())


def option_words(d: Decision, state) -> str:
    """A readable text for a decision: names, never ids; a spot as distance and direction from the
    figure; a tap's items as what they do."""
    if d.kind == "pass":
        return "End the player-turn" if getattr(state, "phase", "") == "activate" else "Pass / end"
    if d.kind == "choose" and d.option:
        return _choice(d.option)
    name = Namer(state)
    figures = getattr(state, "figures", {})
    if d.kind == "tap" and d.figure:
        # what the strike does first: a narrow list shows the start of a row, and the rows of one
        # tapper differ only there
        hits = "; ".join(_strike(i, name(t)) for t, i in d.items)
        return f"{hits}, by {name(d.figure)}" if hits else f"Strike with {name(d.figure)}"
    opt = d.option or ""
    if d.kind == "card" and opt:
        from .card_art import card_name

        return card_name(opt)
    if d.kind == "seize" and d.figure:  # the action the seized initiative is spent on
        head, _, tail = opt.partition(":")
        act = SEIZED.get(head, words(head)) + (f": {words(tail)}" if tail else "")
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
    elif opt.startswith(("climb:", "cross:")):
        parts.append(_via(opt))
    elif SECTOR.fullmatch(opt):  # Escarmouche: a group is named by its sector of the table
        parts.append(f"{SECTOR_WORDS.get(d.kind, 'in')} {opt}".strip())
    elif opt and not (d.kind == "react" and len(opt) == 1):  # a reaction's end test letter says nothing
        head, _, tail = opt.partition(":")
        if head in getattr(name, "names", {}):
            parts.append(name(head) + (f": {words(tail)}" if tail else ""))
        elif d.kind in ("shoot", "react_shoot") and not tail:
            parts.append(f"({words(opt)})" if opt != "all" else "(all who may)")
        else:
            parts.append(words(opt).replace(":", ": "))
    items = [(t, i) for t, i in d.items if t != "key"]  # a placement key is for the rules, not the player
    for t, i in d.items:
        face = i.split(":")[1] if t == "key" and i.count(":") >= 1 else ""
        if face:
            parts.append(f"({face})" if face == "front" else f"({face} flank)")
    if items:
        parts.append(
            ", ".join(
                f"{name(t)} → {name(i) if i in name.names else words(i)}" if t in name.names else words(i)
                for t, i in items
            )
        )
    return " ".join(p for p in parts if p)
