"""The words of the combat log (``log_words``): item, status, outcome and choice names, card faces,
compass directions, damage, and ``Namer`` (ids to names, snake_case to words, coordinates dropped).
Pure (no pygame)."""

from __future__ import annotations

import math
import re

_SNAKE = re.compile(r"\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b")
_COORD = re.compile(r"\s*(?:to |at )?\(\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*\)(?:\s*in\b)?")
_HOUSE = re.compile(r"\(\[HOUSE\][^)]*\)")
_RULE_TAIL = re.compile(r"\s*\((?:[A-Z]{2,4}-[A-Z0-9]+-\d+[a-z]?(?:[,/ ]+)?)+\)\s*$")
_COMPASS = ("east", "south-east", "south", "south-west", "west", "north-west", "north", "north-east")
ITEMS = {"kd": "a knock-down", "w": "a wound", "disarm": "a disarm", "capture": "a capture"}
ITEM_EXTRAS = {"mg": "with the main gauche", "sneaky": "as a Sneaky Attack"}
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS = {11: "J", 12: "Q", 13: "K", 14: "A"}
HOWS = {
    "move": "moves",
    "charge": "charges",
    "pushback": "is pushed back",
    "follow_up": "follows up",
    "retreat": "retreats",
    "flee": "flees",
    "fall": "falls",
    "escape": "breaks free",
    "reaction": "reacts",
    "acrobatics": "tumbles clear",
    "duel": "steps up to duel",
    "evicted": "is driven out",
    "free": "moves",
    "melee": "closes in",
    "move_back": "moves back",
    "released": "is released",
    "reorganise": "re-forms",
    "retaliate": "strikes back",
}
STATUSES = {
    "unwounded": "is back on guard",
    "wounded": "is wounded",
    "knocked_down": "is knocked down",
    "disarmed": "is disarmed",
    "captive": "is taken captive",
    "fled": "flees the fight",
}
OUTCOMES = {
    "saved": "{v} saves against {t} {i}",
    "wounded": "{v} is wounded by {t} {i}",
    "knocked_down": "{v} is knocked down by {t} {i}",
    "disarmed": "{v} is disarmed by {t} {i}",
    "captive": "{v} is captured by {t} {i}",
    "rearmed": "{v} beats off {t} capture and re-arms",
    "pushback": "{v} jumps back from {t} {i}",
    "pushback_wounded": "{v} is driven back wounded by {t} {i}",
    "dodged": "{v} dodges {t} {i}",
    "wasted": "{t} {i} at {v} is wasted",
    "missed": "{t} {i} at {v} misses",
    "dismounted": "{v} dismounts to avoid {t} {i}",
    "dismounted_wounded": "{v} is unhorsed, wounded, by {t} {i}",
}
CHOICES = {
    "fight_on": "fight on",
    "withdraw": "withdraw",
    "strike_colours": "strike their colours",
    "abandon_ship": "abandon ship",
    "duel_won": "lose the duel",
    "duel_lost": "lose the duel",
    "draw": "draw",
    "surrender": "surrender",
    "flee": "flee",
}
LEVELS = {"rigging": "up into the rigging", "deck": "onto the deck", "hold": "down into the hold"}


def possessive(name: str) -> str:
    """ "Rogers' Rangers" → "Rogers' Rangers'"; "Captain Hale" → "Captain Hale's"."""
    return name + ("'" if name.endswith("s") else "'s")


def words(s: str) -> str:
    return s.replace("_", " ")


def names_of(state) -> dict[str, str]:
    """Id → player-facing name for every figure, side and unit the state knows."""
    if state is None:
        return {}
    out: dict[str, str] = {}
    for f in getattr(state, "figures", {}).values():
        out[f.id] = f.name
        unit = getattr(f, "unit", "")
        if unit and unit not in out:
            out[unit] = words(unit).capitalize()
    for s in getattr(state, "sides", ()):
        out[s.id] = s.name
    return out


class Namer:
    """Turns ids into names and tidies free text (notes, causes, reasons) for one state."""

    def __init__(self, state):
        self.names = names_of(state)
        self._ids = sorted(self.names, key=len, reverse=True)
        self._taken = sorted(set(self.names.values()), key=len, reverse=True)

    def __call__(self, ident: str | None) -> str:
        if not ident:
            return "nobody"
        if ident in self.names:
            return self.names[ident]
        head, sep, tail = ident.partition(":")
        if sep:  # compound ids: "side:pirates", "party:boarders", "raiders:B3" (a side's group in a sector)
            if head in ("side", "party"):
                return self(tail) if head == "side" else f"the {self(tail)} party"
            return f"the {self(head)} group in {tail}"
        return words(ident)

    def tidy(self, text: str) -> str:
        """Free text with ids as names, no snake_case, no coordinates, no doubled names."""
        if not text:
            return ""
        keep: list[str] = []

        def hold(s: str) -> str:
            keep.append(s)
            return f"\x00{len(keep) - 1}\x00"

        text = _HOUSE.sub("(house rule)", text)
        text = _COORD.sub("", text)
        # names already in the text stay as they are: an id inside a name ("surgeon" in "Dr Mercer,
        # surgeon") must not be replaced again, which doubled names
        for name in self._taken:
            if name in text:
                text = text.replace(name, hold(name))
        for ident in self._ids:
            if ident in text:

                def held(_m: re.Match[str], i: str = ident) -> str:
                    return hold(self.names[i])

                text = re.sub(rf"(?<![\w\x00-]){re.escape(ident)}(?![\w\x00-])", held, text)
        text = _SNAKE.sub(lambda m: words(m.group(0)), text)
        text = re.sub(r"\x00(\d+)\x00", lambda m: keep[int(m.group(1))], text)
        return re.sub(r"s's\b", "s'", text)


def strip_rule(text: str) -> str:
    return _RULE_TAIL.sub("", text)


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".") if abs(x - round(x)) > 0.05 else str(round(x))


def compass(dx: float, dy: float) -> str:
    """Direction on the map (north = up, as y grows downward)."""
    a = math.degrees(math.atan2(dy, dx)) % 360.0
    return _COMPASS[int((a + 22.5) // 45) % 8]


def card(code: str) -> str:
    """ "14H" → "A♥"."""
    m = re.fullmatch(r"(\d+)([SHDC])", code or "")
    if not m:
        return code
    r = int(m.group(1))
    return f"{RANKS.get(r, str(r))}{SUITS[m.group(2)]}"


def item_words(item: str) -> str:
    kind, *extras = (item or "").split("+")
    s = ITEMS.get(kind, words(kind) or "a blow")
    for x in extras:
        s += " " + ITEM_EXTRAS.get(x, words(x))
    return s


def damage(kd: int, w: int) -> str:
    parts = []
    if kd:
        parts.append(f"{kd} knock-down" + ("s" if kd != 1 else ""))
    if w:
        parts.append(f"{w} wound" + ("s" if w != 1 else ""))
    return " and ".join(parts) or "no damage"
