"""Outside game/rules nothing branches on a preset's name or reaches into a
system's package; the screen, the scenario loader and the schemas ask the match's ``Ruleset`` (or
the one registry, game/rules/presets/) instead. Checked on the source, by its syntax tree."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.rules.presets import PRESETS, systems

ROOT = Path(__file__).resolve().parents[1]
SYSTEMS = tuple(systems())
CHECKED = ("game/ui", "game/scenario", "game/schema")
#: game/ui/previews.py is being converted to Ruleset.odds (helper rsai, same issue)
PENDING: set[str] = set()
#: the imports that stay, and why: every figure of every scenario file is built the same whatever the
#: preset (state hashes of every record depend on it), and an [[orders]] table is checked for every
#: preset because a file is shared by them all
ALLOWED_IMPORTS = {
    ("game/scenario/loader.py", "game.rules.pyrates.weapons"),  # PYR-WPN-1/2 weapon classes
    ("game/scenario/loader.py", "game.rules.rangers.traits"),  # RNG-STAT-1 + RNG-TRAIT-1
    ("game/scenario/loader.py", "game.rules.initiative.orders"),  # INI-ORD-1 objectives
}


def _files() -> list[str]:
    out = []
    for d in CHECKED:
        for p in sorted((ROOT / d).rglob("*.py")):
            rel = p.relative_to(ROOT).as_posix()
            if rel not in PENDING:
                out.append(rel)
    return out


def _system_imports(tree: ast.AST, rel: str) -> list[str]:
    package = rel[: -len(".py")].replace("/", ".").rsplit(".", 1)[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolve against the file's package
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            mods = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        for m in mods:
            if any(m == f"game.rules.{s}" or m.startswith(f"game.rules.{s}.") for s in SYSTEMS):
                found.append(m)
                break
    return found


def _preset_strings(node: ast.AST) -> list[str]:
    """Preset names written as literals in ``node`` (a constant, or the items of a tuple/list/set)."""
    names = set(PRESETS) | set(SYSTEMS)
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in names:
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for e in node.elts for s in _preset_strings(e)]
    return []


def _preset_name_tests(tree: ast.AST) -> list[str]:
    """Comparisons with a preset name (``preset_name == "pyrates"``, ``s.preset in ("rangers", …)``),
    dicts keyed by one, and ``__module__`` tests (which package a preset's class comes from)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for operand in (node.left, *node.comparators):
                found += [f"line {node.lineno}: compares with {s!r}" for s in _preset_strings(operand)]
            names = {getattr(o, "attr", getattr(o, "id", None)) for o in (node.left, *node.comparators)}
            if names & {"preset", "preset_name"} and any(
                isinstance(o, ast.Constant) and isinstance(o.value, str) for o in (node.left, *node.comparators)
            ):
                found.append(f"line {node.lineno}: compares a preset with a string")
        elif isinstance(node, ast.Dict):
            found += [f"line {node.lineno}: dict keyed by {s!r}" for k in node.keys if k for s in _preset_strings(k)]
        elif isinstance(node, ast.Attribute) and node.attr == "__module__":
            found.append(f"line {node.lineno}: reads __module__")
    return found


@pytest.mark.parametrize("rel", _files())
def test_screen_loader_and_schema_import_no_system_package(rel):
    tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
    bad = [m for m in _system_imports(tree, rel) if (rel, m) not in ALLOWED_IMPORTS]
    assert not bad, f"{rel} imports {bad}: ask the match's ruleset (game/rules/ruleset.py) instead"


@pytest.mark.parametrize("rel", _files())
def test_screen_loader_and_schema_compare_no_preset_name(rel):
    bad = _preset_name_tests(ast.parse((ROOT / rel).read_text(encoding="utf-8")))
    assert not bad, f"{rel}: {bad}"


def test_the_layer_checks_catch_what_they_forbid():
    src = (
        "from game.rules.pyrates.quota import base_quota\n"
        "from ..rules.rangers import x\n"
        "if match.preset_name == 'pyrates': pass\n"
        "if s.preset in ('rangers', 'initiative'): pass\n"
        "ok = type(match.preset).__module__.startswith('game')\n"
        "T = {'escarmouche': 1}\n"
    )
    tree = ast.parse(src)
    assert len(_system_imports(tree, "game/ui/x.py")) == 2  # relative imports resolved from the file
    assert len(_system_imports(ast.parse("from ...rules.rangers import x"), "game/ui/scenes/x.py")) == 1
    assert len(_system_imports(ast.parse("from ..rules.rangers import x"), "game/ui/scenes/x.py")) == 0
    found = _preset_name_tests(tree)
    assert len([f for f in found if "compares with" in f]) == 3
    assert any("__module__" in f for f in found) and any("dict keyed" in f for f in found)
    assert ALLOWED_IMPORTS <= {(r, m) for r in _files() for m in _system_imports(ast.parse((ROOT / r).read_text()), r)}
