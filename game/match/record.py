"""Records and saves: scenario + preset + options + seed + decisions, with a state hash after each.

A save is a record of a game in progress. Files are untrusted: loading validates every field and
refuses anything else with ``SaveError("FILE: where: what is wrong")``. Writing is atomic.
"""
from __future__ import annotations

import json
import math
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from game.rules.decisions import Decision

FORMAT = "boarders-away-record"
VERSION = 1
MAX_BYTES = 32 * 1024 * 1024
MAX_DECISIONS = 200_000
MAX_DEPTH = 12
HASH_RE = re.compile(r"^[0-9a-f]{64}$")
ID_RE = re.compile(r"^[A-Za-z0-9_\-]{1,64}$")
KEYS = {"format", "version", "scenario", "preset", "options", "seed", "decisions", "hashes", "final", "meta"}
REQUIRED = ("format", "version", "scenario", "preset", "options", "seed", "decisions", "hashes")


class SaveError(ValueError):
    """A record or save file that cannot be loaded; the message names file, place and fault."""


@dataclass
class Record:
    """A whole game, or a game so far (a save)."""

    scenario: str
    """Scenario id (maps/<id>.toml)."""
    preset: str
    """Ruleset preset name."""
    seed: int
    """Seed of the match dice."""
    options: dict = field(default_factory=dict)
    """Options the match was started with, over the scenario's own."""
    decisions: list[Decision] = field(default_factory=list)
    """Every decision, in order."""
    hashes: list[str] = field(default_factory=list)
    """State hash after each decision."""
    final: dict | None = None
    """{"winner", "figures": [{"id", "side", "x", "y", "radius", "level", "status"}]} at the end (or now)."""
    meta: dict = field(default_factory=dict)
    """Free notes (who played, when); not used by replay."""

    def to_json(self) -> dict:
        return {
            "format": FORMAT, "version": VERSION, "scenario": self.scenario, "preset": self.preset,
            "options": self.options, "seed": self.seed,
            "decisions": [d.to_json() for d in self.decisions], "hashes": list(self.hashes),
            "final": self.final, "meta": self.meta,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def record_of(match) -> Record:
    """The record of a match as it stands."""
    st = match.state
    final = {
        "winner": st.winner,
        "over": st.over,
        "turn": st.turn,
        "figures": [{"id": f.id, "side": f.side, "x": f.x, "y": f.y, "radius": f.radius, "level": f.level,
                     "status": f.status.value} for f in st.figures.values()],
    }
    return Record(match.scenario.id, match.preset_name, match.seed, dict(match.options_overrides),
                  list(match.decisions), list(match.hashes), final)


# -- writing -------------------------------------------------------------------------------------
def write_atomic(path: str | Path, text: str) -> None:
    """Write text so that the file is either the old one or the new one, never torn."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable
        dfd = os.open(path.parent or ".", os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def save(match_or_record, path: str | Path) -> Record:
    """Save a match (or a record) atomically; returns the record written."""
    rec = match_or_record if isinstance(match_or_record, Record) else record_of(match_or_record)
    write_atomic(path, rec.dumps())
    return rec


# -- reading -------------------------------------------------------------------------------------
def _depth_ok(v, depth=0) -> bool:
    if depth > MAX_DEPTH:
        return False
    if isinstance(v, dict):
        return all(_depth_ok(x, depth + 1) for x in v.values())
    if isinstance(v, list):
        return all(_depth_ok(x, depth + 1) for x in v)
    return True


def _reject_constant(name):
    raise ValueError(f"{name} is not a JSON number")


def parse_record(text: str | bytes, name: str = "record") -> Record:
    """Validate a record's JSON text; raise SaveError naming the place and the fault."""
    def fail(where: str, what: str):
        raise SaveError(f"{name}: {where}: {what}")

    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            fail("file", f"larger than {MAX_BYTES} bytes")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            fail("file", f"not UTF-8 text (byte {e.start})")
    if len(text) > MAX_BYTES:
        fail("file", f"larger than {MAX_BYTES} bytes")
    if not text.strip():
        fail("file", "empty")
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        fail("file", "nested too deeply")
    except ValueError as e:
        where = f"line {e.lineno} column {e.colno}" if hasattr(e, "lineno") else "file"
        fail(where, f"not valid JSON ({getattr(e, 'msg', e)})")
    if not isinstance(data, dict):
        fail("file", f"expected a JSON object, got {type(data).__name__}")
    if data.get("format") != FORMAT:
        fail("format", f"not a Boarders Away! record (format {str(data.get('format'))[:40]!r})")
    v = data.get("version")
    if isinstance(v, bool) or not isinstance(v, int):
        fail("version", "expected an integer")
    if v > VERSION:
        fail("version", f"version {v} is newer than this game understands ({VERSION}); update the game")
    if v < 1:
        fail("version", f"unknown version {v}")
    for k in REQUIRED:
        if k not in data:
            fail(k, "missing")
    unknown = sorted(set(data) - KEYS)
    if unknown:
        fail(unknown[0], "unknown key")
    if not isinstance(data["scenario"], str) or not ID_RE.match(data["scenario"]):
        fail("scenario", "expected a scenario id")
    if not isinstance(data["preset"], str) or not ID_RE.match(data["preset"]):
        fail("preset", "expected a preset name")
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        fail("seed", "expected a non-negative integer below 2**63")
    if not isinstance(data["options"], dict) or not _depth_ok(data["options"]):
        fail("options", "expected a small JSON object")
    decs, hashes = data["decisions"], data["hashes"]
    if not isinstance(decs, list):
        fail("decisions", "expected a list")
    if len(decs) > MAX_DECISIONS:
        fail("decisions", f"more than {MAX_DECISIONS} decisions")
    if not isinstance(hashes, list):
        fail("hashes", "expected a list")
    if len(hashes) != len(decs):
        fail("hashes", f"{len(hashes)} hashes for {len(decs)} decisions")
    decisions = []
    for i, d in enumerate(decs):
        try:
            decisions.append(Decision.from_json(d, f"decisions[{i}]"))
        except ValueError as e:
            raise SaveError(f"{name}: {e}") from None
    for i, h in enumerate(hashes):
        if not isinstance(h, str) or not HASH_RE.match(h):
            fail(f"hashes[{i}]", "expected a 64-digit sha256 hex string")
    final = data.get("final")
    if final is not None:
        _check_final(final, fail)
    meta = data.get("meta", {})
    if meta is None:
        meta = {}
    if not isinstance(meta, dict) or not _depth_ok(meta):
        fail("meta", "expected a small JSON object")
    return Record(data["scenario"], data["preset"], seed, data["options"], decisions, hashes, final, meta)


def _check_final(final, fail) -> None:
    if not isinstance(final, dict):
        fail("final", "expected an object")
    w = final.get("winner")
    if w is not None and (not isinstance(w, str) or not ID_RE.match(w)):
        fail("final.winner", "expected a side id or null")
    figs = final.get("figures", [])
    if not isinstance(figs, list) or len(figs) > 1000:
        fail("final.figures", "expected a list")
    for i, f in enumerate(figs):
        if not isinstance(f, dict):
            fail(f"final.figures[{i}]", "expected an object")
        for k in ("id", "side", "level", "status"):
            if not isinstance(f.get(k), str):
                fail(f"final.figures[{i}].{k}", "expected a string")
        for k in ("x", "y", "radius"):
            v = f.get(k)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
                fail(f"final.figures[{i}].{k}", "expected a finite number")


def load_record(path: str | Path) -> Record:
    """Read and validate a record or save file; SaveError for anything wrong."""
    p = Path(path)
    try:
        with open(p, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except IsADirectoryError:
        raise SaveError(f"{p}: file: is a folder") from None
    except OSError as e:
        raise SaveError(f"{p}: file: cannot read ({e.strerror})") from None
    return parse_record(raw, str(p))


load_save = load_record
