"""check-scenario, `scenarios` with a bad file among good ones, and the scenario content hash a
record keeps."""

import json
import os
import shutil
from pathlib import Path

from game.cli import main

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "scenarios"
BAD = ROOT / "tests" / "data" / "bad_scenarios"


def test_check_scenario_clean_exit_0(capsys):
    assert main(["check-scenario", str(ROOT / "maps" / "boarding_action.toml"), str(DATA / "tiny.toml")]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 2 and "boarding_action (pyrates)" in out[0]


def test_check_scenario_one_line_per_problem_exit_2(capsys, tmp_path):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    files = [BAD / "turn_limit_huge.toml", BAD / "map_missing.toml", Path("/dev/zero"), fifo, tmp_path]
    assert main(["check-scenario", str(DATA / "tiny.toml"), *map(str, files)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == len(files)
    for f, line in zip(files, err):
        assert line.startswith(f"{f}: ") and len(line) <= 300, line
    assert "not a regular file" in err[2] and "not a regular file" in err[3] and "folder" in err[4]


def test_check_scenario_reports_deployment_faults_with_the_file(capsys, tmp_path):
    p = tmp_path / "overlap.toml"
    p.write_text((DATA / "tiny.toml").read_text().replace("x = 21.0", "x = 3.0", 1))
    problems = __import__("game.match.scenario_check", fromlist=["x"]).check_scenario(p)
    assert problems and all(line.startswith(f"{p}: ") for line in problems), problems


def test_scenarios_lists_the_good_and_names_each_bad(monkeypatch, tmp_path, capsys):
    import game.scenario.registry as reg

    folder = tmp_path / "maps"
    folder.mkdir()
    shutil.copy(DATA / "tiny.toml", folder / "tiny.toml")
    shutil.copy(DATA / "esc_open.toml", folder / "esc_open.toml")
    (folder / "aaa_broken.toml").write_text('title = "x"\npreset = 3\n')
    (folder / "zzz_binary.toml").write_bytes(bytes(range(256)))
    monkeypatch.setattr(reg, "MAPS_DIR", folder)
    assert main(["scenarios", "--json"]) == 0
    cap = capsys.readouterr()
    assert {r["id"] for r in json.loads(cap.out)} == {"tiny", "esc_open"}
    err = cap.err.strip().splitlines()
    assert len(err) == 2 and "aaa_broken.toml: scenario.preset" in err[0] and "zzz_binary.toml" in err[1]
    # find_scenario by id still finds a good one past the bad files
    from game.scenario import find_scenario

    assert find_scenario("esc_open").id == "esc_open"


# -- the content hash ----------------------------------------------------------------------------
def _played(scen_path, n=8):
    from game.ai import make_controller
    from game.match import Match, record_of
    from game.scenario import load_scenario

    scen = load_scenario(scen_path)
    m = Match(scen, seed=2)
    ctrl = make_controller("random", 5)
    while len(m.decisions) < n and not m.over:
        m.apply(ctrl.decide(m))
    return record_of(m)


def test_record_keeps_the_scenario_id_and_content_hash(tmp_path):
    from game.match import load_record, save

    rec = _played(DATA / "tiny.toml")
    assert rec.scenario == "tiny" and len(rec.scenario_hash) == 64
    save(rec, tmp_path / "r.json")
    assert load_record(tmp_path / "r.json").scenario_hash == rec.scenario_hash


def test_replay_against_a_changed_scenario_says_so_in_one_line(tmp_path, capsys):
    from game.match import save

    folder = tmp_path / "pack"
    folder.mkdir()
    src = folder / "tiny.toml"
    shutil.copy(DATA / "tiny.toml", src)
    rec = _played(src)
    save(rec, tmp_path / "r.json")
    assert main(["replay", str(tmp_path / "r.json"), "--verify", "--scenario", str(src)]) == 0
    src.write_text(src.read_text().replace("turn_limit = 4", "turn_limit = 5"))
    assert main(["replay", str(tmp_path / "r.json"), "--verify", "--scenario", str(src)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "has changed" in err[0] and str(tmp_path / "r.json") in err[0]


def test_record_of_a_scenario_outside_maps_replays_by_giving_the_file(tmp_path, capsys):
    from game.match import save

    src = tmp_path / "my_skirmish.toml"
    src.write_text((DATA / "tiny.toml").read_text().replace('id = "tiny"', 'id = "my_skirmish"'))
    rec = _played(src)
    save(rec, tmp_path / "r.json")
    assert main(["replay", str(tmp_path / "r.json"), "--verify"]) == 2  # not in maps/: refused, named
    assert "my_skirmish" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "r.json"), "--verify", "--scenario", str(src)]) == 0
    # the wrong file is named as such
    assert main(["replay", str(tmp_path / "r.json"), "--scenario", str(DATA / "tiny.toml")]) == 2
    assert "not 'tiny'" in capsys.readouterr().err


def test_old_records_without_a_hash_still_load_and_replay(tmp_path):
    from game.match import load_record, replay

    rec = _played(DATA / "tiny.toml")
    data = rec.to_json()
    del data["scenario_hash"]
    (tmp_path / "old.json").write_text(json.dumps(data))
    old = load_record(tmp_path / "old.json")
    assert old.scenario_hash == "" and replay(old, [DATA]).ok
