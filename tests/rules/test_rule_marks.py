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
import types
from contextlib import contextmanager
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
    ("duel_on_the_quarterdeck", 2, "auto"),  # a Mutinous Dog point (PYR-MDP-1)
    ("farm_skirmish", 1, "auto"),
    ("fire_in_the_hold", 3, "easy"),  # a Main Gauche (PYR-MG-1) and a reaction between rounds (PYR-REACT-2)
    ("forest_clearing", 1, "auto"),
    ("forest_initiative", 2, "random"),  # hand combat from the rear (GEO-FACE-1, GEN-ROUND-1)
    ("harbour_tavern", 2, "auto"),
    ("pike_and_shot", 1, "auto"),
    ("learn_to_play", 1, "auto"),
)

#: Marked functions no shipped scenario reaches in a short seeded game, each with why; their named
#: rule tests (test_<id>_…) call them instead (test_rare_rules_are_called_by_their_named_tests).
RARE_IN_PLAY: dict[str, str] = {
    "INI-REACT-3": "a reactive move is declared only by a player: the AI levels pass (their default)",
    "OD6-LOCK-2": "a piece held by exactly one corner lock tries to disengage: rare after move-backs",
    "PYR-CR-2": "a cornered rat fights its own mêlée: a loser surrounded when it withdraws",
    "PYR-DUEL-4": "a pistol duel needs a challenge: since easy plays on normal's scores none of "
    "64 seeded easy/normal games of the Pyrates scenarios had one",
    "PYR-DROP-1": "a wounded figure in the rigging falls (1-3 on d6) and rolls on the Drop Table",
    "PYR-MNT-1": "no shipped scenario has mounted figures (en passant)",
    "PYR-MNT-2": "no shipped scenario has mounted figures (unhorsed, dismount)",
    "RNG-MOVE-2": "a figure stopped at a linear obstacle crosses it a player-turn later",
    "RNG-SPEC-1": "no shipped scenario defines a special action",
}


#: memoised marked functions (functools.cache wrappers), emptied before the games
MEMOS: list = []


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
                if hasattr(obj, "cache_clear"):
                    MEMOS.append(obj)
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
# While the games run, each marked function's code is swapped for a probe that records the call and
# runs the original (restored afterwards): no tracer, so the games run at full speed.
def _probe(*args, **kwargs):
    return __rule_marks_probe__("\0key", args, kwargs)  # noqa: F821 - put into the module's globals


class _WithClassCell:
    def probe(*args, **kwargs):
        __class__  # noqa: B018 - the free variable of a method that calls super()
        return __rule_marks_probe__("\0key", args, kwargs)  # noqa: F821


PROBES = {(): _probe.__code__, ("__class__",): _WithClassCell.probe.__code__}


@contextmanager
def probes(funcs):
    """Yields the set of "module.qualname" of ``funcs`` called while inside."""
    called: set[str] = set()
    originals: dict = {}
    patched = []

    def probe(key, args, kwargs):
        called.add(key)
        return originals[key](*args, **kwargs)

    try:
        for fn in {id(f): f for f in funcs}.values():
            code = fn.__code__
            key = f"{fn.__module__}.{fn.__qualname__}"
            orig = types.FunctionType(code, fn.__globals__, fn.__name__, fn.__defaults__, fn.__closure__)
            orig.__kwdefaults__ = fn.__kwdefaults__
            originals[key] = orig
            tmpl = PROBES[code.co_freevars]
            consts = tuple(key if c == "\0key" else c for c in tmpl.co_consts)
            fn.__globals__["__rule_marks_probe__"] = probe
            patched.append((fn, code))
            fn.__code__ = tmpl.replace(co_consts=consts, co_name=code.co_name, co_qualname=code.co_qualname)
        yield called
    finally:
        for fn, code in patched:
            fn.__code__ = code
            fn.__globals__.pop("__rule_marks_probe__", None)


def play(games) -> None:
    """Load each scenario and play its seeded AI game to the end."""
    from game.ai.controller import make_controller, play_out
    from game.match.match import Match
    from game.scenario import find_scenario

    for name, seed, level in games:
        sc = find_scenario(name)
        m = Match(sc, seed=seed)
        ctl = {s.id: make_controller(level, seed + i) for i, s in enumerate(sc.sides)}
        play_out(m, ctl)


def _reached(games) -> dict[str, object]:
    funcs = marked_functions()
    for memo in MEMOS:  # other tests may have filled it: a hit would not reach the function
        memo.cache_clear()
    with probes(funcs.values()) as called:
        play(games)
    return {rid: fn for rid, fn in funcs.items() if f"{fn.__module__}.{fn.__qualname__}" in called}


def test_every_shipped_scenario_is_played():
    from game.scenario.registry import list_scenarios

    shipped = {s.id for s in list_scenarios()}
    assert shipped <= {g[0] for g in GAMES}


def test_every_marked_function_is_reached_in_play():
    reached = _reached(GAMES)
    assert sorted(set(catalog_ids()) - set(reached) - set(RARE_IN_PLAY)) == []


def _import_test_module(path: Path):
    """Import a test file under the name pytest's default ("prepend") import mode gives it."""
    base = path.parent
    while (base / "__init__.py").exists():
        base = base.parent
    if str(base) not in sys.path:
        sys.path.insert(0, str(base))
    return importlib.import_module(".".join(path.relative_to(base).with_suffix("").parts))


def _named_tests(rid: str) -> list:
    """The argument-free test functions named for ``rid`` (test_<id>_…), from every test module."""
    stem = rid.replace("-", "_")
    out = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        if not re.search(rf"def test_{stem}(?!\d)", text, re.I):
            continue
        mod = _import_test_module(path)
        for name, fn in vars(mod).items():
            if re.match(rf"test_{stem}(?!\d)", name, re.I) and callable(fn) and not inspect.signature(fn).parameters:
                out.append(fn)
    return out


def test_rare_rules_are_reached_by_their_named_tests():
    """Each RARE_IN_PLAY rule's named tests (those taking no fixtures) call its marked function."""
    funcs = marked_functions()
    for rid, why in RARE_IN_PLAY.items():
        assert why
        tests = _named_tests(rid)
        assert tests, f"no argument-free test is named for {rid}"
        fn = funcs[rid]
        with probes([fn]) as called:
            for t in tests:
                t()
        assert called, f"{rid}: {fn.__qualname__} is not called by {[t.__name__ for t in tests]}"
