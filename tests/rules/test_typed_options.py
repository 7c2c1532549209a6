"""Options carry their argument in typed fields (``Decision.number``,
``Decision.label``) and tap items are ``Item`` records, so nothing in game/ builds or parses
"reroll:2" / "cross:rail" / "kd+mg" option strings any more (GEN-CHOICE-1)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from game.rules.decisions import Decision, Item, choose

GAME = Path(__file__).resolve().parents[2] / "game"

#: separators an option's arguments were once written with ("reroll:2", "kd+mg", a duel order "0,2,1")
SEPARATORS = (":", "+", ",")
#: the splits on those left in game/, each on text that is not an option: (file, receiver). Every
#: entry must still be found (a stale one would hide the next split written on that receiver).
NOT_OPTIONS = {
    ("rules/decisions.py", "option"): "the one reader of the old record forms (Decision.from_json)",
    ("rules/decisions.py", "p[1]"): "the one reader of the old record forms (Decision.from_json)",
    ("rules/decisions.py", "it.kind"): "the one reader of the old record forms (Decision.from_json)",
    ("rules/initiative/orders.py", "text"): 'a scenario\'s order objective, written "task:<id>" (INI-ORD-1)',
    ("rules/pyrates/scenario_rules.py", "key"): 'a fire cell\'s key "<level>:<i>:<j>" in the Pyrates state',
    ("ui/log_vocab.py", "ident"): "an event's side or figure reference in the log",
    ("ui/log_vocab.py", "item or ''"): 'an event\'s item text ("w+mg": events keep their text)',
    ("ai/simulate.py", "str(text)"): "the command line's --ai list (CLI input)",
    ("table/tmx_guard.py", "text"): "a TMX layer's CSV tile data",
    ("table/tmx_guard.py", "item"): "a TMX polygon's point list",
}
#: what a decision's or question's text is read from: no split, regex, int() or float() may read it
ANSWER_TEXT = re.compile(r"\b(option|option_name|option_label|label|prompt|describe)\b")
TEXT_READERS = {"split", "rsplit", "partition", "rpartition", "match", "fullmatch", "search", "findall", "int", "float"}
OLD_BUILDERS = re.compile(
    r'f"(reroll|dir|ap|dv|bonus|break_off|climb|cross|order):\{|\+(mg|sneaky)"|'
    r'startswith\(\(?"(reroll|dir|ap|dv|bonus|break_off|climb|cross|order):'
)


def _calls(path: Path):
    for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(n, ast.Call):
            f = n.func
            yield n, (f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else "")


def _splits(path: Path):
    for n, name in _calls(path):
        if (
            name in ("split", "rsplit", "partition", "rpartition")
            and isinstance(n.func, ast.Attribute)
            and n.args
            and isinstance(n.args[0], ast.Constant)
            and n.args[0].value in SEPARATORS
        ):
            yield ast.unparse(n.func.value), n.lineno


def _game_files():
    for p in sorted(GAME.rglob("*.py")):
        yield p.relative_to(GAME).as_posix(), p


def test_GEN_CHOICE_1_no_option_string_is_split_or_built_in_game():
    bad, seen = [], set()
    for rel, p in _game_files():
        for recv, line in _splits(p):
            if (rel, recv) in NOT_OPTIONS:
                seen.add((rel, recv))
            else:
                bad.append(f"{rel}:{line}: {recv}")
        for i, text in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            if rel != "rules/decisions.py" and not text.lstrip().startswith("#") and OLD_BUILDERS.search(text):
                bad.append(f"{rel}:{i}: {text.strip()}")
    assert not bad, "\n".join(bad)
    assert seen == set(NOT_OPTIONS), f"stale allow-list entries: {sorted(set(NOT_OPTIONS) - seen)}"


def test_GEN_CHOICE_1_ESC_DUEL_1_OD6_SEQ_1_no_answer_or_prompt_text_is_parsed_in_game():
    """Whatever the separator: a duel order is ``Decision.numbers``, a re-form's ends ``Decision.spots``,
    and nothing splits, matches or converts an option's, a label's or a prompt's text (only the
    reader of old records, in rules/decisions.py)."""
    bad = []
    for rel, p in _game_files():
        if rel == "rules/decisions.py":
            continue
        for n, name in _calls(p):
            if name not in TEXT_READERS:
                continue
            read = [n.func.value] if isinstance(n.func, ast.Attribute) and name != "match" else []
            read += list(n.args)
            if name in ("match", "fullmatch", "search", "findall") and isinstance(n.func, ast.Attribute):
                read.append(n.func.value)
            if any(ANSWER_TEXT.search(ast.unparse(a)) for a in read):
                bad.append(f"{rel}:{n.lineno}: {ast.unparse(n)}")
    assert not bad, "\n".join(bad)


def test_GEN_CHOICE_1_no_decision_is_built_from_formatted_text_in_game():
    """An option's arguments go in typed fields, never formatted into a string ("0,2,1", "x,y,facing")."""
    bad = []
    for rel, p in _game_files():
        for n, name in _calls(p):
            if name not in ("Decision", "choose", "Item", "Spot"):
                continue
            for a in [*n.args, *(k.value for k in n.keywords)]:
                if (
                    isinstance(a, (ast.JoinedStr, ast.BinOp))
                    or isinstance(a, ast.Call)
                    and isinstance(a.func, ast.Attribute)
                    and a.func.attr in ("join", "format")
                ):
                    bad.append(f"{rel}:{n.lineno}: {ast.unparse(n)}")
    assert not bad, "\n".join(bad)


def test_GEN_CHOICE_1_typed_decisions_are_frozen_hashable_and_compared_by_value():
    a = Decision("tap", figure="A", items=(Item("B", "w", ("mg",)),))
    b = Decision("tap", figure="A", items=(Item("B", "w", ("mg",)),))
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Decision("tap", figure="A", items=(Item("B", "w"),))
    assert choose("dir", 45) == Decision("choose", option="dir", number=45) != choose("dir", 50)
    assert Decision("move", option="cross", label="rail") != Decision("move", option="cross", label="log")
    assert Item("B", "kd", ("mg", "sneaky")).text == "kd+mg+sneaky" and Item("B", "w").text == "w"
    try:
        a.number = 3  # type: ignore[misc]
    except AttributeError:
        pass
    else:
        raise AssertionError("Decision must stay frozen")
