"""The option list, the Auto button and the click menu speak a player's words — names,
never ids or snake_case; a spot as distance and direction, never coordinates; a tap as what it does."""

from __future__ import annotations

import re
import types

import pytest
from seeded_games import games, option_labels

from game.rules.decisions import Decision, Item
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
    return types.SimpleNamespace(figures=figs, sides=(), phase="", preset="close-combat-d6")


def test_a_tap_reads_as_a_strike_and_a_spot_as_distance_and_direction():
    st = _state()
    tap = Decision("tap", figure="cook", items=(Item("jack", "w", ("sneaky",)),))
    assert option_words(tap, st) == "Wound One-Eyed Jack as a Sneaky Attack, by Cookie"
    react = Decision("react", figure="cook", x=10.0, y=7.0, option="b")
    assert option_words(react, st) == "React Cookie 3 in north"
    assert option_words(Decision("choose", option="reroll", number=0), st) == "Reroll die 1"


def test_typed_options_read_as_their_old_string_forms_did():
    """An option's argument is ``number`` / ``label`` and a tap's items are ``Item``
    records; the words are those the old "dir:90" / "cross:…" / "kd+mg" strings gave."""
    st = _state()
    cases = [
        (Decision("choose", option="dir", number=90), "Break away south"),
        (Decision("choose", option="dv", number=2), "Put 2 defence against this attacker"),
        (Decision("choose", option="ap", number=1), "Ap: 1"),
        (Decision("choose", option="bonus", number=2), "Bonus: 2"),
        (Decision("choose", option="break_off", label="B3"), "Break off: b3"),
        (Decision("choose", option="reroll", number=2), "Reroll die 3"),
        (
            Decision("seize", figure="cook", option="order", label="get_langlade"),
            "Seize the initiative: Cookie orders: get langlade",
        ),
        (
            Decision("move", figure="cook", x=12.0, y=10.0, option="climb", label="main_hatch_45"),
            "Move Cookie 2 in east by the main hatch",
        ),
        (
            Decision("move", figure="cook", x=10.0, y=12.0, option="cross", label="quarterdeck_break_42"),
            "Move Cookie 2 in south over the quarterdeck break",
        ),
        (
            Decision("engage", option="cook", figure="cook", target="jack", label="cook>jack:left:0.5"),
            "Engage Cookie → One-Eyed Jack Cookie (left flank)",
        ),
        (Decision("place", figure="cook", label="cook>jack:front:0"), "Place Cookie (front)"),
        (Decision("move", option="cook", x=0.0, y=3.0, label="advance"), "Move Cookie advance"),
        (Decision("reorganise", option="cook", label="re-form line"), "Reorganise Cookie: re-form line"),
        (
            Decision("tap", figure="cook", items=(Item("jack", "kd", ("mg",)),)),
            "Knock down One-Eyed Jack with the main gauche, by Cookie",
        ),
        (Decision("react", items=(Item("cook", "engage"),)), "React Cookie → engage"),
    ]
    assert [option_words(d, st) for d, _ in cases] == [text for _, text in cases]
