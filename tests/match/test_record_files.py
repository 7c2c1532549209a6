"""Records and saves as untrusted files: only SaveError, quickly, never executing anything."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.match import Record, SaveError, load_record, parse_record, save
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


WRITER = r"""
import sys
from game.match import Record, save
from game.rules.decisions import Decision
path = sys.argv[1]
i = 0
while True:
    n = 200 + (i % 2) * 300
    rec = Record("tiny", "pyrates", i % 2, {}, [Decision("move", figure="a", x=float(k), y=1.0) for k in range(n)],
                 [f"{k:064x}" for k in range(n)], None)
    save(rec, path)
    i += 1
"""


def test_save_killed_mid_write_leaves_old_or_new_file(tmp_path):
    """100 SIGKILLs while saving in a loop: the file always parses as one of the two versions."""
    target = tmp_path / "save.json"
    save(_record(1), target)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    torn = 0
    for k in range(100):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(target)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        time.sleep(0.12 + (k % 7) * 0.013)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        try:
            rec = parse_record(target.read_bytes(), str(target))
            assert len(rec.decisions) in (1, 200, 500)
        except SaveError:
            torn += 1
    assert torn == 0


# -- issue 20 item 6: orphans, permissions, full or read-only folders ----------------------------
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
