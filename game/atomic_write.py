"""Writing a file so that it is either the old one or the new one, never torn: saves, settings,
the scenario packs' check cache and simulate's records all go through ``write_atomic``."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

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
