"""`boarders whatif`: the table from a save, the same games on every executor for one seed, and one
line with exit 2 for a moment that cannot be asked about."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parents[2]
PIKE = ROOT / "tests" / "data" / "records" / "pike_and_shot_seed13.json"
SAVE = ROOT / "tests" / "data" / "saves" / "boarding_action_midgame.json"


def _games(capsys, *args):
    assert main(["whatif", str(PIKE), "--at", "18", "--games", "4", "--seed", "9", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_whatif_json_lists_each_games_seed_and_the_same_games_on_processes(capsys):
    here = _games(capsys, "--executor", "local")
    there = _games(capsys, "--executor", "processes", "--jobs", "2")
    assert here["continuations"] == there["continuations"] and len(here["continuations"]) == 4
    assert sum(w["games"] for w in here["wins"]) == 4
    assert all(0 <= w["low"] <= w["rate"] <= w["high"] <= 1 for w in here["wins"])
    assert sorted({c["seed"] for c in here["continuations"]}) == sorted(c["seed"] for c in here["continuations"])


def test_whatif_plays_the_same_games_on_a_dask_cluster(capsys):
    pytest.importorskip("dask.distributed")
    here = _games(capsys, "--executor", "local")
    assert _games(capsys, "--executor", "dask", "--jobs", "2")["continuations"] == here["continuations"]


def test_whatif_text_names_sides_and_figures_not_ids(capsys):
    assert main(["whatif", str(PIKE), "--at", "18", "--games", "2", "--seed", "3", "--executor", "local"]) == 0
    out = capsys.readouterr().out
    assert "Red regiment" in out and "seed 3" in out and "_" not in out


@pytest.mark.parametrize("args", [["--at", "26"], ["--at", "999"], ["--side", "nobody"], ["--games", "0"]])
def test_whatif_refuses_a_moment_it_cannot_ask_about_in_one_line(capsys, args):
    assert main(["whatif", str(PIKE), "--executor", "local", *args]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.slow
def test_whatif_forty_normal_games_from_the_boarding_save_on_processes(capsys):
    assert main(["whatif", str(SAVE), "--games", "40", "--seed", "41", "--executor", "processes", "--json"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert table["games"] == 40 and not table["errors"]
