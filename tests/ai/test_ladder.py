"""tools/ai_ladder.py (issue 23 item 1): the table's shape on a short run, and the Wilson arithmetic."""

from __future__ import annotations

import importlib.util
import json

import pytest

from .conftest import ROOT, TINY


def _ladder():
    spec = importlib.util.spec_from_file_location("ai_ladder", ROOT / "tools" / "ai_ladder.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_wilson_interval_matches_hand_computed_cases():
    L = _ladder()
    # 7 of 10: p = .7, z² = 3.8415, centre = (.7 + .19207) / 1.38415, half = 1.96·√(.021 + .0096) / 1.38415
    lo, hi = L.wilson(7, 10)
    assert lo == pytest.approx(0.3968, abs=1e-4) and hi == pytest.approx(0.8922, abs=1e-4)
    lo, hi = L.wilson(0, 2)
    assert lo == 0.0 and hi == pytest.approx(0.6576, abs=1e-4)
    lo, hi = L.wilson(100, 100)
    assert hi == 1.0 and lo == pytest.approx(0.9630, abs=1e-4)


def test_sides_swap_every_other_game():
    L = _ladder()
    jobs = L.jobs_for(["x"], [("hard", "normal")], 4, seed=10)
    assert [j[4] for j in jobs] == [("hard", "normal"), ("normal", "hard")] * 2
    assert [j[3] for j in jobs] == [10, 11, 12, 13]


def test_ladder_two_games_of_tiny_table_shape(tmp_path, capsys):
    L = _ladder()
    out = tmp_path / "ladder.json"
    assert L.main(["--games", "2", "--scenarios", str(TINY), "--json", str(out), "--quiet"]) == 0
    table = capsys.readouterr().out.strip().splitlines()
    assert table[0].startswith("| scenario | pairing | games | wins | losses | draws | win % | Wilson 95 %")
    assert len(table) == 2 + len(L.PAIRINGS)
    rows = json.loads(out.read_text())
    assert [r["pairing"] for r in rows] == ["hard–normal", "normal–easy", "easy–random"]
    for r, line in zip(rows, table[2:]):
        assert r["errors"] == 0 and r["games"] == 2 and r["wins"] + r["losses"] + r["draws"] == 2
        assert (r["wilson_low"], r["wilson_high"]) == pytest.approx(L.wilson(r["wins"], 2))
        assert r["meets"] == (r["win_rate"] >= 0.7 and r["draw_rate"] <= 0.15)
        assert line.startswith(f"| tiny | {r['pairing']} | 2 | {r['wins']} | {r['losses']} | {r['draws']} |")


def test_ladder_pairings_option_plays_only_those(tmp_path, capsys):
    L = _ladder()
    out = tmp_path / "ladder.json"
    argv = ["--games", "1", "--scenarios", str(TINY), "--pairings", "easy-random", "--json", str(out), "--quiet"]
    assert L.main(argv) == 0
    assert [r["pairing"] for r in json.loads(out.read_text())] == ["easy–random"]
    capsys.readouterr()
    assert L.main(["--games", "1", "--scenarios", str(TINY), "--pairings", "easy", "--quiet"]) == 2
    assert "strong-weak" in capsys.readouterr().err


def test_ladder_resumes_from_its_out_file_and_runs_on_any_executor(tmp_path, capsys):
    L = _ladder()
    lines = tmp_path / "games.jsonl"
    seen: list = []
    rows = L.run_ladder([str(TINY)], 2, 1, 5, [("easy", "random")], seen.append, ("local", None), lines)
    assert len(seen) == 2 and len(lines.read_text().splitlines()) == 2
    # run again on the same file: nothing is played, the rows are the same
    again: list = []
    assert L.run_ladder([str(TINY)], 2, 1, 5, [("easy", "random")], again.append, ("local", None), lines) == rows
    assert again == []
    # one more game: only the missing seed is played, in a worker process
    more: list = []
    rows3 = L.run_ladder([str(TINY)], 3, 2, 5, [("easy", "random")], more.append, ("processes", None), lines)
    assert [r["seed"] for r in more] == [7] and rows3[0]["games"] == 3
    assert sum(rows3[0]["side_wins"].values()) + rows3[0]["draws"] == 3
    assert L.main(["--games", "1", "--scenarios", str(TINY), "--executor", "threads", "--quiet"]) == 2
    assert "executor" in capsys.readouterr().err
