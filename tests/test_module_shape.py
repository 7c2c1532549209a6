"""No import cycle anywhere in game/, and modules stay small.

The import graph is read with ``ast`` (no imports run). Imports inside functions count: a deferred
import hides a circle, it does not remove it. Only ``if TYPE_CHECKING:`` blocks are left out (they
never run). Two graphs are checked:

- modules: each ``game`` module, an edge for every module it names (``from pkg import name`` names
  ``pkg.name`` when that is a module, else the package ``pkg`` itself);
- packages: each module stands for the folder that holds it (``game.rules`` is the modules directly
  in game/rules, ``game.rules.pyrates`` the Pyrates system, ``game.ui.scenes`` the screens), so that
  a subpackage and the package above it may not import each other both ways. The modules directly in
  game/ each stand alone: game/__init__.py holds nothing, and they are the program's entry points
  (cli, play, startup) and small leaves every layer reads (paths, settings, resources, logfile).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
MAX_LINES = 450


def _module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING"
    )


def _named(tree: ast.AST, name: str, is_package: bool, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that the module ``name`` imports, at any depth of its body outside
    ``if TYPE_CHECKING:`` blocks."""
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()

    def walk(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child):
                for other in child.orelse:
                    walk(other)
                continue
            if isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - child.level + 1]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module or ""
                subs = [f"{target}.{a.name}" for a in child.names if f"{target}.{a.name}" in modules]
                found.update(subs)
                if len(subs) < len(child.names):
                    found.add(target)
            walk(child)

    walk(tree)
    out = set()
    for m in found:
        while m and m not in modules:  # ``import game.ui.scenes.app`` where only some of it is ours
            m = m.rpartition(".")[0]
        if m and m != name:
            out.add(m)
    return out


def import_graph(top: Path = GAME) -> dict[str, set[str]]:
    """module -> the modules of ``top``'s package it imports."""
    root = top.parent
    paths = {_module_name(p, root): p for p in sorted(top.rglob("*.py"))}
    modules = set(paths)
    return {
        name: _named(ast.parse(p.read_text(encoding="utf-8")), name, p.name == "__init__.py", modules)
        for name, p in paths.items()
    }


def _packages(top: Path = GAME) -> set[str]:
    return {_module_name(p, top.parent) for p in top.rglob("__init__.py")}


def _unit(module: str, packages: set[str], top: str = "game") -> str:
    """The package a module stands for in the package graph (see the module's docstring)."""
    if module in packages:
        return module  # a package's own __init__
    parent = module.rpartition(".")[0]
    return module if parent == top else parent


def package_graph(graph: dict[str, set[str]], packages: set[str], top: str = "game") -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for module, targets in graph.items():
        here = _unit(module, packages, top)
        edges = out.setdefault(here, set())
        edges.update(u for t in targets if (u := _unit(t, packages, top)) != here)
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one node (Tarjan), each with its edges."""
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
                members = set(comp)
                out.append(sorted(f"{a} -> {b}" for a in comp for b in graph.get(a, ()) if b in members))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle_among_game_modules() -> None:
    assert cycles(import_graph()) == []


def test_no_import_cycle_among_game_packages() -> None:
    """The rules' top (shared vocabulary) never imports a system back; the registry
    (game/rules/presets/) sits above the systems; game/ui below game/ui/scenes."""
    assert cycles(package_graph(import_graph(), _packages())) == []


def test_the_cycle_checks_catch_what_they_forbid(tmp_path: Path) -> None:
    """A circle closed by an import inside a function, one through a package's ``__init__`` and one
    between a subpackage and the package above it are found; a TYPE_CHECKING import is not."""
    top = tmp_path / "game"
    files = {
        "__init__.py": "",
        "cli.py": "from game.ui import screen\n",
        "paths.py": "",
        "rules/__init__.py": "",
        "rules/vocab.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .sys import flow\n",
        "rules/sys/__init__.py": "",
        "rules/sys/flow.py": "from ..vocab import x\n",
        "table/__init__.py": "from .a import f\n",
        "table/a.py": "def f():\n    from .b import g\n",
        "table/b.py": "from game.table import f\n",
        "ui/__init__.py": "",
        "ui/screen.py": "import game.paths\n",
        "ui/app.py": "def run():\n    from .scenes.menu import Menu\n",
        "ui/scenes/__init__.py": "",
        "ui/scenes/menu.py": "from ..screen import draw\n",
    }
    for rel, text in files.items():
        (top / rel).parent.mkdir(parents=True, exist_ok=True)
        (top / rel).write_text(text, encoding="utf-8")
    graph = import_graph(top)
    assert cycles(graph) == [
        ["game.table -> game.table.a", "game.table.a -> game.table.b", "game.table.b -> game.table"]
    ]
    packages = package_graph(graph, _packages(top))
    assert packages["game.cli"] == {"game.ui"} and packages["game.rules"] == set()
    assert cycles(packages) == [["game.ui -> game.ui.scenes", "game.ui.scenes -> game.ui"]]


def test_no_game_module_over_450_lines() -> None:
    """Small modules named for what they hold (≈ 400 lines; 450 is the hard line)."""
    long = {
        str(p.relative_to(ROOT)): n
        for p in sorted(GAME.rglob("*.py"))
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}
