"""The only source of randomness in a match (GEN-DICE-1).

``Dice(seed)`` wraps ``random.Random``; its whole state serialises to JSON (``state()``) and is
part of the match state and its hash. ``ScriptedDice`` replays given faces for tests and fails
loudly when it runs out.
"""
from __future__ import annotations

import hashlib
import random
from typing import Sequence

from .events import DiceRolled


class DiceExhausted(RuntimeError):
    """A ScriptedDice was asked for more faces than the test scripted."""


class Dice:
    """Seeded dice. Rules draw from it; nothing else in a match is random."""

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)
        self.seed = seed
        self.count = 0
        self._fp: tuple[int, str] | None = None
        self._pool_digest = None

    # -- raw draws -------------------------------------------------------------------------
    def face(self, sides: int) -> int:
        """One natural face of a die with ``sides`` faces."""
        self.count += 1
        return self._rng.randrange(sides) + 1

    def faces(self, n: int, sides: int = 6) -> tuple[int, ...]:
        return tuple(self.face(sides) for _ in range(n))

    def d6(self) -> int:
        return self.face(6)

    def d20(self) -> int:
        return self.face(20)

    def shuffle(self, items: list) -> None:
        """Shuffle in place (cards, ESC-DECK-1)."""
        self.count += 1
        self._rng.shuffle(items)

    def pick(self, items: Sequence):
        """One item chosen uniformly (e.g. a random figure, PYR-CARD-2)."""
        return items[self.face(len(items)) - 1]

    # -- tests as events ---------------------------------------------------------------------
    def roll(self, rule: str, *, who: str = "", purpose: str = "", n: int = 1, sides: int = 6,
             modifier: int = 0, target: int | None = None, roll_under: bool = False,
             natural_pass: set[int] | None = None, natural_fail: set[int] | None = None) -> DiceRolled:
        """Roll ``n`` dice and return the event; a test when ``target`` is given (GEN-DICE-2).

        ``natural_pass`` / ``natural_fail`` are faces (of a single die) that pass or fail whatever
        the modified total (e.g. RNG-HAND-1 natural 1 and 20).
        """
        faces = self.faces(n, sides)
        success = None
        if target is not None:
            total = sum(faces) + modifier
            success = total <= target if roll_under else total >= target
            if n == 1 and natural_pass and faces[0] in natural_pass:
                success = True
            if n == 1 and natural_fail and faces[0] in natural_fail:
                success = False
        return DiceRolled(rule=rule, who=who, purpose=purpose, die=sides, faces=faces,
                          modifier=modifier, target=target, roll_under=roll_under, success=success)

    def roll_off(self, rule: str, who: Sequence[str], sides: int = 6,
                 bonus: dict[str, int] | None = None) -> tuple[str, list[DiceRolled]]:
        """GEN-DICE-3: each rolls 1dN (+bonus), ties among the highest reroll; returns (winner, events)."""
        bonus = bonus or {}
        contenders = list(who)
        events: list[DiceRolled] = []
        while True:
            totals = {}
            for w in contenders:
                ev = self.roll(rule, who=w, purpose="roll-off", sides=sides, modifier=bonus.get(w, 0))
                events.append(ev)
                totals[w] = ev.total
            best = max(totals.values())
            top = [w for w in contenders if totals[w] == best]
            if len(top) == 1:
                return top[0], events
            contenders = top

    # -- state -------------------------------------------------------------------------------
    def state(self) -> list:
        """JSON-ready state: restoring it continues the exact same sequence."""
        version, internal, gauss = self._rng.getstate()
        return [version, list(internal), gauss, self.count, self.seed]

    def set_state(self, state: list) -> None:
        version, internal, gauss, count, seed = state
        self._rng.setstate((version, tuple(internal), gauss))
        self.count = count
        self.seed = seed
        self._fp = None

    def fingerprint(self) -> str:
        """Short stand-in for the state in hashes: the next draws are a function of it."""
        # The match hashes after every decision, mostly with no die thrown since the last time:
        # every draw counts in ``count`` and set_state forgets the memo, so (count, text) is exact.
        fp = self._fp
        if fp is not None and fp[0] == self.count:
            return fp[1]
        version, internal, gauss = self._rng.getstate()
        # index (last word) plus a digest of the pool keeps hashing cheap and exact; the pool's 624
        # words change only every 624 draws, so the digest of their text is kept and only the index
        # is fed to a copy of it (the same bytes as hash_words(internal))
        words = internal[:-1]
        pre = self._pool_digest
        if pre is None or pre[0] != words:
            h = hashlib.blake2b(digest_size=12)
            h.update(("(" + ", ".join(map(repr, words))).encode())
            pre = self._pool_digest = (words, h)
        h = pre[1].copy()
        h.update(f", {internal[-1]!r})".encode())
        text = f"{internal[-1]}:{h.hexdigest()}:{self.count}"
        self._fp = (self.count, text)
        return text

    def clone(self) -> "Dice":
        other = Dice.__new__(Dice)
        # __new__ without __init__: setstate replaces the whole generator state, so seeding a
        # throw-away state first (from os.urandom, twice) is wasted
        other._rng = random.Random.__new__(random.Random)
        other._rng.setstate(self._rng.getstate())
        other.seed = self.seed
        other.count = self.count
        other._fp = self._fp
        other._pool_digest = self._pool_digest  # never updated in place, only copied
        return other


def hash_words(words: Sequence[int]) -> str:
    import hashlib
    return hashlib.blake2b(repr(tuple(words)).encode(), digest_size=12).hexdigest()


class ScriptedDice(Dice):
    """Dice that return the scripted faces in order; running out raises DiceExhausted."""

    def __init__(self, faces: Sequence[int], seed: int = 0):
        super().__init__(seed)
        self._script = list(faces)
        self._pos = 0

    def face(self, sides: int) -> int:
        if self._pos >= len(self._script):
            raise DiceExhausted(f"scripted dice ran out after {self._pos} faces (asked for a d{sides})")
        v = self._script[self._pos]
        if not 1 <= v <= sides:
            raise ValueError(f"scripted face {v} at position {self._pos} is not a face of a d{sides}")
        self._pos += 1
        self.count += 1
        return v

    @property
    def remaining(self) -> int:
        return len(self._script) - self._pos

    def state(self) -> list:
        return super().state() + [self._script, self._pos]

    def set_state(self, state: list) -> None:
        super().set_state(state[:5])
        self._script, self._pos = list(state[5]), state[6]

    def fingerprint(self) -> str:
        return f"scripted:{self._pos}:{hash_words(self._script)}"

    def clone(self) -> "ScriptedDice":
        other = ScriptedDice(self._script, self.seed)
        other._pos = self._pos
        other.count = self.count
        other._rng.setstate(self._rng.getstate())
        return other
