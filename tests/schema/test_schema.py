"""One schema per untrusted file kind: every option, card setting and record
field has a type and a range; the examples of the issue are refused in one line naming the place."""

import json
import tomllib
from pathlib import Path

import pytest

from game.match import SaveError, parse_record
from game.scenario import ScenarioError, load_scenario
from game.schema import one_line

ROOT = Path(__file__).resolve().parents[2]
TINY = (ROOT / "tests" / "data" / "scenarios" / "tiny.toml").read_text()
H = "0" * 64


def record(**over) -> bytes:
    rec = {
        "format": "boarders-away-record",
        "version": 1,
        "scenario": "tiny",
        "preset": "pyrates",
        "options": {},
        "seed": 1,
        "decisions": [{"kind": "pass"}],
        "hashes": [H],
        "final": None,
    }
    rec.update(over)
    return json.dumps(rec).encode()


BAD_OPTIONS = [
    ({"fire": {"cell": 0}}, "options.fire.cell"),
    ({"fire": {"cell": 1e-9}}, "options.fire.cell"),
    ({"fire": {"spread": 10**15}}, "options.fire.spread"),
    ({"fire": {"spread": True}}, "options.fire.spread"),
    ({"specials": [1, 2]}, "options.specials[0]"),
    ({"conditions": 5}, "options.conditions"),
    ({"actions_per_turn": 10**9}, "options.actions_per_turn"),
    ({"sight_limit": "far"}, "options.sight_limit"),
    ({"allies": [["a"] * 100]}, "options.allies[0]"),
    ({"break_after": {"u": -1}}, "options.break_after"),
    ({"typo_option": True}, "options.typo_option: unknown key"),
]


@pytest.mark.parametrize("options,place", BAD_OPTIONS, ids=[p for _, p in BAD_OPTIONS])
def test_save_with_bad_option_refused_in_one_line(options, place):
    with pytest.raises(SaveError) as e:
        parse_record(record(options=options), "bad.json")
    msg = str(e.value)
    assert msg.startswith("bad.json: ") and place in msg and "\n" not in msg and len(msg) <= 300, msg


@pytest.mark.parametrize("options,place", BAD_OPTIONS, ids=[p for _, p in BAD_OPTIONS])
def test_scenario_with_bad_option_refused_in_one_line(tmp_path, options, place):
    lines = "".join(f"{k} = {json.dumps(v)}\n" for k, v in options.items() if not isinstance(v, dict))
    tables = "".join(
        f"[options.{k}]\n" + "".join(f"{a} = {json.dumps(b)}\n" for a, b in v.items())
        for k, v in options.items()
        if isinstance(v, dict)
    )
    p = tmp_path / "bad.toml"
    p.write_text(TINY.replace("[[sides]]", f"[options]\n{lines}{tables}\n[[sides]]", 1))
    try:
        tomllib.loads(p.read_text())
    except tomllib.TOMLDecodeError:
        pytest.skip("not expressible in TOML")
    with pytest.raises(ScenarioError) as e:
        load_scenario(p)
    msg = str(e.value)
    assert msg.startswith(f"{p}: ") and place in msg and "\n" not in msg, msg


@pytest.mark.parametrize(
    "cards,place",
    [
        ("copies = 1000000000", "cards.copies"),
        ("hand = -1", "cards.hand"),
        ('hand = "3"', "cards.hand"),
        ("jokers = 2", "cards.jokers: unknown key"),
    ],
)
def test_cards_table_is_bounded(tmp_path, cards, place):
    p = tmp_path / "bad.toml"
    p.write_text(TINY.replace("[[sides]]", f"[cards]\n{cards}\n\n[[sides]]", 1))
    with pytest.raises(ScenarioError, match=place.replace("[", r"\[")):
        load_scenario(p)


def test_every_shipped_scenario_fits_the_schema():
    from game.scenario import scan_scenarios

    good, bad = scan_scenarios()
    assert not bad and len(good) >= 9


def test_meta_is_free_but_bounded():
    ok = parse_record(
        record(
            meta={
                "mode": "solo",
                "humans": ["red"],
                "levels": {"blue": "hard"},
                "seeds": {"blue": 7},
                "anything": [1, 2.5, None, "x"],
            }
        ),
        "m.json",
    )
    assert ok.meta["levels"] == {"blue": "hard"}
    for meta, place in [
        ({"mode": 5}, "meta.mode"),
        ({"notes": "x" * 5000}, "meta.notes"),
        ({"deep": [[[[[[[[1]]]]]]]]}, "nested too deeply"),
        ({"many": list(range(5000))}, "meta"),
        ([1], "meta"),
    ]:
        with pytest.raises(SaveError, match=place.replace("[", r"\[")):
            parse_record(record(meta=meta), "m.json")


def test_record_final_numbers_are_finite():
    fig = {"id": "a", "side": "red", "x": 1e300, "y": 0, "radius": 0.5, "level": "deck", "status": "ok"}
    with pytest.raises(SaveError, match=r"final.figures\[0\].x"):
        parse_record(record(final={"winner": None, "figures": [fig]}), "f.json")


def test_one_line_escapes_control_characters_and_bounds_length():
    s = one_line("file\nname: " + "x" * 10_000 + "\x00\u2028 the fault")
    assert "\n" not in s and "\x00" not in s and "\u2028" not in s and len(s) <= 300
    assert s.startswith("file\\nname: ") and s.endswith("the fault")
