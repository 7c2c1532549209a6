"""The AI and the odds preview know the game systems only through the match's
``Ruleset``: no import of a system's package, no branch on a preset's name, no prompt parsing; the
questions they read are typed (every ``Ask.info`` key a flow sets is declared in ``AskInfo``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game.rules.presets import preset_names, systems

ROOT = Path(__file__).resolve().parents[2]
SYSTEMS = tuple(systems())
#: every registered name, also spelt with underscores
PRESET_NAMES = frozenset(preset_names()) | {n.replace("-", "_") for n in preset_names()}
#: what reads the systems through the ruleset only
READERS = sorted((ROOT / "game" / "ai").glob("*.py")) + [ROOT / "game" / "ui" / "previews.py"]


def _imports(tree: ast.AST) -> list[str]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
    return out


@pytest.mark.parametrize("path", READERS, ids=lambda p: p.name)
def test_ai_and_previews_import_no_system_package(path):
    mods = _imports(ast.parse(path.read_text(encoding="utf-8")))
    bad = [m for m in mods if any(m == f"game.rules.{s}" or m.startswith(f"game.rules.{s}.") for s in SYSTEMS)]
    assert not bad, f"{path.name} imports {bad}: ask match.ruleset instead"


@pytest.mark.parametrize("path", READERS, ids=lambda p: p.name)
def test_ai_and_previews_branch_on_no_preset_name_and_parse_no_prompt(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in PRESET_NAMES:
            pytest.fail(f"{path.name}:{node.lineno}: the preset name {node.value!r} (branch on the ruleset's answers)")
        if isinstance(node, ast.Attribute) and node.attr in ("preset_name", "prompt"):
            pytest.fail(f"{path.name}:{node.lineno}: reads .{node.attr} (use ruleset answers and typed Ask.info)")
        if isinstance(node, ast.Attribute) and node.attr == "preset" and isinstance(node.value, ast.Attribute):
            if node.value.attr == "state":
                pytest.fail(f"{path.name}:{node.lineno}: reads state.preset")


def _info_keys() -> dict[str, str]:
    """Every key of a dict literal a flow passes as ``info=`` or returns from an ``*info`` method."""
    keys: dict[str, str] = {}
    for path in sorted((ROOT / "game" / "rules").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        dicts = []
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg == "info":
                dicts.append(node.value)
            elif isinstance(node, ast.FunctionDef) and re.search(r"info$", node.name):
                dicts += [n.value for n in ast.walk(node) if isinstance(n, ast.Return) and n.value is not None]
            elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "info" for t in node.targets):
                dicts.append(node.value)
        for d in dicts:
            if isinstance(d, ast.Dict):
                for k in d.keys:
                    if isinstance(k, ast.Constant) and isinstance(k.value, str):
                        keys.setdefault(k.value, f"{path.relative_to(ROOT)}:{k.lineno}")
    return keys


def test_every_info_key_a_flow_sets_is_declared_in_askinfo():
    from game.rules.ruleset import AskInfo

    keys = _info_keys()
    assert {"figure", "cap", "save_target", "faces", "quotas"} <= set(keys)  # the scan finds them
    missing = {k: where for k, where in keys.items() if k not in AskInfo.__annotations__}
    assert not missing, f"Ask.info keys not declared in AskInfo: {missing}"
