"""Records made before typed option fields replay with identical state hashes.

tests/data/records/ holds games played and recorded by the code before options carried their
argument in ``Decision.number`` / ``Decision.label`` and tap items became ``Item`` records (version 1):
their decisions are in the old string forms ("reroll:2", "climb:main_hatch", "order:card",
"<unit>:<formation>", items ``[victim, "w+sneaky"]``, ``["key", k]``), a duel order "0,1,2". The
``*_v2`` records are version 2, made before a duel order became ``Decision.numbers`` and a re-form's
ends ``Decision.spots`` (version 3): orders "4,0,1,2,3" and a custom re-form's items ``{"target":
"B1", "kind": "25.833,7.011,183.814"}``. Together they hold every such form the shipped scenarios
produce. If a deliberate rule change makes one of them diverge, re-record it (``python -m game
simulate SCENARIO --seed N --games 1 --ai random,random --record-dir DIR``; a custom re-form is not
an AI's answer: the v2 one was made by playing the offered "re-form line" as the piece ends) and
say so.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.match import load_record, parse_record, replay
from game.rules.decisions import Decision, Spot

RECORDS_DIR = Path(__file__).resolve().parents[1] / "data" / "records"
RECORDS = sorted(RECORDS_DIR.glob("*.json"))

#: option heads that were once written "name:argument"
OLD_HEADS = ("reroll:", "dir:", "ap:", "dv:", "bonus:", "break_off:", "climb:", "cross:", "order:")


def _old_forms(version: int, decisions: list) -> set[str]:
    forms = set()
    for d in decisions:
        opt = d.get("option") or ""
        forms |= {h for h in OLD_HEADS if opt.startswith(h)}
        if d["kind"] == "reorganise" and ":" in opt:
            forms.add("unit:formation")
        if d["kind"] == "order" and opt:
            forms.add("0,1,…")
        for p in d.get("items", []):
            t, item = (p["target"], p["kind"]) if isinstance(p, dict) else p
            if d["kind"] == "tap" and "+" in item:
                forms.add("+" + item.split("+", 1)[1])
            if t in ("key", "move") and d["kind"] in ("engage", "move"):
                forms.add(f"({t}, …)")
            if d["kind"] == "reorganise" and item.count(",") == 2:
                forms.add("(piece, x,y,facing)")
    return {f"v{version} {f}" for f in forms}


def test_the_old_record_corpus_is_committed_and_holds_the_old_forms():
    assert len(RECORDS) >= 10
    forms = set()
    for p in RECORDS:
        data = json.loads(p.read_text())
        forms |= _old_forms(data["version"], data["decisions"])
    want = {"reroll:", "climb:", "cross:", "order:", "dv:", "break_off:", "unit:formation", "(key, …)", "(move, …)"}
    want |= {"+mg", "+sneaky", "0,1,…"}
    assert {f"v1 {f}" for f in want} <= forms, forms
    assert {"v2 0,1,…", "v2 (piece, x,y,facing)"} <= forms, forms


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
        assert not (d["kind"] == "order" and "option" in d), d  # ESC-DUEL-1: numbers, not "0,1,2"
        assert not (d["kind"] == "reorganise" and "items" in d), d  # OD6-SEQ-1: spots, not "x,y,facing"
    assert replay(again).ok


def test_typed_and_old_forms_of_a_record_are_the_same_decisions():
    rec = load_record(RECORDS[0])
    assert all(isinstance(d, Decision) for d in rec.decisions)
    assert [Decision.from_json(d.to_json()) for d in rec.decisions] == list(rec.decisions)


def test_ESC_DUEL_1_and_OD6_SEQ_1_version_2_records_read_order_and_re_form_as_typed_fields():
    """A version-2 record's duel orders and custom re-form load as ``numbers`` and ``spots``."""
    orders = load_record(RECORDS_DIR / "farm_skirmish_seed4_v2.json").decisions
    assert [d.numbers for d in orders if d.kind == "order"] == [(0, 1, 2, 3), (2, 1, 0), (1, 0)]
    assert all(d.option is None for d in orders if d.kind == "order")
    reform = next(d for d in load_record(RECORDS_DIR / "pike_and_shot_seed1_v2.json").decisions if d.spots)
    assert reform.label == "re-form" and not reform.items
    assert reform.spots[0] == Spot("B1", 25.833, 7.011, 183.814) and len(reform.spots) == 6
