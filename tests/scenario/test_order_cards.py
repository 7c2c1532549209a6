"""INI-ORD-1 in scenario files: the loader holds each side's order cards to the rules' own check
(``validate_order_cards``); a figure named on two cards is refused in one line naming the file, both
cards and the figure."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.scenario import ScenarioError, load_scenario

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
FOREST = (MAPS / "forest_initiative.toml").read_text()
TWICE = """
[[orders]]
id = "rogers_again"
side = "rangers"
figures = ["major_rogers"]
objective = "place:clearing"
"""


def _write(tmp_path: Path, text: str) -> Path:
    """The shipped scenario with ``text`` as its file, on open ground of the forest map's size."""
    p = tmp_path / "forest_initiative.toml"
    p.write_text(text.replace('map = "forest_clearing.tmx"', 'map = "open:48x24"'))
    return p


def test_INI_ORD_1_the_shipped_cards_load(tmp_path):
    for p in (MAPS / "forest_initiative.toml", _write(tmp_path, FOREST)):
        assert {o["id"] for o in load_scenario(p).orders} == {"take_langy", "hold_the_clearing"}


def test_INI_ORD_1_a_figure_on_two_order_cards_is_refused_naming_the_file_both_cards_and_the_figure(tmp_path):
    p = _write(tmp_path, FOREST + TWICE)
    with pytest.raises(ScenarioError) as e:
        load_scenario(p)
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith(f"{p}: orders: ")
    assert "'rogers_again'" in msg and "'take_langy'" in msg and "'major_rogers'" in msg and "one card only" in msg


def test_INI_ORD_1_cards_without_ids_are_named_as_the_game_names_them(tmp_path):
    p = _write(tmp_path, FOREST + TWICE.replace('id = "rogers_again"\n', ""))
    with pytest.raises(ScenarioError, match="card 'card2'.*'major_rogers'.*'take_langy'"):
        load_scenario(p)


def test_INI_ORD_1_a_card_naming_an_enemy_figure_as_its_own_is_refused(tmp_path):
    p = _write(tmp_path, FOREST + TWICE.replace('"major_rogers"', '"regular_1"'))
    with pytest.raises(ScenarioError, match="orders: .*'regular_1' is not one of this side's figures"):
        load_scenario(p)


def test_INI_ORD_1_check_scenario_prints_one_line_and_exits_2(tmp_path):
    p = _write(tmp_path, FOREST + TWICE)
    r = subprocess.run(
        [sys.executable, "-m", "game", "check-scenario", str(p)], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert r.returncode == 2, r
    lines = [ln for ln in (r.stdout + r.stderr).splitlines() if ln.strip()]
    assert len(lines) == 1 and "major_rogers" in lines[0] and "Traceback" not in r.stderr
