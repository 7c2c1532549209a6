"""Counted nouns and verbs that agree with a side's name (game/rules/counting.py)."""

from __future__ import annotations

import glob
import os
import tomllib

from game.rules.counting import agreeing, counted, is_plural

MAPS = os.path.join(os.path.dirname(__file__), "..", "..", "maps")

#: every shipped side's name, as a reader takes it: one company or many people
SHIPPED = {
    "Crew of the Sea Wolf": False,
    "Crew of the Prosperity": False,
    "Boats of HMS Swift": True,
    "Crew of the Santa Rosa": False,
    "Crew of HMS Thetis": False,
    "Flint's boarders": True,
    "Royalist raiders": True,
    "Villagers of Beaulieu": True,
    "Boarders from HMS Thetis": True,
    "Crew of the Revenge": False,
    "Rogers' Rangers": True,
    "Compagnies franches de la Marine": True,
    "Calico Jack's crew": False,
    "HMS Albion's press gang": False,
    "Red regiment": False,
    "Blue regiment": False,
}


def test_every_shipped_side_name_takes_the_verb_a_reader_expects():
    names = set()
    for path in glob.glob(os.path.join(MAPS, "*.toml")):
        with open(path, "rb") as fh:
            names |= {s["name"] for s in tomllib.load(fh).get("sides", [])}
    assert names <= set(SHIPPED), f"a new side name: say how it reads in SHIPPED: {sorted(names - set(SHIPPED))}"
    assert {n: is_plural(n) for n in names} == {n: SHIPPED[n] for n in names}


def test_agreeing_picks_the_verb_and_counted_the_noun():
    assert agreeing("Royalist raiders", "breaks off", "break off") == "Royalist raiders break off"
    assert agreeing("Crew of HMS Thetis", "breaks off", "break off") == "Crew of HMS Thetis breaks off"
    assert agreeing("Thetis", "passes", "pass") == "Thetis passes"
    assert counted(1, "turn") == "1 turn" and counted(2, "turn") == "2 turns"
    assert counted(3, "inch", "inches") == "3 inches"
