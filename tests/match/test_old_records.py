"""Records made before typed option fields (issue 24 item 3) replay with identical state hashes.

tests/data/records/ holds games played and recorded by the code before options carried their
argument in ``Decision.number`` / ``Decision.label`` and tap items became ``Item`` records: their
decisions are in the old string forms ("reroll:2", "climb:main_hatch", "order:card", "<unit>:<formation>",
items ``[victim, "w+sneaky"]``, ``["key", k]``). Together they hold every such form the shipped
scenarios produce. If a deliberate rule change makes one of them diverge, re-record it (``python -m
game simulate SCENARIO --seed N --games 1 --ai random,random --record-dir DIR``) and say so.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.match import load_record, parse_record, replay
from game.rules.decisions import Decision

RECORDS = sorted((Path(__file__).resolve().parents[1] / "data" / "records").glob("*.json"))

#: option heads that were once written "name:argument"
OLD_HEADS = ("reroll:", "dir:", "ap:", "dv:", "bonus:", "break_off:", "climb:", "cross:", "order:")


def test_the_old_record_corpus_is_committed_and_holds_the_old_forms():
    assert len(RECORDS) >= 8
    forms = set()
    for p in RECORDS:
        for d in json.loads(p.read_text())["decisions"]:
            opt = d.get("option") or ""
            forms |= {h for h in OLD_HEADS if opt.startswith(h)}
            if d["kind"] == "reorganise" and ":" in opt:
                forms.add("unit:formation")
            for t, item in (tuple(p) for p in d.get("items", [])):
                if d["kind"] == "tap" and "+" in item:
                    forms.add("+" + item.split("+", 1)[1])
                if t in ("key", "move") and d["kind"] in ("engage", "move"):
                    forms.add(f"({t}, …)")
    want = {"reroll:", "climb:", "cross:", "order:", "dv:", "break_off:", "unit:formation", "(key, …)", "(move, …)"}
    assert want <= forms and {"+mg", "+sneaky"} <= forms, forms


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_GEN_CHOICE_1_record_made_before_typed_options_replays_with_identical_hashes(path):
    rec = load_record(path)
    res = replay(rec)
    assert res.ok, res.reason
    assert res.match.hashes == list(rec.hashes)
    # written again now (typed form) it reads back as the same decisions and replays the same
    text = json.dumps(rec.to_json())
    again = parse_record(text, path.name)
    assert again.decisions == rec.decisions
    for d in json.loads(text)["decisions"]:
        assert not (d.get("option") or "").startswith(OLD_HEADS), d
        assert all(isinstance(i, dict) for i in d.get("items", [])), d
    assert replay(again).ok


def test_typed_and_old_forms_of_a_record_are_the_same_decisions():
    rec = load_record(RECORDS[0])
    assert all(isinstance(d, Decision) for d in rec.decisions)
    assert [Decision.from_json(d.to_json()) for d in rec.decisions] == list(rec.decisions)
