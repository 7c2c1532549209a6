#!/usr/bin/env python3
"""Write the committed corpus of bad saves (tests/data/bad_saves/) deterministically.

Each file is one way a save can be wrong: empty, truncated, not JSON, pickle bytes, another
format, a future version, wrong types, absurd sizes. Loading any of them must raise SaveError.
"""

import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "bad_saves"
H = "0" * 64


def good(**over):
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
    return rec


def cases():
    yield "empty.json", b""
    yield "whitespace.json", b"   \n\t\n"
    yield "truncated.json", json.dumps(good()).encode()[:57]
    yield "noise.bin", bytes((i * 73 + 41) % 256 for i in range(512))
    # pickle.dumps({"format": "boarders-away-record"}, protocol=4), written out so no tool imports pickle
    yield (
        "pickle.pkl",
        b"\x80\x04\x95$\x00\x00\x00\x00\x00\x00\x00}\x94\x8c\x06format\x94\x8c\x14boarders-away-record\x94s.",
    )
    yield "pickle_reduce.pkl", b"cos\nsystem\n(S'echo pwned'\ntR."
    yield "utf16.json", json.dumps(good()).encode("utf-16")
    yield "array.json", b"[1, 2, 3]"
    yield "string.json", b'"boarders-away-record"'
    yield "other_format.json", json.dumps(good(format="tiled-map")).encode()
    yield "no_format.json", json.dumps({k: v for k, v in good().items() if k != "format"}).encode()
    yield "future_version.json", json.dumps(good(version=99)).encode()
    yield "version_zero.json", json.dumps(good(version=0)).encode()
    yield "version_string.json", json.dumps(good(version="1")).encode()
    yield "seed_string.json", json.dumps(good(seed="42")).encode()
    yield "seed_negative.json", json.dumps(good(seed=-1)).encode()
    yield "seed_huge.json", json.dumps(good(seed=10**40)).encode()
    yield "seed_float.json", json.dumps(good(seed=1.5)).encode()
    yield "scenario_path.json", json.dumps(good(scenario="../../etc/passwd")).encode()
    yield "scenario_number.json", json.dumps(good(scenario=7)).encode()
    yield "decisions_object.json", json.dumps(good(decisions={"kind": "pass"})).encode()
    yield "decision_not_object.json", json.dumps(good(decisions=["pass"])).encode()
    yield "decision_bad_kind.json", json.dumps(good(decisions=[{"kind": 12}])).encode()
    yield "decision_unknown_field.json", json.dumps(good(decisions=[{"kind": "move", "__class__": "os"}])).encode()
    yield "decision_nan.json", json.dumps(good(decisions=[{"kind": "move", "x": "NaN"}])).encode()
    yield "nan_literal.json", json.dumps(good()).replace('"seed": 1', '"seed": NaN').encode()
    yield "hash_count.json", json.dumps(good(hashes=[])).encode()
    yield "hash_short.json", json.dumps(good(hashes=["abc"])).encode()
    yield "missing_hashes.json", json.dumps({k: v for k, v in good().items() if k != "hashes"}).encode()
    yield "unknown_key.json", json.dumps(good(exec="import os")).encode()
    yield "options_list.json", json.dumps(good(options=[1])).encode()
    yield (
        "deep_nesting.json",
        (b'{"format": "boarders-away-record", "version": 1, "options": ' + b"[" * 5000 + b"]" * 5000 + b"}"),
    )
    yield "final_wrong.json", json.dumps(good(final={"winner": 5, "figures": []})).encode()
    yield (
        "final_figure_nan.json",
        json.dumps(
            good(
                final={
                    "winner": None,
                    "figures": [
                        {"id": "a", "side": "red", "x": 1e999, "y": 0, "radius": 0.5, "level": "deck", "status": "ok"}
                    ],
                }
            )
        )
        .replace("Infinity", "1e999")
        .encode(),
    )
    yield "items_too_many.json", json.dumps(good(decisions=[{"kind": "tap", "items": [["a", "w"]] * 100}])).encode()
    yield from issue20()
    yield from branches()


