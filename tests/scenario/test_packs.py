"""Players' scenario packs (game/scenario/packs.py): each folder under the user's scenarios/ folder
is a pack; a bad pack is named with its one line and the others still list; a pack's files stay in
its folder whatever .tiled-project lies above it; the full check is cached by the pack's content."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.match.scenario_check import check_pack, scan_packs
from game.scenario import find_scenario
from game.scenario.packs import load_cache, pack_digest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from packs_kit import make_escaping_pack, make_pack  # noqa: E402


@pytest.fixture
def scenarios(tmp_path, monkeypatch) -> Path:
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var.lower()))
    from game.paths import scenarios_dir

    return scenarios_dir(create=True)


def test_a_good_pack_and_two_bad_ones_each_say_their_line(scenarios):
    make_pack(scenarios / "harbour", "harbour_duel", "Duel in the Harbour")
    (scenarios / "empty").mkdir()
    make_escaping_pack(scenarios / "thief", "thief_duel", scenarios / "harbour")
    (scenarios / ".hidden").mkdir()
    packs = {p.name: p for p in scan_packs()}
    assert sorted(packs) == ["empty", "harbour", "thief"]
    assert packs["harbour"].ok and [s.id for s in packs["harbour"].scenarios] == ["harbour_duel"]
    assert packs["empty"].problems == (f"{scenarios / 'empty'}: pack: no scenario file (.toml) directly in the folder",)
    (line,) = packs["thief"].problems
    assert line.startswith(str(scenarios / "thief" / "thief_duel.toml") + ": scenario.map: ")
    assert "pack's folder 'thief'" in line and "\n" not in line
    assert packs["thief"].scenarios == ()


def test_a_tiled_project_above_the_pack_does_not_widen_its_folder(scenarios):
    (scenarios / "boarders.tiled-project").write_text("{}", encoding="utf-8")
    make_pack(scenarios / "harbour", "harbour_duel", "Duel in the Harbour")
    make_escaping_pack(scenarios / "thief", "thief_duel", scenarios / "harbour")
    packs = {p.name: p for p in scan_packs()}
    assert packs["harbour"].ok
    assert "pack's folder 'thief'" in packs["thief"].problems[0]


def test_a_pack_may_not_reuse_a_shipped_scenarios_id(scenarios):
    make_pack(scenarios / "copy", "duel_on_the_quarterdeck", "My Duel")
    (pack,) = scan_packs(taken=["duel_on_the_quarterdeck"])
    assert pack.scenarios == () and "a shipped scenario's id" in pack.problems[0]


def test_the_full_check_is_cached_by_content_and_a_change_checks_again(scenarios, monkeypatch):
    make_pack(scenarios / "harbour", "harbour_duel", "Duel in the Harbour")
    make_escaping_pack(scenarios / "thief", "thief_duel", scenarios / "harbour")
    first = {p.name: p for p in scan_packs()}
    cache = load_cache()
    assert set(cache) == {first["harbour"].digest, first["thief"].digest}
    assert cache[first["harbour"].digest] == []
    import game.match.scenario_check as check

    calls = []
    real = check.check_scenario
    monkeypatch.setattr(check, "check_scenario", lambda *a, **k: calls.append(a) or real(*a, **k))
    again = {p.name: p for p in scan_packs()}
    assert calls == [] and again == first  # both answers from the cache
    (scenarios / "harbour" / "notes.txt").write_text("a change", encoding="utf-8")
    fresh = {p.name: p for p in scan_packs(check=False)}
    assert not fresh["harbour"].checked and fresh["thief"].checked
    assert check_pack(fresh["harbour"]).ok and len(calls) == 1
    assert pack_digest(scenarios / "harbour") != first["harbour"].digest


def test_the_cache_answer_follows_a_moved_data_folder(scenarios, tmp_path, monkeypatch):
    make_pack(scenarios / "harbour", "harbour_duel", "Duel in the Harbour")
    make_escaping_pack(scenarios / "thief", "thief_duel", scenarios / "harbour")
    scan_packs()
    moved = tmp_path / "moved" / "scenarios"
    moved.parent.mkdir()
    scenarios.rename(moved)
    packs = {p.name: p for p in scan_packs(moved)}
    assert packs["thief"].problems[0].startswith(str(moved / "thief" / "thief_duel.toml"))


def test_boarders_scenarios_lists_packs_and_names_a_bad_one(scenarios, capsys):
    make_pack(scenarios / "harbour", "harbour_duel", "Duel in the Harbour")
    (scenarios / "broken").mkdir()
    (scenarios / "broken" / "broken.toml").write_text('id = "broken"\n', encoding="utf-8")
    assert main(["scenarios"]) == 0
    out, err = capsys.readouterr()
    assert "Your own scenario packs" in out and "harbour_duel" in out and "Duel in the Harbour" in out
    assert err.strip().splitlines() == [f"{scenarios / 'broken' / 'broken.toml'}: scenario.title: missing"]
    assert main(["scenarios", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["id"]: r["pack"] for r in rows}["harbour_duel"] == "harbour"
    assert {r["id"]: r["pack"] for r in rows}["boarding_action"] is None


def test_a_pack_scenario_is_found_by_id_and_simulates(scenarios, capsys):
    make_pack(scenarios / "harbour", "harbour_duel", "Duel in the Harbour")
    s = find_scenario("harbour_duel")
    assert s.root == str(scenarios / "harbour")
    assert main(["simulate", "harbour_duel", "--games", "1", "--ai", "random", "--executor", "local", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1


def test_a_pack_scenario_travels_to_dask_workers_as_a_bundle(scenarios, monkeypatch, capsys):
    import game.ai.simulate as simulate

    make_pack(scenarios / "harbour", "harbour_duel", "Duel in the Harbour")
    sent = []
    monkeypatch.setattr(simulate, "stream_games", lambda ref, *a, **k: sent.append(ref))
    assert main(["simulate", "harbour_duel", "--games", "1", "--executor", "dask=tcp://nowhere:1", "--json"]) == 0
    capsys.readouterr()
    (ref,) = sent
    assert ref["main"] == "harbour_duel.toml" and sorted(ref["files"]) == [
        "boarders.tsx",
        "harbour_duel.tmx",
        "harbour_duel.toml",
    ]


def test_a_linked_map_or_scenario_file_outside_the_pack_is_refused(scenarios, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    make_pack(elsewhere, "far_duel", "Far Duel")
    pack = scenarios / "linked"
    make_pack(pack, "linked_duel", "Linked Duel")
    (pack / "linked_duel.tmx").unlink()
    (pack / "linked_duel.tmx").symlink_to(elsewhere / "far_duel.tmx")
    (pack / "far_duel.toml").symlink_to(elsewhere / "far_duel.toml")
    (got,) = scan_packs()
    assert got.scenarios == ()
    assert sorted(line.split(": ", 2)[1] for line in got.problems) == ["file", "scenario.map"]
    assert all("outside the scenario pack's folder 'linked'" in line for line in got.problems)
