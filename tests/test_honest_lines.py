"""One honest line, always: every message that quotes a file's text escapes control characters and
lone surrogates, names the file and the place, and fits one line (maps/README.md "Untrusted files")."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parents[1]
TINY = ROOT / "tests" / "data" / "scenarios" / "tiny.toml"


def one_line_each(text: str) -> list[str]:
    lines = text.splitlines()
    assert all("Traceback" not in ln[:12] for ln in lines), text
    return lines


def test_replay_verify_quotes_a_figure_id_with_a_newline_on_one_line(tmp_path, capsys):
    rec = json.loads((ROOT / "tests" / "data" / "records" / "pike_and_shot_seed13.json").read_text())
    forged = '\nTraceback (most recent call last):\n  File "x"'
    rec["decisions"][25]["option"] = rec["decisions"][25]["option"] + forged
    p = tmp_path / "forged.json"
    p.write_text(json.dumps(rec))
    assert main(["replay", str(p), "--verify"]) == 1
    out = capsys.readouterr().out
    (line,) = one_line_each(out)
    assert line.startswith(f"{p}: mismatch at decision 25") and "\\nTraceback" in line


def test_a_file_name_holding_a_surrogate_is_named_escaped(tmp_path, capsys):
    name = os.fsdecode(bytes(tmp_path / "m") + b"\xff.tmx")  # not UTF-8: Python holds it as \udcff
    assert main(["check-map", name]) == 2
    (line,) = one_line_each(capsys.readouterr().err)
    assert "m\\udcff.tmx" in line and "cannot read" in line


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (a disk that is always full)")
def test_simulate_out_on_a_full_disk_names_the_file(capsys):
    code = main(["simulate", str(TINY), "--games", "1", "--ai", "random", "--executor", "local", "--out", "/dev/full"])
    assert code == 2
    err = capsys.readouterr().err
    assert "error: /dev/full: No space left on device" in err.splitlines()


def test_check_map_summary_escapes_a_newline_in_a_deployment_name(tmp_path, capsys):
    bad_maps = ROOT / "tests" / "data" / "bad_maps"
    (tmp_path / "t.tsx").write_bytes((bad_maps / "t.tsx").read_bytes())
    text = (bad_maps / "name_with_newlines.tmx").read_text()  # a deployment name with a newline, off the map
    (tmp_path / "m.tmx").write_text(text.replace('x="900"', 'x="0"'))
    assert main(["check-map", str(tmp_path / "m.tmx")]) == 0
    (line,) = one_line_each(capsys.readouterr().out)
    assert "deployment red\\n\\t[31mxxx" in line


def test_a_bom_before_toml_or_json_is_accepted(tmp_path):
    from game.match import load_record
    from game.scenario import load_scenario

    p = tmp_path / "tiny.toml"
    p.write_bytes(b"\xef\xbb\xbf" + TINY.read_bytes())
    assert load_scenario(p).title == load_scenario(TINY).title
    r = tmp_path / "r.json"
    rec = ROOT / "tests" / "data" / "records" / "pike_and_shot_seed13.json"
    r.write_bytes(b"\xef\xbb\xbf" + rec.read_bytes())
    assert load_record(r).decisions == load_record(rec).decisions


def test_headless_play_keeps_a_title_with_a_newline_on_one_line(tmp_path, capsys):
    text = TINY.read_text().replace('title = "Tiny skirmish"', 'title = "Tiny\\nTraceback (most recent call last):"')
    p = tmp_path / "nl.toml"
    p.write_text(text)
    assert main(["play", str(p), "--headless", "--ai", "random"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("Tiny\\nTraceback") and "\nTraceback" not in out
