"""The rules packages form a tree and modules stay small.

The import graph is read with ``ast`` (no imports run), and function-level
imports count: a deferred import hides a circle, it does not remove it.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "game" / "rules"
MAX_LINES = 450


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every game.rules module ``path`` imports, at any depth of its body."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            # ``from . import x`` / ``from .pkg import mod`` may name modules
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return {m for m in found if m.startswith("game.rules")}


def _graph() -> dict[str, set[str]]:
    paths = {_module_name(p): p for p in RULES.rglob("*.py")}
    return {name: {m for m in _imports(path) if m in paths and m != name} for name, path in paths.items()}


def _package(module: str, graph: dict[str, set[str]]) -> str:
    """The game.rules subpackage holding ``module`` (``game.rules`` for top-level modules)."""
    parts = module.split(".")
    return ".".join(parts[:3]) if len(parts) > 3 or (len(parts) == 3 and _is_package(module)) else "game.rules"


def _is_package(module: str) -> bool:
    return (ROOT.joinpath(*module.split(".")) / "__init__.py").exists()


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_package_cycle_among_rules_subpackages() -> None:
    graph = _graph()
    packages: dict[str, set[str]] = {}
    for module, targets in graph.items():
        here = _package(module, graph)
        if here == "game.rules":
            continue
        edges = packages.setdefault(here, set())
        for target in targets:
            there = _package(target, graph)
            if there not in ("game.rules", here):
                edges.add(there)
    assert _cycles(packages) == []


def test_no_import_circle_inside_a_rules_package() -> None:
    graph = _graph()
    circles = []
    for package in sorted({_package(m, graph) for m in graph}):
        inside = {m for m in graph if _package(m, graph) == package and m != package}
        sub = {m: graph[m] & inside for m in inside}
        circles.extend(_cycles(sub))
    assert circles == []


def test_no_game_module_over_450_lines() -> None:
    """Small modules named for what they hold (≈ 400 lines; 450 is the hard line)."""
    long = {
        str(p.relative_to(ROOT)): n
        for p in sorted((ROOT / "game").rglob("*.py"))
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}
