"""The combat log in a player's words — names, never ids or snake_case; moves as distance
and direction, never coordinates; results in sentences; no doubled names; correct possessives."""

from __future__ import annotations

import re

import pytest
from seeded_games import games

from game.rules.events import Event, Moved, Note, PlayerTurnStarted
from game.ui.log_words import compass, format_event, possessive, say

COORD = re.compile(r"\(\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*\)|\d+\.\d+\s*,\s*\d+\.\d+")
SNAKE = re.compile(r"\b[A-Za-z0-9]+_[A-Za-z0-9_]+\b")


def _event_classes() -> set[str]:
    seen, todo = set(), [Event]
    while todo:
        c = todo.pop()
        for s in c.__subclasses__():
            if s.__name__ not in seen:
                seen.add(s.__name__)
                todo.append(s)
    return seen


# one worker plays the shared seeded games once for every test that reads them (--dist loadgroup)
@pytest.mark.xdist_group("seeded_games")
def test_log_of_seeded_games_of_every_scenario_speaks_a_players_words():
    classes = _event_classes()
    bad = []
    for sid, m in games():
        st = m.state
        names = sorted({f.name for f in st.figures.values()} | {s.name for s in st.sides}, key=len, reverse=True)
        ids = {f.id for f in st.figures.values()} | {s.id for s in st.sides}
        # each pattern compiled once a game, not once a line (~6,000 lines, ~45 ids and names)
        id_words = [(i, re.compile(rf"(?<![\w-]){re.escape(i)}(?![\w-])")) for i in ids]
        doubled = [(n, re.compile(rf"\b{re.escape(n)} {re.escape(n)}\b")) for n in names]
        for ev in m.log:
            line = format_event(ev, st)
            bare = line
            for n in names:  # an id may be a word of a name ("Dr Mercer, surgeon"): look outside names
                bare = bare.replace(n, "#")
            faults = [f"id {i!r}" for i, word in id_words if word.search(bare)]
            faults += [f"snake_case {w!r}" for w in SNAKE.findall(bare)]
            faults += [f"class {c}" for c in classes if c in line]
            faults += [f"coordinates {c!r}" for c in COORD.findall(line)]
            for n, twice in doubled:
                if f"{n}, {n}" in line or twice.search(line):
                    faults.append(f"doubled {n!r}")
            if re.search(r"s's\b", line):
                faults.append("possessive s's")
            if faults:
                bad.append(f"{sid}: {line!r}: {', '.join(faults)}")
    assert not bad, "\n".join(bad[:30])


def test_moves_read_as_distance_and_direction():
    ev = Moved(rule="RNG-MOVE-1", figure="x", path=((19.62, 10.61), (19.62, 7.61)), cost=3.0)
    assert say(ev) == "x moves 3 in north"
    assert compass(1, 1) == "south-east" and compass(-1, 0) == "west"


def test_possessive_of_a_name_ending_in_s():
    assert possessive("Royalist raiders") == "Royalist raiders'"
    assert possessive("Captain Hale") == "Captain Hale's"


class _F:
    def __init__(self, fid, name, side):
        self.id, self.name, self.side, self.unit = fid, name, side, ""


class _S:
    def __init__(self, sid, name):
        self.id, self.name = sid, name


class _State:
    def __init__(self):
        self.figures = {"surgeon": _F("surgeon", "Dr Mercer, surgeon", "navy")}
        self.sides = [_S("raiders", "Royalist raiders")]


def test_a_name_holding_its_own_id_is_not_doubled():
    assert (
        say(Note(rule="RNG-ACT-1", message="Dr Mercer, surgeon holds", who="surgeon"), _State())
        == "Dr Mercer, surgeon holds"
    )
    assert say(PlayerTurnStarted(rule="GEN-TURN-1", side="raiders"), _State()) == "Royalist raiders' player-turn"


@pytest.mark.parametrize(
    "msg,want",
    [
        (
            "7 actions taken: the game turn ends ([HOUSE] actions_per_turn)",
            "7 actions taken: the game turn ends (house rule)",
        ),
        ("unit red_regiment holds", "unit red regiment holds"),
    ],
)
def test_notes_lose_house_tags_and_snake_case(msg, want):
    assert say(Note(rule="INI-SEQ-1", message=msg), None) == want
