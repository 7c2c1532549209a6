"""Decisions serialise to JSON and back; untrusted JSON is refused with a readable reason."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.decisions import Decision

texts = st.text(min_size=1, max_size=20)
decisions = st.builds(
    Decision,
    kind=st.sampled_from(["move", "tap", "choose", "pass"]),
    figure=st.none() | texts,
    target=st.none() | texts,
    x=st.none() | st.floats(-1000, 1000, allow_nan=False),
    y=st.none() | st.floats(-1000, 1000, allow_nan=False),
    option=st.none() | texts,
    items=st.lists(st.tuples(texts, texts), max_size=4).map(tuple),
)


@given(decisions)
def test_GEN_CHOICE_1_decision_json_round_trip(d):
    assert Decision.from_json(d.to_json()) == d


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
