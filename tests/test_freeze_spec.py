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


_LOADED = """
import json, os, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
from game.cli import main
with open(os.devnull, "w") as out:
    sys.stdout = out
    main(["play", "boarding_action", "--headless", "--ai", "normal", "--seed", "1"])
    main(["play", "boarding_action", "--mode", "demo", "--frames", "40", "--size", "1280x720"])
    sys.stdout = sys.__stdout__
import pygame_gui.data
fonts = sorted(p.name for p in __import__("pathlib").Path(pygame_gui.data.__file__).parent.iterdir())
print(json.dumps({"modules": sorted(sys.modules), "fonts": fonts}))
"""


def test_spec_leaves_out_nothing_a_played_game_loads():
    """A headless game and the window's demo import none of the excluded modules, and the fonts left
    out are not the game's (a wrong entry here is the frozen game's crash at the first move)."""
    import json
    import subprocess
    import sys

    tree = ast.parse(SPEC.read_text(encoding="utf-8"), str(SPEC))
    excludes = ast.literal_eval(_assigned(tree, "EXCLUDES"))
    unused_fonts = ast.literal_eval(_assigned(tree, "UNUSED_FONTS"))
    run = subprocess.run([sys.executable, "-c", _LOADED], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    loaded = json.loads(run.stdout.strip().splitlines()[-1])
    modules = loaded["modules"]
    assert "numpy" in modules and "tcod" in modules and "pygame_gui" in modules  # the run did play
    for name in excludes:
        hit = [m for m in modules if m == name or m.startswith(name + ".")]
        assert not hit, f"{SPEC.name} excludes {name}, which a game loads: {hit[:3]}"
    from game.ui import fonts

    used = Path(fonts.__file__).read_text(encoding="utf-8")
    assert any(f.startswith("NotoSans-") for f in loaded["fonts"])
    for prefix in unused_fonts:
        assert prefix + "-" not in used and prefix + "." not in used, f"game/ui/fonts.py uses {prefix}"
        assert not prefix.startswith("NotoSans-"), "the Latin font is the game's own"
