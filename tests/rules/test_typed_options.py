"""Issue 24 item 3: options carry their argument in typed fields (``Decision.number``,
``Decision.label``) and tap items are ``Item`` records, so nothing in game/ builds or parses
"reroll:2" / "cross:rail" / "kd+mg" option strings any more (GEN-CHOICE-1)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from game.rules.decisions import Decision, Item, choose

GAME = Path(__file__).resolve().parents[2] / "game"

#: the splits on ":" or "+" left in game/, each on text that is not an option: (file, receiver)
NOT_OPTIONS = {
    ("rules/decisions.py", "option"): "the one reader of the old record forms (Decision.from_json)",
    ("rules/decisions.py", "p[1]"): "the one reader of the old record forms (Decision.from_json)",
    ("rules/initiative/orders.py", "text"): 'a scenario\'s order objective, written "task:<id>" (INI-ORD-1)',
    ("rules/pyrates/scenario_rules.py", "key"): 'a fire cell\'s key "<level>:<i>:<j>" in state.data',
    ("ui/log_vocab.py", "ident"): "an event's side or figure reference in the log",
    ("ui/log_vocab.py", "item or ''"): 'an event\'s item text ("w+mg": events keep their text)',
    ("ai/levels_melee.py", "ctx.ask.prompt"): "a question's prompt (the AI's, not an option)",
}
OLD_BUILDERS = re.compile(
    r'f"(reroll|dir|ap|dv|bonus|break_off|climb|cross|order):\{|\+(mg|sneaky)"|'
    r'startswith\(\(?"(reroll|dir|ap|dv|bonus|break_off|climb|cross|order):'
)


def _splits(path: Path):
    for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr in ("split", "rsplit", "partition", "rpartition")
            and n.args
            and isinstance(n.args[0], ast.Constant)
            and n.args[0].value in (":", "+")
        ):
            yield ast.unparse(n.func.value), n.lineno


def test_GEN_CHOICE_1_no_option_string_is_split_or_built_in_game():
    bad = []
    for p in sorted(GAME.rglob("*.py")):
        rel = p.relative_to(GAME).as_posix()
        bad += [f"{rel}:{line}: {recv}" for recv, line in _splits(p) if (rel, recv) not in NOT_OPTIONS]
        for i, text in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            if rel != "rules/decisions.py" and not text.lstrip().startswith("#") and OLD_BUILDERS.search(text):
                bad.append(f"{rel}:{i}: {text.strip()}")
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
