"""Issue 18: the option list, the Auto button and the click menu speak a player's words — names,
never ids or snake_case; a spot as distance and direction, never coordinates; a tap as what it does."""

from __future__ import annotations

import re
import types

import pytest
from seeded_games import games, option_labels

from game.rules.decisions import Decision
from game.ui.option_words import option_words

COORD = re.compile(r"\(\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*\)")
SNAKE = re.compile(r"\b[A-Za-z0-9]+_[A-Za-z0-9_]+\b")
CODES = re.compile(r":\s*(kd|w|disarm)\b|\+(mg|sneaky)\b|\bkey:|\b(dir|dv|reroll):\d")


# one worker plays the shared seeded games once for every test that reads them (--dist loadgroup)
@pytest.mark.xdist_group("seeded_games")
def test_option_labels_of_seeded_games_of_every_scenario_speak_a_players_words():
    ids, names = set(), set()
    for _, m in games():
        ids |= {f.id for f in m.state.figures.values() if not re.fullmatch(r"[A-Z]\d{1,2}", f.id)}
        names |= {f.name for f in m.state.figures.values()} | {s.name for s in m.state.sides}
    by_len = sorted(names, key=len, reverse=True)
    bad = []
    for text, sid in option_labels().items():
        bare = text
        for n in by_len:  # an id may be a word of a name ("Dr Mercer, surgeon"): look outside names
            bare = bare.replace(n, "#")
        faults = [f"id {i!r}" for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", bare)]
        faults += [f"snake_case {w!r}" for w in SNAKE.findall(bare)]
        faults += [f"coordinates {c!r}" for c in COORD.findall(text)]
        faults += [f"code {c.group(0)!r}" for c in CODES.finditer(bare)]
        if faults:
            bad.append(f"{sid}: {text!r}: {', '.join(faults)}")
    assert not bad, "\n".join(bad[:30])


def _state():
    figs = {
        "cook": types.SimpleNamespace(id="cook", name="Cookie", x=10.0, y=10.0, unit=""),
        "jack": types.SimpleNamespace(id="jack", name="One-Eyed Jack", x=11.0, y=10.0, unit=""),
    }
    return types.SimpleNamespace(figures=figs, sides=(), phase="")


def test_a_tap_reads_as_a_strike_and_a_spot_as_distance_and_direction():
    st = _state()
    tap = Decision("tap", figure="cook", items=(("jack", "w+sneaky"),))
    assert option_words(tap, st) == "Wound One-Eyed Jack as a Sneaky Attack, by Cookie"
    react = Decision("react", figure="cook", x=10.0, y=7.0, option="b")
    assert option_words(react, st) == "React Cookie 3 in north"
    assert option_words(Decision("choose", option="reroll:0"), st) == "Reroll die 1"
