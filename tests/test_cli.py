"""The command line: one line on stderr and exit 2 for any error; replay --verify exit codes."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parents[1]


def run(*args, env=None):
    e = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    e.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "game", *args], capture_output=True, text=True, env=e, cwd=ROOT, timeout=120
    )


def test_unknown_option_is_one_line_exit_2():
    r = run("odds", "pyrates", "--mq", "x")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_bad_usage_is_one_line_exit_2(capsys):
    assert main(["replay"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1


def test_replay_refuses_bad_file_with_exit_2(tmp_path):
    bad = ROOT / "tests" / "data" / "bad_saves" / "pickle_reduce.pkl"
    r = run("replay", str(bad), "--verify")
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and str(bad) in r.stderr and "Traceback" not in r.stderr


def test_replay_verify_exit_0_then_1_on_tampering(tmp_path):
    from game.ai import RandomController
    from game.match import Match, save
    from game.scenario import load_scenario

    # a record of a real scenario in maps/ is needed for the CLI to find it
    scen = next((p for p in sorted((ROOT / "maps").glob("*.toml"))), None)
    if scen is None:
        pytest.skip("no scenario in maps/ yet")
    s = load_scenario(scen)
    m = Match(s, seed=4)
    ctrl = {x.id: RandomController(i) for i, x in enumerate(s.sides)}
    for _ in range(30):
        if m.over:
            break
        m.apply(ctrl[m.pending.side].decide(m))
    path = tmp_path / "r.json"
    save(m, path)
    ok = run("replay", str(path), "--verify")
    assert ok.returncode == 0, ok.stderr
    data = json.loads(path.read_text())
    data["hashes"][3] = "0" * 64
    path.write_text(json.dumps(data))
    bad = run("replay", str(path), "--verify")
    assert bad.returncode == 1 and "decision 3" in bad.stdout


def test_scenarios_json_lists_id_title_preset_map():
    r = run("scenarios", "--json")
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)
    for row in rows:
        assert {"id", "title", "preset", "map"} <= set(row)


def test_simulate_says_it_is_not_built_yet_or_runs():
    r = run("simulate", "boarding_action", "--games", "1")
    assert r.returncode in (0, 2)
    if r.returncode == 2:
        assert "not built yet" in r.stderr and len(r.stderr.strip().splitlines()) == 1
