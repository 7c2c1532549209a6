"""`simulate`: the JSON summary, records identical whatever --jobs, bad arguments exit 2, the plot."""

from __future__ import annotations

import json

import pytest

from game.cli import main

from .conftest import TINY


def test_json_summary_has_the_promised_keys(capsys):
    assert (
        main(["simulate", str(TINY), "--games", "4", "--seed", "3", "--ai", "normal,random", "--jobs", "1", "--json"])
        == 0
    )
    s = json.loads(capsys.readouterr().out)
    for k in ("games", "draws", "wins_by_side", "wins_by_ai", "decision_ms", "game_s", "rules_fired"):
        assert k in s, k
    assert s["games"] == 4
    assert set(s["wins_by_ai"]) == {"normal", "random"}
    assert s["draws"] + sum(s["wins_by_side"].values()) == 4
    assert sum(s["wins_by_ai"].values()) == sum(s["wins_by_side"].values())
    assert {"median", "p99"} <= set(s["decision_ms"]) and "median" in s["game_s"]
    assert s["rules_fired"] and all(isinstance(v, int) for v in s["rules_fired"].values())


def test_records_are_identical_whatever_the_jobs(tmp_path, capsys):
    a, b = tmp_path / "one", tmp_path / "two"
    args = ["simulate", str(TINY), "--games", "4", "--seed", "40", "--ai", "hard,easy", "--json"]
    assert main(args + ["--jobs", "1", "--record-dir", str(a)]) == 0
    assert main(args + ["--jobs", "2", "--record-dir", str(b)]) == 0
    capsys.readouterr()
    names = sorted(p.name for p in a.iterdir())
    assert names == [f"seed_{s:06d}.json" for s in range(40, 44)]
    assert names == sorted(p.name for p in b.iterdir())
    for n in names:
        assert (a / n).read_bytes() == (b / n).read_bytes(), n


def test_records_replay(tmp_path, capsys):
    from game.match import load_record, replay

    assert (
        main(
            [
                "simulate",
                str(TINY),
                "--games",
                "1",
                "--seed",
                "8",
                "--ai",
                "normal",
                "--jobs",
                "1",
                "--record-dir",
                str(tmp_path),
            ]
        )
        == 0
    )
    capsys.readouterr()
    rec = load_record(tmp_path / "seed_000008.json")
    assert rec.meta["ai"] and replay(rec, [TINY.parent], verify=True).ok


@pytest.mark.parametrize(
    "bad", [["--games", "0"], ["--ai", "genius"], ["--ai", "a,b,c"], ["--jobs", "0"], ["--seed", "-1"]]
)
def test_bad_arguments_exit_2_with_one_line(bad, capsys):
    assert main(["simulate", str(TINY), *bad]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_unknown_scenario_exits_2(capsys):
    assert main(["simulate", "no_such_scenario_here"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_plot_writes_a_png(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    out = tmp_path / "wins.png"
    assert main(["simulate", str(TINY), "--games", "3", "--ai", "easy,random", "--jobs", "1", "--plot", str(out)]) == 0
    capsys.readouterr()
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_wilson_interval():
    from game.ai.plot import wilson

    p, lo, hi = wilson(95, 100)
    assert p == 0.95 and 0.88 < lo < 0.89 and 0.97 < hi < 0.99
    assert wilson(0, 0) == (0.0, 0.0, 1.0)


def test_progress_is_silent_off_a_terminal(capsys):
    import io

    from game.ai.progress import Progress

    buf = io.StringIO()
    p = Progress(3, stream=buf)
    p.step("x")
    p.close()
    assert buf.getvalue() == ""


def test_ai_seeds_come_from_the_game_seed_only():
    from game.ai.simulate import ai_seed, levels_for

    assert ai_seed(42, 0) == ai_seed(42, 0) != ai_seed(42, 1) != ai_seed(43, 1)
    assert levels_for(0, ("hard", "easy")) == ("hard", "easy")
    assert levels_for(1, ("hard", "easy")) == ("easy", "hard")


def test_jobs_default_to_the_cores_we_may_use(capsys):
    from game.ai.simulate import cores

    assert main(["simulate", str(TINY), "--games", "1", "--seed", "2", "--ai", "random", "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["jobs"] == cores() >= 1


def test_two_levels_swap_sides_every_other_game():
    from game.ai.simulate import run_games

    res = run_games(str(TINY), None, 60, 4, ("easy", "random"), 1)
    firsts = [r["levels"] for r in res]
    sides = list(firsts[0])
    assert [f[sides[0]] for f in firsts] == ["easy", "random", "easy", "random"]
    assert [f[sides[1]] for f in firsts] == ["random", "easy", "random", "easy"]
