"""tools/boarders.spec (PyInstaller) without a build: it parses, its hidden imports exist, it ships
maps/ and assets/ where game/resources.py looks, and the entry script calls freeze_support()."""

import ast
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "tools" / "boarders.spec"


def _assigned(tree: ast.Module, name: str):
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return node.value
    raise AssertionError(f"{SPEC.name} assigns no {name}")


def test_spec_parses_and_its_hidden_imports_are_real_modules():
    tree = ast.parse(SPEC.read_text(encoding="utf-8"), str(SPEC))
    hidden = ast.literal_eval(_assigned(tree, "HIDDEN_IMPORTS"))
    assert isinstance(hidden, list)
    for mod in hidden:
        assert importlib.util.find_spec(mod) is not None, f"hidden import {mod!r} is not importable"
    assert not any(m.startswith("game.") for m in hidden), "the game's own modules must be plain imports"


def test_spec_ships_the_data_where_resources_finds_it():
    from game.resources import DATA_FOLDERS, PACKAGED

    text = SPEC.read_text(encoding="utf-8")
    for name in DATA_FOLDERS:
        assert f'(str(ROOT / "{name}"), "game/{PACKAGED}/{name}")' in text


def test_spec_builds_from_the_entry_script_that_calls_freeze_support():
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "Analysis"]
    assert len(calls) == 1 and "__main__.py" in ast.unparse(calls[0].args[0])
    main = ast.parse((ROOT / "game" / "__main__.py").read_text(encoding="utf-8"))
    assert "multiprocessing.freeze_support()" in ast.unparse(main)