def branches():
    """A branched game's fields (version 4): where the dice were reseeded, and its parent."""
    parent = {"parent": H, "title": "A game", "at": 1, "seed": 5}
    yield "reseeds_past_end.json", json.dumps(good(version=4, reseeds=[[2, 5]])).encode()
    yield "reseeds_out_of_order.json", json.dumps(good(version=4, reseeds=[[1, 5], [0, 5]])).encode()
    yield "reseeds_seed_negative.json", json.dumps(good(version=4, reseeds=[[0, -5]])).encode()
    yield "reseeds_many.json", json.dumps(good(version=4, reseeds=[[0, 1]] * 1001)).encode()
    yield (
        "branch_parent_path.json",
        json.dumps(good(version=4, branch={**parent, "parent": "../saves/x.json"})).encode(),
    )
    yield "branch_at_past_end.json", json.dumps(good(version=4, branch={**parent, "at": 9})).encode()
    yield "branch_unknown_key.json", json.dumps(good(version=4, branch={**parent, "path": "/tmp/x"})).encode()
    yield "branch_title_long.json", json.dumps(good(version=4, branch={**parent, "title": "x" * 5_000})).encode()


def issue20():
    """Options that made set-up divide by zero, hang or fill memory; meta, hashes, lines."""

    def opt(name, options):
        return f"options_{name}.json", json.dumps(good(options=options)).encode()

    yield opt("fire_cell_zero", {"fire": {"cell": 0}})
    yield opt("fire_cell_tiny", {"fire": {"cell": 1e-9}})
    yield opt("fire_spread_huge", {"fire": {"spread": 10**15}})
    yield opt("fire_scorch_string", {"fire": {"scorch": "3"}})
    yield opt("fire_list", {"fire": [1, 2]})
    yield opt("specials_ints", {"specials": [1, 2]})
    yield opt("specials_no_id", {"specials": [{"name": "x"}]})
    yield opt("special_actions_huge", {"specials": [{"id": "x", "actions": 10**12}]})
    yield opt("conditions_int", {"conditions": 5})
    yield opt("cards_huge", {"cards": 1000000000})
    yield opt("actions_per_turn_huge", {"actions_per_turn": 10**18})
    yield opt("actions_zero", {"actions": 0})
    yield opt("allies_deep", {"allies": [[["red"]]]})
    yield opt("allies_many", {"allies": [["red", "blue"]] * 1000})
    yield opt("sight_limit_huge", {"sight_limit": 1e300})
    yield opt("break_after_table_bad", {"break_after": {"pikes": "many"}})
    yield opt("move_negative", {"move": -3})
    yield opt("alarm_number", {"alarm": 12})
    yield opt("unknown", {"exec": "import os"})
    yield "meta_not_object.json", json.dumps(good(meta=[1, 2])).encode()
    yield "meta_mode_number.json", json.dumps(good(meta={"mode": 3})).encode()
    yield "meta_long_string.json", json.dumps(good(meta={"note": "x" * 5_000})).encode()
    yield "meta_deep.json", json.dumps(good(meta={"a": [[[[[[[[[[1]]]]]]]]]]})).encode()
    yield "meta_many.json", json.dumps(good(meta={"seeds": list(range(5_000))})).encode()
    yield "scenario_hash_short.json", json.dumps(good(scenario_hash="abc")).encode()
    yield "preset_unknown.json", json.dumps(good(preset="chess")).encode()
    yield "hash_number.json", json.dumps(good(hashes=[7])).encode()
    yield (
        "final_figures_many.json",
        json.dumps(
            good(
                final={
                    "winner": None,
                    "figures": [
                        {"id": "a", "side": "red", "x": 1, "y": 0, "radius": 0.5, "level": "deck", "status": "ok"}
                    ]
                    * 1001,
                }
            )
        ).encode(),
    )
    yield "seed_exponent.json", json.dumps(good()).replace('"seed": 1', '"seed": 1e400').encode()
    yield "long_unknown_key.json", json.dumps(good(**{"k" * 100_000: 1})).encode()
    yield "control_chars_key.json", json.dumps(good(**{"evil\x1b[31m\u2028\x00\n": 1})).encode()
    # JSON's \ud800 escape decodes to a lone surrogate: no terminal, file or hash can encode it
    yield "lone_surrogate_kind.json", json.dumps(good(decisions=[{"kind": "pass\ud800"}])).encode()
    yield "lone_surrogate_key.json", json.dumps(good(meta={"mode\udcff": "demo"})).encode()


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.iterdir():
        old.unlink()
    n = 0
    for name, data in cases():
        (OUT / name).write_bytes(data)
        n += 1
    print(f"wrote {n} bad saves to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
