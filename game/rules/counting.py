"""Number in a player's words: counted nouns ("1 shooter", "3 shooters", never "shooter(s)") and
verbs that agree with a side's name ("Royalist raiders break off", "Crew of HMS Thetis breaks off")."""

from __future__ import annotations

import re

#: what ends a name's head noun: "Crew | of HMS Thetis", "Boarders | from HMS Thetis",
#: "Compagnies franches | de la Marine"
_HEAD_END = re.compile(r"\s+(?:of|from|de|du|des|at|on|in)\s+", re.IGNORECASE)


def counted(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one ("1 inch", "2 inches" with ``many`` given)."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def is_plural(name: str) -> bool:
    """Whether a name reads as many: its head noun (the last word before "of", "from"…) ends in a
    plural s ("Royalist raiders", "Rogers' Rangers", "Villagers of Beaulieu"); "Crew of the Sea
    Wolf", "Red regiment" and "HMS Albion's press gang" are one."""
    head = _HEAD_END.split(name.strip(), maxsplit=1)[0].split()
    if not head:
        return False
    word = head[-1].lower().rstrip(".,;:!")
    return word.endswith("s") and not word.endswith(("ss", "'s", "us", "is"))


def agreeing(name: str, one: str, many: str) -> str:
    """``name`` with the verb phrase that agrees with it: ``one`` ("breaks off") for a name that
    reads as one, ``many`` ("break off") for one that reads as many."""
    return f"{name} {many if is_plural(name) else one}"
