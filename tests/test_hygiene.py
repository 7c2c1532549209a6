"""Project-wide guards: untrusted data is never unpickled or evaluated; the rules stay pure."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME = sorted((ROOT / "game").rglob("*.py"))
RULES = sorted((ROOT / "game" / "rules").rglob("*.py"))
FORBIDDEN_MODULES = {"pickle", "marshal", "shelve", "dill", "cloudpickle"}
FORBIDDEN_CALLS = {"eval", "exec", "compile", "__import__"}


def _tree(path: Path) -> ast.AST:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


@pytest.mark.parametrize("path", GAME, ids=[str(p.relative_to(ROOT)) for p in GAME])
def test_no_pickle_marshal_shelve_eval_or_exec_in_game_code(path):
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            assert not {a.name.split(".")[0] for a in node.names} & FORBIDDEN_MODULES, f"{path}:{node.lineno}"
        elif isinstance(node, ast.ImportFrom):
            assert (node.module or "").split(".")[0] not in FORBIDDEN_MODULES, f"{path}:{node.lineno}"
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS, f"{path}:{node.lineno} calls {node.func.id}"


@pytest.mark.parametrize("path", RULES, ids=[str(p.relative_to(ROOT)) for p in RULES])
def test_rules_import_no_pygame_pymunk_pytmx_nor_random(path):
    """DESIGN: game/rules is pure; all randomness comes from the match Dice (GEN-DICE-1)."""
    allowed_random = {ROOT / "game" / "rules" / "dice.py"}
    for node in ast.walk(_tree(path)):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name.split(".")[0] for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [(node.module or "").split(".")[0]]
        for n in names:
            assert n not in {"pygame", "pymunk", "pytmx", "pygame_gui"}, f"{path}:{node.lineno} imports {n}"
            if path not in allowed_random:
                assert n != "random", f"{path}:{node.lineno}: use the match Dice, not random"
