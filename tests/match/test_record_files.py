"""Records and saves as untrusted files: only SaveError, quickly, never executing anything."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.match import Record, SaveError, load_record, save
from game.rules.decisions import Decision

ROOT = Path(__file__).resolve().parents[2]
BAD = sorted((ROOT / "tests" / "data" / "bad_saves").iterdir())


def test_bad_save_corpus_is_committed():
    assert len(BAD) >= 30


@pytest.mark.parametrize("path", BAD, ids=[p.name for p in BAD])
def test_bad_save_refused_with_save_error(path):
    # time and memory are bounded in tests/proof/test_proof_bad_inputs.py (a limited subprocess)
    with pytest.raises(SaveError) as e:
        load_record(path)
    assert str(e.value).startswith(str(path)), "the message names the file"
    assert "\n" not in str(e.value)


def test_absurd_size_refused(tmp_path):
    p = tmp_path / "huge.json"
    with open(p, "wb") as fh:
        fh.write(b'{"format": "boarders-away-record", "pad": "')
        fh.seek(40 * 1024 * 1024)
        fh.write(b'"}')
    with pytest.raises(SaveError, match="larger than"):
        load_record(p)


def test_missing_file_and_folder_refused(tmp_path):
    with pytest.raises(SaveError, match="cannot read"):
        load_record(tmp_path / "nope.json")
    with pytest.raises(SaveError, match="folder"):
        load_record(tmp_path)


def _record(n: int) -> Record:
    return Record(
        "tiny",
        "pyrates",
        5,
        {},
        [Decision("move", figure="a", x=float(i), y=1.0) for i in range(n)],
        [f"{i:064x}" for i in range(n)],
        {"winner": None, "figures": []},
    )


def test_record_round_trips_through_a_save(tmp_path):
    rec = _record(3)
    save(rec, tmp_path / "s.json")
    back = load_record(tmp_path / "s.json")
    assert back.decisions == rec.decisions and back.hashes == rec.hashes and back.seed == 5
    assert back.dumps() == rec.dumps()


def test_save_leaves_no_temp_files(tmp_path):
    save(_record(2), tmp_path / "s.json")
    save(_record(4), tmp_path / "s.json")
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]


KILLER = r"""
import json, os, signal, sys, time
from game.match import Record, parse_record, save, SaveError
from game.rules.decisions import Decision
path, kills = sys.argv[1], int(sys.argv[2])
parent = os.getpid()


def write_forever(k, ready):
    i = k  # the writers alternate which version they save first
    while os.getppid() == parent:  # never outlives the killer
        n = 200 + (i % 2) * 300
        rec = Record("tiny", "pyrates", i % 2, {}, [Decision("move", figure="a", x=float(k), y=1.0) for k in range(n)],
                     [f"{k:064x}" for k in range(n)], None)
        save(rec, path)
        if i == k:
            os.write(ready, b"!")
        i += 1
    os._exit(0)


seen = []
for k in range(kills):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        write_forever(k, w)
    os.close(w)
    os.read(r, 1)  # the first save is whole: the kill lands at a random point of a later one
    os.close(r)
    time.sleep((k % 7) * 0.002)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    try:
        seen.append(len(parse_record(open(path, "rb").read(), path).decisions))
    except SaveError as e:
        seen.append(str(e))
print(json.dumps(seen))
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="SIGKILL of a forked writer: POSIX only")
def test_save_killed_mid_write_leaves_old_or_new_file(tmp_path):
    """100 SIGKILLs while saving in a loop: the file always parses as one of the two versions.

    One process (single-threaded, so forking it is safe) imports the game once and forks each
    writer; each kill comes 0 to 12 ms after the writer's first whole save, so every one of them
    lands in the save loop (none in a Python start-up, as when each writer was a new process)."""
    target = tmp_path / "save.json"
    save(_record(1), target)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run(
        [sys.executable, "-c", KILLER, str(target), "100"], env=env, capture_output=True, text=True, timeout=300
    )
    assert r.returncode == 0, r.stderr
    seen = json.loads(r.stdout)
    assert len(seen) == 100
    assert [x for x in seen if x not in (1, 200, 500)] == []  # never torn: the old file or a whole new one
    assert {200, 500} <= set(seen)  # the writers saved both versions


# -- orphans, permissions, full or read-only folders ----------------------------
def test_save_sweeps_orphaned_temp_files(tmp_path):
    mine = tmp_path / ".s.json.abc123.tmp"
    mine.write_text("half a save")
    other_old = tmp_path / ".other.json.x.tmp"
    other_old.write_text("old")
    os.utime(other_old, (time.time() - 3600, time.time() - 3600))
    other_new = tmp_path / ".other.json.y.tmp"  # another save may be writing it right now
    other_new.write_text("new")
    save(_record(2), tmp_path / "s.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.json.y.tmp", "s.json"]


def test_saved_file_has_normal_permissions(tmp_path):
    old = os.umask(0o022)
    try:
        save(_record(1), tmp_path / "s.json")
    finally:
        os.umask(old)
    assert (tmp_path / "s.json").stat().st_mode & 0o777 == 0o644
    old = os.umask(0o077)
    try:
        save(_record(1), tmp_path / "t.json")
    finally:
        os.umask(old)
    assert (tmp_path / "t.json").stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize("err", [28, 30, 13], ids=["ENOSPC", "EROFS", "EACCES"])
def test_save_into_full_or_read_only_folder_says_so_and_loses_nothing(tmp_path, monkeypatch, err):
    import errno

    target = tmp_path / "s.json"
    save(_record(3), target)
    before = target.read_bytes()
    real_fsync = os.fsync

    def failing(fd):
        raise OSError(err, os.strerror(err))

    if err == errno.ENOSPC:
        monkeypatch.setattr(os, "fsync", failing)  # the disk fills while writing
    else:
        monkeypatch.setattr("tempfile.mkstemp", lambda *a, **k: failing(0))  # no file may be created
    with pytest.raises(SaveError) as e:
        save(_record(5), target)
    monkeypatch.setattr(os, "fsync", real_fsync)
    msg = str(e.value)
    assert msg.startswith(f"{target}: ") and os.strerror(err) in msg and "unchanged" in msg, msg
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["s.json"]
