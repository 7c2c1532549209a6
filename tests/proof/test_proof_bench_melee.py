"""tools/bench_melee.py: the mêlée steps' rate and the whole flow's rate are measured over the same
rounds, so the mêlée figure can never be the lower one; the headline key reads the mêlée figure."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tools import bench, bench_melee  # noqa: E402


def test_melee_steps_rate_is_measured_over_the_whole_flows_rounds():
    whole, melee = bench_melee.melee_rounds_rules_only(15)
    assert 0 < whole <= melee


def test_melee_steps_are_the_pyrates_mêlée_phases_and_not_activation():
    from game.rules.pyrates.preset import PyratesPreset

    for phase in bench_melee.MELEE_STEPS:
        assert hasattr(PyratesPreset, f"phase_{phase}"), phase
    assert "activate" not in bench_melee.MELEE_STEPS


def test_headline_melee_rounds_per_s_is_the_melee_steps_figure():
    assert bench.SUMMARY["melee_rounds_per_s"] == ("melee", "melee_8v8_rounds_per_s_melee")
