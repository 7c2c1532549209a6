"""Decisions serialise to JSON and back; untrusted JSON is refused with a readable reason."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.decisions import Decision, Item, Spot, choose

texts = st.text(min_size=1, max_size=20)
items = st.builds(Item, target=texts, kind=texts, extras=st.lists(texts, max_size=2).map(tuple))
inches = st.floats(-1000, 1000, allow_nan=False)
spots = st.builds(Spot, figure=texts, x=inches, y=inches, facing=st.floats(-360, 360, allow_nan=False))
decisions = st.builds(
    Decision,
    kind=st.sampled_from(["move", "tap", "choose", "pass", "seize", "reorganise", "engage", "order"]),
    figure=st.none() | texts,
    target=st.none() | texts,
    x=st.none() | st.floats(-1000, 1000, allow_nan=False),
    y=st.none() | st.floats(-1000, 1000, allow_nan=False),
    option=st.none() | texts,
    number=st.none() | st.integers(-(10**9), 10**9),
    label=st.none() | texts,
    items=st.lists(items, max_size=4).map(tuple),
    numbers=st.lists(st.integers(-(10**9), 10**9), max_size=5).map(tuple),
    spots=st.lists(spots, max_size=3).map(tuple),
)


@given(decisions)
def test_GEN_CHOICE_1_decision_json_round_trip(d):
    assert Decision.from_json(d.to_json(), legacy=False) == d


def test_GEN_CHOICE_1_typed_form_is_read_as_written_old_forms_only_from_old_records():
    odd = Decision("choose", option="reroll:2")  # no flow offers it; written and read back as it is
    assert Decision.from_json(odd.to_json(), legacy=False) == odd
    assert Decision.from_json(odd.to_json()) == choose("reroll", 2)  # a version 1 record meant this
    tap = {"kind": "tap", "figure": "a", "items": [["v", "kd+mg"]]}
    assert Decision.from_json(tap, legacy=False).items == (Item("v", "kd+mg"),)


# The string forms records held before typed option fields, and the typed decision each
# stands for: a record made then replays the same decisions now.
OLD_FORMS = [
    ({"kind": "choose", "option": "reroll:2"}, choose("reroll", 2)),
    ({"kind": "choose", "option": "dir:315"}, Decision("choose", option="dir", number=315)),
    ({"kind": "choose", "option": "ap:0"}, Decision("choose", option="ap", number=0)),
    ({"kind": "choose", "option": "dv:3"}, Decision("choose", option="dv", number=3)),
    ({"kind": "choose", "option": "bonus:1"}, Decision("choose", option="bonus", number=1)),
    ({"kind": "choose", "option": "break_off:B2"}, Decision("choose", option="break_off", label="B2")),
    (
        {"kind": "move", "figure": "f", "x": 1, "y": 2.5, "option": "climb:main_hatch"},
        Decision("move", figure="f", x=1.0, y=2.5, option="climb", label="main_hatch"),
    ),
    (
        {"kind": "move", "figure": "f", "x": 1, "y": 2, "option": "cross:rail:2"},
        Decision("move", figure="f", x=1.0, y=2.0, option="cross", label="rail:2"),
    ),
    (
        {"kind": "seize", "figure": "f", "option": "order:card_1"},
        Decision("seize", figure="f", option="order", label="card_1"),
    ),
    (
        {"kind": "reorganise", "option": "blue:re-form line"},
        Decision("reorganise", option="blue", label="re-form line"),
    ),
    (
        {"kind": "reorganise", "option": "blue:re-form", "items": [["p1", "1.5,2,90"]]},
        Decision("reorganise", option="blue", label="re-form", spots=(Spot("p1", 1.5, 2.0, 90.0),)),
    ),
    ({"kind": "order", "option": "0,2,1"}, Decision("order", numbers=(0, 2, 1))),
    (
        {"kind": "engage", "option": "blue", "figure": "p1", "target": "q1", "items": [["key", "p1>q1:front:0"]]},
        Decision("engage", option="blue", figure="p1", target="q1", label="p1>q1:front:0"),
    ),
    ({"kind": "place", "figure": "p1", "items": [["key", "k"]]}, Decision("place", figure="p1", label="k")),
    (
        {"kind": "move", "option": "blue", "x": 0, "y": 3, "items": [["move", "advance"]]},
        Decision("move", option="blue", x=0.0, y=3.0, label="advance"),
    ),
    (
        {"kind": "tap", "figure": "a", "items": [["v", "kd+mg+sneaky"], ["w", "w"], ["x", "disarm"]]},
        Decision("tap", figure="a", items=(Item("v", "kd", ("mg", "sneaky")), Item("w", "w"), Item("x", "disarm"))),
    ),
    ({"kind": "react", "items": [["r", "engage"]]}, Decision("react", items=(Item("r", "engage"),))),
    ({"kind": "pair", "items": [["a", "d+1"]]}, Decision("pair", items=(Item("a", "d+1"),))),  # only a tap has riders
    # options that never took an argument, or are not of a known "name:argument" form, stay as written
    ({"kind": "choose", "option": "stop"}, choose("stop")),
    ({"kind": "choose", "option": "reroll:x"}, Decision("choose", option="reroll:x")),
    ({"kind": "choose", "option": "reroll:02"}, Decision("choose", option="reroll:02")),
    ({"kind": "card", "option": "Q:hearts"}, Decision("card", option="Q:hearts")),
    ({"kind": "move", "option": "reroll:2"}, Decision("move", option="reroll:2")),
]


@pytest.mark.parametrize("old, typed", OLD_FORMS)
def test_GEN_CHOICE_1_old_string_forms_load_as_the_typed_decision(old, typed):
    got = Decision.from_json(old)
    assert got == typed and hash(got) == hash(typed)
    assert Decision.from_json(got.to_json(), legacy=False) == typed  # the typed form written now reads back the same


@given(st.integers(0, 10**6), st.sampled_from(["reroll", "dir", "ap", "dv", "bonus"]))
def test_GEN_CHOICE_1_old_numbered_options_read_as_number(n, name):
    assert Decision.from_json({"kind": "choose", "option": f"{name}:{n}"}) == choose(name, n)


@given(texts, st.lists(st.sampled_from(["mg", "sneaky"]), max_size=2, unique=True))
def test_GEN_CHOICE_1_old_tap_items_read_as_items_and_describe_as_before(target, extras):
    old = "+".join(["w", *extras])
    d = Decision.from_json({"kind": "tap", "figure": "a", "items": [[target, old]]})
    assert d.items == (Item(target, "w", tuple(extras)),) and d.items[0].text == old
    assert d.describe() == f"tap a {target}:{old}"


def test_GEN_CHOICE_1_typed_json_form():
    d = Decision("tap", figure="a", items=(Item("v", "kd", ("mg",)), Item("w", "w")))
    assert d.to_json() == {
        "kind": "tap",
        "figure": "a",
        "items": [{"target": "v", "kind": "kd", "extras": ["mg"]}, {"target": "w", "kind": "w"}],
    }
    assert choose("reroll", 1).to_json() == {"kind": "choose", "option": "reroll", "number": 1}
    assert choose("reroll", 1) is choose("reroll", 1)  # shared: flows build the same few many times
    assert choose("reroll", 1).describe() == "choose reroll:1"  # messages read as before


@pytest.mark.parametrize(
    "bad",
    [
        None,
        [],
        "move",
        {"kind": 3},
        {"kind": ""},
        {"kind": "move", "x": "1"},
        {"kind": "move", "x": float("nan")},
        {"kind": "move", "x": True},
        {"kind": "move", "evil": 1},
        {"kind": "tap", "items": [["a"]]},
        {"kind": "tap", "items": "ab"},
        {"kind": "move", "figure": "x" * 201},
        {"kind": "move", "x": 1e300},
        {"kind": "choose", "number": "2"},
        {"kind": "choose", "number": 2.0},
        {"kind": "choose", "number": True},
        {"kind": "choose", "number": 10**12},
        {"kind": "choose", "label": 3},
        {"kind": "tap", "items": [{"target": "a"}]},
        {"kind": "tap", "items": [{"target": "a", "kind": "w", "evil": 1}]},
        {"kind": "tap", "items": [{"target": "a", "kind": "w", "extras": "mg"}]},
        {"kind": "tap", "items": [{"target": "a", "kind": "w", "extras": [1]}]},
    ],
)
def test_decision_from_untrusted_json_refused(bad):
    with pytest.raises(ValueError):
        Decision.from_json(bad)


def test_GEN_CHOICE_1_ask_builds_the_same_question_as_the_dataclass():
    from game.rules.flow import Ask, ask

    opts = [Decision("choose", option="a"), Decision("choose", option="b")]
    check = lambda d: None  # noqa: E731
    q = ask("A", "k", "p?", opts, default=opts[1], validate=check, info={"x": 1}, rule="R-1")
    assert q == Ask("A", "k", "p?", tuple(opts), opts[1], check, {"x": 1}, "R-1")
    assert vars(q) == vars(Ask("A", "k", "p?", tuple(opts), opts[1], check, {"x": 1}, "R-1"))
    bare = ask("B", "k", "p?", iter(opts))
    assert vars(bare) == vars(Ask("B", "k", "p?", tuple(opts), opts[0], None, {}, ""))
    assert bare.info is not ask("B", "k", "p?", opts).info  # each question its own info dict


def test_GEN_CHOICE_1_check_accepts_offered_or_equal_answers_and_refuses_others():
    from game.rules.decisions import IllegalDecision
    from game.rules.flow import ask

    opts = [Decision("choose", option=f"o{i}") for i in range(5)]
    q = ask("A", "k", "p?", opts)
    q.check(opts[4])  # the offered object itself
    q.check(Decision("choose", option="o3"))  # an equal answer built anew
    with pytest.raises(IllegalDecision):
        q.check(Decision("choose", option="o9"))


# Version 2 records still wrote a duel order and a re-form's ends as strings (the last
# two); version 3 writes ``numbers`` and ``spots`` and reads its own form exactly as written.
V2_FORMS = [
    ({"kind": "order", "option": "1,0,2"}, Decision("order", numbers=(1, 0, 2))),
    (
        {"kind": "reorganise", "option": "u", "label": "re-form", "items": [{"target": "p1", "kind": "1.5,2,90"}]},
        Decision("reorganise", option="u", label="re-form", spots=(Spot("p1", 1.5, 2.0, 90.0),)),
    ),
]


@pytest.mark.parametrize("old, typed", V2_FORMS)
def test_ESC_DUEL_1_OD6_SEQ_1_version_2_string_forms_load_as_numbers_and_spots(old, typed):
    assert Decision.from_json(old, version=2) == typed == Decision.from_json(old)
    assert Decision.from_json(old, version=3) == Decision.from_json(old, legacy=False) != typed
    assert Decision.from_json(typed.to_json(), version=3) == typed


def test_GEN_CHOICE_1_each_version_reads_only_the_forms_it_wrote():
    assert Decision.from_json({"kind": "choose", "option": "reroll:2"}, version=2) == Decision(
        "choose", option="reroll:2"
    )
    assert Decision.from_json({"kind": "order", "option": "1,x"}, version=2) == Decision("order", option="1,x")
    odd = {"kind": "reorganise", "option": "u", "label": "re-form", "items": [["p", "1,2"], ["q", "1,2,3"]]}
    assert Decision.from_json(odd, version=1).items == (Item("p", "1,2"), Item("q", "1,2,3"))  # not an end: left


def test_ESC_DUEL_1_OD6_SEQ_1_typed_json_form_of_numbers_and_spots():
    d = Decision("reorganise", option="u", label="re-form", spots=(Spot("p1", 1.5, 2.0, 90.0),))
    assert d.to_json()["spots"] == [{"figure": "p1", "x": 1.5, "y": 2.0, "facing": 90.0}]
    assert Decision("order", numbers=(2, 0, 1)).to_json() == {"kind": "order", "numbers": [2, 0, 1]}
    assert Decision("order", numbers=(2, 0, 1)).describe() == "order 2,0,1"  # messages read as before


@pytest.mark.parametrize(
    "bad, where",
    [
        ({"kind": "order", "numbers": [0, True]}, "numbers[1]"),
        ({"kind": "order", "numbers": [0, 1.0]}, "numbers[1]"),
        ({"kind": "order", "numbers": "0,1"}, "numbers"),
        ({"kind": "order", "numbers": list(range(65))}, "numbers"),
        ({"kind": "reorganise", "spots": [{"figure": "p", "x": 1, "y": 2}]}, "spots[0].facing"),
        ({"kind": "reorganise", "spots": [{"figure": "p", "x": 1, "y": 2, "facing": 1e300 * 10}]}, "spots[0].facing"),
        ({"kind": "reorganise", "spots": [{"figure": "p", "x": 1, "y": 2, "facing": 0, "z": 1}]}, "spots[0]"),
        ({"kind": "reorganise", "spots": [["p", 1, 2, 0]]}, "spots[0]"),
    ],
)
def test_GEN_CHOICE_1_bad_numbers_and_spots_are_refused_naming_the_place(bad, where):
    with pytest.raises(ValueError, match=re.escape(f"decision.{where}")):
        Decision.from_json(bad, legacy=False)
