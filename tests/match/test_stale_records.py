"""A record made before a rules fix changed its game is refused, naming the first decision whose
state no longer matches; it is never replayed into a different game.

tests/data/stale_records/ holds such records, each named for the ruling that changed it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.match import SaveError, load_match, load_record, replay

ROOT = Path(__file__).resolve().parents[2]
STALE = ROOT / "tests" / "data" / "stale_records"


def test_INI_SEIZE_2_a_record_made_with_straight_line_contact_points_is_refused_at_the_reaction_it_changed():
    # regular_1's engaging reaction found no contact point along straight legs and stayed; the path
    # search finds one, so from decision 138 on the game is another
    path = STALE / "forest_initiative_seed2_straight_line.json"
    rec = load_record(path)
    res = replay(rec)
    assert not res.ok and res.mismatch == 138 and "state hash differs" in res.reason
    assert replay(rec, upto=138).ok  # everything before it replays with its hashes
    with pytest.raises(SaveError, match=r"decisions\[138\]: decision 138 \(react regular_1:engage\)"):
        load_match(rec)
    r = subprocess.run(
        [sys.executable, "-m", "game", "replay", str(path), "--verify"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert r.returncode == 1 and "mismatch at decision 138" in r.stdout + r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize(
    ("name", "last"),
    [
        ("farm_skirmish_seed5_verdict_words", 80),
        ("fire_in_the_hold_seed5_verdict_words", 243),
        ("farm_skirmish_seed4_v2_verdict_words", 120),
        ("forest_initiative_seed2_verdict_words", 218),
        ("forest_initiative_seed5_verdict_words", 65),
    ],
)
def test_GEN_TURN_1_a_record_ending_on_the_old_verdict_words_is_refused_at_its_last_decision(name, last):
    # the verdict ("held the farmhouse for 2 turns", once "held farmhouse for 2 turn(s)"; "Rogers'
    # Rangers are routed", once "is routed") is part of the state the hashes cover: a game that ended
    # on the old words no longer matches at its end
    rec = load_record(STALE / f"{name}.json")
    res = replay(rec)
    assert not res.ok and res.mismatch == last and "state hash differs" in res.reason
    assert replay(rec, upto=last).ok
    with pytest.raises(SaveError, match=rf"decisions\[{last}\]: decision {last} "):
        load_match(rec)
