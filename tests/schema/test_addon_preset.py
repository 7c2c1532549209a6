"""PRE-*: the scenario and record schemas take their presets from the one registry — the built-ins,
and an add-on's preset once the add-on is installed — without importing any system's package."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from game.rules import presets
from game.schema import scenario as schema

ROOT = Path(__file__).resolve().parents[2]
TINY = ROOT / "tests" / "data" / "scenarios" / "tiny.toml"


def test_pre_schema_presets_are_the_registrys_builtins():
    assert schema.PRESETS == tuple(presets.PRESETS)
    assert set(schema.PRESETS) <= set(schema.PRESET_NAMES)


def _run(code: str, path: Path | None = None) -> subprocess.CompletedProcess:
    env_path = [str(ROOT)] + ([str(path)] if path else [])
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=ROOT,
        env={"PYTHONPATH": ":".join(env_path), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_pre_schema_imports_no_system_package():
    r = _run(
        """
        import sys
        import game.schema.scenario, game.schema.record, game.scenario.loader
        systems = SYSTEMS
        print(sorted(m for m in sys.modules if m.split(".")[:3] in [["game", "rules", s] for s in systems]))
        """.replace("SYSTEMS", repr(tuple(presets.systems())))
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"


def test_pre_an_installed_addon_preset_is_accepted_by_the_loader(tmp_path):
    """An add-on installed (a distribution with a ``boarders_away.presets`` entry point) names a
    preset a scenario file may use; an unknown name is still refused, naming the key."""
    (tmp_path / "my_addon.py").write_text(
        "class Flow:\n    def setup(self, ctx): pass\n    def step(self, ctx): yield from ()\n"
    )
    dist = tmp_path / "my_addon-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: my-addon\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[boarders_away.presets]\nmy-addon = my_addon:Flow\n")
    r = _run(
        f"""
        from pathlib import Path
        from game.scenario import ScenarioError, load_scenario
        text = Path({str(TINY)!r}).read_text()
        p = Path({str(tmp_path)!r}) / "addon.toml"
        p.write_text(text.replace('preset = "pyrates"', 'preset = "my-addon"'))
        print(load_scenario(p).preset)
        p.write_text(text.replace('preset = "pyrates"', 'preset = "chess"'))
        try:
            load_scenario(p)
        except ScenarioError as e:
            print(e)
        """,
        tmp_path,
    )
    assert r.returncode == 0, r.stderr
    first, second = r.stdout.strip().splitlines()
    assert first == "my-addon"
    assert "scenario.preset" in second and "chess" in second
