"""simulate on any executor: the same seeds give the same games and records in-process and on a
two-worker Dask LocalCluster, written by the process that started the run; --out gets one JSON line
per game, --resume skips what is there; the streamed summary stays the same size whatever the
number of games; bad --executor exits 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main

from .conftest import TINY


def _games(executor, tmp_path, name, games=4):
    out = tmp_path / f"{name}.jsonl"
    from game.ai.simulate import stream_games

    got = []
    stream_games(str(TINY), None, 70, games, ("random", "easy"), 2, None, got.append, executor)
    out.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in got))
    return {r["seed"]: (r["hash"], r["winner"], r["turns"], r["decisions"]) for r in got}


def _simulate_records(executor: str, record_dir: str) -> dict[str, bytes]:
    args = ["simulate", str(TINY), "--games", "4", "--seed", "70", "--ai", "random,easy", "--json"]
    assert main(args + ["--executor", executor, "--record-dir", record_dir]) == 0
    return {p.name: p.read_bytes() for p in sorted(Path(record_dir).glob("*.json"))}


def test_a_dask_run_writes_every_record_where_it_was_started(tmp_path, monkeypatch, capsys):
    """Two worker processes started from another folder: a relative --record-dir names a folder of
    the process that started the run, which writes the records the games send back, byte for byte
    those of the in-process run."""
    pytest.importorskip("dask.distributed")
    from dask.distributed import LocalCluster

    elsewhere, here = tmp_path / "cluster", tmp_path / "here"
    elsewhere.mkdir()
    here.mkdir()
    monkeypatch.chdir(elsewhere)
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=40
    ) as cluster:
        monkeypatch.chdir(here)
        there = _simulate_records(f"dask={cluster.scheduler_address}", "records")
    local = _simulate_records("local", str(tmp_path / "local"))
    capsys.readouterr()
    assert sorted(there) == [f"seed_{s:06d}.json" for s in range(70, 74)]
    assert there == local
    assert not (elsewhere / "records").exists()


def test_same_seeds_same_games_in_a_process_pool(tmp_path):
    assert _games(("local", None), tmp_path, "a") == _games(("processes", None), tmp_path, "b")


def test_out_has_one_line_per_game_and_resume_skips_them(tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    args = [
        "simulate",
        str(TINY),
        "--games",
        "4",
        "--seed",
        "11",
        "--ai",
        "random",
        "--executor",
        "local",
        "--json",
        "--out",
        str(out),
    ]
    assert main(args) == 0
    full = json.loads(capsys.readouterr().out)
    lines = out.read_text().splitlines()
    assert [json.loads(x)["seed"] for x in lines] == [11, 12, 13, 14]
    # killed after two games, half-way through writing the third line
    out.write_text("\n".join(lines[:2]) + "\n" + lines[2][:25])
    assert main(args) == 2  # an existing file without --resume is refused
    capsys.readouterr()
    assert main(args + ["--resume"]) == 0
    again = json.loads(capsys.readouterr().out)
    got = [json.loads(x) for x in out.read_text().splitlines() if x.endswith("}")]
    assert sorted(r["seed"] for r in got) == [11, 12, 13, 14]
    assert {r["seed"]: r["hash"] for r in got} == {json.loads(x)["seed"]: json.loads(x)["hash"] for x in lines}
    assert again["resumed"] == 2 and again["games"] == 4
    for k in ("wins_by_side", "draws", "turns", "rules_fired", "end_reasons"):
        assert again[k] == full[k], k


def test_streamed_summary_does_not_grow_with_games():
    from game.ai.batch import Summary, histogram

    acc = Summary(("random", "easy"))

    def game(i):
        return {
            "seed": i,
            "winner": "red" if i % 3 else None,
            "levels": {"red": "random", "blue": "easy"},
            "turns": 3 + i % 4,
            "decisions": 40 + i % 9,
            "game_s": 0.01 * (1 + i % 5),
            "rules": {"GEN-TURN-1": 2},
            "reason": "turn limit",
            "ms_hist": {"random": histogram([0.01 * (1 + i % 7)] * 20)},
            "ms_max": {"random": 0.07},
        }

    for i in range(100):
        acc.add(game(i))
    small = len(json.dumps(acc.result()))
    for i in range(100, 5000):
        acc.add(game(i))
    res = acc.result()
    assert res["games"] == 5000 and len(json.dumps(res)) <= small + 20
    assert 0.04 <= res["decision_ms"]["median"] <= 0.05


@pytest.mark.parametrize("bad", ["threads", "processes=x", "dask=", "local=1"])
def test_bad_executor_exits_2_with_one_line(bad, capsys):
    assert main(["simulate", str(TINY), "--games", "1", "--executor", bad]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_progress_shows_rate_and_eta():
    import io

    from game.ai.progress import Progress

    p = Progress(10, stream=io.StringIO(), start=4)
    p.done = 6
    line = p.line()
    assert "6/10 games" in line and "/s" in line and "eta" in line
