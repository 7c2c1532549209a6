"""PRE-*: the built-in presets are registered explicitly; add-ons come through entry points."""

import ast
from importlib import metadata
from pathlib import Path

import pytest

from game.rules import presets

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", list(presets.PRESETS))
def test_pre_every_builtin_preset_builds(name):
    p = presets.get_preset(name)
    assert callable(p.setup) and callable(p.step)
    rs = presets.get_ruleset(name)
    assert rs.name == name and rs.title


def test_pre_builtins_are_static_imports_not_strings():
    """A freezer (PyInstaller) follows plain import statements; no importlib.import_module by string."""
    tree = ast.parse((ROOT / "game" / "rules" / "presets" / "__init__.py").read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 2}
    packages = presets.systems()
    assert {f"{p}.ruleset" for p in packages} <= imported
    for p in packages:  # each ruleset builds its flow by a plain import too
        src = (ROOT / "game" / "rules" / p / "ruleset.py").read_text(encoding="utf-8")
        mods = {n.module for n in ast.walk(ast.parse(src)) if isinstance(n, ast.ImportFrom) and n.level == 1}
        assert "preset" in mods, p
        assert "import_module" not in src
    assert "import_module" not in (ROOT / "game" / "rules" / "presets" / "__init__.py").read_text(encoding="utf-8")


def test_pre_scenario_loader_accepts_every_builtin_preset():
    from game.scenario.loader import PRESETS as LOADER_PRESETS

    assert set(LOADER_PRESETS) == set(presets.PRESETS)


def test_pre_unknown_preset_names_the_choices():
    with pytest.raises(presets.UnknownPreset) as e:
        presets.get_preset("chess")
    assert "pyrates" in str(e.value)


class _AddonPreset:
    name = "addon"

    def setup(self, ctx):
        pass

    def step(self, ctx):
        pass


def _entry_points(*eps):
    def fake(group=None):
        assert group == presets.ENTRY_POINT_GROUP
        return metadata.EntryPoints(eps)

    return fake


def test_pre_addon_preset_from_an_entry_point(monkeypatch):
    ep = metadata.EntryPoint("addon", f"{__name__}:_AddonPreset", presets.ENTRY_POINT_GROUP)
    shadow = metadata.EntryPoint("pyrates", f"{__name__}:_AddonPreset", presets.ENTRY_POINT_GROUP)
    monkeypatch.setattr(presets.metadata, "entry_points", _entry_points(ep, shadow))
    assert presets.preset_names() == [*presets.PRESETS, "addon"]
    assert isinstance(presets.get_preset("addon"), _AddonPreset)
    assert not isinstance(presets.get_preset("pyrates"), _AddonPreset)  # a built-in name wins


def test_pre_broken_addon_is_an_unknown_preset(monkeypatch):
    ep = metadata.EntryPoint("broken", "no_such_module_xyz:Preset", presets.ENTRY_POINT_GROUP)
    monkeypatch.setattr(presets.metadata, "entry_points", _entry_points(ep))
    with pytest.raises(presets.UnknownPreset, match="cannot be loaded"):
        presets.get_preset("broken")


class _AddonRuleset(presets.Ruleset):
    name = "addon-rs"
    title = "An add-on"

    def flow(self):
        return _AddonPreset()


def test_pre_addon_may_register_a_whole_ruleset(monkeypatch):
    ep = metadata.EntryPoint("addon-rs", f"{__name__}:_AddonRuleset", presets.ENTRY_POINT_GROUP)
    monkeypatch.setattr(presets.metadata, "entry_points", _entry_points(ep))
    rs = presets.get_ruleset("addon-rs")
    assert isinstance(rs, _AddonRuleset) and isinstance(rs.flow(), _AddonPreset)
    bare = metadata.EntryPoint("bare", f"{__name__}:_AddonPreset", presets.ENTRY_POINT_GROUP)
    monkeypatch.setattr(presets.metadata, "entry_points", _entry_points(bare))
    wrapped = presets.get_ruleset("bare")  # a bare Preset factory gets the default ruleset around it
    assert wrapped.name == "bare" and isinstance(wrapped.flow(), _AddonPreset)
    assert wrapped.odds(None, None, None, None) is None
