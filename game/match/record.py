"""Records and saves: scenario + preset + options + seed + decisions, with a state hash after each.

A save is a record of a game in progress. Files are untrusted: loading validates every field and
refuses anything else with ``SaveError("FILE: where: what is wrong")``. Writing is atomic.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from game.rules.decisions import Decision
from game.schema import one_line, read_bounded, validate
from game.schema.record import RecordFile, check_meta
from game.schema.text import decode_text, surrogate_place

FORMAT = "boarders-away-record"
#: 2: decisions in the typed form (``number``/``label``, items as objects); version 1 records
#: option strings ("reroll:2", items ["B1", "w+mg"]) are read as the typed decisions they stood for.
#: 3: a duel order as ``numbers``, a re-form's ends as ``spots`` (before: "0,2,1", [p, "x,y,facing"])
#: 4: a branched game's ``branch`` (its parent's content hash and title, the decision it branched
#: at, its fresh seed) and ``reseeds`` (where the dice were reseeded); records without them are as in 3
VERSION = 4
UNBRANCHED_VERSION = 3
MAX_BYTES = 32 * 1024 * 1024


class SaveError(ValueError):
    """A record or save file that cannot be loaded or written; the message names file, place and
    fault, on one line of at most ~300 characters (game/schema/text.py)."""

    def __init__(self, message: object = ""):
        super().__init__(one_line(message))


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
    """Free notes (mode, human sides, AI levels, controller seeds); not used by replay."""
    scenario_hash: str = ""
    """Content hash of the scenario file and map the game was made with ("" in older records)."""
    reseeds: list[tuple[int, int]] = field(default_factory=list)
    """(decisions made, seed): from there on the dice are ``Dice(seed)`` (a branch's fresh dice)."""
    branch: dict | None = None
    """A branched game's origin: {"parent": the parent's content hash, "title", "at", "seed"}."""
    source: str = field(default="", compare=False)
    """The file it was read from (for messages); not written."""

    def to_json(self) -> dict:
        return {
            "format": FORMAT,
            # a record without a branch's fields is written as version 3, which older games read
            "version": VERSION if self.reseeds or self.branch else UNBRANCHED_VERSION,
            "scenario": self.scenario,
            "preset": self.preset,
            "options": self.options,
            "seed": self.seed,
            "decisions": [d.to_json() for d in self.decisions],
            "hashes": list(self.hashes),
            "final": self.final,
            "meta": self.meta,
            **({"scenario_hash": self.scenario_hash} if self.scenario_hash else {}),
            **({"reseeds": [[int(a), int(s)] for a, s in self.reseeds]} if self.reseeds else {}),
            **({"branch": dict(self.branch)} if self.branch else {}),
        }

    def content_hash(self) -> str:
        """sha256 of what makes the game this game: scenario, ruleset, options, seeds and decisions.

        Not its notes (``meta``: who played, bookmarks) nor what replaying derives (hashes, final),
        so a record keeps its name when bookmarks are added; a branch names its parent by it."""
        import hashlib

        from .canon import canonical

        body = {
            "scenario": self.scenario,
            "scenario_hash": self.scenario_hash,
            "preset": self.preset,
            "options": self.options,
            "seed": self.seed,
            "reseeds": [[int(a), int(s)] for a, s in self.reseeds],
            "decisions": [d.to_json() for d in self.decisions],
        }
        return hashlib.sha256(canonical(body)).hexdigest()

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def record_of(match) -> Record:
    """The record of a match as it stands."""
    st = match.state
    final = {
        "winner": st.winner,
        "over": st.over,
        "turn": st.turn,
        "figures": [
            {
                "id": f.id,
                "side": f.side,
                "x": f.x,
                "y": f.y,
                "radius": f.radius,
                "level": f.level,
                "status": f.status.value,
            }
            for f in st.figures.values()
        ],
    }
    return Record(
        match.scenario.id,
        match.preset_name,
        match.seed,
        dict(match.options_overrides),
        list(match.decisions),
        list(match.hashes),
        final,
        scenario_hash=getattr(match.scenario, "content_hash", "") or "",
        reseeds=list(getattr(match, "reseeds", ())),
        branch=dict(match.branch) if getattr(match, "branch", None) else None,
    )


# -- writing -------------------------------------------------------------------------------------
#: temporary files of other saves in the folder older than this are orphans of a killed writer
ORPHAN_AGE_S = 60.0


def _umask() -> int:
    try:  # Linux reports it without changing it (os.umask would, for a moment, for every thread)
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    old = os.umask(0o022)
    os.umask(old)
    return old


def sweep_temp_files(folder: str | Path, name: str | None = None) -> int:
    """Remove the temporary files a killed save left in ``folder``: every one of ``name`` (the
    file being saved now), and those of other files older than ORPHAN_AGE_S. Returns how many."""
    import time

    folder = Path(folder)
    n = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    now = time.time()
    for e in entries:
        if not (e.name.startswith(".") and e.name.endswith(".tmp")):
            continue
        try:
            if not e.is_file(follow_symlinks=False):
                continue
            mine = name is not None and e.name.startswith(f".{name}.")
            if mine or now - e.stat(follow_symlinks=False).st_mtime > ORPHAN_AGE_S:
                os.unlink(e.path)
                n += 1
        except OSError:
            continue
    return n


def write_atomic(path: str | Path, text: str) -> None:
    """Write text so that the file is either the old one or the new one, never torn.

    The new file gets normal permissions (0o644 less the umask; mkstemp makes 0o600). Temporary
    files left by a killed earlier save are swept first. An OSError (full disk, read-only folder)
    propagates with the old file untouched.
    """
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    sweep_temp_files(folder, path.name)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            os.fchmod(fh.fileno(), 0o644 & ~_umask())
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
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def save(match_or_record, path: str | Path) -> Record:
    """Save a match (or a record) atomically; returns the record written. SaveError naming the file
    when it cannot be written (full disk, read-only folder): the previous save stays as it was."""
    rec = match_or_record if isinstance(match_or_record, Record) else record_of(match_or_record)
    try:
        write_atomic(path, rec.dumps())
    except OSError as e:
        raise SaveError(
            f"{path}: file: cannot save ({e.strerror or type(e).__name__}); "
            f"{'the previous save is unchanged' if Path(path).exists() else 'nothing was written'}"
        ) from None
    return rec


# -- reading -------------------------------------------------------------------------------------
def _reject_constant(name):
    raise ValueError(f"{name} is not a JSON number")


def parse_record(text: str | bytes, name: str = "record") -> Record:
    """Validate a record's JSON text against the record schema (game/schema/record.py); raise
    SaveError naming the place and the fault."""

    def fail(where: str, what: str):
        raise SaveError(f"{name}: {where}: {what}")

    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            fail("file", f"larger than {MAX_BYTES} bytes")
        text = decode_text(text, fail)
    if len(text) > MAX_BYTES:
        fail("file", f"larger than {MAX_BYTES} bytes")
    if not text.strip():
        fail("file", "empty")
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        fail("file", "nested too deeply")
    except ValueError as e:
        where = f"line {e.lineno} column {e.colno}" if isinstance(e, json.JSONDecodeError) else "file"
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
    spec: RecordFile = validate(data, RecordFile, fail)
    bad = surrogate_place(data)
    if bad:
        fail(one_line(bad, 80), "holds a lone surrogate (\\ud800 to \\udfff is not text)")
    decisions = []
    for i, d in enumerate(spec.decisions):
        try:
            decisions.append(Decision.from_json(d, f"decisions[{i}]", version=v))
        except (ValueError, TypeError, RecursionError) as e:
            raise SaveError(f"{name}: {e}") from None
    if len(spec.hashes) != len(decisions):
        fail("hashes", f"{len(spec.hashes)} hashes for {len(decisions)} decisions")
    meta = check_meta(data.get("meta"), fail)
    reseeds = [(int(a), int(s)) for a, s in spec.reseeds or ()]
    if any(a > len(decisions) for a, _ in reseeds) or reseeds != sorted(reseeds, key=lambda r: r[0]):
        fail("reseeds", "each must name a decision of this record, in order")
    branch = None
    if spec.branch is not None:
        branch = {
            "parent": spec.branch.parent,
            "title": spec.branch.title,
            "at": spec.branch.at,
            "seed": spec.branch.seed,
        }
        if spec.branch.at > len(decisions):
            fail("branch.at", f"decision {spec.branch.at} is past the record's {len(decisions)} decisions")
    return Record(
        spec.scenario,
        spec.preset,
        spec.seed,
        data["options"],
        decisions,
        list(spec.hashes),
        data.get("final"),
        meta,
        spec.scenario_hash or "",
        reseeds,
        branch,
        name,
    )


def load_record(path: str | Path) -> Record:
    """Read and validate a record or save file; SaveError for anything wrong."""
    p = Path(path)

    def fail(where: str, what: str):
        raise SaveError(f"{p}: {where}: {what}")

    return parse_record(read_bounded(p, MAX_BYTES, fail), str(p))


load_save = load_record
