"""The schema of a record or save (JSON, ``"format": "boarders-away-record"``).

``decisions`` are checked one by one by ``Decision.from_json`` (game/rules/decisions.py: the one
reader of a decision; the string forms older versions wrote — version 1's "reroll:2" options,
version 1 and 2's duel order "0,2,1" and re-form items "x,y,facing" — are read as the typed
decisions they stood for); ``options`` by the scenario options schema (options.py), since a record's
options are laid over the scenario's; ``meta`` is free notes for the screen (mode, human sides,
AI levels, controller seeds) — known keys typed, unknown keys accepted but bounded.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Annotated, Any

import msgspec

from .bounds import Id, Length, MaxLen, OneOf, Range
from .options import Options
from .scenario import PRESET_NAMES

if TYPE_CHECKING:
    PresetName = str
else:
    PresetName = OneOf(PRESET_NAMES)

MAX_DECISIONS = 200_000
HASH = r"^[0-9a-f]{64}$"
Hash = Annotated[str, msgspec.Meta(pattern=HASH)]
#: meta: how much free data a record may carry (it is not used by replay)
META_MAX_NODES, META_MAX_DEPTH, META_MAX_STR = 2_000, 6, 2_000


class FinalFigure(msgspec.Struct, forbid_unknown_fields=False):
    id: Annotated[str, MaxLen(64)]
    side: Annotated[str, MaxLen(64)]
    level: Annotated[str, MaxLen(32)]
    status: Annotated[str, MaxLen(32)]
    x: Annotated[float, msgspec.Meta(ge=-1e6, le=1e6)]
    y: Annotated[float, msgspec.Meta(ge=-1e6, le=1e6)]
    radius: Annotated[float, msgspec.Meta(ge=0, le=1000)]


class Final(msgspec.Struct, forbid_unknown_fields=False):
    winner: Id | None = None
    figures: Annotated[list[FinalFigure], Length(1000)] = []


class Branch(msgspec.Struct, forbid_unknown_fields=True):
    """Where a branched game came from (version 4)."""

    parent: Hash
    """The parent record's content hash (``Record.content_hash``), never a path."""
    title: Annotated[str, MaxLen(200)]
    """The parent game's title, for the player."""
    at: Annotated[int, Range(0, MAX_DECISIONS)]
    """How many of the parent's decisions the branch kept."""
    seed: Annotated[int, Range(0, 2**63 - 1)]
    """The branch's fresh dice seed."""


class RecordFile(msgspec.Struct, forbid_unknown_fields=True):
    """A record: everything but format and version, which are checked first (their own messages)."""

    format: str
    version: int
    scenario: Id
    preset: PresetName
    options: Options
    seed: Annotated[int, Range(0, 2**63 - 1)]
    decisions: Annotated[list[Any], Length(MAX_DECISIONS)]
    hashes: Annotated[list[Hash], Length(MAX_DECISIONS)]
    final: Final | None = None
    meta: dict | None = None
    scenario_hash: Hash | None = None
    """sha256 of the scenario file and its map the record was made with (older records: none)."""
    reseeds: (
        Annotated[
            list[tuple[Annotated[int, Range(0, MAX_DECISIONS)], Annotated[int, Range(0, 2**63 - 1)]]], Length(1000)
        ]
        | None
    ) = None
    """(decisions made, seed) where the dice were reseeded: a branch's fresh dice (version 4)."""
    branch: Branch | None = None


def check_meta(meta, fail) -> dict:
    """meta: a small JSON object; known keys typed (mode, human sides, AI levels, seeds)."""
    if meta is None:
        return {}
    if not isinstance(meta, dict):
        fail("meta", "expected an object")
    budget = [META_MAX_NODES]

    def walk(v, where: str, depth: int):
        budget[0] -= 1
        if budget[0] < 0:
            fail("meta", f"more than {META_MAX_NODES} values")
        if depth > META_MAX_DEPTH:
            fail(where, "nested too deeply")
        if isinstance(v, dict):
            for k, x in v.items():
                if len(k) > 64:
                    fail(where, "a key longer than 64 characters")
                walk(x, f"{where}.{k}", depth + 1)
        elif isinstance(v, list):
            for i, x in enumerate(v):
                walk(x, f"{where}[{i}]", depth + 1)
        elif isinstance(v, str):
            if len(v) > META_MAX_STR:
                fail(where, f"longer than {META_MAX_STR} characters")
        elif isinstance(v, float):
            if not math.isfinite(v):
                fail(where, "not a finite number")
        elif isinstance(v, int) and not isinstance(v, bool) and not -(2**63) <= v < 2**64:
            fail(where, "integer out of range")

    walk(meta, "meta", 0)
    # the screen writes mode, human sides, AI levels and controller seeds; their shapes are its own,
    # so only the mode is typed here and the rest is held to the bounds above
    mode = meta.get("mode")
    if mode is not None and not (isinstance(mode, str) and len(mode) <= 32):
        fail("meta.mode", "expected a short string")
    return meta
