"""The only source of randomness in a match (GEN-DICE-1).

``Dice(seed)`` wraps ``random.Random``; its whole state serialises to JSON (``state()``) and is
part of the match state and its hash. ``ScriptedDice`` replays given faces for tests and fails
loudly when it runs out.

Why the dice count the generator's words: the match hashes the dice after every decision and
copies them at every step, and reading a Mersenne Twister's state (``getstate``, 625 ints) costs
more than the rest of a decision's bookkeeping. Every draw here goes through ``getrandbits(k)``
with k <= 32, which takes exactly one 32-bit word of the generator, so the number of words drawn
since a saved state (an *anchor*) says exactly where the generator stands: its index moves by one
per word until the 624-word pool is used up. A copy is then just the anchor plus a word count
(the generator is rebuilt only if the copy ever rolls), and the fingerprint needs the full state
only once per pool.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from typing import Any

from .events import DiceRolled
from .implements import implements

#: Words in the Mersenne Twister's pool; its index runs 1..624 after each draw.
_POOL = 624
#: A copy rebuilds its generator by skipping the words drawn since the anchor; past this many the
#: original takes a fresh anchor first so that rebuilding stays cheap.
_MAX_SKIP = 2048
#: Largest die drawn with one word (getrandbits(k) for k <= 32 takes exactly one word).
_ONE_WORD = 1 << 32


class DiceExhausted(RuntimeError):
    """A ScriptedDice was asked for more faces than the test scripted."""


class Dice:
    """Seeded dice. Rules draw from it; nothing else in a match is random."""

    def __init__(self, seed: int = 0):
        self._gen: random.Random | None = random.Random(seed)
        """The generator; None in a copy that has not rolled yet (see ``_materialize``)."""
        self._bits: Callable[[int], int] | None = self._gen.getrandbits
        self.seed = seed
        self.count = 0
        self._words = 0
        """32-bit words drawn from the generator (only meaningful against ``_anchor``)."""
        self._anchor: tuple[int, tuple] | None = None
        """(``_words`` then, ``getstate()`` then); None when unknown (after set_state or an
        untracked draw)."""
        self._fp: tuple[int, str] | None = None
        self._pool_digest: tuple[tuple[int, ...], Any] | None = None  # (pool words, blake2b of their text)

    @property
    def _rng(self) -> random.Random:
        """The generator itself, rebuilt first in a copy that has not rolled yet."""
        if self._gen is None:
            self._materialize()
        gen = self._gen
        assert gen is not None, "_materialize() made it"
        return gen

    def _materialize(self):
        """Rebuild the generator of a lazy copy: the anchor's state, then skip the words since."""
        words, state = self._anchor
        gen = random.Random.__new__(random.Random)
        gen.setstate(state)
        skip = self._words - words
        if skip:
            gen.getrandbits(32 * skip)  # takes exactly ``skip`` words
        self._gen = gen
        self._bits = gen.getrandbits
        return self._bits

    def _take_anchor(self) -> tuple[int, tuple]:
        anchor = self._anchor = (self._words, self._rng.getstate())
        return anchor

    # -- raw draws -------------------------------------------------------------------------
    @implements("GEN-DICE-1")
    def face(self, sides: int) -> int:
        """One natural face of a die with ``sides`` faces."""
        # the same draws as random.Random.randrange(sides) (_randbelow_with_getrandbits), counted
        self.count += 1
        if self._bits is None:
            self._materialize()
        if type(sides) is not int or not 0 < sides < _ONE_WORD:
            self._anchor = None  # words not counted: the next fingerprint or copy reads the state
            return self._rng.randrange(sides) + 1
        return self._below(sides) + 1

    def _below(self, n: int) -> int:
        """random.Random._randbelow(n) for 0 < n < 2**32, counting the words drawn."""
        bits = self._bits
        if bits is None:
            bits = self._materialize()
        k = n.bit_length()
        r = bits(k)
        w = 1
        while r >= n:
            r = bits(k)
            w += 1
        self._words += w
        return r

    def faces(self, n: int, sides: int = 6) -> tuple[int, ...]:
        if type(sides) is int and 0 < sides < _ONE_WORD and type(self).face is Dice.face:
            # face(sides) n times in one loop (_below's rejection loop inlined): the same words in
            # the same order, counted
            self.count += n
            bits = self._bits
            if bits is None:
                bits = self._materialize()
            k = sides.bit_length()
            out = []
            words = 0
            for _ in range(n):
                r = bits(k)
                words += 1
                while r >= sides:
                    r = bits(k)
                    words += 1
                out.append(r + 1)
            self._words += words
            return tuple(out)
        return tuple([self.face(sides) for _ in range(n)])

    def d6(self) -> int:
        return self.face(6)

    def d20(self) -> int:
        return self.face(20)

    def shuffle(self, items: list) -> None:
        """Shuffle in place (cards, ESC-DECK-1)."""
        # random.Random.shuffle's own loop, drawing through _below so the words are counted
        self.count += 1
        if len(items) >= _ONE_WORD:
            self._anchor = None
            self._rng.shuffle(items)
            return
        below = self._below
        for i in reversed(range(1, len(items))):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def pick(self, items: Sequence):
        """One item chosen uniformly (e.g. a random figure, PYR-CARD-2)."""
        return items[self.face(len(items)) - 1]

    # -- tests as events ---------------------------------------------------------------------
    @implements("GEN-DICE-2")
    def roll(
        self,
        rule: str,
        *,
        who: str = "",
        purpose: str = "",
        n: int = 1,
        sides: int = 6,
        modifier: int = 0,
        target: int | None = None,
        roll_under: bool = False,
        natural_pass: set[int] | None = None,
        natural_fail: set[int] | None = None,
        parts: Sequence = (),
        target_parts: Sequence = (),
    ) -> DiceRolled:
        """Roll ``n`` dice and return the event; a test when ``target`` is given (GEN-DICE-2).

        ``natural_pass`` / ``natural_fail`` are faces (of a single die) that pass or fail whatever
        the modified total (e.g. RNG-HAND-1 natural 1 and 20). ``parts`` / ``target_parts``: the
        (amount, reason, rule) modifiers the rolling rule summed into ``modifier`` / ``target``,
        carried by the event for the log's "Why?" (they change no outcome).
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
        # positional (rule, who, purpose, die, faces, modifier, target, roll_under, success): a
        # dataclass __init__ called with keywords costs half as much again, and a round rolls often
        return DiceRolled(
            rule,
            who,
            purpose,
            sides,
            faces,
            modifier,
            target,
            roll_under,
            success,
            tuple(sorted(natural_pass)) if natural_pass else (),
            tuple(sorted(natural_fail)) if natural_fail else (),
            tuple(parts) if parts else (),
            tuple(target_parts) if target_parts else (),
        )

    @implements("GEN-DICE-3")
    def roll_off(
        self, rule: str, who: Sequence[str], sides: int = 6, bonus: dict[str, int] | None = None
    ) -> tuple[str, list[DiceRolled]]:
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
        self._anchor = None
        self._fp = None

    def fingerprint(self) -> str:
        """Short stand-in for the state in hashes: the next draws are a function of it."""
        # The match hashes after every decision, mostly with no die thrown since the last time:
        # every draw counts in ``count`` and set_state forgets the memo, so (count, text) is exact.
        fp = self._fp
        if fp is not None and fp[0] == self.count:
            return fp[1]
        # the generator's index is the anchor's plus the words drawn since, while the pool lasts
        anchor = self._anchor
        if anchor is not None:
            internal = anchor[1][1]
            index = internal[-1] + self._words - anchor[0]
            if index > _POOL:
                anchor = None
        if anchor is None:
            internal = self._take_anchor()[1][1]
            index = internal[-1]
        # index plus a digest of the pool keeps hashing cheap and exact; the pool's 624 words change
        # only every 624 draws, so the digest of their text is kept and only the index is fed to a
        # copy of it (the same bytes as hash_words(internal) for the current state)
        pre = self._pool_digest
        if pre is None or (pre[0] is not internal and pre[0][:-1] != internal[:-1]):
            h = hashlib.blake2b(digest_size=12)
            h.update(("(" + ", ".join(map(repr, internal[:-1]))).encode())
            pre = self._pool_digest = (internal, h)
        h = pre[1].copy()
        h.update(f", {index!r})".encode())
        text = f"{index}:{h.hexdigest()}:{self.count}"
        self._fp = (self.count, text)
        return text

    def clone(self) -> Dice:
        """An independent copy; it rebuilds its generator only when it first rolls."""
        anchor = self._anchor
        if anchor is None or self._words - anchor[0] > _MAX_SKIP:
            anchor = self._take_anchor()
        other = Dice.__new__(Dice)
        other._gen = None
        other._bits = None
        other.seed = self.seed
        other.count = self.count
        other._words = self._words
        other._anchor = anchor  # a state tuple, never changed in place
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

    def clone(self) -> ScriptedDice:
        other = ScriptedDice(self._script, self.seed)
        other._pos = self._pos
        other.count = self.count
        other._rng.setstate(self._rng.getstate())
        return other


class LessonDice(Dice):
    """Seeded dice with a few rolls set in advance, for a lesson scenario (its ``lesson_rolls``):
    each ``(rule, who, faces)`` answers the first roll of that rule by that roller (a side or a
    figure id) with the given faces (the first n of them), once; every other roll is the seeded
    dice's own. Which scripted rolls are spent is part of the state (fingerprint, copies)."""

    def __init__(self, seed: int = 0, script: Sequence[tuple[str, str, Sequence[int]]] = ()):
        super().__init__(seed)
        self.script = tuple((str(r), str(w), tuple(int(f) for f in faces)) for r, w, faces in script)
        self.spent = [False] * len(self.script)
        self._next: tuple[int, ...] | None = None

    def roll(self, rule: str, *, who: str = "", n: int = 1, sides: int = 6, **kw) -> DiceRolled:
        for i, (r, w, faces) in enumerate(self.script):
            if not self.spent[i] and r == rule and w == who and len(faces) >= n and all(f <= sides for f in faces):
                self.spent[i] = True
                self._next = faces[:n]
                break
        return super().roll(rule, who=who, n=n, sides=sides, **kw)

    def faces(self, n: int, sides: int = 6) -> tuple[int, ...]:
        if self._next is not None:
            out, self._next = self._next, None
            self.count += n
            return out
        return super().faces(n, sides)

    def fingerprint(self) -> str:
        return super().fingerprint() + ":" + "".join("1" if s else "0" for s in self.spent)

    def state(self) -> list:
        return super().state() + [list(self.spent)]

    def set_state(self, state: list) -> None:
        super().set_state(state[:5])
        self.spent = [bool(s) for s in state[5]]

    def clone(self) -> LessonDice:
        base = Dice.clone(self)
        other = LessonDice.__new__(LessonDice)
        other.__dict__.update(base.__dict__)
        other.script = self.script
        other.spent = list(self.spent)
        other._next = None
        return other
