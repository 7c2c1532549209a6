"""One rule, one place (DESIGN.md): each RULES.md rule ID is marked with ``@implements`` on exactly one
function in game/, and seeded AI games of every shipped scenario reach each marked function.

The catalog's IDs (worked examples aside) are kept in tests/data/rule_ids.txt, checked against
shared/RULES.md whenever the catalog is found beside the checkout.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import sys
from pathlib import Path

import pytest

from game.rules.implements import MARKS, implements

ROOT = Path(__file__).resolve().parents[2]
IDS_FILE = ROOT / "tests" / "data" / "rule_ids.txt"
ID_RE = re.compile(r"\*\*([A-Z][A-Z0-9]{2}-[A-Z0-9]+-\d+)[*\s]")

#: (scenario, seed, AI level): short seeded games that between them reach every marked function
#: except those in RARE_IN_PLAY; one game of every shipped scenario at least.
GAMES = (
    ("boarding_action", 1, "auto"),
    ("cutting_out", 1, "auto"),
    ("duel_on_the_quarterdeck", 1, "auto"),
    ("farm_skirmish", 1, "auto"),
    ("fire_in_the_hold", 2, "auto"),
    ("forest_clearing", 1, "auto"),
    ("forest_initiative", 2, "auto"),
    ("harbour_tavern", 2, "auto"),
    ("pike_and_shot", 1, "auto"),
)

#: Marked functions no shipped scenario reaches in a short seeded game, each with why; their named
#: rule tests (test_<id>_…) must call them instead (test_rare_rules_are_called_by_their_named_tests).
RARE_IN_PLAY: dict[str, str] = {}


def catalog_ids() -> list[str]:
    return [ln.strip() for ln in IDS_FILE.read_text(encoding="utf-8").splitlines() if ln.strip() and ln[0] != "#"]


def _find_catalog() -> Path | None:
    for up in ROOT.parents:
        p = up / "shared" / "RULES.md"
        if p.is_file():
            return p
    return None


def _marks_in_source() -> dict[str, list[str]]:
    """Rule ID -> "path:qualname" of every ``@implements(...)`` in game/, read from the source."""
    out: dict[str, list[str]] = {}
    for path in sorted((ROOT / "game").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))

        def walk(node, prefix, path=path):
            for ch in ast.iter_child_nodes(node):
                if isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    q = prefix + ch.name
                    for dec in ch.decorator_list:
                        if isinstance(dec, ast.Call) and getattr(dec.func, "id", "") == "implements":
                            for a in dec.args:
                                out.setdefault(a.value, []).append(f"{path.relative_to(ROOT)}:{q}")
                    walk(ch, q + ".")

        walk(tree, "")
    return out


def _import_marked_modules() -> None:
    for rel in {name.split(":")[0] for names in _marks_in_source().values() for name in names}:
        importlib.import_module(rel[:-3].replace("/", "."))


def marked_functions() -> dict[str, object]:
    """Rule ID -> the marked function object (after importing every module that marks one)."""
    _import_marked_modules()
    out = {}
    for rid, names in MARKS.items():
        name = names[0]
        # the module is the longest importable prefix; the rest is the qualified name
        parts = name.split(".")
        for i in range(len(parts) - 1, 0, -1):
            mod = sys.modules.get(".".join(parts[:i]))
            if mod is not None:
                obj = mod
                for attr in parts[i:]:
                    obj = vars(obj)[attr] if isinstance(obj, type) else getattr(obj, attr)
                    obj = getattr(obj, "fget", None) or getattr(obj, "__func__", None) or obj
                out[rid] = inspect.unwrap(obj)  # under a memo (functools.cache) the function itself
                break
    return out


def test_catalog_list_matches_rules_md():
    catalog = _find_catalog()
    if catalog is None:
        pytest.skip("shared/RULES.md is not beside this checkout")
    ids = sorted({i for i in ID_RE.findall(catalog.read_text(encoding="utf-8")) if "-EX-" not in i})
    assert catalog_ids() == ids


def test_every_rule_id_is_marked_on_exactly_one_function():
    found = _marks_in_source()
    ids = catalog_ids()
    assert [i for i in ids if i not in found] == [], "rule IDs with no @implements"
    assert {i: n for i, n in found.items() if len(n) > 1} == {}, "rule IDs marked twice"
    assert sorted(set(found) - set(ids)) == [], "marks naming no catalog rule"


def test_marks_name_real_functions_and_change_nothing():
    funcs = marked_functions()
    assert sorted(funcs) == sorted(_marks_in_source())
    for rid, fn in funcs.items():
        assert callable(fn) and hasattr(fn, "__code__"), rid

    def f(x):
        return x

    assert implements("TEST-X-1")(f) is f
    del MARKS["TEST-X-1"]


# -- reached in play -------------------------------------------------------------------------------------------
def _play_and_trace() -> set:
    """Code objects called while loading each scenario and playing its seeded AI game."""
    from game.ai.controller import make_controller, play_out
    from game.match.match import Match
    from game.scenario import find_scenario

    called: set = set()
    add = called.add

    def hook(frame, event, arg):
        if event == "call":
            add(frame.f_code)

    for name, seed, level in GAMES:
        sys.settrace(hook)
        try:
            sc = find_scenario(name)
            m = Match(sc, seed=seed)
            ctl = {s.id: make_controller(level, seed + i) for i, s in enumerate(sc.sides)}
            play_out(m, ctl)
        finally:
            sys.settrace(None)
    return called


def test_every_shipped_scenario_is_played():
    from game.scenario.registry import list_scenarios

    shipped = {s.id for s in list_scenarios()}
    assert shipped <= {g[0] for g in GAMES}


def test_every_marked_function_is_reached_in_play():
    funcs = marked_functions()
    called = _play_and_trace()
    missed = sorted(rid for rid, fn in funcs.items() if fn.__code__ not in called and rid not in RARE_IN_PLAY)
    assert missed == []


def test_rare_rules_are_called_by_their_named_tests():
    """Each RARE_IN_PLAY rule has a test named for it (test_<id>…) in a file that calls its marked
    function by name."""
    funcs = marked_functions()
    tests = {p: p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py")}
    for rid in RARE_IN_PLAY:
        stem = rid.lower().replace("-", "_")
        name = funcs[rid].__name__
        named = [p for p, t in tests.items() if re.search(rf"def test_{stem}(?!\d)", t, re.I)]
        assert named, f"no test named for {rid}"
        assert any(re.search(rf"\b{name}\b", tests[p]) for p in named), f"{rid}: no test_{stem}… file calls {name}"
